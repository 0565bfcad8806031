package compile_test

import (
	"os"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/compile"
	"github.com/heed-dev/heed/internal/lower"
	"github.com/heed-dev/heed/internal/rules"
	"github.com/heed-dev/heed/internal/instr"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

func TestZZScratch(t *testing.T) {
	doc := os.Getenv("DOC")
	if doc == "" {
		t.Skip()
	}
	doc = strings.ReplaceAll(doc, `\n`, "\n")
	cons, _ := instr.Extract("AGENTS.md", []byte(doc), instr.Classify("AGENTS.md"), policy.Scope{})
	rc := &recognize.RepoContext{Tools: []string{"cargo", "pnpm", "go"}, Constraints: cons}
	for i := range cons {
		c := &cons[i]
		ns, _ := lower.Readings(c, rc)
		t.Logf("L%d %q ctx=%q code=%d id=%s", c.Line, c.Text, c.Context, len(c.Code), c.ID)
		for _, n := range ns {
			t.Logf("   norm: %s", n.String())
		}
	}
	set := &instr.Set{Files: []instr.File{{Path: "AGENTS.md", Format: instr.Classify("AGENTS.md"), Constraints: len(cons)}}, Constraints: cons}
	p, _ := compile.Compile(set, rc, rules.Recognizers())
	for _, e := range p.Entries {
		for _, r := range e.Rules {
			t.Logf("ANY L%d: %s %s %s", e.Line, r.Domain, r.Kind, r.Norm)
		}
		if e.Unenforced != "" {
			t.Logf("UNENF L%d: %s", e.Line, e.Unenforced)
		}
	}
	for _, r := range compileDoc(doc) {
		t.Logf("RULE %s [%s] %s", r.Norm, r.Severity, r.Params)
	}
}
