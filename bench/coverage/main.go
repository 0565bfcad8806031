// Command coverage measures the offline compiler on the instruction corpus: the share
// of must/should constraints that became non-semantic (executable) rules, per file and
// in total, and draws a reproducible random sample of compiled rules for checking by
// hand (bench/coverage/sample.md keeps the sample with the verdicts).
//
//	go run ./bench/coverage                       # table over ../shared/corpus/instructions
//	go run ./bench/coverage -json                 # the report as JSON
//	go run ./bench/coverage -sample 50 -seed 1    # a sample to check by hand
//	go run ./bench/coverage -swecc [-list]        # SWE-CC's 823 contribution policies
//	go run ./bench/coverage -swecc -split dev     # … of the dev projects only (holdout: the 3 lowest SHA-256 names)
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/heed-dev/heed/internal/compile"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/rules"
)

func main() {
	corpus := flag.String("corpus", defaultCorpus(), "corpus folder with MANIFEST.tsv")
	asJSON := flag.Bool("json", false, "print the report as JSON")
	sample := flag.Int("sample", 0, "print a random sample of N compiled non-semantic rules")
	seed := flag.Int64("seed", 1, "seed of the sample")
	unenforced := flag.Bool("unenforced", false, "list every must/should constraint left without an executable rule")
	list := flag.Bool("list", false, "list every must/should constraint with what it became")
	labels := flag.String("checkable", "bench/coverage/checkable.tsv", "hand-labelled sample of checkable constraints")
	timeRecs := flag.Bool("time-recognizers", false, "time each recogniser over the corpus (one goroutine)")
	verbose := flag.Bool("v", false, "with the table, name the labelled constraints compiled or missed")
	swecc := flag.Bool("swecc", false, "measure the compiler on SWE-CC's 823 contribution policies instead")
	sweccPath := flag.String("swecc-file", defaultSWECC(), "SWE-CC policies.csv")
	withRules := flag.Bool("rules", false, "with -swecc: list every policy with the params of its rules")
	sweccSplit := flag.String("split", "all", "with -swecc: all, dev or holdout projects (sweccSplitOf)")
	flag.Parse()
	if *swecc {
		ps, err := loadSWECC(*sweccPath)
		if err != nil {
			fmt.Fprintln(os.Stderr, "coverage:", err)
			os.Exit(2)
		}
		ps, err = sweccSelect(ps, *sweccSplit)
		if err != nil {
			fmt.Fprintln(os.Stderr, "coverage:", err)
			os.Exit(2)
		}
		compileSWECC(ps, rules.Recognizers())
		reportSWECC(os.Stdout, ps, *list || *withRules, *withRules)
		return
	}

	repos, err := LoadCorpus(*corpus)
	if err != nil {
		fmt.Fprintln(os.Stderr, "coverage:", err)
		os.Exit(2)
	}
	recs := rules.Recognizers()
	reg := rules.Registry()
	if *timeRecs {
		timeRecognizers(repos, recs)
		return
	}
	start, cpuStart := time.Now(), cpuTime()
	var all []*policy.Policy
	total := &policy.Policy{}
	var warnings []string
	for _, r := range repos {
		p, rep := compile.Compile(r.Set, r.Context, recs)
		warnings = append(warnings, rep.Warnings...)
		all = append(all, p)
		// One row per corpus file: name files by repository, since many are AGENTS.md.
		for _, src := range p.Sources {
			src.Path = r.Name + ":" + src.Path
			total.Sources = append(total.Sources, src)
		}
		for _, e := range p.Entries {
			e.File = r.Name + ":" + e.File
			total.Entries = append(total.Entries, e)
		}
	}
	elapsed, cpu := time.Since(start), cpuTime()-cpuStart
	// Rules that do not compile against the registry are recogniser defects: count them.
	broken := 0
	for _, p := range all {
		for _, b := range p.Rules() {
			if _, err := reg.CompileRule(b.Rule); err != nil {
				broken++
				warnings = append(warnings, fmt.Sprintf("rule %s does not compile: %v", b.Rule.ID, err))
			}
		}
	}
	rep := compile.ReportFor(total)
	rep.Warnings = warnings
	switch {
	case *asJSON:
		enc := json.NewEncoder(os.Stdout)
		enc.SetIndent("", "  ")
		enc.Encode(rep)
	case *sample > 0:
		printSample(total, *sample, *seed)
	case *unenforced, *list:
		for _, e := range total.Entries {
			if e.Level == policy.Info || (*unenforced && hasExecutable(&e)) {
				continue
			}
			what := e.Unenforced
			if len(e.Rules) > 0 {
				what = "judge"
			}
			if hasExecutable(&e) {
				var kinds []string
				for _, r := range e.Rules {
					kinds = append(kinds, r.Domain+"/"+r.Kind)
				}
				what = "rules: " + strings.Join(kinds, ",")
			}
			fmt.Printf("%s:%d\t%s\t%s\t%s\n", e.File, e.Line, e.Level, what, oneLine(e.Text))
		}
	default:
		rep.WriteTable(os.Stdout)
		if err := scoreCheckable(*labels, total, *verbose); err != nil {
			fmt.Fprintln(os.Stderr, "coverage:", err)
		}
		fmt.Printf("compiled %d constraints of %d files in %v wall, %v CPU (one run; see BenchmarkCompileCorpus)\n", len(total.Entries), len(total.Sources), elapsed.Round(time.Millisecond), cpu.Round(time.Millisecond))
		if broken > 0 {
			fmt.Printf("%d generated rules do not compile\n", broken)
		}
		for _, w := range warnings {
			fmt.Fprintln(os.Stderr, "warning:", w)
		}
	}
}

