// Command taskrun sweeps repositories' task runner files with internal/taskrun: for
// every target of the root's Makefile, justfile, package.json, Taskfile and tox.ini
// it reads what the target runs, and counts what it could read:
//
//	go run ./bench/taskrun DIR...     # each DIR a repository (or a folder of its runner files)
//	go run ./bench/taskrun -v DIR...  # and every error
//
// Per runner: targets, expanded (one command or more), empty (a target that runs
// nothing heed reads), errors (a file or target heed cannot read), the commands read
// and how many hold a word computed at run time; then the slowest expansions.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/heed-dev/heed/internal/shell"
	"github.com/heed-dev/heed/internal/taskrun"
)

type tally struct{ targets, expanded, empty, errs, steps, computed int }

type timing struct {
	what string
	d    time.Duration
	n    int
}

func main() {
	verbose := flag.Bool("v", false, "print every error")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: go run ./bench/taskrun [-v] DIR...")
		os.Exit(2)
	}
	all := map[string]*tally{}
	var errs []string
	var times []timing
	for _, dir := range flag.Args() {
		root, err := filepath.Abs(dir)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		name := filepath.Base(root)
		r := &taskrun.Reader{}
		lines, ferrs := r.Targets(root, "")
		for _, e := range ferrs {
			errs = append(errs, name+": "+e.Error())
		}
		for _, l := range lines {
			runner := strings.Fields(l)[0]
			tl := all[runner]
			if tl == nil {
				tl = &tally{}
				all[runner] = tl
			}
			tl.targets++
			cmds := shell.Parse(l, shell.Options{Root: root, Index: -1})
			start := time.Now()
			steps, err := r.Expand(root, &cmds[0])
			times = append(times, timing{name + ": " + l, time.Since(start), len(steps)})
			switch {
			case err != nil:
				tl.errs++
				errs = append(errs, name+": "+l+": "+err.Error())
			case len(steps) == 0:
				tl.empty++
			default:
				tl.expanded++
			}
			tl.steps += len(steps)
			for _, s := range steps {
				if s.Command.Dynamic {
					tl.computed++
				}
			}
		}
	}
	var runners []string
	for k := range all {
		runners = append(runners, k)
	}
	sort.Strings(runners)
	fmt.Printf("%-6s %8s %9s %6s %7s %9s %9s\n", "runner", "targets", "expanded", "empty", "errors", "commands", "computed")
	for _, k := range runners {
		t := all[k]
		fmt.Printf("%-6s %8d %9d %6d %7d %9d %9d\n", k, t.targets, t.expanded, t.empty, t.errs, t.steps, t.computed)
	}
	sort.Slice(times, func(i, j int) bool { return times[i].d > times[j].d })
	if len(times) > 0 {
		ds := make([]time.Duration, len(times))
		for i, t := range times {
			ds[i] = t.d
		}
		sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
		fmt.Printf("\nexpansion time: median %v, p99 %v, max %v (the first expansion of a file parses it)\n", ds[len(ds)/2], ds[len(ds)*99/100], ds[len(ds)-1])
		for _, t := range times[:min(5, len(times))] {
			fmt.Printf("  %v  %s (%d commands)\n", t.d.Round(time.Microsecond), t.what, t.n)
		}
	}
	fmt.Printf("\n%d errors\n", len(errs))
	if *verbose {
		sort.Strings(errs)
		for _, e := range errs {
			fmt.Println("  " + e)
		}
	}
}
