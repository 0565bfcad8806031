package instr

import (
	"bufio"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/policy"
)

// corpusDir holds real instruction files from public repositories (see its README).
const corpusDir = "../../../shared/corpus/instructions"

// corpusFile is one corpus file with what it is in its own repository.
type corpusFile struct {
	Name   string // file name in the corpus
	Repo   string // owner/name
	Path   string // path in its repository
	Format string // instruction-file format heed gives it
	Scope  policy.Scope
}

// corpusFiles lists the corpus. File names encode the original path
// (OWNER__REPO__PATH with "__" for "/"); the manifest's path column must agree, and
// its kind column names the format of files heed would not discover by name (Django's
// contributor docs are .txt files deep under docs/).
func corpusFiles(t testing.TB) []corpusFile {
	t.Helper()
	f, err := os.Open(filepath.Join(corpusDir, "MANIFEST.tsv"))
	if err != nil {
		t.Skipf("corpus not available: %v", err)
	}
	defer f.Close()
	var out []corpusFile
	sc := bufio.NewScanner(f)
	for first := true; sc.Scan(); first = false {
		cols := strings.Split(sc.Text(), "\t")
		if first || len(cols) < 7 {
			continue
		}
		name, repo, path, kind := cols[0], cols[1], cols[2], cols[6]
		parts := strings.SplitN(name, "__", 3)
		if len(parts) != 3 {
			t.Fatalf("%s: name is not OWNER__REPO__PATH", name)
		}
		decoded := strings.ReplaceAll(parts[2], "__", "/")
		if parts[0]+"/"+parts[1] != repo || decoded != path {
			t.Fatalf("%s: name decodes to %s:%s, manifest says %s:%s", name, parts[0]+"/"+parts[1], decoded, repo, path)
		}
		format := Classify(path)
		if format == "" {
			format = kind
		}
		out = append(out, corpusFile{Name: name, Repo: repo, Path: path, Format: format,
			Scope: policy.Scope{Dir: ScopeDir(path, format)}})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

func (cf corpusFile) read(t testing.TB) []byte {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(corpusDir, cf.Name))
	if err != nil {
		t.Fatal(err)
	}
	return src
}

func (cf corpusFile) extract(t testing.TB) ([]policy.Constraint, []Warning) {
	t.Helper()
	return Extract(cf.Path, cf.read(t), cf.Format, cf.Scope)
}

// The manifest's kind must agree with the format heed derives from the path.
func TestCorpusFormats(t *testing.T) {
	kindOf := map[string]string{
		FormatAgents: "agents", FormatClaude: "claude", FormatCopilot: "copilot",
		FormatCopilotInstr: "copilot", FormatCursor: "cursor", FormatContributing: "contributing",
	}
	files := corpusFiles(t)
	if len(files) < 46 {
		t.Fatalf("corpus has %d files, want at least 46", len(files))
	}
	for _, cf := range files {
		if cf.Format == "" {
			t.Errorf("%s: no format", cf.Name)
		}
	}
	// Spot checks of scopes: a nested file governs its subtree; tool folders their parent.
	want := map[string]string{
		"pydantic__pydantic-ai__tests__AGENTS.md":                    "tests",
		"cloudflare__workers-sdk__packages__wrangler__AGENTS.md":     "packages/wrangler",
		"PostHog__posthog__.cursor__rules__django-python.mdc":        "",
		"langfuse__langfuse__.agents__AGENTS.md":                     "",
		"denoland__deno__.github__copilot-instructions.md":           "",
		"modelcontextprotocol__typescript-sdk__test__e2e__CLAUDE.md": "test/e2e",
	}
	for _, cf := range files {
		if dir, ok := want[cf.Name]; ok && cf.Scope.Dir != dir {
			t.Errorf("%s: scope dir %q, want %q", cf.Name, cf.Scope.Dir, dir)
		}
		if _, ok := kindOf[cf.Format]; !ok && cf.Format != "contributing" {
			t.Errorf("%s: unexpected format %q", cf.Name, cf.Format)
		}
	}
}

// Every corpus file is read without a crash and gives constraints, each with a line,
// an id and a level, and text that is not empty.
func TestCorpusExtracts(t *testing.T) {
	for _, cf := range corpusFiles(t) {
		t.Run(cf.Name, func(t *testing.T) {
			cs, warns := cf.extract(t)
			for _, w := range warns {
				t.Logf("warning: %s", w)
			}
			if len(cs) == 0 {
				t.Fatalf("no constraints")
			}
			ids := map[string]bool{}
			lines := strings.Count(string(cf.read(t)), "\n") + 1
			for _, c := range cs {
				if strings.TrimSpace(c.Text) == "" {
					t.Errorf("empty text at line %d", c.Line)
				}
				if c.Line < 1 || c.EndLine < c.Line || c.EndLine > lines {
					t.Errorf("%q: bad line range %d-%d (file has %d lines)", c.Text, c.Line, c.EndLine, lines)
				}
				if ids[c.ID] {
					t.Errorf("%q: duplicate id %s", c.Text, c.ID)
				}
				ids[c.ID] = true
				switch c.Level {
				case policy.Must, policy.Should, policy.Info:
				default:
					t.Errorf("%q: level %q", c.Text, c.Level)
				}
				if c.File != cf.Path || c.Format != cf.Format {
					t.Errorf("%q: file %q format %q", c.Text, c.File, c.Format)
				}
			}
		})
	}
}
