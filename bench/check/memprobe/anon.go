package main

import (
	"fmt"
	"os"
	"runtime/metrics"
	"strconv"
	"strings"
	"time"
)

// anonAtPeak samples the process's anonymous resident memory (RssAnon) every
// interval and, at its largest, Go's own memory classes (runtime/metrics): what of
// the anonymous memory is Go's heap, its metadata and stacks, and what is outside Go
// (Tree-sitter's and glibc's allocations, C threads' stacks). The function it returns
// stops the sampling and prints the breakdown at the peak.
func anonAtPeak(interval time.Duration) func() {
	names := []string{
		"/memory/classes/heap/objects:bytes",
		"/memory/classes/heap/unused:bytes",
		"/memory/classes/heap/free:bytes",
		"/memory/classes/heap/released:bytes",
		"/memory/classes/heap/stacks:bytes",
		"/memory/classes/os-stacks:bytes",
		"/memory/classes/metadata/mspan/inuse:bytes",
		"/memory/classes/metadata/mspan/free:bytes",
		"/memory/classes/metadata/mcache/inuse:bytes",
		"/memory/classes/metadata/mcache/free:bytes",
		"/memory/classes/metadata/other:bytes",
		"/memory/classes/profiling/buckets:bytes",
		"/memory/classes/other:bytes",
		"/memory/classes/total:bytes",
	}
	samples := make([]metrics.Sample, len(names))
	for i, n := range names {
		samples[i].Name = n
	}
	stop, done := make(chan bool), make(chan bool)
	go func() {
		defer close(done)
		var best int64
		at := map[string]uint64{}
		for {
			select {
			case <-stop:
				mb := func(b uint64) string { return fmt.Sprintf("%.1f", float64(b)/(1<<20)) }
				heap := at["heap/objects"] + at["heap/unused"] + at["heap/free"]
				meta := at["metadata/mspan/inuse"] + at["metadata/mspan/free"] + at["metadata/mcache/inuse"] + at["metadata/mcache/free"] + at["metadata/other"]
				stacks := at["heap/stacks"] + at["os-stacks"]
				other := at["profiling/buckets"] + at["other"]
				goMapped := at["total"] - at["heap/released"]
				fmt.Printf("at the largest RssAnon, %s MB: Go's heap %s MB (objects %s), metadata %s, stacks %s, other %s: Go %s MB mapped; outside Go about %s MB\n",
					mb(uint64(best)), mb(heap), mb(at["heap/objects"]), mb(meta), mb(stacks), mb(other), mb(goMapped), mb(uint64(max(0, best-int64(goMapped)))))
				return
			case <-time.After(interval):
			}
			anon := rssAnon()
			if anon <= best {
				continue
			}
			best = anon
			metrics.Read(samples)
			for i, s := range samples {
				if s.Value.Kind() == metrics.KindUint64 {
					at[strings.TrimSuffix(strings.TrimPrefix(names[i], "/memory/classes/"), ":bytes")] = s.Value.Uint64()
				}
			}
		}
	}()
	return func() { close(stop); <-done }
}

// rssAnon is the process's RssAnon in bytes (0 when /proc cannot tell).
func rssAnon() int64 {
	st, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(st), "\n") {
		if v, ok := strings.CutPrefix(l, "RssAnon:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return kb << 10
		}
	}
	return 0
}
