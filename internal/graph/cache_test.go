package graph

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/heed-dev/heed/internal/engine"
)

// A second build over the same content parses nothing; a change re-parses only the
// changed file; a corrupt cache file is an empty cache.
func TestDiskCacheSparesUnchangedFiles(t *testing.T) {
	root := t.TempDir()
	snap := engine.MapSnapshot{"a.py": []byte("import b\n"), "b.py": []byte("x = 1\n"), "c.ts": []byte("import './d';\n"), "d.ts": []byte("")}
	build := func() Stats {
		c := OpenDiskCache(root)
		g, err := Build(snap, c, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if err := c.Save(); err != nil {
			t.Fatal(err)
		}
		return g.Stats
	}
	if s := build(); s.Parsed != 4 || s.Cached != 0 {
		t.Fatalf("first build: %+v", s)
	}
	if s := build(); s.Parsed != 0 || s.Cached != 4 {
		t.Fatalf("second build parsed %d files, want 0: %+v", s.Parsed, s)
	}
	snap["a.py"] = []byte("import b\nimport os\n")
	if s := build(); s.Parsed != 1 || s.Cached != 3 {
		t.Fatalf("after a change: %+v", s)
	}
	os.WriteFile(filepath.Join(root, filepath.FromSlash(CacheFile)), []byte("garbage"), 0o644)
	if s := build(); s.Parsed != 4 {
		t.Fatalf("a corrupt cache is an empty one: %+v", s)
	}
	// Evidence: attached at the edge, used by every rule's graph.
	ev := &engine.Evidence{Tree: snap}
	save := AttachDiskCache(ev, root)
	g, err := Of(ev)
	if err != nil || g.Stats.Cached != 4 || g.Stats.Parsed != 0 {
		t.Fatalf("graph of evidence with the cache: %+v %v", g.Stats, err)
	}
	if err := save(); err != nil {
		t.Fatal(err)
	}
}

// Every field of the facts survives the cache file, and the same content in two files
// is parsed once, in a cold run too (the record is read back from the file being
// written).
func TestDiskCacheKeepsEveryFactAndReadsBackWhatItWrote(t *testing.T) {
	root := t.TempDir()
	want := Facts{Lang: engine.LangPython, Package: "pkg", Partial: true, Imports: []Import{
		{Spec: "a.b", Names: []string{"c", "d"}, Level: 2, Line: 7, Col: 3, Kind: KindDynamic, TypeOnly: true, Lazy: true},
		{Spec: "crate::x", InMod: "m::n", Line: 1 << 20, Kind: KindPath, Conditional: true, Static: true, Wildcard: true},
	}}
	c := OpenDiskCache(root)
	k1, k2 := FactsKey("python", []byte("x")), FactsKey("python", []byte("y"))
	c.Put(k1, want)
	c.Put(k2, Facts{Lang: "go", Err: "file is too large"})
	got, ok := c.Get(k1)
	if !ok || !reflect.DeepEqual(got, want) {
		t.Fatalf("read back in the same run: %+v %v", got, ok)
	}
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	c = OpenDiskCache(root)
	got, ok = c.Get(k1)
	if !ok || !reflect.DeepEqual(got, want) {
		t.Fatalf("read back from the saved file: %+v %v", got, ok)
	}
	if f, ok := c.Get(k2); !ok || f.Err != "file is too large" || f.Lang != "go" {
		t.Fatalf("an unreadable file's facts: %+v %v", f, ok)
	}
	if _, ok := c.Get(FactsKey("python", []byte("z"))); ok {
		t.Fatal("a key never put was found")
	}

	snap := engine.MapSnapshot{"a/x.py": []byte("import os\n"), "b/x.py": []byte("import os\n"), "c.py": []byte("import sys\n")}
	root2 := t.TempDir()
	c = OpenDiskCache(root2)
	g, err := Build(snap, c, Options{Workers: 1})
	if err != nil || g.Stats.Parsed != 2 || g.Stats.Cached != 1 {
		t.Fatalf("two files with the same content: %+v %v", g.Stats, err)
	}
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	ents, _ := os.ReadDir(filepath.Join(root2, ".heed", "cache"))
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	if len(names) != 2 || names[0] != ".gitignore" || names[1] != filepath.Base(CacheFile) {
		t.Fatalf("the cache folder holds %v, want its .gitignore and the cache file alone", names)
	}
}

// A run that uses every record and adds none leaves the file as it was; a run that
// uses some keeps only those; a record whose bytes went bad is a miss, not wrong facts.
func TestDiskCacheRewritesOnlyWhatChanged(t *testing.T) {
	root := t.TempDir()
	file := filepath.Join(root, filepath.FromSlash(CacheFile))
	snap := engine.MapSnapshot{"a.py": []byte("import b\n"), "b.py": []byte("import os\n")}
	build := func(s engine.Snapshot) Stats {
		c := OpenDiskCache(root)
		g, err := Build(s, c, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if err := c.Save(); err != nil {
			t.Fatal(err)
		}
		return g.Stats
	}
	build(snap)
	before, _ := os.Stat(file)
	os.Chtimes(file, before.ModTime().Add(-time.Hour), before.ModTime().Add(-time.Hour))
	before, _ = os.Stat(file)
	if s := build(snap); s.Cached != 2 {
		t.Fatalf("warm: %+v", s)
	}
	if after, _ := os.Stat(file); !after.ModTime().Equal(before.ModTime()) {
		t.Fatal("a run that changed nothing rewrote the cache file")
	}
	if s := build(engine.MapSnapshot{"a.py": snap["a.py"]}); s.Cached != 1 {
		t.Fatalf("one file left: %+v", s)
	}
	if s := build(snap); s.Parsed != 1 || s.Cached != 1 {
		t.Fatalf("the pruned file's record should be gone: %+v", s)
	}
	// flip the last byte of the file: the last record's payload
	b, _ := os.ReadFile(file)
	b[len(b)-1] ^= 0xff
	os.WriteFile(file, b, 0o644)
	if s := build(snap); s.Parsed != 1 || s.Cached != 1 {
		t.Fatalf("a damaged record must be parsed again: %+v", s)
	}
}

// Any bytes decode to facts or to an error, never a panic or a huge allocation.
func FuzzDecodeFacts(f *testing.F) {
	f.Add(appendFacts(nil, &Facts{Lang: "python", Imports: []Import{{Spec: "a", Names: []string{"b"}, Line: 3}}}))
	f.Add([]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f})
	f.Fuzz(func(t *testing.T, b []byte) {
		facts, err := decodeFacts(b)
		if err != nil {
			return
		}
		if again := appendFacts(nil, &facts); len(again) > len(b) {
			t.Fatalf("decoded %d bytes into facts that encode to %d", len(b), len(again))
		}
	})
}

// A run that reads only some files' facts, told to keep the rest (a diff check),
// leaves every record of the file it opened and adds its own; a full run afterwards
// parses nothing. Without KeepUnused the records no run asked for are pruned.
func TestDiskCacheKeepUnusedKeepsTheRestOfTheTree(t *testing.T) {
	root := t.TempDir()
	snap := engine.MapSnapshot{"a.py": []byte("import b\n"), "b.py": []byte("import c\n"), "c.py": []byte("x = 1\n")}
	c := OpenDiskCache(root)
	if _, err := Build(snap, c, Options{}); err != nil {
		t.Fatal(err)
	}
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	one := func(keep bool, content string) {
		t.Helper()
		c := OpenDiskCache(root)
		if keep {
			c.KeepUnused()
		}
		ev := &engine.Evidence{Tree: snap}
		UseCache(ev, c)
		f := &engine.File{Path: "a.py", Lang: engine.LangPython, Content: []byte(content)}
		if _, err := FileOf(ev, f); err != nil {
			t.Fatal(err)
		}
		if err := c.Save(); err != nil {
			t.Fatal(err)
		}
	}
	one(true, "import b\nimport c\n")
	if n := OpenDiskCache(root).Entries(); n != 4 {
		t.Fatalf("after a run that kept the rest: %d records, want the 3 of the tree and the new one", n)
	}
	one(true, "import b\n") // read from the cache: nothing to write
	if n := OpenDiskCache(root).Entries(); n != 4 {
		t.Fatalf("after a run that added nothing: %d records, want 4", n)
	}
	c = OpenDiskCache(root)
	g, err := Build(snap, c, Options{})
	if err != nil || g.Stats.Parsed != 0 || g.Stats.Cached != 3 {
		t.Fatalf("a full build after the partial runs: %+v %v, want every file from the cache", g.Stats, err)
	}
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	if n := OpenDiskCache(root).Entries(); n != 3 {
		t.Fatalf("a full run keeps what it used: %d records, want 3", n)
	}
	one(false, "import b\nimport c\nimport os\n")
	if n := OpenDiskCache(root).Entries(); n != 1 {
		t.Fatalf("without KeepUnused a run keeps what it used: %d records, want 1", n)
	}
}

// AttachDiskCache attaches the repository's extraction cache to an evidence bundle
// and returns the function that saves it; call both at the edge:
//
//	save := graph.AttachDiskCache(ev, root)
//	outcomes := engine.Run(rules, ev, opt)
//	_ = save()
func AttachDiskCache(ev *engine.Evidence, root string) (save func() error) {
	c := OpenDiskCache(root)
	UseCache(ev, c)
	return c.Save
}
