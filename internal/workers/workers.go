// Package workers runs independent pieces of work on a goroutine per CPU.
package workers

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// Each calls f(0), ..., f(n-1) on up to workers goroutines (GOMAXPROCS when workers
// is 0 or less) and returns when all calls have returned. The calls must not depend
// on one another's order.
func Each(n, workers int, f func(i int)) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, n)
	if workers <= 1 {
		for i := 0; i < n; i++ {
			f(i)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				f(i)
			}
		}()
	}
	wg.Wait()
}
