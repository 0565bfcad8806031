package llm

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
)

// AnthropicVersion is the API version heed was written against (sent as the
// anthropic-version header on every request).
const AnthropicVersion = "2023-06-01"

// Anthropic speaks the Messages API (POST {base}/v1/messages). Structured output uses
// a forced tool call: the schema is the tool's input_schema and tool_choice names the
// tool, so the answer arrives as the tool_use block's input. With Structured "none"
// the schema goes into the prompt and the JSON is extracted from the text instead.
type Anthropic struct {
	baseURL    string
	model      string
	apiKey     string
	structured string
	maxTokens  int
	t          *transport
}

// NewAnthropic returns a Messages API client.
func NewAnthropic(cfg Config) *Anthropic {
	mt := cfg.MaxTokens
	if mt <= 0 {
		mt = DefaultMaxTokens
	}
	return &Anthropic{
		baseURL:    strings.TrimRight(cfg.BaseURL, "/"),
		model:      cfg.Model,
		apiKey:     cfg.APIKey,
		structured: cfg.Structured,
		maxTokens:  mt,
		t:          newTransport(cfg),
	}
}

// Name implements Provider.
func (a *Anthropic) Name() string { return ProviderAnthropic }

// Model implements Provider.
func (a *Anthropic) Model() string { return a.model }

type anMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

type anTool struct {
	Name        string          `json:"name"`
	Description string          `json:"description"`
	InputSchema json.RawMessage `json:"input_schema"`
}

type anToolChoice struct {
	Type string `json:"type"`
	Name string `json:"name"`
}

type anRequest struct {
	Model       string        `json:"model"`
	MaxTokens   int           `json:"max_tokens"`
	System      string        `json:"system,omitempty"`
	Messages    []anMessage   `json:"messages"`
	Temperature float64       `json:"temperature"`
	Stream      bool          `json:"stream"`
	Tools       []anTool      `json:"tools,omitempty"`
	ToolChoice  *anToolChoice `json:"tool_choice,omitempty"`
}

type anResponse struct {
	ID      string `json:"id"`
	Type    string `json:"type"`
	Role    string `json:"role"`
	Model   string `json:"model"`
	Content []struct {
		Type  string          `json:"type"`
		Text  string          `json:"text"`
		ID    string          `json:"id"`
		Name  string          `json:"name"`
		Input json.RawMessage `json:"input"`
	} `json:"content"`
	StopReason string `json:"stop_reason"`
	Usage      struct {
		InputTokens              int `json:"input_tokens"`
		OutputTokens             int `json:"output_tokens"`
		CacheCreationInputTokens int `json:"cache_creation_input_tokens"`
		CacheReadInputTokens     int `json:"cache_read_input_tokens"`
	} `json:"usage"`
}

func (a *Anthropic) body(req Request) ([]byte, error) {
	mt := req.MaxTokens
	if mt <= 0 {
		mt = a.maxTokens
	}
	r := anRequest{Model: a.model, MaxTokens: mt, System: req.System, Temperature: 0, Stream: false}
	for _, m := range req.Messages {
		r.Messages = append(r.Messages, anMessage{Role: m.Role, Content: m.Content})
	}
	if a.structured == StructuredNone {
		r.System += schemaInstruction(req.Schema)
	} else {
		r.Tools = []anTool{{Name: req.SchemaName, Description: "Record your answer. Call this tool exactly once with the complete answer.", InputSchema: req.Schema}}
		r.ToolChoice = &anToolChoice{Type: "tool", Name: req.SchemaName}
	}
	return json.Marshal(r)
}

// Complete implements Provider.
func (a *Anthropic) Complete(ctx context.Context, req Request) (Response, error) {
	body, err := a.body(req)
	if err != nil {
		return Response{}, fmt.Errorf("anthropic: encode request: %w", err)
	}
	headers := map[string]string{"anthropic-version": AnthropicVersion}
	if a.apiKey != "" {
		headers["x-api-key"] = a.apiKey
	}
	raw, retries, err := a.t.post(ctx, ProviderAnthropic, a.baseURL+"/v1/messages", headers, body, decodeAnthropicError)
	if err != nil {
		return Response{Retries: retries}, err
	}
	var resp anResponse
	if err := json.Unmarshal(raw, &resp); err != nil {
		return Response{Retries: retries}, &AnswerError{Reason: "the server's answer is not a message: " + err.Error(), Raw: clip(string(raw), 120)}
	}
	out := Response{Model: resp.Model, Retries: retries, Usage: Usage{
		InputTokens:  resp.Usage.InputTokens + resp.Usage.CacheCreationInputTokens + resp.Usage.CacheReadInputTokens,
		OutputTokens: resp.Usage.OutputTokens,
	}}
	if resp.StopReason == "max_tokens" {
		return out, &AnswerError{Reason: "the answer was cut off at the token limit"}
	}
	if resp.StopReason == "refusal" {
		return out, &AnswerError{Reason: "the model refused"}
	}
	var text strings.Builder
	for _, b := range resp.Content {
		switch b.Type {
		case "tool_use":
			if a.structured != StructuredNone && b.Name == req.SchemaName {
				js, err := ExtractJSON(string(b.Input))
				if err != nil {
					return out, err
				}
				out.JSON = js
				return out, nil
			}
		case "text":
			text.WriteString(b.Text)
		}
	}
	if a.structured != StructuredNone {
		return out, &AnswerError{Reason: fmt.Sprintf("the model did not call the %s tool", req.SchemaName), Raw: clip(text.String(), 80)}
	}
	js, err := ExtractJSON(text.String())
	if err != nil {
		return out, err
	}
	out.JSON = js
	return out, nil
}

func decodeAnthropicError(status int, body []byte) *APIError {
	e := &APIError{Provider: ProviderAnthropic, Status: status}
	var v struct {
		Type  string `json:"type"`
		Error struct {
			Type    string `json:"type"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if json.Unmarshal(body, &v) == nil {
		e.Type, e.Message = v.Error.Type, v.Error.Message
	}
	if e.Message == "" {
		e.Message = clip(strings.TrimSpace(string(body)), 200)
	}
	return e
}
