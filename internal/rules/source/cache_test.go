package source

import (
	"maps"
	"reflect"
	"slices"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/resultcache"
)

// A second run with the results cache gives the same results without parsing the
// files that did not change; a changed file is judged again.
func TestDiskCacheReusesResultsByContent(t *testing.T) {
	root := t.TempDir()
	rules := []*policy.Rule{
		queryRule(t, "print", QueryParams{Queries: map[string]string{"python": `((call function: (identifier) @f) @match (#eq? @f "print"))`}}, "print"),
		{ID: "len", Kind: KindText, Params: mustParams(t, TextParams{Check: "max_line_length", Max: 10})},
		{ID: "noqa", Kind: KindPattern, Params: mustParams(t, PatternParams{Regex: `noqa`, Where: "comments"})},
	}
	compiled := compileAll(t, rules)
	run := func(files map[string]string) ([]engine.Outcome, *resultcache.DiskCache) {
		c := resultcache.OpenDiskCache(root)
		ev := &engine.Evidence{Mode: engine.ModeAll}
		for _, p := range slices.Sorted(maps.Keys(files)) {
			ev.Files = append(ev.Files, &engine.File{Path: p, Lang: "python", Content: []byte(files[p])})
		}
		resultcache.Use(ev, c)
		outs := engine.Run(compiled, ev, engine.Options{Workers: 1})
		ev.Close()
		if err := c.Save(); err != nil {
			t.Fatal(err)
		}
		return outs, c
	}
	files := map[string]string{"a.py": "print(1)  # noqa: E501, a long line\n", "b.py": "x = 1\n"}
	first, c1 := run(files)
	if c1.Hits() != 0 {
		t.Fatalf("a cold cache has no hits, got %d", c1.Hits())
	}
	second, c2 := run(files)
	// 3 rules on a.py, 2 on b.py: the print rule's needle gate settles b.py before
	// the cache is asked.
	if c2.Hits() != 5 {
		t.Fatalf("warm run: %d hits, want 5", c2.Hits())
	}
	for i := range first {
		if !reflect.DeepEqual(first[i].Targets, second[i].Targets) {
			t.Fatalf("rule %s: cached results differ:\n%+v\n%+v", first[i].Rule.ID, first[i].Targets, second[i].Targets)
		}
	}
	files["b.py"] = "print(2)\n"
	third, c3 := run(files)
	if c3.Hits() != 3 {
		t.Fatalf("after changing b.py: %d hits, want 3 (a.py only)", c3.Hits())
	}
	if fs := third[0].Findings(); len(fs) != 2 {
		t.Fatalf("the changed file must be judged again: %+v", fs)
	}
}
