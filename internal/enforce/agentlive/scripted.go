// Package agentlive is a scripted model server on 127.0.0.1 that real coding-agent
// CLIs talk to in heed's live tests: it answers the agent's main conversation with a
// fixed list of tool calls and a final text, answers the agent's side requests (titles,
// routing) with a neutral reply, and keeps every request, so a test can see what the
// agent sent back to the model (a tool's result, heed's reason for a denial).
//
// Each protocol has its own file (anthropic.go for Claude Code, gemini.go for Gemini
// CLI); they share the types here.
package agentlive

import (
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
)

// ModelTurn is one answer of the scripted model in the agent's main conversation: a
// call of the tool named Tool with Args or, with Tool empty, the final Text.
type ModelTurn struct {
	Tool string
	Args map[string]any
	Text string
}

// SeenRequest is one request an agent sent.
type SeenRequest struct {
	// Path is the URL path with its query.
	Path string
	Body []byte
	// Main: a request of the main conversation (one that offers the tools), whose
	// answer is the script's turn number Turn.
	Main bool
	Turn int
	// ToolResults are the texts of the tool results the request carries, oldest
	// first: what the agent told the model each tool call did.
	ToolResults []string
}

// Scripted is a running model server. Its answers depend only on the request (the
// number of model turns in the conversation so far), so an agent that retries a
// request gets the same answer.
type Scripted struct {
	// URL is the base URL to give the agent (http://127.0.0.1:PORT).
	URL string

	srv  *http.Server
	turn []ModelTurn
	// answer writes the reply to one request in the protocol and returns what the
	// log keeps of it.
	answer func(s *Scripted, w http.ResponseWriter, r *http.Request, body []byte) SeenRequest

	mu   sync.Mutex
	seen []SeenRequest
}

func start(turns []ModelTurn, answer func(*Scripted, http.ResponseWriter, *http.Request, []byte) SeenRequest) (*Scripted, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	s := &Scripted{URL: "http://" + ln.Addr().String(), turn: turns, answer: answer}
	s.srv = &http.Server{Handler: http.HandlerFunc(s.serve)}
	go func() { _ = s.srv.Serve(ln) }()
	return s, nil
}

func (s *Scripted) serve(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 64<<20))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	seen := s.answer(s, w, r, body)
	seen.Path, seen.Body = r.URL.RequestURI(), body
	s.mu.Lock()
	s.seen = append(s.seen, seen)
	s.mu.Unlock()
}

// script is the turn to answer after n model turns: past the script's end, a final
// text.
func (s *Scripted) script(n int) ModelTurn {
	if n < len(s.turn) {
		return s.turn[n]
	}
	return ModelTurn{Text: "Done."}
}

// Requests lists the requests seen so far, in order.
func (s *Scripted) Requests() []SeenRequest {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]SeenRequest(nil), s.seen...)
}

// ToolResults are the tool results of the latest request of the main conversation:
// everything the agent reported to the model, one per tool call.
func (s *Scripted) ToolResults() []string {
	reqs := s.Requests()
	for i := len(reqs) - 1; i >= 0; i-- {
		if reqs[i].Main {
			return reqs[i].ToolResults
		}
	}
	return nil
}

// Close stops the server.
func (s *Scripted) Close() error { return s.srv.Close() }

// resultText flattens a tool result's content (a string, a list of text blocks, an
// object) into text.
func resultText(v json.RawMessage) string {
	var s string
	if json.Unmarshal(v, &s) == nil {
		return s
	}
	var blocks []json.RawMessage
	if json.Unmarshal(v, &blocks) == nil {
		var b strings.Builder
		for _, x := range blocks {
			var block struct{ Type, Text string }
			if json.Unmarshal(x, &block) == nil && block.Type == "text" {
				b.WriteString(block.Text)
			} else {
				b.Write(x) // another kind of block (a tool reference): as it is
			}
		}
		return b.String()
	}
	return string(v)
}
