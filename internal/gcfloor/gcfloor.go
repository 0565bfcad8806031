// Package gcfloor gives a short-lived command a floor under Go's heap goal. Go
// collects when the heap has grown by GOGC percent of what the last collection kept,
// starting from 4 MB: a `heed compile` whose live heap stays at 3 MB collects every
// few milliseconds, and the collector was a tenth of its CPU. With a floor, the goal
// is the larger of the floor and what GOGC asks for, so a small heap is collected
// rarely and a large one (self-validation of a big repository) as before.
package gcfloor

import (
	"runtime"
	"runtime/debug"
	"sync/atomic"
)

// Set keeps the heap goal at least floor bytes, for the GOGC in effect (100 unless the
// environment says otherwise; off stays off), until the function it returns is called
// (a command may simply let the process end). It tunes after every collection.
func Set(floor uint64) (stop func()) {
	base := debug.SetGCPercent(100)
	debug.SetGCPercent(base)
	if base <= 0 || floor == 0 {
		return func() {}
	}
	t := &tuner{floor: floor, base: base, last: percent(0, floor, base)}
	debug.SetGCPercent(t.last)
	t.arm()
	return func() {
		t.stopped.Store(true)
		debug.SetGCPercent(base)
	}
}

type tuner struct {
	floor   uint64
	base    int
	last    int // the percent set last
	stopped atomic.Bool
}

// runtimeHeapMinimum is Go's smallest heap goal at GOGC=100; the runtime scales it
// with GOGC (4 MB × GOGC/100: runtime/mgcpacer.go, heapMinimum), so a GOGC of 1,500
// asks for no collection before 60 MB, whatever the live heap.
const runtimeHeapMinimum = 4 << 20

// percent is the GOGC that puts the goal, the larger of live × (1 + percent/100)
// and the runtime's minimum scaled by percent, at the floor when the live heap is
// small, and base once it is large.
func percent(live, floor uint64, base int) int {
	if live == 0 {
		live = 1 << 20
	}
	if live >= floor {
		return base
	}
	p := int((floor - live) * 100 / live)
	if m := int(floor * 100 / runtimeHeapMinimum); p > m {
		p = m // a larger GOGC would raise the runtime's minimum goal above the floor
	}
	if p < base {
		return base
	}
	return p
}

// tune runs just after a collection, so the heap allocated is about what it kept.
// (runtime/metrics would say so exactly, but its package initialisation would cost
// every heed process, hooks included.)
func (t *tuner) tune() {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	debug.SetGCPercent(t.next(ms.HeapAlloc, ms.NextGC))
}

// next is the percent after a collection, from the heap allocated when the finalizer
// ran and the goal the collection set. The finalizer runs a while after the
// collection, once the program has allocated more, so the heap allocated overstates
// what the collection kept (4 MB kept read as 8, and the goal fell to 10 MB under a
// 16 MB floor); the goal, live × (1 + last/100) or the runtime's minimum, bounds it
// from the other side.
func (t *tuner) next(heapAlloc, nextGC uint64) int {
	live := heapAlloc
	if nextGC > 0 {
		if kept := nextGC * 100 / uint64(100+t.last); kept < live {
			live = kept
		}
	}
	t.last = percent(live, t.floor, t.base)
	return t.last
}

// arm sets a finalizer on a fresh object: the next collection frees it and runs the
// finalizer, which tunes and arms again.
func (t *tuner) arm() {
	s := &sentinel{t: t}
	runtime.SetFinalizer(s, func(s *sentinel) {
		if s.t.stopped.Load() {
			return
		}
		s.t.tune()
		if s.t.stopped.Load() { // stopped while it tuned: stop's percent stands
			debug.SetGCPercent(s.t.base)
			return
		}
		s.t.arm()
	})
}

type sentinel struct {
	t *tuner
	_ [16]byte // a tiny object may share a block and be finalised late
}
