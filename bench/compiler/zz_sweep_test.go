package main

import (
	"fmt"
	"os"
	"sort"
	"testing"

	"github.com/heed-dev/heed/bench/corpus"
	"github.com/heed-dev/heed/internal/compile"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/rules"
)

func TestZZSweep(t *testing.T) {
	out := os.Getenv("SWEEP")
	if out == "" {
		t.Skip()
	}
	root := defaultCorpusRoot()
	var lines []string
	for _, dir := range corpusDirs {
		if !corpusPresent(root, dir) {
			continue
		}
		repos, err := corpus.Load(corpusPath(root, dir))
		if err != nil {
			t.Fatal(err)
		}
		corpus.UseLayouts(repos, layoutsDir(root))
		for _, r := range repos {
			p, _ := compile.Compile(r.Set, r.Context, rules.Recognizers())
			for _, e := range p.Entries {
				for _, ru := range e.Rules {
					if ru.Domain == policy.DomainProcess && ru.Severity == policy.SeverityError {
						lines = append(lines, fmt.Sprintf("%s:%d\t%s\t%s", e.File, e.Line, ru.Params, e.Text))
					}
				}
			}
		}
	}
	sort.Strings(lines)
	f, _ := os.Create(out)
	for _, l := range lines {
		fmt.Fprintln(f, l)
	}
	f.Close()
}
