// Command validdump prints everything the self-validation decides, rule by rule, so two
// builds can be compared with diff: for each repository it compiles the instruction
// files in memory (as a first `heed compile` would), runs the self-validation on HEAD's
// tree without caches, and prints each rule's verdict, counts, sample, review and a
// hash of its findings' fingerprints in order, then the process's CPU and peak
// resident memory on standard error. Nothing is written to the repositories.
//
//	go run ./bench/check/validdump [-sample N] [-heap PROFILE] REPO... > dump.txt
//
// With -heap, the profile of the largest live heap is written to PROFILE (read it
// with go tool pprof -sample_index=inuse_space).
package main

import (
	"flag"
	"fmt"
	"github.com/heed-dev/heed/bench/check/benchrules"
	"github.com/heed-dev/heed/bench/check/livetrace"
	"hash/fnv"
	"os"
	"syscall"
	"time"

	checkpkg "github.com/heed-dev/heed/internal/check"
)

func main() {
	sample := flag.Int("sample", 0, "files a rule is judged on at most (0: the policy's default; negative: every file)")
	heap := flag.String("heap", "", "write a heap profile of the largest live heap here (a collection forced every 20 ms: slow)")
	flag.Parse()
	if *heap != "" {
		defer livetrace.Start(*heap, 20*time.Millisecond)()
	}
	for _, root := range flag.Args() {
		prelim, compiled, err := benchrules.Compile(root)
		if err != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", root, err)
			os.Exit(1)
		}
		v, err := checkpkg.Validate(root, compiled, checkpkg.ValidateOptions{Settings: prelim.SelfValidation, Budget: time.Hour, NoCache: true, SampleFiles: *sample})
		if err != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", root, err)
			os.Exit(1)
		}
		fmt.Printf("%s: %d rules, %d files, stopped %v\n", root, len(v.Rules), v.Files, v.Stopped)
		for _, rv := range v.Rules {
			h := fnv.New64a()
			for _, f := range rv.Findings {
				fmt.Fprintf(h, "%s\x00%s:%d\x00", f.Fingerprint, f.File, f.Line)
			}
			fmt.Printf("  %s %s sev=%s sites=%d files=%d applies=%d complete=%v sampled=%d/%d findings=%016x review=%q\n",
				rv.Rule, rv.Verdict, rv.Severity, rv.Sites, rv.Files, rv.Applies, rv.Complete, rv.Sampled, rv.Of, h.Sum64(), rv.Review)
		}
	}
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	fmt.Fprintf(os.Stderr, "cpu %.2fs, peak resident %d MB\n", time.Duration(ru.Utime.Nano()+ru.Stime.Nano()).Seconds(), ru.Maxrss>>10)
}
