package main

import (
	"crypto/sha256"
	"encoding/csv"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"slices"
	"sort"
	"strings"

	"github.com/heed-dev/heed/bench/corpus"
	"github.com/heed-dev/heed/internal/compile"
	"github.com/heed-dev/heed/internal/instr"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// The SWE-CC yardstick: 823 contribution policies of 12 Python projects, each one
// sentence that people judged mechanically checkable. Every project's policies are
// written as one CONTRIBUTING.md (a bullet per policy, under a heading per category),
// compiled offline with every recogniser, and a policy counts as compiled when one of
// its constraints got an executable (non-judge) rule.

// sweccPolicy is one row of policies.csv.
type sweccPolicy struct {
	ID, Project, Category, Evidence, Check, Text string
	HumanInTheLoop                               bool
	// what it became
	Kinds []string
	Rules []string // kind and params of each executable rule
	// Compiled are the executable rules themselves.
	Compiled []policy.Rule
	Judge    bool
	Reason   string
}

func defaultSWECC() string {
	for _, c := range []string{"../shared/corpus/swe-cc/policies.csv", "../../../shared/corpus/swe-cc/policies.csv", "/work/shared/corpus/swe-cc/policies.csv"} {
		if _, err := os.Stat(c); err == nil {
			return c
		}
	}
	return "../shared/corpus/swe-cc/policies.csv"
}

func loadSWECC(path string) ([]*sweccPolicy, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("read SWE-CC policies: %w", err)
	}
	defer f.Close()
	r := csv.NewReader(f)
	head, err := r.Read()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	col := map[string]int{}
	for i, h := range head {
		col[h] = i
	}
	for _, need := range []string{"policy_id", "project", "category", "evidence_type", "check", "human_in_the_loop", "policy"} {
		if _, ok := col[need]; !ok {
			return nil, fmt.Errorf("%s: no column %q", path, need)
		}
	}
	var out []*sweccPolicy
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		out = append(out, &sweccPolicy{ID: rec[col["policy_id"]], Project: rec[col["project"]], Category: rec[col["category"]],
			Evidence: rec[col["evidence_type"]], Check: rec[col["check"]], HumanInTheLoop: rec[col["human_in_the_loop"]] == "1",
			Text: rec[col["policy"]]})
	}
	return out, nil
}

// The holdout: SWE-CC's projects ordered by the SHA-256 of their name (hex), the
// sweccHoldout lowest are held out. The rule was fixed (2026-12-04) before any policy
// of any project was read for tuning; recognisers are tuned on the dev projects only
// and the holdout is scored once, at the end of a round.
const sweccHoldout = 3

// sweccSplitOf returns the split ("dev" or "holdout") of every project in ps.
func sweccSplitOf(ps []*sweccPolicy) map[string]string {
	var names []string
	for _, p := range ps {
		if !slices.Contains(names, p.Project) {
			names = append(names, p.Project)
		}
	}
	key := func(n string) string { s := sha256.Sum256([]byte(n)); return hex.EncodeToString(s[:]) }
	sort.Slice(names, func(i, j int) bool { return key(names[i]) < key(names[j]) })
	out := map[string]string{}
	for i, n := range names {
		if i < sweccHoldout {
			out[n] = "holdout"
		} else {
			out[n] = "dev"
		}
	}
	return out
}

// sweccSelect keeps the policies of one split ("all", "dev" or "holdout").
func sweccSelect(ps []*sweccPolicy, split string) ([]*sweccPolicy, error) {
	if split == "all" {
		return ps, nil
	}
	if split != "dev" && split != "holdout" {
		return nil, fmt.Errorf("-split %q: want all, dev or holdout", split)
	}
	of := sweccSplitOf(ps)
	var out []*sweccPolicy
	for _, p := range ps {
		if of[p.Project] == split {
			out = append(out, p)
		}
	}
	return out, nil
}

