// Command memprobe runs `heed check --all --format json` in process and says where its memory goes:
//
//	go build -o /tmp/memprobe ./bench/check/memprobe
//	/tmp/memprobe REPO /tmp/heap.prof           # heap profiles of the run
//	LIVE=1 /tmp/memprobe REPO /tmp/heap.prof    # ... and the largest live heap
//	go tool pprof -sample_index=inuse_space -top /tmp/memprobe /tmp/heap.prof.live
//
// It writes PROFILE at each new high of the heap in use (sampled every 50 ms),
// PROFILE.end after the run (allocation totals: -sample_index=alloc_space), and with
// LIVE set PROFILE.live at the largest live heap (a collection forced every 20 ms:
// slow, but what the run holds rather than what it has not collected yet; LIVE=v
// prints each new high). Then Go's memory statistics and the process's resident
// memory (/proc/self/status). NOCACHE=1 leaves .heed/cache alone. ANON=1 prints, at
// the largest anonymous resident memory, how much of it is Go's (heap, metadata,
// stacks) and how much is outside Go (Tree-sitter, glibc). MEMRATE=N samples the
// heap every N bytes allocated (4096: what a few-megabyte live heap holds, line by line).
package main

import (
	"fmt"
	"github.com/heed-dev/heed/bench/check/livetrace"
	"io"
	"os"
	"runtime"
	"runtime/pprof"
	"strconv"
	"strings"
	"time"

	"github.com/heed-dev/heed/internal/check"
	"github.com/heed-dev/heed/internal/project"
	"github.com/heed-dev/heed/internal/report"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: memprobe REPO PROFILE")
		os.Exit(2)
	}
	if r := os.Getenv("MEMRATE"); r != "" {
		// one heap sample every r bytes allocated (Go's default, 512 KiB, leaves a
		// few-megabyte live heap as half a dozen samples)
		n, err := strconv.Atoi(r)
		if err != nil || n <= 0 {
			fmt.Fprintf(os.Stderr, "MEMRATE=%q: want bytes, a positive number\n", r)
			os.Exit(2)
		}
		runtime.MemProfileRate = n
	}
	if os.Getenv("ANON") != "" {
		end := anonAtPeak(5 * time.Millisecond)
		defer end()
	}
	if os.Getenv("LIVE") != "" {
		end := livetrace.Start(os.Args[2]+".live", 20*time.Millisecond)
		defer end()
	}
	p, err := project.Open(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "memprobe:", err)
		os.Exit(1)
	}
	var peak uint64
	stop := make(chan bool)
	go func() {
		var ms runtime.MemStats
		best := uint64(0)
		for {
			select {
			case <-stop:
				return
			case <-time.After(50 * time.Millisecond):
			}
			runtime.ReadMemStats(&ms)
			if ms.HeapInuse > peak {
				peak = ms.HeapInuse
			}
			if ms.HeapInuse > best+2<<20 {
				best = ms.HeapInuse
				writeProfile(os.Args[2])
			}
		}
	}()
	// as `heed check --all --format json` runs it: the findings spilled past a few
	// thousand, the report written from them
	res, err := check.Run(p, check.Options{Mode: check.All, NoCache: os.Getenv("NOCACHE") != "", SpillFindings: true})
	if err != nil {
		fmt.Fprintln(os.Stderr, "memprobe:", err)
		os.Exit(1)
	}
	defer res.Close()
	rep := res.Report()
	if err := report.Write(io.Discard, "json", rep, report.Options{}); err != nil {
		fmt.Fprintln(os.Stderr, "memprobe:", err)
		os.Exit(1)
	}
	close(stop)
	runtime.GC()
	writeProfile(os.Args[2] + ".end")
	runtime.KeepAlive(res)
	fmt.Println(rep.Summary.Findings, "findings; peak heap in use", peak>>20, "MB")
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	fmt.Printf("Sys %d MB, HeapSys %d MB, HeapReleased %d MB, StackSys %d MB, total alloc %d MB, mallocs %d, GCs %d\n",
		ms.Sys>>20, ms.HeapSys>>20, ms.HeapReleased>>20, ms.StackSys>>20, ms.TotalAlloc>>20, ms.Mallocs, ms.NumGC)
	fmt.Printf("off the heap, kB: GCSys %d, MSpanSys %d, MCacheSys %d, BuckHashSys %d, OtherSys %d, StackSys %d\n",
		ms.GCSys>>10, ms.MSpanSys>>10, ms.MCacheSys>>10, ms.BuckHashSys>>10, ms.OtherSys>>10, ms.StackSys>>10)
	st, _ := os.ReadFile("/proc/self/status")
	for _, l := range strings.Split(string(st), "\n") {
		if strings.HasPrefix(l, "VmHWM") || strings.HasPrefix(l, "VmRSS") || strings.HasPrefix(l, "RssAnon") || strings.HasPrefix(l, "RssFile") {
			fmt.Println(l)
		}
	}
}

func writeProfile(path string) {
	f, err := os.Create(path)
	if err != nil {
		return
	}
	pprof.WriteHeapProfile(f)
	f.Close()
}
