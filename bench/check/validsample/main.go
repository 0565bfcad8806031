// Command validsample measures the self-validation's file sample: for each
// repository it compiles the instruction files in memory (as a first `heed compile`
// would, with no policy file before it) and runs the self-validation twice, judging
// every file and then with the sample, without caches, and prints the CPU each took
// and every rule whose verdict the sample changed. Nothing is written to the
// repositories.
//
//	go run ./bench/check/validsample [-sample N] REPO...
package main

import (
	"flag"
	"fmt"
	"github.com/heed-dev/heed/bench/check/benchrules"
	"os"
	"syscall"
	"time"

	checkpkg "github.com/heed-dev/heed/internal/check"
	"github.com/heed-dev/heed/internal/policy"
)

func cpu() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func main() {
	sample := flag.Int("sample", policy.DefaultSampleFiles, "files a rule is judged on at most")
	budget := flag.Duration("budget", time.Hour, "time budget of each pass (large: the sample, not the clock, is measured)")
	flag.Parse()
	same, diff, demotions, total := 0, 0, 0, 0
	var cpuAll, cpuSample time.Duration
	for _, root := range flag.Args() {
		prelim, compiled, err := benchrules.Compile(root)
		if err != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", root, err)
			os.Exit(1)
		}
		run := func(n int) (*checkpkg.Validation, time.Duration) {
			c0 := cpu()
			v, err := checkpkg.Validate(root, compiled, checkpkg.ValidateOptions{Settings: prelim.SelfValidation, Budget: *budget, NoCache: true, SampleFiles: n})
			if err != nil {
				fmt.Fprintf(os.Stderr, "%s: %v\n", root, err)
				os.Exit(1)
			}
			return v, cpu() - c0
		}
		all, ca := run(-1)
		smp, cs := run(*sample)
		cpuAll += ca
		cpuSample += cs
		sampled := 0
		for _, ra := range all.Rules {
			rs := smp.Rule(ra.Rule)
			total++
			if rs.Sampled > 0 {
				sampled++
			}
			if rs.Verdict == ra.Verdict {
				same++
				continue
			}
			diff++
			what := "verdict changed (the policy is the same: neither is demoted)"
			if rs.Verdict == checkpkg.ValidDemote || ra.Verdict == checkpkg.ValidDemote {
				demotions++
				what = "DEMOTION CHANGED"
			}
			fmt.Printf("  %s: %s %s: all files %s (%d sites in %d of %d files), sample %s (%d sites in %d of %d, %d of %d files sampled, ~%d sites)\n",
				what, root, ra.Rule, ra.Verdict, ra.Sites, ra.Files, ra.Applies, rs.Verdict, rs.Sites, rs.Files, rs.Applies, rs.Sampled, rs.Of, rs.EstimatedSites())
		}
		fmt.Printf("%s: %d rules, %d sampled, %d files; CPU all %.2fs, sample %.2fs\n", root, len(all.Rules), sampled, all.Files, ca.Seconds(), cs.Seconds())
	}
	fmt.Printf("verdicts: %d of %d the same, %d changed, %d of them a demotion; CPU all %.2fs, sample %.2fs\n", same, total, diff, demotions, cpuAll.Seconds(), cpuSample.Seconds())
}