// compileSWECC compiles every project's policies and records on each what it became.
func compileSWECC(ps []*sweccPolicy, recs []recognize.Recognizer) {
	byProject := map[string][]*sweccPolicy{}
	for _, p := range ps {
		byProject[p.Project] = append(byProject[p.Project], p)
	}
	rc := corpus.ContextFor("python")
	for _, list := range byProject {
		sort.SliceStable(list, func(i, j int) bool { return list[i].Category < list[j].Category })
		var b strings.Builder
		b.WriteString("# Contributing\n")
		atLine := map[int]*sweccPolicy{}
		line, cat := 2, ""
		for _, p := range list {
			if p.Category != cat {
				cat = p.Category
				fmt.Fprintf(&b, "\n## %s\n\n", cat)
				line += 3
			}
			// the policies quote code the reStructuredText way
			text := strings.ReplaceAll(strings.Join(strings.Fields(p.Text), " "), "``", "`")
			fmt.Fprintf(&b, "- %s\n", text)
			atLine[line] = p
			line++
		}
		cons, _ := instr.Extract("CONTRIBUTING.md", []byte(b.String()), instr.Classify("CONTRIBUTING.md"), policy.Scope{})
		for i := range cons {
			cons[i].Level = policy.Must // every policy is mandatory
		}
		set := &instr.Set{Files: []instr.File{{Path: "CONTRIBUTING.md", Format: instr.Classify("CONTRIBUTING.md"), Constraints: len(cons)}}, Constraints: cons}
		pol, _ := compile.Compile(set, rc, recs)
		for _, e := range pol.Entries {
			p := atLine[e.Line]
			if p == nil {
				continue
			}
			for _, r := range e.Rules {
				if r.Domain == policy.DomainSemantic {
					p.Judge = true
				} else {
					p.Kinds = append(p.Kinds, r.Kind)
					p.Rules = append(p.Rules, fmt.Sprintf("%s %s [%s]", r.Kind, r.Params, r.Severity))
					p.Compiled = append(p.Compiled, r)
				}
			}
			if len(e.Rules) == 0 && p.Reason == "" {
				p.Reason = e.Unenforced
			}
		}
	}
}

// reportSWECC prints compiled shares by category and by evidence type, the rule kinds
// used, and why the rest were left.
func reportSWECC(w io.Writer, ps []*sweccPolicy, listAll, withRules bool) {
	type row struct{ n, compiled, judge int }
	byCat, byEv := map[string]*row{}, map[string]*row{}
	kinds, reasons := map[string]int{}, map[string]int{}
	total := &row{}
	for _, p := range ps {
		add := func(m map[string]*row, k string) {
			if m[k] == nil {
				m[k] = &row{}
			}
			m[k].n++
			if len(p.Kinds) > 0 {
				m[k].compiled++
			} else if p.Judge {
				m[k].judge++
			}
		}
		add(byCat, p.Category)
		add(byEv, p.Evidence)
		total.n++
		switch {
		case len(p.Kinds) > 0:
			total.compiled++
			seen := map[string]bool{}
			for _, k := range p.Kinds {
				if !seen[k] {
					seen[k] = true
					kinds[k]++
				}
			}
		case p.Judge:
			total.judge++
		default:
			reasons[shortReason(p.Reason)]++
		}
	}
	pct := func(a, b int) string {
		if b == 0 {
			return "-"
		}
		return fmt.Sprintf("%.0f%%", 100*float64(a)/float64(b))
	}
	table := func(title string, m map[string]*row) {
		fmt.Fprintf(w, "\n| %s | policies | executable rule | judge only | compiled |\n| --- | ---: | ---: | ---: | ---: |\n", title)
		var keys []string
		for k := range m {
			keys = append(keys, k)
		}
		sort.Slice(keys, func(i, j int) bool { return m[keys[i]].n > m[keys[j]].n })
		for _, k := range keys {
			r := m[k]
			fmt.Fprintf(w, "| %s | %d | %d | %d | %s |\n", k, r.n, r.compiled, r.judge, pct(r.compiled, r.n))
		}
	}
	fmt.Fprintf(w, "SWE-CC yardstick: %d of %d policies compiled into executable rules offline (%s); %d judge-only (a model decides), %d left\n",
		total.compiled, total.n, pct(total.compiled, total.n), total.judge, total.n-total.compiled-total.judge)
	table("category", byCat)
	table("evidence", byEv)
	fmt.Fprintf(w, "\nrule kinds (policies using each): %s\n", countList(kinds))
	fmt.Fprintf(w, "left without a rule because: %s\n", countList(reasons))
	if listAll {
		fmt.Fprintln(w)
		for _, p := range ps {
			kinds := slices.Clone(p.Kinds)
			slices.Sort(kinds)
			became := strings.Join(slices.Compact(kinds), ",")
			switch {
			case became != "":
			case p.Judge:
				became = "judge"
			default:
				became = "- (" + shortReason(p.Reason) + ")"
			}
			fmt.Fprintf(w, "%s\t%s\t%s\t%s\n", p.ID, p.Category, became, p.Text)
			if withRules {
				for _, r := range p.Rules {
					fmt.Fprintf(w, "\t\t%s\n", r)
				}
			}
		}
	}
}

func shortReason(r string) string {
	if r == "" {
		return "no rule"
	}
	if i := strings.IndexAny(r, ":;("); i > 0 {
		r = r[:i]
	}
	return strings.TrimSpace(r)
}

func countList(m map[string]int) string {
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if m[keys[i]] != m[keys[j]] {
			return m[keys[i]] > m[keys[j]]
		}
		return keys[i] < keys[j]
	})
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s %d", k, m[k]))
	}
	return strings.Join(parts, ", ")
}
