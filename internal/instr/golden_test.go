package instr

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/policy"
)

var update = flag.Bool("update", false, "rewrite the golden files of TestGolden")

// goldenCorpus are corpus files whose constraints were checked line by line against
// the source (every list item, nested item, numbered item, table row, paragraph and
// code block accounted for). Regenerate with `go test -run TestGolden -update` and
// review the diff the same way.
var goldenCorpus = []string{
	"gohugoio__hugo__AGENTS.md",
	"astral-sh__uv__AGENTS.md",
	"dotnet__aspnetcore__.github__copilot-instructions.md",
	"PowerShell__PowerShell__.github__instructions__powershell-parameter-naming.instructions.md",
	"biomejs__biome__AGENTS.md",
	"pydantic__pydantic-ai__pydantic_ai_slim__pydantic_ai__models__AGENTS.md",
	"apache__kafka__AGENTS.md",
	"pallets__flask__CONTRIBUTING.rst",
	"PostHog__posthog__.cursor__rules__django-python.mdc",
	"vercel__ai__packages__ai__AGENTS.md",
}

type golden struct {
	Constraints []policy.Constraint `json:"constraints"`
	Warnings    []Warning           `json:"warnings"`
}

func TestGolden(t *testing.T) {
	byName := map[string]corpusFile{}
	for _, cf := range corpusFiles(t) {
		byName[cf.Name] = cf
	}
	for _, name := range goldenCorpus {
		cf, ok := byName[name]
		if !ok {
			t.Fatalf("%s not in the corpus", name)
		}
		t.Run(name, func(t *testing.T) {
			cs, ws := cf.extract(t)
			checkGolden(t, filepath.Join("testdata", "golden", name+".json"), golden{cs, ws})
		})
	}
	// Hand-written files for what the corpus lacks (setext headings, block quotes,
	// alerts, HTML, nested numbered lists, reST constructs).
	files, _ := filepath.Glob("testdata/golden/synthetic/*")
	for _, f := range files {
		if strings.HasSuffix(f, ".json") {
			continue
		}
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			rel := strings.ReplaceAll(strings.TrimSuffix(filepath.Base(f), ".src"), "__", "/")
			cs, ws := Extract(rel, src, "", policy.Scope{Dir: ScopeDir(rel, Classify(rel))})
			checkGolden(t, f+".json", golden{cs, ws})
		})
	}
}

func checkGolden(t *testing.T, path string, g golden) {
	t.Helper()
	if g.Constraints == nil {
		g.Constraints = []policy.Constraint{}
	}
	if g.Warnings == nil {
		g.Warnings = []Warning{}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(g); err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(want, buf.Bytes()) {
		got := strings.Split(buf.String(), "\n")
		exp := strings.Split(string(want), "\n")
		for i := 0; i < len(got) || i < len(exp); i++ {
			var g, e string
			if i < len(got) {
				g = got[i]
			}
			if i < len(exp) {
				e = exp[i]
			}
			if g != e {
				t.Fatalf("%s differs from the extraction at line %d:\n want %s\n  got %s\n(review, then go test -run TestGolden -update)", path, i+1, e, g)
			}
		}
	}
}
