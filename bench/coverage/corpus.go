package main

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/instr"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// Repo is one corpus repository: its instruction files as an instruction set, and a
// repository context built from the manifest's ecosystem (the corpus holds only the
// instruction files, not the code).
type Repo struct {
	Name    string
	Set     *instr.Set
	Context *recognize.RepoContext
	// Names maps a file's repository path to its corpus file name.
	Names map[string]string
}

// LoadCorpus reads MANIFEST.tsv in dir and extracts every file with instr.Extract at
// its real repository path, grouped by repository (so nested files keep their scope).
func LoadCorpus(dir string) ([]*Repo, error) {
	f, err := os.Open(filepath.Join(dir, "MANIFEST.tsv"))
	if err != nil {
		return nil, fmt.Errorf("read corpus manifest: %w", err)
	}
	defer f.Close()
	byName := map[string]*Repo{}
	var order []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	header := true
	for sc.Scan() {
		if header {
			header = false
			continue
		}
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) < 7 {
			continue
		}
		file, repoName, rel, eco, kind := cols[0], cols[1], cols[2], cols[5], cols[6]
		src, err := os.ReadFile(filepath.Join(dir, file))
		if err != nil {
			return nil, fmt.Errorf("read corpus file: %w", err)
		}
		r := byName[repoName]
		if r == nil {
			r = &Repo{Name: repoName, Set: &instr.Set{}, Context: contextFor(eco), Names: map[string]string{}}
			byName[repoName] = r
			order = append(order, repoName)
		}
		format := instr.Classify(rel)
		if format == "" {
			format = kind
		}
		cons, warns := instr.Extract(rel, src, format, policy.Scope{Dir: instr.ScopeDir(rel, format)})
		sum := sha256.Sum256(src)
		r.Set.Files = append(r.Set.Files, instr.File{Path: rel, Format: format, SHA256: hex.EncodeToString(sum[:]), Constraints: len(cons)})
		r.Set.Constraints = append(r.Set.Constraints, cons...)
		r.Set.Warnings = append(r.Set.Warnings, warns...)
		r.Names[rel] = file
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	sort.Strings(order)
	out := make([]*Repo, len(order))
	for i, n := range order {
		out[i] = byName[n]
	}
	return out, nil
}

// contextFor turns the manifest's language_ecosystem into the languages and tools a
// recogniser may rely on.
func contextFor(eco string) *recognize.RepoContext {
	e := strings.ToLower(eco)
	rc := &recognize.RepoContext{}
	add := func(langs ...string) { rc.Languages = append(rc.Languages, langs...) }
	if strings.Contains(e, "typescript") || strings.Contains(e, "javascript") {
		add(engine.LangTypeScript, engine.LangJavaScript, engine.LangTSX)
		rc.Tools = append(rc.Tools, "npm")
	}
	if strings.Contains(e, "python") {
		add(engine.LangPython)
	}
	if strings.Contains(e, "rust") {
		add(engine.LangRust)
		rc.Tools = append(rc.Tools, "cargo")
	}
	if strings.HasPrefix(e, "go") {
		add(engine.LangGo)
		rc.Tools = append(rc.Tools, "go")
	}
	if strings.Contains(e, "java") && !strings.Contains(e, "javascript") {
		add(engine.LangJava)
	}
	if strings.Contains(e, "c#") {
		add(engine.LangCSharp)
		rc.Tools = append(rc.Tools, "dotnet")
	}
	return rc
}
