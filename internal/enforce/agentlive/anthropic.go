package agentlive

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
)

// NewAnthropic starts a model server that speaks the Anthropic Messages API (POST
// /v1/messages, streamed as server-sent events when the request asks), as Claude Code
// calls it with ANTHROPIC_BASE_URL set to the server's URL. A request that offers
// tools is the main conversation and gets the script's next turn; one without (a
// title, a summary) gets a short text.
func NewAnthropic(turns []ModelTurn) (*Scripted, error) {
	return start(turns, anthropicAnswer)
}

// AnthropicToolID is the id of the tool call the script makes at turn n (0-based).
func AnthropicToolID(n int) string { return fmt.Sprintf("toolu_heedlive_%02d", n+1) }

type anthropicRequest struct {
	Model    string `json:"model"`
	Stream   bool   `json:"stream"`
	Tools    []json.RawMessage
	Messages []struct {
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
	} `json:"messages"`
}

func anthropicAnswer(s *Scripted, w http.ResponseWriter, r *http.Request, body []byte) SeenRequest {
	var seen SeenRequest
	switch {
	case r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/v1/messages/count_tokens"):
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"input_tokens": 100}`)
		return seen
	case r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, "/v1/messages"):
		http.Error(w, `{"type":"error","error":{"type":"not_found_error","message":"not found"}}`, http.StatusNotFound)
		return seen
	}
	var req anthropicRequest
	if err := json.Unmarshal(body, &req); err != nil {
		http.Error(w, `{"type":"error","error":{"type":"invalid_request_error","message":"body is not JSON"}}`, http.StatusBadRequest)
		return seen
	}
	turn := ModelTurn{Text: "OK."}
	if len(req.Tools) > 0 {
		seen.Main = true
		for _, m := range req.Messages {
			if m.Role == "assistant" {
				seen.Turn++
			}
			var blocks []struct {
				Type    string          `json:"type"`
				Content json.RawMessage `json:"content"`
			}
			if m.Role == "user" && json.Unmarshal(m.Content, &blocks) == nil {
				for _, b := range blocks {
					if b.Type == "tool_result" {
						seen.ToolResults = append(seen.ToolResults, resultText(b.Content))
					}
				}
			}
		}
		turn = s.script(seen.Turn)
	}
	model := req.Model
	if model == "" {
		model = "claude-scripted"
	}
	var block map[string]any
	stop := "end_turn"
	if turn.Tool != "" {
		stop = "tool_use"
		block = map[string]any{"type": "tool_use", "id": AnthropicToolID(seen.Turn), "name": turn.Tool, "input": turn.Args}
	} else {
		block = map[string]any{"type": "text", "text": turn.Text}
	}
	msgID := fmt.Sprintf("msg_heedlive_%02d", seen.Turn+1)
	usage := map[string]any{"input_tokens": 100, "output_tokens": 20}
	if !req.Stream {
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{
			"id": msgID, "type": "message", "role": "assistant", "model": model,
			"content": []any{block}, "stop_reason": stop, "stop_sequence": nil, "usage": usage,
		})
		return seen
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	event := func(name string, data any) {
		b, _ := json.Marshal(data)
		fmt.Fprintf(w, "event: %s\ndata: %s\n\n", name, b)
	}
	event("message_start", map[string]any{"type": "message_start", "message": map[string]any{
		"id": msgID, "type": "message", "role": "assistant", "model": model, "content": []any{},
		"stop_reason": nil, "stop_sequence": nil, "usage": map[string]any{"input_tokens": 100, "output_tokens": 1},
	}})
	if turn.Tool != "" {
		input, _ := json.Marshal(turn.Args)
		event("content_block_start", map[string]any{"type": "content_block_start", "index": 0,
			"content_block": map[string]any{"type": "tool_use", "id": block["id"], "name": turn.Tool, "input": map[string]any{}}})
		event("content_block_delta", map[string]any{"type": "content_block_delta", "index": 0,
			"delta": map[string]any{"type": "input_json_delta", "partial_json": string(input)}})
	} else {
		event("content_block_start", map[string]any{"type": "content_block_start", "index": 0,
			"content_block": map[string]any{"type": "text", "text": ""}})
		event("content_block_delta", map[string]any{"type": "content_block_delta", "index": 0,
			"delta": map[string]any{"type": "text_delta", "text": turn.Text}})
	}
	event("content_block_stop", map[string]any{"type": "content_block_stop", "index": 0})
	event("message_delta", map[string]any{"type": "message_delta",
		"delta": map[string]any{"stop_reason": stop, "stop_sequence": nil}, "usage": map[string]any{"output_tokens": 20}})
	event("message_stop", map[string]any{"type": "message_stop"})
	return seen
}
