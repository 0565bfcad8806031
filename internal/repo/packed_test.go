package repo

import (
	"fmt"
	"math/rand"
	"reflect"
	"sort"
	"testing"
)

// A packed listing gives back every path, by index and in order, whatever the order
// git handed them over in (the index sorted, untracked files apart, an unmerged path
// once per stage), each once.
func TestPackedHoldsEveryPathOnce(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	dirs := []string{"", "django/", "django/contrib/admin/", "django/contrib/admin/templates/admin/", "docs/ref/", "ü/ñ/", "a b/"}
	var paths []string
	for i := 0; i < 700; i++ {
		paths = append(paths, fmt.Sprintf("%s%s%d.py", dirs[rng.Intn(len(dirs))], []string{"x", "mod", "tests_", ""}[rng.Intn(4)], rng.Intn(400)))
	}
	paths = append(paths, "z", "z/a", "z-a", "za")
	want := append([]string(nil), paths...)
	sort.Strings(want)
	uniq := want[:0]
	for i, p := range want {
		if i == 0 || p != want[i-1] {
			uniq = append(uniq, p)
		}
	}
	want = uniq

	// in order, with repeats (an unmerged path's stages), and some out of order
	sorted := append([]string(nil), paths...)
	sort.Strings(sorted)
	var k packer
	var aside []string
	for i, p := range sorted {
		if i%7 == 3 {
			aside = append(aside, p) // comes later, as git's untracked files do
			continue
		}
		k.add([]byte(p))
		if i%11 == 0 {
			k.add([]byte(p))
		}
	}
	for i := len(aside) - 1; i >= 0; i-- {
		k.add([]byte(aside[i]))
	}
	for _, p := range []*Packed{k.finish(), packSorted(append([]string(nil), paths...))} {
		if got := p.Strings(); !reflect.DeepEqual(got, want) {
			t.Fatalf("in order: %d paths, want %d", len(got), len(want))
		}
		if p.Len() != len(want) {
			t.Fatalf("Len %d, want %d", p.Len(), len(want))
		}
		for i := range want {
			if got := p.At(i); got != want[i] {
				t.Fatalf("At(%d) = %q, want %q", i, got, want[i])
			}
		}
		sel := Selection{Packed: p}
		for _, q := range []string{"django", "django/contrib", "z", "ü", "a b", "docs/ref"} {
			if !sel.Covers(q) {
				t.Errorf("Covers(%q) = false", q)
			}
		}
		for _, q := range []string{"djang", "django/contri", "zz", "docs/re", "nothing"} {
			if sel.Covers(q) {
				t.Errorf("Covers(%q) = true", q)
			}
		}
	}
	var empty packer
	if p := empty.finish(); p.Len() != 0 || len(p.Strings()) != 0 {
		t.Error("an empty listing holds paths")
	}
}

// Packed, the paths of a repository cost a fraction of their bytes.
func TestPackedIsSmallerThanThePaths(t *testing.T) {
	var paths []string
	bytes := 0
	for c := 0; c < 20; c++ {
		for _, d := range []string{"django/contrib/admin/", "django/db/models/fields/", "tests/admin_views/"} {
			for f := 0; f < 50; f++ {
				p := fmt.Sprintf("copy%02d/%smodule_%03d.py", c, d, f)
				paths = append(paths, p)
				bytes += len(p)
			}
		}
	}
	p := packSorted(paths)
	if held := len(p.data) + 4*len(p.blocks); held*3 > bytes {
		t.Errorf("%d paths of %d bytes held in %d", len(paths), bytes, held)
	}
}
