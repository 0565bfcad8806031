// Package livetrace records the live heap of a benchmark binary as it runs.
package livetrace

import (
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
	"time"
)

// Start forces a collection every interval and records the live heap; the
// profile of the largest live heap is written to path. It returns a stop function
// that prints the trace's maximum.
func Start(path string, interval time.Duration) func() {
	stop := make(chan bool)
	done := make(chan bool)
	start := time.Now()
	go func() {
		defer close(done)
		var ms runtime.MemStats
		var best uint64
		var at time.Duration
		for {
			select {
			case <-stop:
				fmt.Printf("max live heap %.1f MB at %v\n", float64(best)/(1<<20), at.Round(time.Millisecond))
				return
			case <-time.After(interval):
			}
			runtime.GC()
			runtime.ReadMemStats(&ms)
			if ms.HeapAlloc > best {
				best, at = ms.HeapAlloc, time.Since(start)
				if os.Getenv("LIVE") == "v" {
					fmt.Fprintf(os.Stderr, "%v live %.1f MB\n", at.Round(time.Millisecond), float64(best)/(1<<20))
				}
				if f, err := os.Create(path); err == nil {
					pprof.WriteHeapProfile(f)
					f.Close()
				}
			}
		}
	}()
	return func() { close(stop); <-done }
}
