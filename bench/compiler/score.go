package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
)

// RuleOutcome is one executable rule heed compiled from a labelled constraint, judged
// by the label's cases.
type RuleOutcome struct {
	Rule *policy.Rule
	// Verdicts are the rule's verdicts on the label's cases, in order.
	Verdicts []engine.Verdict
	// Right: the label calls the constraint checkable, the rule flags at least one of
	// its violations and none of its near misses.
	Right bool
	// Unjudged: the label calls the constraint checkable and the rule flags none of its
	// cases, violations or near misses. It may enforce a part of the sentence the
	// label's cases do not show, or something else: the cases cannot tell, so the rule
	// counts in neither side of precision.
	Unjudged bool
	// Why says what is wrong when the rule is not right.
	Why string
	// FromItems: the rule belongs to an item under the constraint (the constraint is a
	// lead-in such as "Run these before you open a PR:" and heed placed its rules on
	// the items it introduces). It counts towards the lead-in's coverage, but not in
	// precision: the item's own label judges it there, and counting it twice would
	// weigh one rule as two.
	FromItems bool
}

// LabelOutcome is what heed made of one labelled constraint.
type LabelOutcome struct {
	Label *Label
	Split string
	// Found: the constraint the label names was among heed's constraints.
	Found bool
	// Rules are the executable (non-semantic) rules of the constraint.
	Rules []RuleOutcome
	// JudgeOnly: heed made only a semantic (model-judged) rule of it.
	JudgeOnly bool
	// Unenforced is heed's reason for compiling nothing.
	Unenforced string
	// Described: every constraint heed found at the label's line was read as a
	// description (level info), so none was compiled.
	Described bool
	// Covered: a checkable constraint whose rules together flag every violated case
	// and no near miss.
	Covered bool
	// Failing names the first case the rules got wrong, for a checkable label.
	Failing string
	// Stale: the label's text is no constraint at its line any more (the extractor
	// changed since it was labelled); it was judged against every constraint there.
	Stale bool
}

// CaseJudge returns a rule's verdict on a case.
type CaseJudge func(rule *policy.Rule, c policy.Case) engine.Verdict

// RegistryJudge judges cases with the kinds of reg, the way `heed test` does.
func RegistryJudge(reg *engine.Registry) CaseJudge {
	return func(rule *policy.Rule, c policy.Case) engine.Verdict {
		return engine.RunCase(reg, rule, c).Got
	}
}

// TextSHA is the short hash that stands for a constraint's text in a sealed label.
func TextSHA(text string) string {
	sum := sha256.Sum256([]byte(strings.Join(strings.Fields(text), " ")))
	return hex.EncodeToString(sum[:6])
}

// matchEntries returns the entries a label names: the one at its line with its text,
// or, when the extractor's text changed, every entry at its line (stale).
func matchEntries(l *Label, atLine []*policy.Entry) (entries []*policy.Entry, stale bool) {
	for _, e := range atLine {
		if (l.Text != "" && strings.Join(strings.Fields(e.Text), " ") == strings.Join(strings.Fields(l.Text), " ")) ||
			(l.TextSHA != "" && TextSHA(e.Text) == l.TextSHA) {
			return []*policy.Entry{e}, false
		}
	}
	return atLine, len(atLine) > 0 && (l.Text != "" || l.TextSHA != "")
}

// JudgeWithItems scores one label against the entries heed compiled for it and, when
// those have no executable rule, the entries of the items it introduces: a lead-in's
// demand that heed enforces through the items under it is enforced.
func JudgeWithItems(l *Label, split string, entries, items []*policy.Entry, judge CaseJudge) LabelOutcome {
	out := judgeOwn(l, split, entries, judge)
	if len(out.Rules) > 0 || len(items) == 0 || l.Checkable != Yes {
		return out
	}
	for _, e := range items {
		for i := range e.Rules {
			if r := &e.Rules[i]; r.Domain != policy.DomainSemantic {
				ro := judgeRule(l, r, judge)
				ro.FromItems = true
				out.Rules = append(out.Rules, ro)
			}
		}
	}
	if len(out.Rules) > 0 {
		out.JudgeOnly = false
		out.Covered, out.Failing = casesCovered(l, out.Rules)
	}
	return out
}

