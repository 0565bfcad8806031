// Package report holds the shape of heed's findings as users and tools see them, and
// the writers that render a report: text for people, JSON for programs, SARIF for code
// scanning and workflow-command annotations for GitHub Actions. The JSON shape is a
// stable interface (docs/json.md).
package report

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
)

// Instruction is the instruction a finding enforces, as written.
type Instruction struct {
	File       string   `json:"file"`
	Line       int      `json:"line"`
	Text       string   `json:"text"`
	HeaderPath []string `json:"header_path"`
}

// Finding is one reported violation. File findings carry a repository-relative,
// "/"-separated path and 1-based positions; a finding about a commit message carries
// the commit's hash instead of a file; a finding about the change as a whole (what it
// lacks) has Change set and neither.
type Finding struct {
	Rule       string `json:"rule"`
	Constraint string `json:"constraint"`
	Domain     string `json:"domain"`
	Kind       string `json:"kind"`
	Severity   string `json:"severity"`
	// Exact is false when the rule is a mechanical stand-in for a reading.
	Exact bool `json:"exact"`

	File      string `json:"file,omitempty"`
	Line      int    `json:"line,omitempty"`
	Column    int    `json:"column,omitempty"`
	EndLine   int    `json:"end_line,omitempty"`
	EndColumn int    `json:"end_column,omitempty"`
	Commit    string `json:"commit,omitempty"`
	Change    bool   `json:"change,omitempty"`
	// Command is the offending command line (process findings from audits).
	Command string `json:"command,omitempty"`

	Message    string `json:"message"`
	Snippet    string `json:"snippet,omitempty"`
	Suggestion string `json:"suggestion,omitempty"`
	// Fixes are edits that would clear the finding; heed check --fix applies the
	// exact ones.
	Fixes []engine.Fix `json:"fixes,omitempty"`
	// Related are the other places the finding is made of: each import of a cycle.
	Related     []engine.Location `json:"related,omitempty"`
	Instruction Instruction       `json:"instruction"`
	// Restated are the other places the same rule is written: a project that keeps
	// one set of rules for several agents states it in several instruction files, and
	// the site is reported once, naming them all.
	Restated []Instruction `json:"restated,omitempty"`
	// Fingerprint identifies the finding across line shifts: a hash of rule, file and
	// the normalised content of its line, with an occurrence number (":2") for the
	// second identical line of a file. Baselines and SARIF use it.
	Fingerprint string `json:"fingerprint,omitempty"`
}

// Location renders where the finding is: "path:line:col", "commit abc1234" or "change".
func (f *Finding) Location() string {
	switch {
	case f.File != "":
		s := f.File
		if f.Line > 0 {
			s += fmt.Sprintf(":%d", f.Line)
			if f.Column > 0 {
				s += fmt.Sprintf(":%d", f.Column)
			}
		}
		return s
	case f.Commit != "":
		return "commit " + ShortHash(f.Commit)
	default:
		return "change"
	}
}

// ShortHash abbreviates a commit hash to 12 characters.
func ShortHash(h string) string {
	if len(h) > 12 {
		return h[:12]
	}
	return h
}

// Rule ids heed itself reports under (not from the policy).
const (
	// RuleUnusedSuppression flags a heed:ignore comment that suppressed nothing.
	RuleUnusedSuppression = "heed/unused-suppression"
	// RuleBadSuppression flags a heed:ignore comment heed cannot read.
	RuleBadSuppression = "heed/bad-suppression"
	// RuleGuardChange flags a change to the files that decide the rules: instruction
	// files, .heed/, agents' hook settings (heed check --diff judges the change with
	// the rules of its base, so this change to them is reported, not applied).
	RuleGuardChange = "heed/guard-change"
)

// FromEngine builds a reported finding from an engine finding and the rule (and
// constraint) that produced it. The message falls back to the rule's, then to a
// sentence naming the instruction; the suggestion to the rule's.
func FromEngine(f engine.Finding, r *policy.Rule, c *policy.Constraint) Finding {
	out := Finding{
		Rule:       r.ID,
		Domain:     r.Domain,
		Kind:       r.Kind,
		Severity:   r.Severity,
		Exact:      r.Exact,
		File:       f.Path,
		Line:       f.Line,
		Column:     f.Column,
		EndLine:    f.EndLine,
		EndColumn:  f.EndColumn,
		Commit:     f.Commit,
		Change:     f.Change,
		Command:    f.Command,
		Message:    f.Message,
		Snippet:    f.Snippet,
		Suggestion: f.Suggestion,
		Fixes:      f.Fixes,
		Related:    f.Related,
	}
	if out.Severity == "" {
		out.Severity = policy.SeverityError
	}
	if f.Advisory && out.Severity == policy.SeverityError {
		out.Severity = policy.SeverityWarning
	}
	if c != nil {
		out.Constraint = c.ID
		out.Instruction = Instruction{File: c.File, Line: c.Line, Text: c.Text, HeaderPath: c.HeaderPath}
	}
	if out.Instruction.HeaderPath == nil {
		out.Instruction.HeaderPath = []string{}
	}
	if out.Message == "" {
		out.Message = r.Message
	}
	if out.Message == "" {
		out.Message = "violates the rule"
	}
	if out.Suggestion == "" {
		out.Suggestion = r.Suggestion
	}
	if out.Line > 0 && out.EndLine < out.Line {
		out.EndLine = out.Line
	}
	return out
}

