package instr

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/heed-dev/heed/internal/policy"
)

var fuzzFormats = []struct{ path, format string }{
	{"AGENTS.md", FormatAgents},
	{"pkg/CLAUDE.md", FormatClaude},
	{".github/instructions/x.instructions.md", FormatCopilotInstr},
	{".cursor/rules/x.mdc", FormatCursor},
	{"CONTRIBUTING.rst", FormatContributing},
	{"docs/guide.txt", FormatContributing},
}

// FuzzExtract feeds arbitrary bytes to the Markdown and reST extractors. Whatever the
// input, Extract must not panic or hang, and what it returns must hold together:
// lines inside the file, valid UTF-8 text, unique ids, warnings that name the file,
// and the same result twice. Seeds: testdata/fuzz/FuzzExtract and the real corpus.
func FuzzExtract(f *testing.F) {
	// Real files, cut into pieces of about 1.5 KB at line ends: small seeds keep the
	// fuzzer's minimisation of new inputs fast, and every construct of the corpus is
	// still in some piece.
	if files, err := filepath.Glob(filepath.Join(corpusDir, "*__*")); err == nil {
		for i, name := range files {
			src, err := os.ReadFile(name)
			if err != nil {
				continue
			}
			for len(src) > 0 {
				n := min(len(src), 1500)
				if j := bytes.IndexByte(src[n:], '\n'); j >= 0 {
					n += j + 1
				} else {
					n = len(src)
				}
				f.Add(src[:n], uint8(i))
				src = src[n:]
			}
		}
	}
	f.Add([]byte("# T\n\n- a\n  - b\n\n| x | y |\n|---|---|\n| 1 | 2 |\n"), uint8(0))
	f.Add([]byte("Title\n=====\n\n* a::\n\n    code\n\n.. note:: n\n"), uint8(4))
	f.Fuzz(func(t *testing.T, src []byte, which uint8) {
		ff := fuzzFormats[int(which)%len(fuzzFormats)]
		cs, ws := Extract(ff.path, src, ff.format, policy.Scope{})
		lines := strings.Count(string(src), "\n") + 1
		ids := map[string]bool{}
		for _, c := range cs {
			if c.Line < 1 || c.EndLine < c.Line || c.EndLine > lines {
				t.Fatalf("line range %d-%d outside 1-%d: %+v", c.Line, c.EndLine, lines, c)
			}
			if strings.TrimSpace(c.Text) == "" || !utf8.ValidString(c.Text) {
				t.Fatalf("bad text %q", c.Text)
			}
			if ids[c.ID] {
				t.Fatalf("duplicate id %s for %q", c.ID, c.Text)
			}
			ids[c.ID] = true
			if c.File != ff.path {
				t.Fatalf("file %q", c.File)
			}
			for _, cb := range c.Code {
				if cb.Line < 1 || cb.Line > lines {
					t.Fatalf("code line %d outside the file (%d lines)", cb.Line, lines)
				}
			}
		}
		for _, w := range ws {
			if w.File != ff.path || w.Msg == "" {
				t.Fatalf("warning %+v", w)
			}
		}
		again, _ := Extract(ff.path, src, ff.format, policy.Scope{})
		if len(again) != len(cs) {
			t.Fatalf("not deterministic: %d then %d constraints", len(cs), len(again))
		}
		for i := range cs {
			if again[i].ID != cs[i].ID {
				t.Fatalf("not deterministic: id %s then %s", cs[i].ID, again[i].ID)
			}
		}
	})
}
