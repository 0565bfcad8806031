// Command hook measures what reading task runners adds to a live check: heed's
// Enforcer judges command lines in a repository (its .heed/policy.json and live index,
// from heed compile) as heed-shim does, with internal/taskrun on and off, in
// alternating rounds, a new Enforcer each time (each hook call is a new process):
//
//	go run ./bench/taskrun/hook -repo DIR [-journal FILE] [-rounds 400] ["make check" ...]
//
// -journal restores .heed/journal.jsonl from FILE before every call, so an ordering
// rule reads the same history each time (the journal is left as FILE at the end).
// Without lines it times `git commit -m x`, `make check` and `ls -la`.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/heed-dev/heed/internal/enforce"
	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/rules/process"
)

func main() {
	repo := flag.String("repo", "", "the repository (required)")
	journal := flag.String("journal", "", "a journal to restore before every call")
	rounds := flag.Int("rounds", 400, "rounds (each times the line with and without runners)")
	flag.Parse()
	if *repo == "" {
		fmt.Fprintln(os.Stderr, "usage: go run ./bench/taskrun/hook -repo DIR [-journal FILE] [-rounds N] [LINE...]")
		os.Exit(2)
	}
	root, err := filepath.Abs(*repo)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	var hist []byte
	if *journal != "" {
		if hist, err = os.ReadFile(*journal); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
	}
	lines := flag.Args()
	if len(lines) == 0 {
		lines = []string{"git commit -m x", "make check", "ls -la"}
	}
	fmt.Printf("%-24s %14s %14s %10s\n", "line", "without (med)", "with (med)", "added")
	for _, line := range lines {
		times := map[bool][]time.Duration{}
		for i := 0; i < *rounds; i++ {
			for _, off := range []bool{i%2 == 0, i%2 != 0} {
				if hist != nil {
					if err := os.WriteFile(filepath.Join(root, enforce.JournalFile), hist, 0o644); err != nil {
						fmt.Fprintln(os.Stderr, err)
						os.Exit(1)
					}
				}
				e := &enforce.Enforcer{Loader: &enforce.Loader{Registry: engine.NewRegistry(process.Kinds()...)}, NoRunners: off, NoJournal: true}
				start := time.Now()
				d := e.Check(enforce.Request{Root: root, Line: line, Source: "hook:claude"})
				times[off] = append(times[off], time.Since(start))
				if d.Internal != "" {
					fmt.Fprintf(os.Stderr, "%s: %s\n", line, d.Internal)
					os.Exit(1)
				}
			}
		}
		without, with := median(times[true]), median(times[false])
		fmt.Printf("%-24s %14v %14v %10v\n", line, without.Round(time.Microsecond), with.Round(time.Microsecond), (with - without).Round(time.Microsecond))
	}
}

func median(d []time.Duration) time.Duration {
	sort.Slice(d, func(a, b int) bool { return d[a] < d[b] })
	return d[len(d)/2]
}
