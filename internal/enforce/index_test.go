package enforce

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/project"
)

// indexedRepo is a repository with a policy file and its live index.
func indexedRepo(t *testing.T) string {
	t.Helper()
	root := newRepo(t, "- Never run `cargo publish`.\n- Never force push.")
	p, err := project.Open(root)
	if err != nil {
		t.Fatal(err)
	}
	data, err := policy.Marshal(p.Policy)
	if err != nil {
		t.Fatal(err)
	}
	write(t, root, policy.File, string(data))
	if _, err := newEnforcer().Loader.Load(root, []string{"cargo"}, false); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, IndexFile)); err != nil {
		t.Fatalf("no index written: %v", err)
	}
	return root
}

// An index whose bytes are not those heed wrote is never read: every command is
// denied with what is wrong and how to fix it, by heed and by heed-shim's loader
// (no Open) alike. A change that keeps the JSON valid (the rule about cargo moved to
// another program) would otherwise let `cargo publish` through.
func TestCorruptIndexDenies(t *testing.T) {
	corruptions := []struct {
		name string
		edit func([]byte) []byte
	}{
		{"a rule moved to another program", func(b []byte) []byte {
			return bytes.Replace(b, []byte(`"cargo":`), []byte(`"cargx":`), 1)
		}},
		{"a flipped byte in a rule", func(b []byte) []byte {
			i := bytes.LastIndex(b, []byte("publish"))
			b[i] = 'P'
			return b
		}},
		{"truncated", func(b []byte) []byte { return b[:len(b)/2] }},
		{"empty", func(b []byte) []byte { return nil }},
		{"not an index", func(b []byte) []byte { return []byte("{}\n") }},
		{"no checksum", func(b []byte) []byte {
			_, rest, _ := bytes.Cut(b, []byte("\n"))
			return append([]byte("heed-process-index 2\n"), rest...)
		}},
	}
	for _, c := range corruptions {
		t.Run(c.name, func(t *testing.T) {
			root := indexedRepo(t)
			path := filepath.Join(root, IndexFile)
			data, _ := os.ReadFile(path)
			if !bytes.Contains(data, []byte(`"cargo":`)) {
				t.Fatalf("the index does not map cargo:\n%s", data)
			}
			if err := os.WriteFile(path, c.edit(data), 0o644); err != nil {
				t.Fatal(err)
			}
			for _, l := range []*Loader{newEnforcer().Loader, {Registry: newEnforcer().Loader.Registry}} {
				_, err := l.Load(root, []string{"cargo"}, false)
				if !errors.Is(err, ErrCorruptIndex) || !strings.Contains(err.Error(), IndexFile) || !strings.Contains(err.Error(), "heed compile") {
					t.Fatalf("load (open=%v): want a corrupt-index error naming %s and the fix, got %v", l.Open != nil, IndexFile, err)
				}
			}
			e := newEnforcer()
			d := e.Check(Request{Root: root, Argv: []string{"cargo", "publish"}, Source: "exec"})
			if !d.Blocked || !strings.Contains(d.Message, "corrupt") {
				t.Fatalf("cargo publish with a corrupt index: blocked=%v\n%s", d.Blocked, d.Message)
			}
			d = e.Check(Request{Root: root, Argv: []string{"ls"}, Source: "exec"})
			if !d.Blocked {
				t.Fatalf("a corrupt index must deny every command (fail closed)")
			}
		})
	}
}

// An index written by another version of heed is stale, not corrupt: heed rebuilds
// it, and the rebuilt index carries a checksum that verifies.
func TestOldIndexIsRebuilt(t *testing.T) {
	root := indexedRepo(t)
	path := filepath.Join(root, IndexFile)
	data, _ := os.ReadFile(path)
	_, rest, _ := bytes.Cut(data, []byte("\n"))
	os.WriteFile(path, append([]byte("heed-process-index 1\n"), rest...), 0o644)
	l := newEnforcer().Loader
	set, err := l.Load(root, []string{"cargo"}, false)
	if err != nil || set.FromIndex {
		t.Fatalf("an old index: from index %v, %v (want the slow path)", set.FromIndex, err)
	}
	set, err = l.Load(root, []string{"cargo"}, false)
	if err != nil || !set.FromIndex || len(set.Rules) != 1 {
		t.Fatalf("the rebuilt index: from index %v, %v", set.FromIndex, err)
	}
}