// Fingerprint hashes what identifies a finding independently of its line number:
// the rule, the file (or commit) and the finding's line with its whitespace collapsed.
// The occurrence number tells identical lines of one file apart.
func Fingerprint(rule, where, lineText string, occurrence int) string {
	h := sha256.New()
	io.WriteString(h, rule)
	h.Write([]byte{0})
	io.WriteString(h, where)
	h.Write([]byte{0})
	io.WriteString(h, NormaliseLine(lineText))
	return fmt.Sprintf("%s:%d", hex.EncodeToString(h.Sum(nil))[:16], occurrence)
}

// NormaliseLine collapses runs of white space and trims the line, so re-indenting or
// reformatting spaces does not change a fingerprint.
func NormaliseLine(s string) string {
	// Most lines only need trimming: return them without building a copy (a check
	// normalises every line of every file with a finding).
	t := strings.TrimSpace(s)
	normal := true
	for i := 0; i < len(t); i++ {
		if c := t[i]; c >= utf8.RuneSelf || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r' || (c == ' ' && t[i+1] == ' ') {
			normal = false // other white space, a run of it, or non-ASCII (Unicode spaces)
			break
		}
	}
	if normal {
		return t
	}
	return strings.Join(strings.Fields(s), " ")
}

// Undetermined is a reason rules could not judge, with the rules and the files it
// concerns: a file that does not parse is reported once, with its rules, and a rule
// that needs a model is reported once, not once per file.
type Undetermined struct {
	Reason string   `json:"reason"`
	Rules  []string `json:"rules"`
	// Files are the files concerned (the first MaxUndeterminedFiles, sorted), empty
	// when the target was not a file (a commit, the change as a whole); FileCount is
	// how many there are in all.
	Files     []string `json:"files"`
	FileCount int      `json:"file_count"`
}

// Partial is a file the rules judged only in part: Tree-sitter recovered from a syntax
// error in it (or from a construct its grammar does not know), and the rules' matches
// built around the error are left out; the rest of the file is judged.
type Partial struct {
	File string `json:"file"`
	// Line is the first syntax error; Reason names the cause ("syntax error").
	Line   int    `json:"line"`
	Reason string `json:"reason"`
	// LeftOut counts the matches left out, and Rules names the rules they are of
	// (empty when none was).
	LeftOut int      `json:"left_out"`
	Rules   []string `json:"rules"`
}

// MaxUndeterminedFiles bounds the files an undetermined entry lists: a rule that needs
// a model applies to every file, and a list of thousands helps nobody.
const MaxUndeterminedFiles = 20

// Summary counts what a run did.
type Summary struct {
	// Mode is all, diff, staged or unstaged; Base the revision a diff is against.
	Mode string `json:"mode"`
	Base string `json:"base,omitempty"`
	// Findings counts the reported findings; Errors and Warnings split them.
	Findings   int            `json:"findings"`
	Errors     int            `json:"errors"`
	Warnings   int            `json:"warnings"`
	ByDomain   map[string]int `json:"by_domain"`
	ByRule     map[string]int `json:"by_rule"`
	Files      int            `json:"files_checked"`
	Commits    int            `json:"commits_checked"`
	Rules      int            `json:"rules"`
	Suppressed int            `json:"suppressed"`
	Baselined  int            `json:"baselined"`
	// Skipped counts files left out by reason: binary, generated, vendored, too_large,
	// fixture, retired.
	Skipped      map[string]int `json:"skipped"`
	Undetermined []Undetermined `json:"undetermined"`
	// Partial lists the files judged only in part, by path.
	Partial []Partial `json:"partial"`
	// Condensed are the rules that need review whose sites the report does not list
	// one by one (heed check without --all-sites): the findings hold their first few.
	Condensed  []Condensed `json:"condensed"`
	DurationMS float64     `json:"duration_ms"`
}

// MaxReviewSites is how many sites of a rule that needs review a condensed report
// lists: a rule the compiler demoted because it flags much of the existing code (the
// project's idiom, or a misreading) is one question for a person, not thousands of
// findings.
const MaxReviewSites = 3

// Condensed is a rule reported once: one that needs review (policy.Rule.NeedsReview),
// or a compiled warning with more sites than the self-validation lets a rule flag. It
// says how many sites it flags, in how many files, and why it is one question (the
// compiler's review, or the count). The first Shown of its sites are in the report's
// findings.
type Condensed struct {
	Rule     string `json:"rule"`
	Severity string `json:"severity"`
	// Review is the compiler's reason for the demotion (the rule's "review" field).
	Review string `json:"review"`
	// Sites counts the findings of the rule the run would have reported, Files the
	// files they are in; Shown how many of them the findings list.
	Sites       int         `json:"sites"`
	Files       int         `json:"files"`
	Shown       int         `json:"shown"`
	Instruction Instruction `json:"instruction"`
}

