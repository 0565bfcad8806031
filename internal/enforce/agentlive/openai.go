// Package agentlive drives real coding-agent CLIs against scripted model servers on
// 127.0.0.1, so that heed's hooks are tested with what the agents really send. The
// live tests that use it are gated on an environment variable naming the CLIs.
package agentlive

import (
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"
)

// OpenAIServer is a scripted model that speaks the two OpenAI wire APIs the agents
// use: Responses (POST /v1/responses; Codex, and Copilot CLI with
// COPILOT_PROVIDER_WIRE_API=responses) and Chat Completions (POST
// /v1/chat/completions; Copilot CLI's default), streamed or not. Each request is
// recorded and answered by the script.
type OpenAIServer struct {
	// URL is the base URL the agents take, ending in /v1.
	URL string

	script func(OpenAIRequest) OpenAIReply
	srv    *http.Server
	mu     sync.Mutex
	reqs   []OpenAIRequest
	calls  int
}

// OpenAIRequest is one model request an agent sent.
type OpenAIRequest struct {
	// Path is the request's path (/v1/responses, /v1/chat/completions).
	Path string
	// Body is the request body as sent.
	Body json.RawMessage
	// Tools names the tools the agent offered the model.
	Tools []string
	// Outputs holds the results of earlier tool calls that the agent sends back, by
	// call id.
	Outputs map[string]string
}

// OpenAIReply is the scripted model's answer: a tool call, or else a final message.
type OpenAIReply struct {
	// Tool and Args call a function tool with JSON arguments; with Custom, Args is
	// the raw input of a freeform tool (Codex's apply_patch).
	Tool, Args string
	Custom     bool
	// Text is the assistant's message.
	Text string
}

// StartOpenAI serves script on a free port of 127.0.0.1 until Close.
func StartOpenAI(script func(OpenAIRequest) OpenAIReply) (*OpenAIServer, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	s := &OpenAIServer{URL: "http://" + ln.Addr().String() + "/v1", script: script}
	s.srv = &http.Server{Handler: http.HandlerFunc(s.serve), ReadHeaderTimeout: 10 * time.Second}
	go s.srv.Serve(ln)
	return s, nil
}

// Close stops the server.
func (s *OpenAIServer) Close() { s.srv.Close() }

// Requests returns the requests received so far.
func (s *OpenAIServer) Requests() []OpenAIRequest {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]OpenAIRequest(nil), s.reqs...)
}

func (s *OpenAIServer) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(io.LimitReader(r.Body, 64<<20))
	path := r.URL.Path
	switch {
	case r.Method == http.MethodGet && strings.HasSuffix(path, "/models"):
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"object":"list","data":[{"id":"scripted","object":"model","created":0,"owned_by":"heed"}],"models":[]}`)
		return
	case r.Method != http.MethodPost || !(strings.HasSuffix(path, "/responses") || strings.HasSuffix(path, "/chat/completions")):
		http.NotFound(w, r)
		return
	}
	var req struct {
		Stream bool              `json:"stream"`
		Tools  []json.RawMessage `json:"tools"`
		// Responses: input items; Chat Completions: messages
		Input    json.RawMessage   `json:"input"`
		Messages []json.RawMessage `json:"messages"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	in := OpenAIRequest{Path: path, Body: body, Outputs: map[string]string{}}
	for _, t := range req.Tools {
		var tool struct {
			Name     string `json:"name"`
			Function struct {
				Name string `json:"name"`
			} `json:"function"`
		}
		_ = json.Unmarshal(t, &tool)
		in.Tools = append(in.Tools, tool.Name+tool.Function.Name)
	}
	var items []json.RawMessage
	_ = json.Unmarshal(req.Input, &items)
	for _, it := range append(items, req.Messages...) {
		var item struct {
			Type   string          `json:"type"`
			Role   string          `json:"role"`
			CallID string          `json:"call_id"`
			ToolID string          `json:"tool_call_id"`
			Output json.RawMessage `json:"output"`
			// Content is a Chat Completions message's
			Content json.RawMessage `json:"content"`
		}
		_ = json.Unmarshal(it, &item)
		switch {
		case item.Type == "function_call_output" || item.Type == "custom_tool_call_output":
			in.Outputs[item.CallID] = openaiText(item.Output)
		case item.Role == "tool":
			in.Outputs[item.ToolID] = openaiText(item.Content)
		}
	}
	s.mu.Lock()
	s.reqs = append(s.reqs, in)
	s.calls++
	n := s.calls
	s.mu.Unlock()
	reply := s.script(in)
	id := fmt.Sprintf("call_%d", n)
	if strings.HasSuffix(path, "/chat/completions") {
		openaiChat(w, req.Stream, n, id, reply)
		return
	}
	openaiResponses(w, req.Stream, n, id, reply)
}

