package source

import (
	"testing"

	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

func TestZZBans(t *testing.T) {
	for _, c := range []struct{ txt, l string }{
		{"Never read `process.env` outside `src/env.ts`.", "typescript"},
		{"Don't read `os.environ` directly", "python"},
		{"Never touch `localStorage` directly; use the `useStorage` hook.", "typescript"},
	} {
		rc := &recognize.RepoContext{Languages: []string{c.l}}
		con := &policy.Constraint{File: "AGENTS.md", Line: 3, Text: c.txt, Level: policy.Must}
		s := itemSentence(con, rc)
		t.Logf("%q bans %+v", c.txt, s.bans())
		res := bannedRecognizer{}.Recognize(con, rc)
		t.Logf("  %d rules, %q", len(res.Rules), res.Unenforced)
	}
}