func judgeOwn(l *Label, split string, entries []*policy.Entry, judge CaseJudge) LabelOutcome {
	out := LabelOutcome{Label: l, Split: split, Found: len(entries) > 0, Described: len(entries) > 0}
	for _, e := range entries {
		if e.Level == policy.Must || e.Level == policy.Should {
			out.Described = false
		}
		if out.Unenforced == "" {
			out.Unenforced = e.Unenforced
		}
		for i := range e.Rules {
			r := &e.Rules[i]
			if r.Domain == policy.DomainSemantic {
				out.JudgeOnly = true
				continue
			}
			out.Rules = append(out.Rules, judgeRule(l, r, judge))
		}
	}
	if len(out.Rules) > 0 {
		out.JudgeOnly = false
	}
	if l.Checkable != Yes {
		return out
	}
	if len(out.Rules) == 0 {
		out.Failing = "no executable rule"
		return out
	}
	out.Covered, out.Failing = casesCovered(l, out.Rules)
	return out
}

// casesCovered says whether rules together flag every violated case of l and no
// other, and names the first case they get wrong.
func casesCovered(l *Label, rules []RuleOutcome) (covered bool, failing string) {
	covered = true
	for i, c := range l.Cases {
		flagged := false
		for _, ro := range rules {
			if ro.Verdicts[i] == engine.Violated {
				flagged = true
			}
		}
		want := c.Expect == policy.ExpectViolated
		if flagged != want {
			covered = false
			if failing == "" {
				if want {
					failing = "misses " + caseString(c)
				} else {
					failing = "flags " + caseString(c)
				}
			}
		}
	}
	return covered, failing
}

func judgeRule(l *Label, r *policy.Rule, judge CaseJudge) RuleOutcome {
	ro := RuleOutcome{Rule: r}
	if l.Checkable != Yes {
		ro.Why = "the sentence is not checkable (" + l.Why + ")"
		return ro
	}
	hit := false
	for _, c := range l.Cases {
		v := judge(r, c)
		ro.Verdicts = append(ro.Verdicts, v)
		switch {
		case c.Expect == policy.ExpectViolated && v == engine.Violated:
			hit = true
		case c.Expect != policy.ExpectViolated && v == engine.Violated && ro.Why == "":
			ro.Why = "flags " + caseString(c)
		}
	}
	if ro.Why == "" && !hit {
		ro.Unjudged = true
		ro.Why = "flags none of the cases"
		return ro
	}
	ro.Right = ro.Why == ""
	return ro
}

// caseString is a case in one line.
func caseString(c policy.Case) string {
	var s string
	switch {
	case c.Shell != "":
		s = "`" + c.Shell + "`"
	case len(c.Argv) > 0:
		s = "`" + strings.Join(c.Argv, " ") + "`"
	case c.Message != "":
		s = "commit " + strconv.Quote(firstLine(c.Message))
	case c.PR != "":
		s = "PR " + strconv.Quote(firstLine(c.PR))
	case c.Path != "":
		s = c.Path + ": " + strconv.Quote(firstLine(strings.TrimSpace(c.Code)))
	case len(c.Changed) > 0:
		s = "change of " + strings.Join(c.Changed, ", ")
	default:
		s = "(empty case)"
	}
	if c.Cwd != "" {
		s += " in " + c.Cwd
	}
	return s
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	if len(line) > 80 {
		line = line[:77] + "..."
	}
	return line
}

// Tally is coverage and precision over a set of outcomes.
type Tally struct {
	Labels, Checkable, Covered, WithRule, JudgeOnly int
	Rules, RightRules, UnjudgedRules                int
	ErrorRules, RightErrorRules                     int
	// NotCheckableWithRule counts non-checkable constraints given an executable rule.
	NotCheckableWithRule int
	// Missed counts labels of rules the extractor never produced.
	Missed, MissedCovered int
	// Stale counts labels whose text is no constraint at their line any more.
	Stale int
}

func (t *Tally) add(o *LabelOutcome) {
	t.Labels++
	if o.Stale {
		t.Stale++
	}
	if o.Label.Missed {
		t.Missed++
		if o.Covered {
			t.MissedCovered++
		}
	}
	if o.Label.Checkable == Yes {
		t.Checkable++
		if o.Covered {
			t.Covered++
		}
		if len(o.Rules) > 0 {
			t.WithRule++
		}
		if o.JudgeOnly {
			t.JudgeOnly++
		}
	} else if len(o.Rules) > 0 {
		t.NotCheckableWithRule++
	}
}