// openaiText reads a tool output or message content: a string, or a list of parts with
// text.
func openaiText(v json.RawMessage) string {
	var s string
	if json.Unmarshal(v, &s) == nil {
		return s
	}
	var parts []struct {
		Text string `json:"text"`
	}
	var obj struct {
		Content json.RawMessage `json:"content"`
	}
	if json.Unmarshal(v, &parts) == nil {
		var b strings.Builder
		for _, p := range parts {
			b.WriteString(p.Text)
		}
		return b.String()
	}
	if json.Unmarshal(v, &obj) == nil && obj.Content != nil {
		return openaiText(obj.Content)
	}
	return string(v)
}

func openaiResponses(w http.ResponseWriter, stream bool, n int, callID string, reply OpenAIReply) {
	respID := fmt.Sprintf("resp_%d", n)
	var item map[string]any
	switch {
	case reply.Tool != "" && reply.Custom:
		item = map[string]any{"type": "custom_tool_call", "id": "ctc_" + callID, "call_id": callID, "name": reply.Tool, "input": reply.Args, "status": "completed"}
	case reply.Tool != "":
		item = map[string]any{"type": "function_call", "id": "fc_" + callID, "call_id": callID, "name": reply.Tool, "arguments": reply.Args, "status": "completed"}
	default:
		item = map[string]any{"type": "message", "id": fmt.Sprintf("msg_%d", n), "role": "assistant", "status": "completed",
			"content": []any{map[string]any{"type": "output_text", "text": reply.Text, "annotations": []any{}}}}
	}
	usage := map[string]any{"input_tokens": 1, "input_tokens_details": map[string]any{"cached_tokens": 0}, "output_tokens": 1, "output_tokens_details": map[string]any{"reasoning_tokens": 0}, "total_tokens": 2}
	done := map[string]any{"id": respID, "object": "response", "status": "completed", "model": "scripted", "output": []any{item}, "usage": usage}
	if !stream {
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(done)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	created := map[string]any{"id": respID, "object": "response", "status": "in_progress", "model": "scripted", "output": []any{}}
	events := []map[string]any{
		{"type": "response.created", "response": created},
		{"type": "response.output_item.added", "output_index": 0, "item": item},
	}
	if reply.Tool == "" {
		events = append(events, map[string]any{"type": "response.output_text.delta", "item_id": item["id"], "output_index": 0, "content_index": 0, "delta": reply.Text})
	}
	events = append(events,
		map[string]any{"type": "response.output_item.done", "output_index": 0, "item": item},
		map[string]any{"type": "response.completed", "response": done})
	for i, ev := range events {
		ev["sequence_number"] = i
		b, _ := json.Marshal(ev)
		fmt.Fprintf(w, "event: %s\ndata: %s\n\n", ev["type"], b)
	}
}

func openaiChat(w http.ResponseWriter, stream bool, n int, callID string, reply OpenAIReply) {
	id := fmt.Sprintf("chatcmpl-%d", n)
	msg := map[string]any{"role": "assistant", "content": reply.Text}
	finish := "stop"
	if reply.Tool != "" {
		msg["content"] = nil
		call := map[string]any{"index": 0, "id": callID, "type": "function", "function": map[string]any{"name": reply.Tool, "arguments": reply.Args}}
		if reply.Custom {
			call = map[string]any{"index": 0, "id": callID, "type": "custom", "custom": map[string]any{"name": reply.Tool, "input": reply.Args}}
		}
		msg["tool_calls"] = []any{call}
		finish = "tool_calls"
	}
	usage := map[string]any{"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}
	if !stream {
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"id": id, "object": "chat.completion", "created": 0, "model": "scripted",
			"choices": []any{map[string]any{"index": 0, "message": msg, "finish_reason": finish}}, "usage": usage})
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	chunk := func(delta map[string]any, finish any, usage any) {
		c := map[string]any{"id": id, "object": "chat.completion.chunk", "created": 0, "model": "scripted",
			"choices": []any{map[string]any{"index": 0, "delta": delta, "finish_reason": finish}}}
		if usage != nil {
			c["usage"] = usage
		}
		b, _ := json.Marshal(c)
		fmt.Fprintf(w, "data: %s\n\n", b)
	}
	chunk(msg, nil, nil)
	chunk(map[string]any{}, finish, usage)
	fmt.Fprint(w, "data: [DONE]\n\n")
}
