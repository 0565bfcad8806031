package resultcache

import (
	"encoding/gob"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
)

// The file is written and read as a stream, passes in blocks: a cache of more passes
// than a block, and results besides, comes back whole; a truncated file is empty.
func TestDiskCacheRoundTripsManyEntries(t *testing.T) {
	root := t.TempDir()
	key := func(i int) string { return fmt.Sprintf("%032x", i+2) }
	c := OpenDiskCache(root)
	for i := 0; i < 3*passBlock+5; i++ {
		c.Put(key(i), engine.Result{Verdict: engine.Satisfied})
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
		want := engine.Result{Verdict: engine.Satisfied}
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
	p := filepath.Join(root, filepath.FromSlash(File))
	b, _ := os.ReadFile(p)
	os.WriteFile(p, b[:len(b)/2], 0o644)
	if c := OpenDiskCache(root); c.Loaded() != 0 {
		t.Errorf("a truncated cache loaded %d entries", c.Loaded())
	}
}

// A result is reused for the same rule on the same content only: another version of
// the rule's kind, another path or other content is judged again. Saving replaces the
// cache heed kept before under the source rules' name.
func TestJudgeReusesAResultForTheSameRuleAndContentOnly(t *testing.T) {
	root := t.TempDir()
	legacy := filepath.Join(root, filepath.FromSlash(legacyFile))
	os.MkdirAll(filepath.Dir(legacy), 0o755)
	os.WriteFile(legacy, []byte("old"), 0o644)
	rule := func(version string) string {
		return RuleKey(version, &policy.Rule{Kind: "k", Params: []byte(`{"x":1}`)})
	}
	judged := 0
	run := func(key, path, content string) engine.Result {
		c := OpenDiskCache(root)
		ev := &engine.Evidence{Mode: engine.ModeAll}
		Use(ev, c)
		f := &engine.File{Path: path, Content: []byte(content)}
		r := Judge(ev, f, key, "", func() engine.Result {
			judged++
			return engine.Result{Verdict: engine.Violated, Findings: []engine.Finding{{Path: path, Line: 1, Message: content, CommandIndex: -1}}}
		})
		ev.Close()
		if err := c.Save(); err != nil {
			t.Fatal(err)
		}
		return r
	}
	first := run(rule("v1"), "a.py", "x")
	if again := run(rule("v1"), "a.py", "x"); judged != 1 || !reflect.DeepEqual(first, again) {
		t.Fatalf("the same rule on the same content was judged %d times, or differs: %+v %+v", judged, first, again)
	}
	run(rule("v2"), "a.py", "x")
	run(rule("v2"), "b.py", "x")
	run(rule("v2"), "b.py", "y")
	if judged != 4 {
		t.Errorf("another version, path or content judged %d times in all, want 4", judged)
	}
	if _, err := os.Stat(legacy); !os.IsNotExist(err) {
		t.Errorf("the legacy cache file is still there: %v", err)
	}
}

// A run keeps what it used: a full run's save drops the entries it never asked for,
// a run that kept the unused ones (a diff) drops none, and a result judged again
// replaces the one read from the file.
func TestDiskCacheKeepsWhatTheRunUsed(t *testing.T) {
	root := t.TempDir()
	key := func(i int) string { return fmt.Sprintf("%032x", 1000003*i+7) }
	bad := engine.Result{Verdict: engine.Violated, Findings: []engine.Finding{{Path: "b.py", Line: 1, Message: "m", CommandIndex: -1}}}
	c := OpenDiskCache(root)
	for i := 0; i < 300; i++ {
		r := engine.Result{Verdict: engine.Satisfied}
		if i%10 == 0 {
			r = bad
		}
		c.Put(key(i), r)
	}
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	// a diff uses a few and keeps the rest
	c = OpenDiskCache(root)
	c.KeepUnused()
	c.Get(key(3))
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	// a full run asks about the even ones, judges 20 again (now a pass) and 301 anew
	c = OpenDiskCache(root)
	if c.Loaded() != 300 {
		t.Fatalf("after a diff: %d entries, want 300", c.Loaded())
	}
	if _, ok := c.Get(fmt.Sprintf("%032x", 5)); ok {
		t.Error("a key never stored was found")
	}
	for i := 0; i < 300; i += 2 {
		r, ok := c.Get(key(i))
		if !ok || (i%10 == 0) != (r.Verdict == engine.Violated) {
			t.Fatalf("entry %d: %+v %v", i, r, ok)
		}
	}
	c.Put(key(20), engine.Result{Verdict: engine.Satisfied})
	c.Put(key(301), bad)
	if c.Hits() != 150 {
		t.Errorf("%d hits, want 150", c.Hits())
	}
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	c = OpenDiskCache(root)
	if c.Loaded() != 151 {
		t.Errorf("after a full run: %d entries, want the 150 used and the one added", c.Loaded())
	}
	if r, ok := c.Get(key(20)); !ok || r.Verdict != engine.Satisfied {
		t.Errorf("entry 20 judged again: %+v %v", r, ok)
	}
	if r, ok := c.Get(key(301)); !ok || !reflect.DeepEqual(r, bad) {
		t.Errorf("entry 301: %+v %v", r, ok)
	}
	if _, ok := c.Get(key(1)); ok {
		t.Error("an entry the full run did not use was kept")
	}
}

// Results a build of heed wrote are read by that build only: a check's version is
// bumped by hand, and a rebuilt heed may judge the same rule and file otherwise.
func TestDiskCacheIsReadByTheBuildThatWroteIt(t *testing.T) {
	root := t.TempDir()
	c := OpenDiskCache(root)
	c.Put(fmt.Sprintf("%032x", 7), engine.Result{Verdict: engine.Satisfied})
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	if c := OpenDiskCache(root); c.Loaded() != 1 {
		t.Fatalf("the writing build loaded %d entries, want 1: the test judges nothing", c.Loaded())
	}
	p := filepath.Join(root, filepath.FromSlash(File))
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	enc := gob.NewEncoder(f)
	enc.Encode(cacheHeader{Version: cacheFormat, Build: "another heed"})
	enc.Encode(cacheBlock{Results: []cacheEntry{{Result: engine.Result{Verdict: engine.Satisfied}}}, End: true})
	f.Close()
	if c := OpenDiskCache(root); c.Loaded() != 0 {
		t.Errorf("results of another build were read: %d entries", c.Loaded())
	}
}
