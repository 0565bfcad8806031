package lazy

import (
	"sync"
	"testing"
)

var built int

var table = Value[map[string]int]{F: func() map[string]int {
	built++
	return map[string]int{"a": 1}
}}

// The value is computed once, on first use, however many goroutines ask.
func TestComputedOnceOnFirstUse(t *testing.T) {
	if built != 0 {
		t.Fatalf("computed before use")
	}
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if table.Get()["a"] != 1 {
				t.Error("wrong value")
			}
		}()
	}
	wg.Wait()
	if built != 1 {
		t.Fatalf("computed %d times", built)
	}
}
