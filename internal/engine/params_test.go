package engine

import (
	"encoding/json"
	"strings"
	"testing"
)

// A typo in a hand-edited policy is an error that names the field, never a check
// that silently runs with its default.
func TestDecodeParamsIsStrict(t *testing.T) {
	var p struct {
		Forbid []string `json:"forbid"`
	}
	if err := DecodeParams(json.RawMessage(`{"forbid": ["x"]}`), &p); err != nil || len(p.Forbid) != 1 {
		t.Fatalf("valid params: %v %v", err, p)
	}
	if err := DecodeParams(json.RawMessage(`{"forbidd": ["x"]}`), &p); err == nil || !strings.Contains(err.Error(), "forbidd") {
		t.Errorf("unknown field: %v", err)
	}
	if err := DecodeParams(json.RawMessage(`  `), &p); err == nil || !strings.Contains(err.Error(), "missing") {
		t.Errorf("missing params: %v", err)
	}
}
