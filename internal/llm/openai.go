package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"sync/atomic"
)

// OpenAI speaks the chat-completions protocol (POST {base}/chat/completions) that
// OpenAI, Ollama (/v1), vLLM, LM Studio and OpenRouter all serve; the base URL
// selects the server.
type OpenAI struct {
	baseURL string
	model   string
	apiKey  string
	// structured is how the answer format is requested: "json_schema" (structured
	// outputs), "json_object" (JSON mode, for servers without schemas) or "none" (the
	// schema is only in the prompt and the JSON is extracted from the text).
	structured string
	t          *transport
	// noTemperature is set once the server rejected temperature 0 (OpenAI's reasoning
	// models accept only their default); later requests leave it out.
	noTemperature atomic.Bool
}

// NewOpenAI returns a client for an OpenAI-compatible server.
func NewOpenAI(cfg Config) *OpenAI {
	return &OpenAI{
		baseURL:    strings.TrimRight(cfg.BaseURL, "/"),
		model:      cfg.Model,
		apiKey:     cfg.APIKey,
		structured: cfg.Structured,
		t:          newTransport(cfg),
	}
}

// Name implements Provider.
func (o *OpenAI) Name() string { return ProviderOpenAI }

// Model implements Provider.
func (o *OpenAI) Model() string { return o.model }

type oaMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

type oaJSONSchema struct {
	Name   string          `json:"name"`
	Schema json.RawMessage `json:"schema"`
	Strict bool            `json:"strict"`
}

type oaResponseFormat struct {
	Type       string        `json:"type"`
	JSONSchema *oaJSONSchema `json:"json_schema,omitempty"`
}

type oaRequest struct {
	Model               string            `json:"model"`
	Messages            []oaMessage       `json:"messages"`
	Temperature         *float64          `json:"temperature,omitempty"`
	Stream              bool              `json:"stream"`
	MaxTokens           int               `json:"max_tokens,omitempty"`
	MaxCompletionTokens int               `json:"max_completion_tokens,omitempty"`
	ResponseFormat      *oaResponseFormat `json:"response_format,omitempty"`
}

type oaResponse struct {
	ID      string `json:"id"`
	Object  string `json:"object"`
	Model   string `json:"model"`
	Choices []struct {
		Index   int `json:"index"`
		Message struct {
			Role    string  `json:"role"`
			Content *string `json:"content"`
			Refusal *string `json:"refusal"`
		} `json:"message"`
		FinishReason string `json:"finish_reason"`
	} `json:"choices"`
	Usage *struct {
		PromptTokens     int `json:"prompt_tokens"`
		CompletionTokens int `json:"completion_tokens"`
		TotalTokens      int `json:"total_tokens"`
	} `json:"usage"`
}

// officialOpenAI reports whether the base URL is OpenAI's own API, which has replaced
// max_tokens by max_completion_tokens; compatible servers still read max_tokens.
func (o *OpenAI) officialOpenAI() bool {
	u, err := url.Parse(o.baseURL)
	return err == nil && u.Hostname() == "api.openai.com"
}

func (o *OpenAI) body(req Request) ([]byte, error) {
	zero := 0.0
	r := oaRequest{Model: o.model, Temperature: &zero, Stream: false}
	if o.noTemperature.Load() {
		r.Temperature = nil
	}
	system := req.System
	switch o.structured {
	case "", StructuredSchema:
		r.ResponseFormat = &oaResponseFormat{Type: "json_schema", JSONSchema: &oaJSONSchema{Name: req.SchemaName, Schema: req.Schema, Strict: true}}
	case StructuredJSON:
		// JSON mode needs the word "JSON" and the shape in the prompt.
		r.ResponseFormat = &oaResponseFormat{Type: "json_object"}
		system += schemaInstruction(req.Schema)
	default:
		system += schemaInstruction(req.Schema)
	}
	if system != "" {
		r.Messages = append(r.Messages, oaMessage{Role: "system", Content: system})
	}
	for _, m := range req.Messages {
		r.Messages = append(r.Messages, oaMessage{Role: m.Role, Content: m.Content})
	}
	if req.MaxTokens > 0 {
		if o.officialOpenAI() {
			r.MaxCompletionTokens = req.MaxTokens
		} else {
			r.MaxTokens = req.MaxTokens
		}
	}
	return json.Marshal(r)
}

