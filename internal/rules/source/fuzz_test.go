package source

import (
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lang"
	"github.com/heed-dev/heed/internal/policy"
)

var fuzzLangs = []struct{ lang, path string }{
	{"python", "f.py"}, {"javascript", "f.js"}, {"typescript", "f.ts"}, {"tsx", "f.tsx"},
	{"go", "f.go"}, {"rust", "f.rs"}, {"java", "F.java"}, {"csharp", "F.cs"}, {"shell", "f.sh"},
	{"kotlin", "F.kt"}, {"ruby", "f.rb"}, {"c", "f.c"},
}

var (
	fuzzOnce  sync.Once
	fuzzRules []engine.Compiled
)

// fuzzCompiled is every catalogue variant as a rule, plus every text check.
func fuzzCompiled(t testing.TB) []engine.Compiled {
	fuzzOnce.Do(func() {
		var rules []*policy.Rule
		for _, e := range Catalogue {
			for _, v := range e.Variants {
				rules = append(rules, variantRule(t, e, v))
			}
		}
		for _, p := range []TextParams{
			{Check: "indent", Indent: "tabs"}, {Check: "indent", Indent: "spaces"}, {Check: "max_line_length", Max: 80},
			{Check: "trailing_whitespace"}, {Check: "final_newline"}, {Check: "header", Header: "// Copyright\n// SPDX"},
			{Check: "filename", Naming: "kebab-case"},
		} {
			rules = append(rules, &policy.Rule{ID: "text-" + p.Check, Kind: KindText, Params: marshal(p)})
		}
		for _, r := range rules {
			ch, err := testRegistry.CompileRule(r)
			if err != nil {
				panic(err)
			}
			fuzzRules = append(fuzzRules, engine.Compiled{Rule: r, Check: ch})
		}
	})
	return fuzzRules
}

// FuzzCatalogueQueries runs every catalogue query, pattern and text rule over
// arbitrary source text in every language: nothing may panic or hang, and a file is
// judged (or skipped with a reason), never left undetermined by an internal error.
func FuzzCatalogueQueries(f *testing.F) {
	for _, e := range Catalogue {
		for _, v := range e.Variants {
			for i, s := range append(append([]string{}, v.Bad...), v.Good...) {
				code, _ := marked(s)
				for k, l := range fuzzLangs {
					if l.lang == v.Lang {
						f.Add(uint8(k), []byte(code))
					}
				}
				if i > 1 {
					break
				}
			}
		}
	}
	f.Add(uint8(0), []byte("def f(:\n\tx = '''\n"))
	f.Add(uint8(2), []byte("export default (((((((((("))
	f.Add(uint8(5), []byte("#[allow(\x00)]"))
	f.Fuzz(func(t *testing.T, which uint8, src []byte) {
		l := fuzzLangs[int(which)%len(fuzzLangs)]
		f := &engine.File{Path: l.path, Lang: l.lang, Content: src}
		ev := &engine.Evidence{Mode: engine.ModeAll, Files: []*engine.File{f}}
		defer ev.Close()
		// The needle gate is a necessary condition: a file it turns away has no match.
		if len(src) <= 1<<16 {
			for _, c := range fuzzCompiled(t) {
				if qc, ok := c.Check.(*queryCheck); ok && qc.queries[l.lang] != nil && !qc.mayMatch(f) {
					if hs, err := qc.runAlone(ev, f); err == nil && len(hs.kept) > 0 {
						t.Fatalf("%s: the needle gate skipped a file with %d matches", c.Rule.ID, len(hs.kept))
					}
				}
			}
			// Run only at their root kinds, the queries match what they match over
			// the whole tree, recovered errors and all.
			if tr, err := lang.Parse(l.lang, src); err == nil {
				for _, c := range fuzzCompiled(t) {
					if qc, ok := c.Check.(*queryCheck); ok && qc.queries[l.lang] != nil {
						if q, err := qc.queries[l.lang].get(l.lang); err == nil {
							if a, b := matchSignatures(q, tr, false), matchSignatures(q, tr, true); !slices.Equal(a, b) {
								t.Fatalf("%s: by root %v, over the tree %v", c.Rule.ID, b, a)
							}
						}
					}
				}
				tr.Close()
			}
			ev.Release("file:" + f.Path + "\x00")
		}
		for _, o := range engine.Run(fuzzCompiled(t), ev, engine.Options{Workers: 1}) {
			for _, tr := range o.Targets {
				if tr.Verdict == engine.Undetermined && !strings.HasPrefix(tr.Reason, "skipped:") {
					t.Fatalf("%s on %s: undetermined: %s", o.Rule.ID, l.lang, tr.Reason)
				}
				for _, fd := range tr.Findings {
					if fd.Line < 1 || fd.Column < 1 || fd.EndLine < fd.Line {
						t.Fatalf("%s: bad location %+v", o.Rule.ID, fd)
					}
				}
			}
		}
	})
}
