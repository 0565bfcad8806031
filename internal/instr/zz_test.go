package instr

import (
	"testing"

	"github.com/heed-dev/heed/internal/policy"
)

func TestZZExtract(t *testing.T) {
	cons, _ := Extract("AGENTS.md", []byte("- Do not use `http.Get` directly; use the `httpx` package, which sets timeouts.\n"), Classify("AGENTS.md"), policy.Scope{})
	for _, c := range cons {
		t.Logf("%q ctx=%q lvl=%v", c.Text, c.Context, c.Level)
	}
}
