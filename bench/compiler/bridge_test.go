package main

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/heed-dev/heed/internal/llm"
)

// The bridge records a request it cannot answer, and answers the same request from
// the answer file once one is written; a different request is a different key.
func TestBridgeRecordsThenAnswers(t *testing.T) {
	dir := t.TempDir()
	b := &bridgeModel{dir: dir}
	req := llm.Request{System: "sys", SchemaName: "answer", Schema: json.RawMessage(`{"type":"object"}`),
		Messages: []llm.Message{{Role: llm.RoleUser, Content: "compile this"}}}
	if _, err := b.Complete(context.Background(), req); !errors.Is(err, errNoAnswer) {
		t.Fatalf("unanswered request: err %v, want errNoAnswer", err)
	}
	key := bridgeKey(req)
	pending, err := pendingRequests(dir)
	if err != nil || len(pending) != 1 || pending[0] != key {
		t.Fatalf("pending %v (%v), want [%s]", pending, err, key)
	}
	var rec bridgeRequest
	raw, err := os.ReadFile(filepath.Join(dir, "requests", key+".json"))
	if err != nil || json.Unmarshal(raw, &rec) != nil || rec.Messages[0].Content != "compile this" {
		t.Fatalf("recorded request %s (%v)", raw, err)
	}
	if sys, err := os.ReadFile(filepath.Join(dir, rec.System)); err != nil || string(sys) != "sys" {
		t.Fatalf("system prompt file %q (%v)", sys, err)
	}
	if err := os.WriteFile(filepath.Join(dir, "answers", key+".json"), []byte(`{"ok":true}`), 0o644); err != nil {
		t.Fatal(err)
	}
	resp, err := b.Complete(context.Background(), req)
	if err != nil || string(resp.JSON) != `{"ok":true}` {
		t.Fatalf("answered request: %s, %v", resp.JSON, err)
	}
	other := req
	other.Messages = append([]llm.Message{}, req.Messages...)
	other.Messages = append(other.Messages, llm.Message{Role: llm.RoleAssistant, Content: "{}"})
	if bridgeKey(other) == key {
		t.Fatal("a retry with an earlier answer has the first request's key")
	}
	if !inSample("anything", 1, 0) {
		t.Fatal("a sample of one in one leaves a file out")
	}
	for _, key := range []string{"a", "b", "c", "instructions-2/x.md"} {
		in := 0
		for part := 0; part < 4; part++ {
			if inSample(key, 4, part) {
				in++
			}
		}
		if in != 1 {
			t.Fatalf("%s falls in %d parts of a 1-in-4 sample, want exactly one", key, in)
		}
	}
}
