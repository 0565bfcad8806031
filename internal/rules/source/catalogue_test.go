package source

import (
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/lang"
	"github.com/heed-dev/heed/internal/policy"
)

// variantRule is the rule one catalogue variant compiles into, alone.
func variantRule(t testing.TB, e *Entry, v Variant) *policy.Rule {
	t.Helper()
	r := &policy.Rule{ID: e.Name + "/" + v.Lang, Domain: policy.DomainSource, Message: e.Message, Suggestion: e.Suggestion}
	if v.Regex != "" {
		r.Kind = KindPattern
		r.Params = mustParams(t, PatternParams{Regex: v.Regex, Where: v.Where, Languages: []string{v.Lang}, EqualGroups: v.EqualGroups, SkipLines: v.SkipLines})
	} else {
		r.Kind = KindQuery
		p := QueryParams{Queries: map[string]string{v.Lang: v.Query}, Needles: v.Needles, NeedlePattern: v.NeedlePattern}
		if e.NotInTests {
			p.Exclude = []string{"tests"}
		}
		p.Exclude = append(p.Exclude, e.Exclude...)
		r.Params = mustParams(t, p)
	}
	return r
}

func sampleName(lang string) string {
	return map[string]string{
		"python": "sample.py", "javascript": "sample.js", "typescript": "sample.ts", "tsx": "sample.tsx",
		"go": "sample.go", "rust": "sample.rs", "java": "Sample.java", "csharp": "Sample.cs",
		"kotlin": "Sample.kt", "ruby": "sample.rb", "c": "sample.c", "cpp": "sample.cpp", "php": "sample.php", "swift": "sample.swift",
	}[lang]
}

// TestCatalogueVariants runs every variant of every entry on its samples: each bad
// sample must yield exactly the marked findings, at the marked places; each good sample
// (the token in a comment, in a string, inside a longer identifier, the allowed form)
// must yield none.
func TestCatalogueVariants(t *testing.T) {
	names := map[string]bool{}
	for _, e := range Catalogue {
		if names[e.Name] {
			t.Errorf("duplicate catalogue entry %s", e.Name)
		}
		names[e.Name] = true
		if len(e.Variants) == 0 || e.Names == nil || e.Message == "" {
			t.Errorf("%s: an entry needs variants, a Names matcher and a message", e.Name)
		}
		for _, v := range e.Variants {
			v := v
			t.Run(e.Name+"/"+v.Lang, func(t *testing.T) {
				if len(v.Bad) == 0 || len(v.Good) == 0 {
					t.Fatalf("a variant needs code that must match and code that must not")
				}
				r := variantRule(t, e, v)
				path := sampleName(v.Lang)
				for i, s := range v.Bad {
					code, want := marked(s)
					if len(want) == 0 {
						t.Fatalf("bad sample %d has no «» marker", i)
					}
					fs, _ := runFiles(t, []*policy.Rule{r}, map[string]string{path: code})
					if got := located(fs); strings.Join(got, " ") != strings.Join(want, " ") {
						t.Errorf("bad sample %d:\n%s\nfindings at %v, want %v", i, code, got, want)
					}
				}
				for i, s := range v.Good {
					fs, _ := runFiles(t, []*policy.Rule{r}, map[string]string{path: s})
					for _, f := range fs {
						t.Errorf("good sample %d:\n%s\nunexpected finding at %d:%d %q", i, s, f.Line, f.Column, f.Snippet)
					}
				}
			})
		}
	}
}

// TestCatalogueNeedlesAreNecessary: every bad sample contains one of its variant's
// needles, so the needle gate never hides a real match.
func TestCatalogueNeedlesAreNecessary(t *testing.T) {
	for _, e := range Catalogue {
		for _, v := range e.Variants {
			for _, s := range v.Bad {
				code, _ := marked(s)
				ok := len(v.Needles) == 0
				for _, n := range v.Needles {
					ok = ok || strings.Contains(code, n)
				}
				if !ok {
					t.Errorf("%s/%s: bad sample %q has none of the needles %v", e.Name, v.Lang, code, v.Needles)
				}
				if v.NeedlePattern != "" && !regexp.MustCompile(v.NeedlePattern).MatchString(code) {
					t.Errorf("%s/%s: bad sample %q does not match the needle pattern %q", e.Name, v.Lang, code, v.NeedlePattern)
				}
			}
		}
	}
}

func TestCatalogueMessagesTemplatesResolve(t *testing.T) {
	for _, e := range Catalogue {
		for _, v := range e.Variants {
			if v.Regex != "" {
				continue
			}
			r := variantRule(t, e, v)
			if _, err := testRegistry.CompileRule(r); err != nil {
				t.Errorf("%s/%s: %v", e.Name, v.Lang, err)
			}
		}
	}
	_ = fmt.Sprint
}

