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
		{3 * mb, 600},   // 3 MB live, 24 MB floor: goal 24 MB (the runtime's minimum, 4 MB × 6; 3 MB × 7 is 21)
		{12 * mb, 100},  // half the floor: GOGC's doubling reaches it
		{200 * mb, 100}, // a large heap is collected as GOGC says
		{0, 600},        // before any collection: the runtime's minimum goal at the floor, not 4 MB × 23
		{mb, 600},       // 1 MB live: 2,300 would put the runtime's minimum at 92 MB
		{20 * mb, 100},  // GOGC's doubling is past the floor
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

// The floor is a floor, not a multiple of it: Go scales its smallest heap goal with
// GOGC, so the GOGC that put a 1 MB heap's goal at the floor also put the runtime's
// minimum at fifteen times it (16 MB asked, 60 MB given): a `heed compile` touched
// 56 MB of fresh heap, 14,000 page faults, and never collected. A heap that churns
// with little live must be collected before it grows far past the floor.
func TestTheGoalStaysNearTheFloor(t *testing.T) {
	if p := debug.SetGCPercent(100); p < 0 {
		debug.SetGCPercent(p)
		t.Skip("GOGC=off: nothing to tune")
	} else {
		defer debug.SetGCPercent(p)
	}
	const floor = 16 << 20
	var peak uint64
	for try := 0; try < 3; try++ {
		runtime.GC()
		stop := Set(floor)
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		start, gcs := ms.TotalAlloc, ms.NumGC
		peak = 0
		var sink []byte
		for i := 0; ; i++ {
			sink = make([]byte, 64<<10) // nothing kept
			if i%64 == 0 {
				runtime.ReadMemStats(&ms)
				peak = max(peak, ms.HeapAlloc)
				if ms.NumGC > gcs || ms.TotalAlloc-start > 48<<20 {
					break
				}
			}
		}
		_ = sink
		stop()
		if peak < floor*5/4 {
			return
		}
	}
	t.Errorf("with a %d MB floor the heap grew to %d MB before its first collection", floor>>20, peak>>20)
}

// After a collection the finalizer reads a heap that has grown since: the goal the
// collection set says what it kept, so the floor holds.
func TestTuneReadsWhatTheCollectionKept(t *testing.T) {
	const mb = 1 << 20
	tu := &tuner{floor: 16 * mb, base: 100, last: percent(0, 16*mb, 100)}
	// 4 MB kept, goal 16 MB (the runtime's minimum at 400); 8 MB allocated by the time
	// the finalizer runs
	if got := tu.next(8*mb, 16*mb); got < 300 || got > 400 {
		t.Errorf("4 MB kept: percent %d, want 300 to 400 (a goal of 16 to 20 MB), not the 100 that 8 MB live asks", got)
	}
	// a large heap: 40 MB kept, goal 80 MB at 100
	tu.last = 100
	if got := tu.next(50*mb, 80*mb); got != 100 {
		t.Errorf("40 MB kept: percent %d, want GOGC's 100", got)
	}
}
