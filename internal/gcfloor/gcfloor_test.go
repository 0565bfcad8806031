package gcfloor

import (
	"runtime"
	"runtime/debug"
	"testing"
)

func TestPercentPutsTheGoalAtTheFloor(t *testing.T) {
	const mb = 1 << 20
	cases := []struct {
		live uint64
		want int
	}{
		{3 * mb, 700},   // 3 MB live, 24 MB floor: goal 24 MB
		{12 * mb, 100},  // half the floor: GOGC's doubling reaches it
		{200 * mb, 100}, // a large heap is collected as GOGC says
		{0, 2300},       // before any collection: the floor over 1 MB
	}
	for _, c := range cases {
		if got := percent(c.live, 24*mb, 100); got != c.want {
			t.Errorf("live %d MB: percent %d, want %d", c.live/mb, got, c.want)
		}
	}
	if got := percent(40*mb, 24*mb, 300); got != 300 {
		t.Errorf("a GOGC above the floor's is kept: %d", got)
	}
}

func TestFewerCollectionsOfASmallHeap(t *testing.T) {
	if p := debug.SetGCPercent(100); p < 0 {
		debug.SetGCPercent(p)
		t.Skip("GOGC=off: nothing to tune")
	} else {
		defer debug.SetGCPercent(p)
	}
	churn := func() uint32 {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		var keep [][]byte
		for i := 0; i < 4000; i++ {
			b := make([]byte, 8<<10) // 32 MB allocated, 1 MB live at most
			keep = append(keep, b)
			if len(keep) > 128 {
				keep = keep[1:]
			}
		}
		runtime.ReadMemStats(&after)
		return after.NumGC - before.NumGC
	}
	// A collection the runtime starts for its own reasons (a forced one finishing, the
	// test binary's other goroutines) can land in either window on a loaded machine:
	// the floor must win in one of three tries.
	var with, without uint32
	for try := 0; try < 3; try++ {
		runtime.GC()
		without = churn()
		stop := Set(64 << 20)
		runtime.GC()
		with = churn()
		stop()
		if with < without && with <= 2 {
			return
		}
	}
	t.Fatalf("collections while allocating 32 MB with a 1 MB live heap: %d with a 64 MB floor, %d without (3 tries)", with, without)
}