// docs/source.md lists every catalogue entry, so the documentation cannot fall behind.
func TestCatalogueIsDocumented(t *testing.T) {
	doc, err := os.ReadFile("../../../docs/source.md")
	if err != nil {
		t.Skip(err)
	}
	for _, e := range Catalogue {
		if !strings.Contains(string(doc), "`"+e.Name+"`") {
			t.Errorf("docs/source.md does not list catalogue entry %s", e.Name)
		}
	}
}

// Every catalogue query gives the same matches run only at its root kinds as run over
// the whole tree (the order aside), on its samples and on all of its language's
// samples at once; and nearly all of them take that faster path.
func TestCatalogueQueriesMatchTheSameByRoot(t *testing.T) {
	byLang := map[string][]string{}
	for _, e := range Catalogue {
		for _, v := range e.Variants {
			for _, s := range append(append([]string{}, v.Bad...), v.Good...) {
				code, _ := marked(s)
				byLang[v.Lang] = append(byLang[v.Lang], code)
			}
		}
	}
	queries, known := 0, 0
	for _, e := range Catalogue {
		for _, v := range e.Variants {
			if v.Query == "" || !lang.Supported(v.Lang) {
				continue
			}
			q, err := lang.CompileQuery(v.Lang, v.Query)
			if err != nil {
				t.Fatalf("%s/%s: %v", e.Name, v.Lang, err)
			}
			queries++
			if q.RootsKnown() {
				known++
			}
			var srcs []string
			for _, s := range append(append([]string{}, v.Bad...), v.Good...) {
				code, _ := marked(s)
				srcs = append(srcs, code)
			}
			srcs = append(srcs, strings.Join(byLang[v.Lang], "\n"))
			for _, src := range srcs {
				tr, err := lang.Parse(v.Lang, []byte(src))
				if err != nil {
					t.Fatal(err)
				}
				if a, b := matchSignatures(q, tr, false), matchSignatures(q, tr, true); strings.Join(a, "\n") != strings.Join(b, "\n") {
					t.Errorf("%s/%s on %q: by root %v, over the tree %v", e.Name, v.Lang, src, b, a)
				}
				tr.Close()
			}
			q.Close()
		}
	}
	t.Logf("%d of %d catalogue queries run by root", known, queries)
	if known*10 < queries*9 {
		t.Errorf("only %d of %d catalogue queries run by root", known, queries)
	}
}

// matchSignatures are a query's matches on a tree, sorted, by root or over the tree.
func matchSignatures(q *lang.Query, tr *lang.Tree, byRoot bool) []string {
	var out []string
	each := q.Matches
	if byRoot {
		each = q.MatchesByRoot
	}
	each(tr, func(m lang.Match) bool {
		s := fmt.Sprint(m.Pattern)
		for _, c := range m.Captures {
			s += fmt.Sprintf(" %d[%d,%d]", c.Index, c.Start, c.End)
		}
		out = append(out, s)
		return true
	})
	sort.Strings(out)
	return out
}

// A generated rule's needles are read from its queries' text, without compiling them:
// for every catalogue query the reader takes the text, and finds what the compiled
// query gives.
func TestCatalogueNeedlesFromTextAreTheCompiledOnes(t *testing.T) {
	for _, e := range Catalogue {
		for _, v := range e.Variants {
			if v.Query == "" || !lang.Supported(v.Lang) {
				continue
			}
			qt, ok := lang.ParseQueryText(v.Query)
			if !ok {
				t.Errorf("%s/%s: the text reader does not take the query", e.Name, v.Lang)
				continue
			}
			q, err := lang.CompileQuery(v.Lang, v.Query)
			if err != nil {
				t.Fatal(err)
			}
			a, aok := deriveNeedles(qt)
			b, bok := deriveNeedles(q)
			if strings.Join(a, "\x00") != strings.Join(b, "\x00") || aok != bok {
				t.Errorf("%s/%s: needles from the text %q (%v), from the compiled query %q (%v)", e.Name, v.Lang, a, aok, b, bok)
			}
		}
	}
}

// "`X | None` instead of `Optional`" bans Optional alone, "`X | Y` instead of `Union`"
// Union alone (wild round 23).
func TestUnionPreferenceNarrowsToItsForm(t *testing.T) {
	for text, want := range map[string]string{
		"Use `X | None` instead of `Optional[X]`.": `"Optional")`,
		"Use `X | Y` instead of `Union[X, Y]`.":    `"Union")`,
	} {
		found := false
		for _, r := range rulesOf(t, text, "u", "python") {
			if strings.Contains(string(r.Params), "imported-from") {
				found = true
				if !strings.Contains(string(r.Params), strings.ReplaceAll(want, `"`, `\"`)) || strings.Contains(string(r.Params), `\"Optional\" \"Union\"`) {
					t.Errorf("%q: %s", text, r.Params)
				}
			}
		}
		if !found {
			t.Errorf("%q: no union rule", text)
		}
	}
}
