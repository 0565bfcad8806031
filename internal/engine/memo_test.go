package engine

import (
	"fmt"
	"testing"
)

type closeCounter struct{ n *int }

func (c closeCounter) Close() error { *c.n++; return nil }

func TestReleaseFreesOneFileAndNothingElse(t *testing.T) {
	ev := &Evidence{}
	closed := map[string]*int{}
	for _, k := range []string{"file:a.go\x00tree", "file:a.go\x00regions", "file:a.go.bak\x00tree", "file:b.go\x00tree", "graph:index"} {
		n := new(int)
		closed[k] = n
		ev.Memo(k, func() (any, error) { return closeCounter{n}, nil })
	}
	ev.Release("file:a.go\x00")
	for k, n := range closed {
		want := 0
		if k == "file:a.go\x00tree" || k == "file:a.go\x00regions" {
			want = 1
		}
		if *n != want {
			t.Errorf("%q closed %d times, want %d", k, *n, want)
		}
	}
	// A released value is built again on the next use.
	rebuilt := false
	ev.Memo("file:a.go\x00tree", func() (any, error) { rebuilt = true; return nil, nil })
	if !rebuilt {
		t.Error("a released key must be rebuilt")
	}
	ev.Release("graph:") // a prefix without a NUL still matches by prefix
	if *closed["graph:index"] != 1 {
		t.Error("graph:index was not released by its prefix")
	}
	ev.Close()
	if *closed["file:b.go\x00tree"] != 1 || *closed["file:a.go.bak\x00tree"] != 1 {
		t.Error("Close releases everything left")
	}
}

// BenchmarkReleasePerFile must stay flat as files grow: the engine releases every
// file's values when it is done with it.
func BenchmarkReleasePerFile(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				ev := &Evidence{}
				for f := 0; f < n; f++ {
					ev.Memo(fmt.Sprintf("file:f%d\x00tree", f), func() (any, error) { return nil, nil })
				}
				for f := 0; f < n; f++ {
					ev.Release(fmt.Sprintf("file:f%d\x00", f))
				}
			}
		})
	}
}