func (t *Tally) addRule(ro *RuleOutcome) {
	if ro.Unjudged {
		t.UnjudgedRules++
		return
	}
	t.Rules++
	if ro.Right {
		t.RightRules++
	}
	if ro.Rule.Severity == policy.SeverityError {
		t.ErrorRules++
		if ro.Right {
			t.RightErrorRules++
		}
	}
}

// Coverage is covered / checkable, Precision right rules / judged rules; -1 when
// undefined.
func (t Tally) Coverage() float64  { return ratio(t.Covered, t.Checkable) }
func (t Tally) Precision() float64 { return ratio(t.RightRules, t.Rules) }

func ratio(a, b int) float64 {
	if b == 0 {
		return -1
	}
	return float64(a) / float64(b)
}

// Report tallies outcomes per split, and per domain within a split: coverage by the
// label's domain, precision by the rule's domain.
type Report struct {
	// BySplit[split][domain]; domain "" is the split's total.
	BySplit map[string]map[string]*Tally
}

// Tabulate builds the report.
func Tabulate(outs []LabelOutcome) *Report {
	r := &Report{BySplit: map[string]map[string]*Tally{}}
	get := func(split, domain string) *Tally {
		m := r.BySplit[split]
		if m == nil {
			m = map[string]*Tally{}
			r.BySplit[split] = m
		}
		t := m[domain]
		if t == nil {
			t = &Tally{}
			m[domain] = t
		}
		return t
	}
	for i := range outs {
		o := &outs[i]
		for _, split := range []string{o.Split, "all"} {
			get(split, "").add(o)
			if o.Label.Checkable == Yes {
				get(split, o.Label.Domain).add(o)
			}
			for j := range o.Rules {
				ro := &o.Rules[j]
				if ro.FromItems {
					continue
				}
				get(split, "").addRule(ro)
				get(split, ro.Rule.Domain).addRule(ro)
			}
		}
	}
	return r
}

// Domains in report order; "" is the total.
var reportDomains = []string{policy.DomainProcess, policy.DomainSource, policy.DomainArchitecture, policy.DomainContribution, ""}

