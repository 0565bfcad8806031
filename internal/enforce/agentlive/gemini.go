package agentlive

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
)

// NewGemini starts a model server that speaks the Gemini API (POST
// /v1beta/models/MODEL:streamGenerateContent?alt=sse and :generateContent), as Gemini
// CLI calls it with GOOGLE_GEMINI_BASE_URL set to the server's URL. A request that
// offers tools is the main conversation and gets the script's next turn; one without
// (the model router, the next-speaker check) gets a neutral answer, in JSON when the
// request asks for JSON.
func NewGemini(turns []ModelTurn) (*Scripted, error) {
	return start(turns, geminiAnswer)
}

type geminiRequest struct {
	Contents []struct {
		Role  string `json:"role"`
		Parts []struct {
			FunctionResponse *struct {
				Name     string          `json:"name"`
				Response json.RawMessage `json:"response"`
			} `json:"functionResponse"`
		} `json:"parts"`
	} `json:"contents"`
	Tools            []json.RawMessage `json:"tools"`
	GenerationConfig struct {
		ResponseMimeType   string          `json:"responseMimeType"`
		ResponseJSONSchema json.RawMessage `json:"responseJsonSchema"`
		ResponseSchema     json.RawMessage `json:"responseSchema"`
	} `json:"generationConfig"`
}

func geminiAnswer(s *Scripted, w http.ResponseWriter, r *http.Request, body []byte) SeenRequest {
	var seen SeenRequest
	path := r.URL.Path
	if strings.HasSuffix(path, ":countTokens") {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"totalTokens": 100}`)
		return seen
	}
	stream := strings.HasSuffix(path, ":streamGenerateContent")
	if r.Method != http.MethodPost || !(stream || strings.HasSuffix(path, ":generateContent")) {
		http.Error(w, `{"error":{"code":404,"message":"not found","status":"NOT_FOUND"}}`, http.StatusNotFound)
		return seen
	}
	var req geminiRequest
	if err := json.Unmarshal(body, &req); err != nil {
		http.Error(w, `{"error":{"code":400,"message":"body is not JSON","status":"INVALID_ARGUMENT"}}`, http.StatusBadRequest)
		return seen
	}
	var part map[string]any
	if len(req.Tools) > 0 {
		seen.Main = true
		for _, c := range req.Contents {
			if c.Role == "model" {
				seen.Turn++
			}
			for _, p := range c.Parts {
				if p.FunctionResponse != nil {
					seen.ToolResults = append(seen.ToolResults, geminiResult(p.FunctionResponse.Response))
				}
			}
		}
		turn := s.script(seen.Turn)
		if turn.Tool != "" {
			part = map[string]any{"functionCall": map[string]any{"name": turn.Tool, "args": turn.Args}}
		} else {
			part = map[string]any{"text": turn.Text}
		}
	} else {
		text := "OK."
		if req.GenerationConfig.ResponseMimeType == "application/json" {
			schema := req.GenerationConfig.ResponseJSONSchema
			if len(schema) == 0 {
				schema = req.GenerationConfig.ResponseSchema
			}
			b, _ := json.Marshal(sampleOf(schema))
			text = string(b)
		}
		part = map[string]any{"text": text}
	}
	resp := map[string]any{
		"candidates": []any{map[string]any{
			"content":      map[string]any{"role": "model", "parts": []any{part}},
			"finishReason": "STOP", "index": 0,
		}},
		"usageMetadata": map[string]any{"promptTokenCount": 100, "candidatesTokenCount": 20, "totalTokenCount": 120},
		"modelVersion":  "gemini-scripted",
	}
	b, _ := json.Marshal(resp)
	if stream {
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprintf(w, "data: %s\n\n", b)
		return seen
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(b)
	return seen
}

// geminiResult is the text of a functionResponse's response: its output or its
// error, else the object as JSON.
func geminiResult(v json.RawMessage) string {
	var m map[string]json.RawMessage
	if json.Unmarshal(v, &m) == nil {
		var out []string
		for _, k := range []string{"output", "error"} {
			if x, ok := m[k]; ok {
				out = append(out, resultText(x))
			}
		}
		if len(out) > 0 {
			return strings.Join(out, "\n")
		}
	}
	return string(v)
}

// sampleOf is a value that fits a response schema: the first of an enum, an empty
// string, 1, false, an empty list, an object with each property.
func sampleOf(schema json.RawMessage) any {
	var sc struct {
		Type       any                        `json:"type"`
		Enum       []any                      `json:"enum"`
		Properties map[string]json.RawMessage `json:"properties"`
	}
	if json.Unmarshal(schema, &sc) != nil {
		return map[string]any{}
	}
	if len(sc.Enum) > 0 {
		return sc.Enum[0]
	}
	typ, _ := sc.Type.(string)
	switch strings.ToLower(typ) {
	case "string":
		return "scripted"
	case "integer", "number":
		return 1
	case "boolean":
		return false
	case "array":
		return []any{}
	}
	out := map[string]any{}
	for k, v := range sc.Properties {
		out[k] = sampleOf(v)
	}
	return out
}
