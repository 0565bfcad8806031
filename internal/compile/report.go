package compile

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/heed-dev/heed/internal/policy"
)

// Report is the coverage of a policy (ContextCov's "Cov"): per instruction file and in
// total, how many constraints of each level there are and what became of the must and
// should ones.
type Report struct {
	Files []Coverage `json:"files"`
	Total Coverage   `json:"total"`
	// Warnings are recogniser failures met while compiling (a panic is reported and the
	// recogniser skipped for that constraint).
	Warnings []string `json:"warnings,omitempty"`
}

// Coverage counts one instruction file's constraints (or all of them, for the total).
type Coverage struct {
	File   string `json:"file,omitempty"`
	Must   int    `json:"must"`
	Should int    `json:"should"`
	Info   int    `json:"info"`
	// Enforced counts must/should constraints with at least one non-semantic rule.
	Enforced int `json:"enforced"`
	// Semantic counts must/should constraints whose only rules are judge rules.
	Semantic int `json:"semantic"`
	// Unenforced counts must/should constraints without any rule.
	Unenforced int `json:"unenforced"`
	// Rules counts rules by domain (semantic included).
	Rules map[string]int `json:"rules"`
	// Reasons counts the unenforced constraints by reason.
	Reasons map[string]int `json:"reasons,omitempty"`
	// Review counts the rules the compiler demoted for a person to review, on which no
	// reviewer has decided yet: a ban that would block what its own file shows as
	// normal use, or a rule that flags much of the repository's existing code.
	Review int `json:"review,omitempty"`
	// NotValidated counts the source and architecture rules the self-validation did
	// not finish (its time budget ran out, or it was skipped for a new rule).
	NotValidated int `json:"not_validated,omitempty"`
	// Coverage is Enforced / (Must + Should), 0 when there are none (set by ReportFor).
	Coverage float64 `json:"coverage"`
}

// Checkable is the number of must/should constraints.
func (c *Coverage) Checkable() int { return c.Must + c.Should }

// Ratio is the share of must/should constraints that became non-semantic rules.
func (c *Coverage) Ratio() float64 {
	if c.Checkable() == 0 {
		return 0
	}
	return float64(c.Enforced) / float64(c.Checkable())
}

// TopReasons returns the unenforced reasons, most common first.
func (c *Coverage) TopReasons(n int) []ReasonCount {
	out := make([]ReasonCount, 0, len(c.Reasons))
	for r, k := range c.Reasons {
		out = append(out, ReasonCount{Reason: r, Count: k})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Count != out[j].Count {
			return out[i].Count > out[j].Count
		}
		return out[i].Reason < out[j].Reason
	})
	if n > 0 && len(out) > n {
		out = out[:n]
	}
	return out
}

// ReasonCount is one unenforced reason with how often it occurs.
type ReasonCount struct {
	Reason string `json:"reason"`
	Count  int    `json:"count"`
}

func newCoverage(file string) Coverage {
	return Coverage{File: file, Rules: map[string]int{}, Reasons: map[string]int{}}
}

func (c *Coverage) add(e *policy.Entry) {
	switch e.Level {
	case policy.Must:
		c.Must++
	case policy.Should:
		c.Should++
	default:
		c.Info++
	}
	for _, r := range e.Rules {
		c.Rules[r.Domain]++
		if r.NeedsReview() {
			c.Review++
		}
		if r.Validation == policy.ValidationNotValidated {
			c.NotValidated++
		}
	}
	if e.Level != policy.Must && e.Level != policy.Should {
		return
	}
	mech := false
	for _, r := range e.Rules {
		if r.Domain != policy.DomainSemantic {
			mech = true
		}
	}
	switch {
	case mech:
		c.Enforced++
	case len(e.Rules) > 0:
		c.Semantic++
	default:
		c.Unenforced++
		reason := e.Unenforced
		if reason == "" {
			reason = ReasonNoClaim
		}
		c.Reasons[reason]++
	}
}