// Format writes the report's table for a split.
func (r *Report) Format(split string) string {
	m := r.BySplit[split]
	if m == nil {
		return fmt.Sprintf("%s: no labels\n", split)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%-13s %9s %8s %9s %10s %10s %10s %12s\n", split, "checkable", "covered", "coverage", "with rule", "rules", "right", "precision")
	for _, d := range reportDomains {
		t := m[d]
		if t == nil {
			t = &Tally{}
		}
		name := d
		if d == "" {
			name = "total"
		}
		fmt.Fprintf(&b, "%-13s %9d %8d %9s %10d %10d %10d %12s\n", name, t.Checkable, t.Covered, pct(t.Coverage()), t.WithRule, t.Rules, t.RightRules, pct(t.Precision()))
	}
	t := m[""]
	fmt.Fprintf(&b, "labels %d (%d checkable); error-severity rules right %d of %d (%s); rules the cases cannot judge %d; non-checkable constraints given a rule %d; judge-only checkable %d; rules the extractor missed %d (%d covered)\n",
		t.Labels, t.Checkable, t.RightErrorRules, t.ErrorRules, pct(ratio(t.RightErrorRules, t.ErrorRules)), t.UnjudgedRules, t.NotCheckableWithRule, t.JudgeOnly, t.Missed, t.MissedCovered)
	if t.Stale > 0 {
		fmt.Fprintf(&b, "labels whose text the extractor no longer gives at their line (judged against every constraint there): %d\n", t.Stale)
	}
	return b.String()
}

func pct(f float64) string {
	if f < 0 {
		return "—"
	}
	return fmt.Sprintf("%.1f%%", 100*f)
}

// ruleSummary is what heed understood, in one line: kind, parameters, scope.
func ruleSummary(r *policy.Rule) string {
	params := string(r.Params)
	if len(params) > 200 {
		params = params[:197] + "..."
	}
	s := r.Domain + "/" + r.Kind + " " + params
	if r.Scope.Dir != "" || len(r.Scope.Globs) > 0 {
		s += fmt.Sprintf(" scope=%s%v", r.Scope.Dir, r.Scope.Globs)
	}
	return s + " [" + r.Severity + "]"
}

// Family names the family a label belongs to: the form of its first rule ("forbid
// command", "ban call", "cochange"), or "not checkable".
func Family(l *Label) string {
	if l.Checkable != Yes || len(l.Rules) == 0 {
		return "not checkable"
	}
	form, _, _ := strings.Cut(l.Rules[0], ":")
	form = strings.TrimSpace(form)
	if form == "forbid command" {
		switch {
		case strings.Contains(l.Rules[0], ", flag "):
			form += " (a flag)"
		case strings.Contains(l.Rules[0], ", instead "):
			form += " (substitution)"
		case strings.Contains(l.Rules[0], ", in "):
			form += " (in a folder)"
		}
	}
	return l.Domain + ": " + form
}

// Problems lists, for the outcomes given, the misreadings (a wrong rule) and the misses
// (a checkable constraint not covered), one a line, and counts them by family.
func Problems(outs []LabelOutcome) (lines []string, families map[string]int) {
	families = map[string]int{}
	for i := range outs {
		o := &outs[i]
		l := o.Label
		where := fmt.Sprintf("%s:%d", l.File, l.Line)
		for _, ro := range o.Rules {
			if ro.Right || ro.Unjudged || ro.FromItems {
				continue
			}
			fam := "misread: " + Family(l)
			families[fam]++
			lines = append(lines, fmt.Sprintf("MISREAD %s %q\n    label: %s %s\n    heed:  %s\n    why:   %s", where, l.Text, l.Checkable, strings.Join(l.Rules, "; "), ruleSummary(ro.Rule), ro.Why))
		}
		if l.Checkable == Yes && !o.Covered {
			fam := "missed: " + Family(l)
			families[fam]++
			what := o.Failing
			if len(o.Rules) == 0 {
				what = missStage(o)
				if o.Unenforced != "" && !o.JudgeOnly {
					what = "unenforced: " + o.Unenforced
				}
			}
			lines = append(lines, fmt.Sprintf("MISSED  %s %q\n    label: %s\n    heed:  %s", where, l.Text, strings.Join(l.Rules, "; "), what))
		}
	}
	return lines, families
}

// missStage names where heed lost a checkable constraint it has no executable rule
// for, in words that quote no sentence: the unenforced reason loses its parenthesis,
// which may quote the text.
func missStage(o *LabelOutcome) string {
	switch {
	case len(o.Rules) > 0:
		if strings.HasPrefix(o.Failing, "flags ") {
			return "rule flags a near miss"
		}
		return "rule misses a violation"
	case o.JudgeOnly:
		return "judge-only"
	case o.Unenforced != "":
		return "unenforced: " + scrubReason(o.Unenforced)
	case !o.Found:
		return "heed extracted no such constraint"
	case o.Described:
		return "read as a description (level info)"
	}
	return "no executable rule"
}

var (
	quotedSpan  = regexp.MustCompile("`[^`]*`|\"[^\"]*\"")
	scopeClause = regexp.MustCompile(`\bonly (?:in|unless|outside|when|for|within|on) [^,]*, which`)
	namesWhat   = regexp.MustCompile(`^names (?:[^,]*?), but`)
)

// scrubReason keeps an unenforced reason's template and drops what it quotes of the
// sentence: the parenthesis, code spans and quotations, and the scope a ban is
// limited to. A census of the holdout shows heed's stage, never the held-out words.
func scrubReason(reason string) string {
	reason, _, _ = strings.Cut(reason, " (")
	reason = quotedSpan.ReplaceAllString(reason, "`…`")
	reason = scopeClause.ReplaceAllString(reason, "only in a scope, which")
	reason = namesWhat.ReplaceAllString(reason, "names a construct, but")
	return reason
}

// Stages counts the checkable constraints not covered by family and the stage where
// heed lost them: a census that shows no sentence, so it may be taken of the holdout.
func Stages(outs []LabelOutcome) map[string]int {
	counts := map[string]int{}
	for i := range outs {
		o := &outs[i]
		if o.Label.Checkable == Yes && !o.Covered {
			counts[Family(o.Label)+" | "+missStage(o)]++
		}
	}
	return counts
}

// TopFamilies sorts families by count, then name.
func TopFamilies(families map[string]int) []string {
	keys := make([]string, 0, len(families))
	for k := range families {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if families[keys[i]] != families[keys[j]] {
			return families[keys[i]] > families[keys[j]]
		}
		return keys[i] < keys[j]
	})
	return keys
}
