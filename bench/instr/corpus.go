package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/heed-dev/heed/internal/instr"
	"github.com/heed-dev/heed/internal/policy"
)

// corpusFile is one file of ../shared/corpus/instructions with what it is in its own
// repository: the name encodes OWNER__REPO__PATH, the manifest names its kind.
type corpusFile struct {
	Name, Path, Kind, Format string
	Scope                    policy.Scope
	Src                      []byte
}

// repoRoot finds the module root (the directory holding go.mod) above the working
// directory.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no go.mod above the working directory")
		}
		dir = parent
	}
}

func defaultCorpus() string {
	root, err := repoRoot()
	if err != nil {
		return ""
	}
	return filepath.Join(root, "..", "shared", "corpus", "instructions")
}

func loadCorpus(dir string) ([]corpusFile, error) {
	f, err := os.Open(filepath.Join(dir, "MANIFEST.tsv"))
	if err != nil {
		return nil, fmt.Errorf("read corpus manifest: %w", err)
	}
	defer f.Close()
	var out []corpusFile
	sc := bufio.NewScanner(f)
	for first := true; sc.Scan(); first = false {
		cols := strings.Split(sc.Text(), "\t")
		if first || len(cols) < 7 {
			continue
		}
		name, path, kind := cols[0], cols[2], cols[6]
		format := instr.Classify(path)
		if format == "" {
			format = kind // contributor docs heed would not discover by name
		}
		src, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return nil, fmt.Errorf("read corpus file: %w", err)
		}
		out = append(out, corpusFile{Name: name, Path: path, Kind: kind, Format: format,
			Scope: policy.Scope{Dir: instr.ScopeDir(path, format)}, Src: src})
	}
	return out, sc.Err()
}
