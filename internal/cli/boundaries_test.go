package cli

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/bmatcuk/doublestar/v4"

	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/project"
)

// selfArchArgs is how .ci/run has heed check heed's own package boundaries.
var selfArchArgs = []string{"check", "--all", "--domain", "architecture", "--repo", ".", "internal", "cmd"}

// heedCopy copies what the boundaries are about (AGENTS.md, go.mod and every Go file
// under internal/ and cmd/, and under bench/ and tools/, which they must not import,
// testdata aside) into a temporary directory.
func heedCopy(t *testing.T) string {
	t.Helper()
	dst := t.TempDir()
	copyFile := func(rel string) {
		b, err := os.ReadFile(filepath.Join("..", "..", rel))
		if err != nil {
			t.Fatal(err)
		}
		os.MkdirAll(filepath.Join(dst, filepath.Dir(rel)), 0o755)
		if err := os.WriteFile(filepath.Join(dst, rel), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	copyFile("AGENTS.md")
	copyFile("go.mod")
	for _, top := range []string{"internal", "cmd", "bench", "tools"} {
		err := filepath.WalkDir(filepath.Join("..", "..", top), func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && d.Name() == "testdata" {
				return filepath.SkipDir
			}
			if !d.IsDir() && strings.HasSuffix(p, ".go") {
				rel, _ := filepath.Rel(filepath.Join("..", ".."), p)
				copyFile(rel)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return dst
}

// boundaryRule is an architecture rule of AGENTS.md's "Package boundaries".
type boundaryRule struct {
	id, text       string
	from, fromExcl []string
	to             []string
	mode           string
}

// heedBoundaries reads the boundary sentences of the AGENTS.md in dir as heed compiles
// them; sentences names every sentence that speaks of a package's imports.
func heedBoundaries(t *testing.T, dir string) (rules []boundaryRule, sentences map[string][]string) {
	t.Helper()
	p, err := project.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	pkg := regexp.MustCompile("`(internal|cmd)/[^`]*`")
	sentences = map[string][]string{}
	for _, e := range p.Policy.Entries {
		if e.File != "AGENTS.md" || !slices.Contains(e.HeaderPath, "Package boundaries") {
			continue
		}
		if !strings.Contains(e.Text, "import") || !pkg.MatchString(e.Text) {
			continue
		}
		sentences[e.Text] = nil
		for _, r := range e.Rules {
			sentences[e.Text] = append(sentences[e.Text], r.Domain+"/"+r.Kind)
			if r.Domain != policy.DomainArchitecture || r.Kind != "imports" {
				continue
			}
			var params struct {
				From       []string `json:"from"`
				FromExcept []string `json:"from_except"`
				To         []string `json:"to"`
				Mode       string   `json:"mode"`
			}
			if err := json.Unmarshal(r.Params, &params); err != nil {
				t.Fatalf("%s: %v", r.ID, err)
			}
			rules = append(rules, boundaryRule{r.ID, e.Text, params.From, params.FromExcept, params.To, params.Mode})
		}
	}
	return rules, sentences
}

// Issue 24: AGENTS.md names every package's boundary, every boundary sentence compiles
// into an architecture rule, heed on heed is clean, and each rule catches an import
// across its boundary in the command .ci/run runs (so a violation fails CI).
func TestHeedEnforcesItsOwnPackageBoundaries(t *testing.T) {
	ci, err := os.ReadFile("../../.ci/run")
	if err != nil {
		t.Fatal(err)
	}
	ciLine := `"$bin" ` + strings.Join(selfArchArgs, " ")
	if !strings.Contains(string(ci), ciLine) {
		t.Fatalf(".ci/run no longer runs %s: keep this test's arguments in step", ciLine)
	}
	dir := heedCopy(t)
	rules, sentences := heedBoundaries(t, dir)
	for text, kinds := range sentences {
		if !slices.Contains(kinds, "architecture/imports") {
			t.Errorf("a boundary sentence heed does not enforce (compiled into %v): %q", kinds, text)
		}
	}

	// Every package under internal/ and cmd/ is the subject of a boundary.
	var pkgs []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".go") && !strings.HasSuffix(p, "_test.go") {
			rel, _ := filepath.Rel(dir, filepath.Dir(p))
			rel = filepath.ToSlash(rel)
			if !strings.HasPrefix(rel, "internal/") && !strings.HasPrefix(rel, "cmd/") {
				return nil // bench/ and tools/ are there to be imported across a boundary
			}
			if !slices.Contains(pkgs, rel) {
				pkgs = append(pkgs, rel)
			}
		}
		return nil
	})
	for _, pkg := range pkgs {
		// The package's own imports, or who may import it ("Nothing imports X except Y").
		named := false
		for _, r := range rules {
			globs := r.from
			if slices.Contains(r.from, "**") {
				globs = r.to
			}
			for _, g := range globs {
				if ok, _ := doublestar.Match(g, pkg+"/x.go"); ok && g != "**" {
					named = true
				}
			}
		}
		if !named {
			t.Errorf("AGENTS.md names no boundary of %s", pkg)
		}
	}

	// heed on heed: no finding.
	t.Chdir(dir) // .ci/run's paths are relative to the repository
	run := func() (int, string, string) {
		return runHeed(nil, append(slices.Clone(selfArchArgs), "--format", "json")...)
	}
	if code, stdout, stderr := run(); code != 0 {
		t.Fatalf("heed check of heed's own boundaries: exit %d\n%s%s", code, stdout, stderr)
	}

	// One import across each boundary, each in a file of its own; a test file crossing
	// one is left alone (tests are outside the boundaries).
	planted := map[string]string{} // file -> rule id
	for i, r := range rules {
		if r.mode == "forbid" && len(r.to) == 0 {
			t.Errorf("%s names no folder of heed's it forbids (heed read the packages as outside the repository): %q", r.id, r.text)
			continue
		}
		from := "internal/policy"
		if g := r.from[0]; g != "**" {
			from = strings.TrimSuffix(g, "/**")
		}
		target := ""
		if r.mode == "forbid" {
			target = strings.TrimSuffix(r.to[0], "/**")
		} else {
			for _, c := range []string{"internal/cli", "internal/check", "internal/project"} {
				allowed := c == from
				for _, g := range r.to {
					ok, _ := doublestar.Match(g, c+"/x.go")
					allowed = allowed || ok
				}
				if !allowed {
					target = c
					break
				}
			}
		}
		file := fmt.Sprintf("%s/zz_planted_%d.go", from, i)
		src := fmt.Sprintf("package planted\n\nimport _ \"github.com/heed-dev/heed/%s\"\n", target)
		if err := os.WriteFile(filepath.Join(dir, file), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		planted[file] = r.id
	}
	os.WriteFile(filepath.Join(dir, "internal/policy/zz_planted_test.go"), []byte("package policy\n\nimport _ \"github.com/heed-dev/heed/internal/cli\"\n"), 0o644)
	code, stdout, stderr := run()
	if code != 1 {
		t.Fatalf("imports across the boundaries: exit %d, want 1\n%s", code, stderr)
	}
	var rep struct {
		Findings []struct {
			File string `json:"file"`
			Rule string `json:"rule"`
		} `json:"findings"`
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatalf("%v: %s", err, stdout)
	}
	caught := map[string]bool{}
	for _, f := range rep.Findings {
		if f.File == "internal/policy/zz_planted_test.go" {
			t.Errorf("a test file is outside the boundaries, yet %s flags it", f.Rule)
		}
		if planted[f.File] == f.Rule {
			caught[f.File] = true
		}
	}
	for file, id := range planted {
		if !caught[file] {
			t.Errorf("%s does not catch %s", id, file)
		}
	}
	if len(rules) < 30 {
		t.Fatalf("only %d boundary rules", len(rules))
	}
}
