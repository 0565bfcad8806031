package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
)

func TestAnalyzer(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), Analyzer, "github.com/heed-dev/heed/a", "github.com/heed-dev/heed/gen")
}

func TestBaselineLeavesOutWhatItListsAndOnlyShrinks(t *testing.T) {
	file := filepath.Join(t.TempDir(), "baseline.txt")
	os.WriteFile(file, []byte("# known\nheed/a/b.go listed left for later\nheed/a/b.go gone a variable since removed\n"), 0o644)
	known, err := readBaseline(file)
	if err != nil {
		t.Fatal(err)
	}
	// b.go's finding is listed: analysistest would fail on its `want` if it were
	// reported, so run the analyzer on a copy of the package without the want.
	dir := t.TempDir()
	src := filepath.Join(dir, "src", "github.com", "heed-dev", "heed", "a")
	os.MkdirAll(src, 0o755)
	b, _ := os.ReadFile(filepath.Join("testdata", "src", "github.com", "heed-dev", "heed", "a", "b.go"))
	os.WriteFile(filepath.Join(src, "b.go"), []byte(strings.Split(string(b), " // want")[0]+"\n"), 0o644)
	analysistest.Run(t, dir, newAnalyzer(known), "github.com/heed-dev/heed/a")
	if got := known.unused(); len(got) != 1 || got[0] != "heed/a/b.go gone" {
		t.Fatalf("the entry no finding matches must be reported: %q", got)
	}
	os.WriteFile(file, []byte("heed/a/b.go listed\n"), 0o644)
	if _, err := readBaseline(file); err == nil {
		t.Fatal("an entry without a reason must be refused")
	}
}