// CondensedText says what a condensed rule flags and how to see every site, in one
// line: "rule R needs review (REASON): 120 sites in 14 files, 3 of them listed; ...".
func CondensedText(c *Condensed) string {
	s := fmt.Sprintf("rule %s needs review", c.Rule)
	if c.Review != "" {
		s += " (" + oneLine(c.Review) + ")"
	}
	s += fmt.Sprintf(": %s in %s, %d of them listed; 'heed check --all-sites' lists every one", plural(c.Sites, "site"), plural(c.Files, "file"), c.Shown)
	if c.Instruction.File != "" {
		s += fmt.Sprintf("; the rule is %s:%d", c.Instruction.File, c.Instruction.Line)
	}
	return s
}

// RuleInfo describes a rule that ran, for formats that list rules (SARIF).
type RuleInfo struct {
	ID          string
	Domain      string
	Kind        string
	Severity    string
	Exact       bool
	Message     string
	Suggestion  string
	Instruction Instruction
}

// Report is a whole run.
type Report struct {
	Findings []Finding `json:"findings"`
	Summary  Summary   `json:"summary"`
	// Rules lists the rules that ran (not part of the JSON report).
	Rules []RuleInfo `json:"-"`
	// Hidden holds the suppressed and baselined findings (SARIF records them).
	Hidden []Hidden `json:"-"`
	// Store, when set, holds the findings instead of Findings (then empty): a large
	// run's findings are read back from it one at a time as they are written.
	Store *Store `json:"-"`
}

// Each calls fn with every finding in order, from Findings or the Store; fn must
// copy a finding it keeps.
func (r *Report) Each(fn func(f *Finding) error) error {
	if r.Store != nil {
		return r.Store.Each(fn)
	}
	for i := range r.Findings {
		if err := fn(&r.Findings[i]); err != nil {
			return err
		}
	}
	return nil
}

// Count is the number of findings, in Findings or the Store.
func (r *Report) Count() int {
	if r.Store != nil {
		return r.Store.Len()
	}
	return len(r.Findings)
}

// Tally fills the summary's counts from the findings.
func (r *Report) Tally() {
	s := &r.Summary
	s.Findings, s.Errors, s.Warnings = len(r.Findings), 0, 0
	s.ByDomain = map[string]int{}
	s.ByRule = map[string]int{}
	if r.Store != nil {
		r.Store.tally(s)
	}
	for _, f := range r.Findings {
		if f.Severity == policy.SeverityError {
			s.Errors++
		} else {
			s.Warnings++
		}
		d := f.Domain
		if d == "" {
			d = "heed"
		}
		s.ByDomain[d]++
		s.ByRule[f.Rule]++
	}
	if s.Skipped == nil {
		s.Skipped = map[string]int{}
	}
	if s.Undetermined == nil {
		s.Undetermined = []Undetermined{}
	}
	for i := range s.Undetermined {
		if s.Undetermined[i].Files == nil {
			s.Undetermined[i].Files = []string{}
		}
	}
	if s.Partial == nil {
		s.Partial = []Partial{}
	}
	if s.Condensed == nil {
		s.Condensed = []Condensed{}
	}
	for i := range s.Partial {
		if s.Partial[i].Rules == nil {
			s.Partial[i].Rules = []string{}
		}
	}
	if r.Findings == nil {
		r.Findings = []Finding{}
	}
}

// HasErrors reports whether any finding has error severity (exit status 1).
func (r *Report) HasErrors() bool {
	if r.Store != nil && r.Store.Errors() > 0 {
		return true
	}
	for _, f := range r.Findings {
		if f.Severity == policy.SeverityError {
			return true
		}
	}
	return false
}

// Sort orders findings by file, line, column, then rule; commit and change findings
// come last, in the order of the commits.
func Sort(fs []Finding) {
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := &fs[i], &fs[j]
		ga, gb := group(a), group(b)
		if ga != gb {
			return ga < gb
		}
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Column != b.Column {
			return a.Column < b.Column
		}
		return a.Rule < b.Rule
	})
}

func group(f *Finding) int {
	switch {
	case f.File != "":
		return 0
	case f.Commit != "":
		return 1
	}
	return 2
}

// Formats lists the --format values the writers accept.
var Formats = []string{"text", "json", "sarif", "github"}

// Options tune the writers.
type Options struct {
	// Color enables ANSI colours in text output.
	Color bool
	// Version is heed's version, for SARIF's tool.driver.
	Version string
	// Automation is SARIF's run automationDetails; nil gives the id "heed/"
	// (AzurePipelines reads a pipeline's).
	Automation *Automation
}

// Write renders the report in the named format.
func Write(w io.Writer, format string, r *Report, opt Options) error {
	switch format {
	case "text", "":
		return WriteText(w, r, opt)
	case "json":
		return WriteJSON(w, r)
	case "sarif":
		return WriteSARIF(w, r, opt)
	case "github":
		return WriteGitHub(w, r)
	}
	return fmt.Errorf("unknown format %q (want %s)", format, strings.Join(Formats, ", "))
}
