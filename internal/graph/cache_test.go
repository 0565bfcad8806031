package graph

import (
	"os"
	"path/filepath"
	"testing"

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
