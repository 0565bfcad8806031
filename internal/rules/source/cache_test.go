package source

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
)

// A second run with the findings cache gives the same results without parsing the
// files that did not change; a changed file is judged again.
func TestDiskCacheReusesResultsByContent(t *testing.T) {
	root := t.TempDir()
	rules := []*policy.Rule{
		queryRule(t, "print", QueryParams{Queries: map[string]string{"python": `((call function: (identifier) @f) @match (#eq? @f "print"))`}}, "print"),
		{ID: "len", Kind: KindText, Params: mustParams(t, TextParams{Check: "max_line_length", Max: 10})},
		{ID: "noqa", Kind: KindPattern, Params: mustParams(t, PatternParams{Regex: `noqa`, Where: "comments"})},
	}
	var compiled []engine.Compiled
	for _, r := range rules {
		ch, err := testRegistry.CompileRule(r)
		if err != nil {
			t.Fatal(err)
		}
		compiled = append(compiled, engine.Compiled{Rule: r, Check: ch})
	}
	run := func(files map[string]string) ([]engine.Outcome, *DiskCache) {
		c := OpenDiskCache(root)
		ev := &engine.Evidence{Mode: engine.ModeAll}
		for _, p := range slices.Sorted(maps.Keys(files)) {
			ev.Files = append(ev.Files, &engine.File{Path: p, Lang: "python", Content: []byte(files[p])})
		}
		UseCache(ev, c)
		outs := engine.Run(compiled, ev, engine.Options{Workers: 1})
		ev.Close()
		if err := c.Save(); err != nil {
			t.Fatal(err)
		}
		return outs, c
	}
	files := map[string]string{"a.py": "print(1)  # noqa, a long line\n", "b.py": "x = 1\n"}
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

// The file is written and read as a stream, passes in blocks: a cache of more passes
// than a block, and results besides, comes back whole; a truncated file is empty.
func TestDiskCacheRoundTripsManyEntries(t *testing.T) {
	root := t.TempDir()
	key := func(i int) string { return fmt.Sprintf("%032x", i+2) }
	c := OpenDiskCache(root)
	for i := 0; i < 3*passBlock+5; i++ {
		c.Put(key(i), satisfied())
	}
	bad := engine.Result{Verdict: engine.Violated, Findings: []engine.Finding{{Path: "a.py", Line: 3, Message: "m", CommandIndex: -1}}}
	c.Put(key(-1), bad)
	c.Put(key(-2), engine.Result{Verdict: engine.Satisfied, Reason: "checked where the syntax tree is sound"})
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	c = OpenDiskCache(root)
	if c.Loaded() != 3*passBlock+7 {
		t.Fatalf("loaded %d entries", c.Loaded())
	}
	for i := -2; i < 3*passBlock+5; i++ {
		r, ok := c.Get(key(i))
		want := satisfied()
		switch i {
		case -1:
			want = bad
		case -2:
			want.Reason = "checked where the syntax tree is sound"
		}
		if !ok || !reflect.DeepEqual(r, want) {
			t.Fatalf("entry %d: %+v %v", i, r, ok)
		}
	}
	p := filepath.Join(root, filepath.FromSlash(CacheFile))
	b, _ := os.ReadFile(p)
	os.WriteFile(p, b[:len(b)/2], 0o644)
	if c := OpenDiskCache(root); c.Loaded() != 0 {
		t.Errorf("a truncated cache loaded %d entries", c.Loaded())
	}
}
