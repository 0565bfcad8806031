package workers

import (
	"sync/atomic"
	"testing"
)

func TestEachCallsEveryIndexOnce(t *testing.T) {
	for _, n := range []int{0, 1, 7, 1000} {
		for _, w := range []int{0, 1, 3} {
			seen := make([]atomic.Int32, n)
			Each(n, w, func(i int) { seen[i].Add(1) })
			for i := range seen {
				if c := seen[i].Load(); c != 1 {
					t.Fatalf("n=%d workers=%d: index %d called %d times", n, w, i, c)
				}
			}
		}
	}
}