// ReportFor computes the coverage of a policy, files in policy order.
func ReportFor(p *policy.Policy) *Report {
	rep := &Report{Total: newCoverage("")}
	idx := map[string]int{}
	for _, s := range p.Sources {
		if _, ok := idx[s.Path]; !ok {
			idx[s.Path] = len(rep.Files)
			rep.Files = append(rep.Files, newCoverage(s.Path))
		}
	}
	for i := range p.Entries {
		e := &p.Entries[i]
		j, ok := idx[e.File]
		if !ok {
			j = len(rep.Files)
			idx[e.File] = j
			rep.Files = append(rep.Files, newCoverage(e.File))
		}
		rep.Files[j].add(e)
		rep.Total.add(e)
	}
	if rep.Files == nil {
		rep.Files = []Coverage{}
	}
	for i := range rep.Files {
		rep.Files[i].Coverage = rep.Files[i].Ratio()
	}
	rep.Total.Coverage = rep.Total.Ratio()
	return rep
}

var domainOrder = []string{policy.DomainProcess, policy.DomainSource, policy.DomainArchitecture, policy.DomainContribution, policy.DomainSemantic}

// WriteTable prints the coverage table: one row per instruction file and a total,
// then the most common reasons for not enforcing.
func (r *Report) WriteTable(w io.Writer) {
	head := []string{"file", "must", "should", "info", "process", "source", "arch", "contrib", "semantic-only", "unenforced", "review", "coverage"}
	rows := [][]string{head}
	row := func(c *Coverage, name string) []string {
		return []string{name,
			fmt.Sprint(c.Must), fmt.Sprint(c.Should), fmt.Sprint(c.Info),
			fmt.Sprint(c.Rules[policy.DomainProcess]), fmt.Sprint(c.Rules[policy.DomainSource]),
			fmt.Sprint(c.Rules[policy.DomainArchitecture]), fmt.Sprint(c.Rules[policy.DomainContribution]),
			fmt.Sprint(c.Semantic), fmt.Sprint(c.Unenforced), fmt.Sprint(c.Review), pct(c)}
	}
	for i := range r.Files {
		name := r.Files[i].File
		if name == "" {
			name = "(hand-written)"
		}
		rows = append(rows, row(&r.Files[i], name))
	}
	rows = append(rows, row(&r.Total, "total"))
	widths := make([]int, len(head))
	for _, rw := range rows {
		for i, cell := range rw {
			if len(cell) > widths[i] {
				widths[i] = len(cell)
			}
		}
	}
	for n, rw := range rows {
		if n == len(rows)-1 {
			fmt.Fprintln(w, strings.Repeat("-", sum(widths)+2*(len(widths)-1)))
		}
		var b strings.Builder
		for i, cell := range rw {
			if i > 0 {
				b.WriteString("  ")
			}
			if i == 0 {
				b.WriteString(cell + strings.Repeat(" ", widths[i]-len(cell)))
			} else {
				b.WriteString(strings.Repeat(" ", widths[i]-len(cell)) + cell)
			}
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	}
	if r.Total.Checkable() == 0 {
		fmt.Fprintln(w, "coverage: no must/should constraints")
		return
	}
	fmt.Fprintf(w, "coverage: %d of %d must/should constraints compiled into executable rules (%s); %d judge-only, %d not enforced\n",
		r.Total.Enforced, r.Total.Checkable(), pct(&r.Total), r.Total.Semantic, r.Total.Unenforced)
	if r.Total.Review > 0 {
		fmt.Fprintf(w, "needs review: %d rules warn instead of blocking, because heed doubts its reading of their sentences (they would block what their own instruction file shows as normal use, hold under a condition heed cannot see, ...) or they flag much of the existing code (heed explain ID says which; record \"decision\": \"keep\" or \"drop\" in the policy)\n", r.Total.Review)
	}
	if r.Total.NotValidated > 0 {
		fmt.Fprintf(w, "not validated: %d source or architecture rules were not run over the repository before being enforced (time budget or --no-validate)\n", r.Total.NotValidated)
	}
	if top := r.Total.TopReasons(4); len(top) > 0 {
		parts := make([]string, len(top))
		for i, t := range top {
			parts[i] = fmt.Sprintf("%s (%d)", t.Reason, t.Count)
		}
		fmt.Fprintf(w, "not enforced because: %s\n", strings.Join(parts, ", "))
	}
}

func pct(c *Coverage) string {
	if c.Checkable() == 0 {
		return "-"
	}
	return fmt.Sprintf("%.0f%%", 100*c.Ratio())
}

func sum(xs []int) int {
	t := 0
	for _, x := range xs {
		t += x
	}
	return t
}
