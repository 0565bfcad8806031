package source

import (
	"bufio"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/instr"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

const corpusDir = "../../../../shared/corpus/instructions"

// corpusFile is one real instruction file, read by heed's own reader so the tests see
// exactly the constraints (text, level, header path, scope) the compiler does.
type corpusFile struct {
	name, path string
	langs      []string
	cons       []policy.Constraint

	rulesOnce sync.Once
	rules     [][]policy.Rule // recognizeAll of each constraint, see recognized
}

var ecosystemLangs = map[string][]string{
	"Python":                  {engine.LangPython},
	"Rust":                    {engine.LangRust},
	"Go":                      {engine.LangGo},
	"Java":                    {engine.LangJava},
	"TypeScript/JavaScript":   {engine.LangTypeScript, engine.LangTSX, engine.LangJavaScript},
	"C#/.NET":                 {engine.LangCSharp},
	"C#/.NET (PowerShell)":    {engine.LangCSharp},
	"mixed (Rust+TypeScript)": {engine.LangRust, engine.LangTypeScript},
	"mixed (Python+C++)":      {engine.LangPython},
}

// loadCorpus reads and extracts the corpus once per test binary (extracting it is
// most of a corpus-wide test's time); the tests only read what it returns.
func loadCorpus(t testing.TB) map[string]*corpusFile {
	t.Helper()
	c := sharedCorpus()
	if c.skip != nil {
		t.Skipf("corpus not available: %v", c.skip)
	}
	if c.err != nil {
		t.Fatal(c.err)
	}
	return c.files
}

type corpusFiles struct {
	files     map[string]*corpusFile
	skip, err error
}

var sharedCorpus = sync.OnceValue(func() corpusFiles {
	f, err := os.Open(filepath.Join(corpusDir, "MANIFEST.tsv"))
	if err != nil {
		return corpusFiles{skip: err}
	}
	defer f.Close()
	out := map[string]*corpusFile{}
	sc := bufio.NewScanner(f)
	for first := true; sc.Scan(); first = false {
		cols := strings.Split(sc.Text(), "\t")
		if first || len(cols) < 7 {
			continue
		}
		name, path, eco, kind := cols[0], cols[2], cols[5], cols[6]
		src, err := os.ReadFile(filepath.Join(corpusDir, name))
		if err != nil {
			return corpusFiles{err: err}
		}
		format := instr.Classify(path)
		if format == "" {
			format = kind
		}
		cons, _ := instr.Extract(path, src, format, policy.Scope{Dir: instr.ScopeDir(path, format)})
		out[name] = &corpusFile{name: name, path: path, langs: ecosystemLangs[eco], cons: cons}
	}
	return corpusFiles{files: out}
})

// recognized is recognizeAll of each of the file's constraints, in order, worked out
// once: the corpus-wide tests judge the same rules. A caller copies a rule before it
// changes it.
func (cf *corpusFile) recognized() [][]policy.Rule {
	cf.rulesOnce.Do(func() {
		cf.rules = make([][]policy.Rule, len(cf.cons))
		for i := range cf.cons {
			cf.rules[i] = recognizeAll(&cf.cons[i], cf.rc())
		}
	})
	return cf.rules
}

func (cf *corpusFile) rc() *recognize.RepoContext {
	return &recognize.RepoContext{Languages: cf.langs, Constraints: cf.cons}
}

// recognizeAll runs the source recognisers on one constraint, as the compiler would.
func recognizeAll(c *policy.Constraint, rc *recognize.RepoContext) []policy.Rule {
	if c.Level != policy.Must && c.Level != policy.Should {
		return nil
	}
	var out []policy.Rule
	for _, r := range Recognizers() {
		res := r.Recognize(c, rc)
		out = append(out, res.Rules...)
	}
	return out
}

// describe summarises a rule for table tests: kind, what it checks, languages, scope.
func describe(r policy.Rule) string {
	var b strings.Builder
	b.WriteString(r.Kind)
	switch r.Kind {
	case KindQuery:
		var p QueryParams
		json.Unmarshal(r.Params, &p)
		if p.Entry != "" {
			b.WriteString(" " + p.Entry)
		} else {
			b.WriteString(" " + r.Message)
		}
		b.WriteString(" [" + strings.Join(slices.Sorted(maps.Keys(p.Queries)), ",") + "]")
		if len(p.Exclude) > 0 {
			b.WriteString(" exclude=" + strings.Join(p.Exclude, ","))
		}
	case KindPattern:
		var p PatternParams
		json.Unmarshal(r.Params, &p)
		b.WriteString(" " + r.Message + " /" + p.Regex + "/ " + p.Where + " [" + strings.Join(p.Languages, ",") + "]")
	case KindText:
		var p TextParams
		json.Unmarshal(r.Params, &p)
		b.WriteString(" " + p.Check)
		switch p.Check {
		case "indent":
			b.WriteString("=" + p.Indent)
		case "max_line_length":
			b.WriteString(fmt.Sprintf("=%d", p.Max))
		case "filename":
			b.WriteString("=" + p.Naming + strings.Join(p.Forbid, ","))
		}
		if len(p.Languages) > 0 {
			b.WriteString(" [" + strings.Join(p.Languages, ",") + "]")
		}
	}
	if len(r.Scope.Globs) > 0 {
		b.WriteString(" in=" + strings.Join(r.Scope.Globs, ","))
	}
	if len(r.Scope.Exclude) > 0 {
		b.WriteString(fmt.Sprintf(" not=%d", len(r.Scope.Exclude)))
	}
	b.WriteString(" " + r.Severity)
	return b.String()
}

// TestCorpusGolden compares every rule the source recognisers make of the corpus with
// testdata/corpus.txt, so a change in coverage shows in review. HEED_UPDATE=1 rewrites it.
func TestCorpusGolden(t *testing.T) {
	corpus := loadCorpus(t)
	var names []string
	for n := range corpus {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	for _, n := range names {
		cf := corpus[n]
		for i, rules := range cf.recognized() {
			c := &cf.cons[i]
			if len(rules) == 0 {
				continue
			}
			fmt.Fprintf(&b, "%s:%d [%s] %s\n", n, c.Line, c.Level, snippet(c.Text))
			for _, r := range rules {
				fmt.Fprintf(&b, "    %s\n", describe(r))
			}
		}
	}
	if os.Getenv("HEED_UPDATE") != "" {
		if err := os.WriteFile("testdata/corpus.txt", []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile("testdata/corpus.txt")
	if err != nil {
		t.Fatal(err)
	}
	if string(want) != b.String() {
		t.Errorf("the rules compiled from the corpus changed; review with HEED_UPDATE=1 go test -run TestCorpusGolden and git diff testdata/corpus.txt")
	}
}