func hasExecutable(e *policy.Entry) bool {
	for _, r := range e.Rules {
		if r.Domain != policy.DomainSemantic {
			return true
		}
	}
	return false
}

func printSample(p *policy.Policy, n int, seed int64) {
	var pool []policy.Bound
	for _, b := range p.Rules() {
		if b.Rule.Domain != policy.DomainSemantic {
			pool = append(pool, b)
		}
	}
	sort.SliceStable(pool, func(i, j int) bool { return pool[i].Rule.ID < pool[j].Rule.ID })
	rng := rand.New(rand.NewSource(seed))
	rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	if n > len(pool) {
		n = len(pool)
	}
	fmt.Printf("# %d of %d executable rules, seed %d\n\n", n, len(pool), seed)
	for i, b := range pool[:n] {
		fmt.Printf("## %d. %s\n\n", i+1, b.Rule.ID)
		fmt.Printf("- sentence (%s:%d, %s): %q\n", b.Constraint.File, b.Constraint.Line, b.Constraint.Level, oneLine(b.Constraint.Text))
		fmt.Printf("- rule: %s/%s exact=%v severity=%s origin=%s\n", b.Rule.Domain, b.Rule.Kind, b.Rule.Exact, b.Rule.Severity, b.Rule.Origin)
		fmt.Printf("- params: `%s`\n", string(b.Rule.Params))
		if !(b.Rule.Scope.Dir == "" && len(b.Rule.Scope.Globs) == 0) {
			sc, _ := json.Marshal(b.Rule.Scope)
			fmt.Printf("- scope: `%s`\n", sc)
		}
		fmt.Printf("- verdict: TODO\n\n")
	}
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// defaultCorpus finds ../shared/corpus/instructions from the repository root or from
// this folder.
func defaultCorpus() string {
	for _, c := range []string{"../shared/corpus/instructions", "../../../shared/corpus/instructions", "/work/shared/corpus/instructions"} {
		if _, err := os.Stat(filepath.Join(c, "MANIFEST.tsv")); err == nil {
			return c
		}
	}
	return "../shared/corpus/instructions"
}

// scoreCheckable reports coverage over the hand-labelled sample: of the constraints a
// careful reader calls mechanically checkable, how many became executable rules (the
// issue's goal is 60 %), and how many of the others got one anyway (worth a look).
func scoreCheckable(path string, p *policy.Policy, verbose bool) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	byKey := map[string]*policy.Entry{}
	for i := range p.Entries {
		e := &p.Entries[i]
		byKey[e.File+"\x00"+oneLine(e.Text)] = e
	}
	var yes, yesHit, no, noHit, missing int
	var lines []string
	for _, l := range strings.Split(string(data), "\n") {
		if l == "" || strings.HasPrefix(l, "#") || strings.HasPrefix(l, "n\t") {
			continue
		}
		f := strings.SplitN(l, "\t", 5)
		if len(f) < 5 {
			continue
		}
		e := byKey[f[1]+"\x00"+f[4]]
		if e == nil {
			missing++
			continue
		}
		hit := hasExecutable(e)
		if f[3] == "yes" {
			yes++
			if hit {
				yesHit++
			}
			if verbose {
				lines = append(lines, fmt.Sprintf("  checkable %-8s %s:%d %s", map[bool]string{true: "compiled", false: "MISSED"}[hit], e.File, e.Line, oneLine(e.Text)))
			}
		} else {
			no++
			if hit {
				noHit++
				if verbose {
					lines = append(lines, fmt.Sprintf("  not checkable but compiled: %s:%d %s", e.File, e.Line, oneLine(e.Text)))
				}
			}
		}
	}
	pct := 0.0
	if yes > 0 {
		pct = 100 * float64(yesHit) / float64(yes)
	}
	fmt.Printf("hand-labelled sample (%s): %d of %d checkable constraints compiled into executable rules (%.0f%%); %d of %d others got one", path, yesHit, yes, pct, noHit, no)
	if missing > 0 {
		fmt.Printf("; %d sample lines no longer match a constraint", missing)
	}
	fmt.Println()
	for _, l := range lines {
		fmt.Println(l)
	}
	return nil
}

// timeRecognizers runs each recogniser alone over every must/should constraint and
// prints where the compile time goes, slowest first.
func timeRecognizers(repos []*Repo, recs []recognize.Recognizer) {
	type row struct {
		name string
		d    time.Duration
		n    int
	}
	var rows []row
	var total time.Duration
	for _, rec := range recs {
		start := time.Now()
		n := 0
		for _, r := range repos {
			for i := range r.Set.Constraints {
				c := r.Set.Constraints[i]
				if c.Level == policy.Info {
					continue
				}
				if len(rec.Recognize(&c, r.Context).Rules) > 0 {
					n++
				}
			}
		}
		d := time.Since(start)
		total += d
		rows = append(rows, row{rec.Name(), d, n})
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].d > rows[j].d })
	for _, r := range rows {
		fmt.Printf("%-40s %10v  %5.1f%%  %4d constraints compiled\n", r.name, r.d.Round(time.Microsecond), 100*float64(r.d)/float64(total), r.n)
	}
	fmt.Printf("%-40s %10v\n", "total", total.Round(time.Microsecond))
}

// cpuTime is the process's user+system CPU time: unlike wall time it does not grow when
// other work shares the machine.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