// Complete implements Provider.
func (o *OpenAI) Complete(ctx context.Context, req Request) (Response, error) {
	body, err := o.body(req)
	if err != nil {
		return Response{}, fmt.Errorf("openai: encode request: %w", err)
	}
	headers := map[string]string{}
	if o.apiKey != "" {
		headers["Authorization"] = "Bearer " + o.apiKey
	}
	raw, retries, err := o.t.post(ctx, ProviderOpenAI, o.baseURL+"/chat/completions", headers, body, decodeOpenAIError)
	var apiErr *APIError
	if errors.As(err, &apiErr) && apiErr.Status == 400 && strings.Contains(apiErr.Message, "temperature") && !o.noTemperature.Load() {
		// The one deviation from temperature 0: a model that cannot take it.
		o.noTemperature.Store(true)
		if body, err = o.body(req); err != nil {
			return Response{}, fmt.Errorf("openai: encode request: %w", err)
		}
		raw, retries, err = o.t.post(ctx, ProviderOpenAI, o.baseURL+"/chat/completions", headers, body, decodeOpenAIError)
	}
	if err != nil {
		return Response{Retries: retries}, err
	}
	var resp oaResponse
	if err := json.Unmarshal(raw, &resp); err != nil {
		return Response{Retries: retries}, &AnswerError{Reason: "the server's answer is not a chat completion: " + err.Error(), Raw: clip(string(raw), 120)}
	}
	out := Response{Model: resp.Model, Retries: retries}
	if resp.Usage != nil {
		out.Usage = Usage{InputTokens: resp.Usage.PromptTokens, OutputTokens: resp.Usage.CompletionTokens}
	}
	if len(resp.Choices) == 0 {
		return out, &AnswerError{Reason: "the completion has no choices"}
	}
	ch := resp.Choices[0]
	if ch.Message.Refusal != nil && *ch.Message.Refusal != "" {
		return out, &AnswerError{Reason: "the model refused: " + clip(*ch.Message.Refusal, 200)}
	}
	if ch.FinishReason == "length" {
		return out, &AnswerError{Reason: "the answer was cut off at the token limit"}
	}
	if ch.Message.Content == nil {
		return out, &AnswerError{Reason: "the answer has no content"}
	}
	js, err := ExtractJSON(*ch.Message.Content)
	if err != nil {
		return out, err
	}
	out.JSON = js
	return out, nil
}

func decodeOpenAIError(status int, body []byte) *APIError {
	e := &APIError{Provider: ProviderOpenAI, Status: status}
	var v struct {
		Error json.RawMessage `json:"error"`
	}
	if json.Unmarshal(body, &v) == nil && len(v.Error) > 0 {
		var obj struct {
			Message string `json:"message"`
			Type    string `json:"type"`
			Code    any    `json:"code"`
		}
		var s string
		if json.Unmarshal(v.Error, &obj) == nil {
			e.Message, e.Type = obj.Message, obj.Type
		} else if json.Unmarshal(v.Error, &s) == nil { // Ollama and others: {"error": "text"}
			e.Message = s
		}
	}
	if e.Message == "" {
		e.Message = clip(strings.TrimSpace(string(body)), 200)
	}
	if status == 400 && strings.Contains(e.Message, "response_format") {
		e.Message += ` (for a server or model without JSON Schema support, set structured = "json_object" or "none" in ` + UserConfigHint + `)`
	}
	return e
}

// schemaInstruction is appended to the instructions when the server cannot be given
// the schema as a response format.
func schemaInstruction(schema json.RawMessage) string {
	return "\n\nAnswer with one JSON object and nothing else (no prose, no code fence). It must validate against this JSON Schema:\n" + string(schema)
}

// ExtractJSON returns the one JSON value an answer consists of. It accepts the value
// alone or inside a single Markdown code fence, and nothing else: prose around the
// JSON, two values, or a truncated value are errors, because guessing which part the
// model meant is how wrong answers get accepted.
func ExtractJSON(text string) (json.RawMessage, error) {
	s := strings.TrimSpace(text)
	if strings.HasPrefix(s, "```") {
		nl := strings.IndexByte(s, '\n')
		if nl < 0 || !strings.HasSuffix(s, "```") || len(s) < nl+4 {
			return nil, &AnswerError{Reason: "unterminated code fence", Raw: clip(s, 80)}
		}
		s = strings.TrimSpace(s[nl+1 : len(s)-3])
	}
	if s == "" {
		return nil, &AnswerError{Reason: "the answer is empty"}
	}
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, &AnswerError{Reason: "the answer is not JSON: " + err.Error(), Raw: clip(s, 80)}
	}
	if rest := strings.TrimSpace(s[dec.InputOffset():]); rest != "" {
		return nil, &AnswerError{Reason: "the answer has text after the JSON value", Raw: clip(s, 80)}
	}
	if _, ok := v.(map[string]any); !ok {
		return nil, &AnswerError{Reason: "the answer is not a JSON object", Raw: clip(s, 80)}
	}
	return json.RawMessage(s), nil
}
