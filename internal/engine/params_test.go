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

// A value of the wrong type names the parameter a person has to fix.
func TestDecodeParamsNamesAMistypedField(t *testing.T) {
	var p struct {
		On string `json:"on"`
	}
	err := DecodeParams(json.RawMessage(`{"on": 3}`), &p)
	if err == nil || err.Error() != "params.on: must be string, not number" {
		t.Errorf("mistyped params.on: %v, want it named with the type it must be", err)
	}
	for _, raw := range []string{"", "  ", "null"} {
		if !ParamsMissing(json.RawMessage(raw)) {
			t.Errorf("ParamsMissing(%q) = false", raw)
		}
	}
	if ParamsMissing(json.RawMessage(`{}`)) {
		t.Error("ParamsMissing({}) = true")
	}
}
