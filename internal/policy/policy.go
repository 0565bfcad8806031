// Package policy holds the data model shared by every stage of heed: constraints as
// written in instruction files, the rules they compile into, and the policy file that
// stores both. It is data only: no parsing of Markdown, no judging.
package policy

import "encoding/json"

// Level is how strongly an instruction binds.
type Level string

const (
	Must   Level = "must"
	Should Level = "should"
	Info   Level = "info"
)

// Domain is the family a rule belongs to.
const (
	DomainProcess      = "process"
	DomainSource       = "source"
	DomainArchitecture = "architecture"
	DomainContribution = "contribution"
	DomainSemantic     = "semantic"
)

// Severity of a rule's findings: an error blocks (non-zero exit, denied command), a
// warning is reported only.
const (
	SeverityError   = "error"
	SeverityWarning = "warning"
)

// Scope is the part of the repository an instruction (and so its rules) governs.
type Scope struct {
	// Dir is the repository-relative, "/"-separated directory whose subtree is governed;
	// "" is the repository root.
	Dir string `json:"dir"`
	// Globs narrow the scope to matching paths (doublestar syntax, relative to the
	// repository root). Empty means every path under Dir.
	Globs []string `json:"globs,omitempty"`
	// Exclude removes matching paths from the scope (same syntax as Globs).
	Exclude []string `json:"exclude,omitempty"`
}

// CodeBlock is a fenced or indented code block attached to the constraint it follows.
type CodeBlock struct {
	Lang string `json:"lang,omitempty"`
	Text string `json:"text"`
	Line int    `json:"line"`
}

// Constraint is one rule as written: a leaf of an instruction file's Markdown tree.
type Constraint struct {
	// ID is stable: a hash of file, header path, normalised text and duplicate index.
	ID   string `json:"id"`
	Text string `json:"text"`
	// File is the repository-relative path of the instruction file the text stands in
	// (for imported text, the imported file).
	File    string `json:"file"`
	Line    int    `json:"line"`
	EndLine int    `json:"end_line"`
	// HeaderPath lists the ancestor headings, outermost first.
	HeaderPath []string `json:"header_path,omitempty"`
	// Context is text that frames the constraint without being part of it: the parent
	// list item's text, or a table's header cells.
	Context string `json:"context,omitempty"`
	Level   Level  `json:"level"`
	Scope   Scope  `json:"scope"`
	// Code holds the code blocks that follow the constraint (examples or commands).
	Code []CodeBlock `json:"code,omitempty"`
	// Format is the kind of instruction file: agents, claude, copilot, cursor, gemini,
	// windsurf, cline, zed, roo, continue, openhands, amp, aider, junie, contributing.
	Format string `json:"format,omitempty"`
}

// Case is an authored input for a rule with the verdict the rule must give it. Only the
// fields that matter to the rule's kind are set.
type Case struct {
	// Expect is violated, satisfied or inapplicable.
	Expect string `json:"expect"`
	// Argv is a command (process rules).
	Argv []string `json:"argv,omitempty"`
	// Shell is a shell command line (process rules; parsed like a hook payload).
	Shell string `json:"shell,omitempty"`
	// Cwd is the repository-relative directory the command runs in.
	Cwd string `json:"cwd,omitempty"`
	// History lists earlier commands of the session, oldest first (stateful rules).
	History [][]string `json:"history,omitempty"`
	// Path and Code are a file and its content (source and architecture rules).
	Path string `json:"path,omitempty"`
	Code string `json:"code,omitempty"`
	// Files are other files present in the repository: path -> content.
	Files map[string]string `json:"files,omitempty"`
	// Message is a commit message (contribution rules).
	Message string `json:"message,omitempty"`
	// Changed lists the paths a change touched (co-change rules).
	Changed []string `json:"changed,omitempty"`
	// PR is a pull-request title and body, the title on the first line.
	PR string `json:"pr,omitempty"`
	// Note says what the case shows.
	Note string `json:"note,omitempty"`
}

// Case expectations.
const (
	ExpectViolated     = "violated"
	ExpectSatisfied    = "satisfied"
	ExpectInapplicable = "inapplicable"
)

// Values of Rule.Validation.
const (
	ValidationDemoted      = "demoted"
	ValidationNotValidated = "not validated"
)

// Values of Rule.Decision.
const (
	DecisionKeep = "keep"
	DecisionDrop = "drop"
)

// Rule is what a constraint compiles into: one executable check.
type Rule struct {
	ID string `json:"id"`
	// Domain is one of the Domain* constants; Kind names the check implementation.
	Domain string `json:"domain"`
	Kind   string `json:"kind"`
	// Params are the kind's typed parameters, validated by the kind on load.
	Params json.RawMessage `json:"params"`
	Scope  Scope           `json:"scope"`
	// When is the condition under which the rule applies, when the compiler read one
	// that can be decided from the evidence: where it does not hold the rule is
	// inapplicable (SWE-CC's precondition), not undetermined. Nil: the rule applies
	// wherever it has targets.
	When     *Condition `json:"when,omitempty"`
	Severity string     `json:"severity"`
	// Exact is false for a mechanical stand-in for a reading (word lists for tense...).
	Exact bool `json:"exact"`
	// Message says what a violation is, in a few words; Suggestion what to do instead.
	Message    string `json:"message,omitempty"`
	Suggestion string `json:"suggestion,omitempty"`
	// Norm is what the compiler understood of the sentence (norm.Norm.String), so a
	// reviewer sees a misreading at a glance.
	Norm string `json:"norm,omitempty"`
	// Review says why the compiler demoted the rule to a warning for a person to
	// review: it would block what its own instruction file shows as normal use, or it
	// flags much of the repository's existing code.
	Review string `json:"review,omitempty"`
	// Validation is what the self-validation at compile time (running the rule over
	// the repository as it stands) concluded, when it did not simply pass: Demoted
	// (Review says how much existing code it flags) or NotValidated (it was not run
	// to the end). Empty for a rule it passed, and for rules it does not run.
	Validation string `json:"validation,omitempty"`
	// Decision is a reviewer's verdict on the rule: DecisionKeep (enforce it as it
	// stands; never demote it) or DecisionDrop (never run it). Setting it is an edit,
	// so recompiling keeps the rule as the reviewer left it.
	Decision string `json:"decision,omitempty"`
	// Ask marks a rule whose instruction allows the action once the user agrees ("ask
	// before you run ...", "never ... without explicit approval", "unless the user
	// asks"): blocking it would stop what the user may well approve, and letting it
	// pass silently would skip the question. Where the agent can put the question to
	// the user (Claude Code's and Cursor's hooks) a violation asks; everywhere else it
	// warns. Such a rule has warning severity.
	Ask   bool   `json:"ask,omitempty"`
	Cases []Case `json:"cases,omitempty"`
	// Origin is the recogniser that generated the rule, "manual", or "llm:<model>".
	Origin string `json:"origin"`
	// Generated is the fingerprint of the rule as the compiler emitted it; when the
	// rule no longer matches it, a person edited it and recompiling keeps it.
	Generated string `json:"generated,omitempty"`
}

// Condition is a mechanical antecedent of a rule: it holds when every part it sets
// holds (a part with a list holds when one of its entries does). What says what the
// condition is about, in a few words, for reasons ("a deprecation", "a docstring").
type Condition struct {
	What string `json:"what"`
	// Paths: the change adds or modifies a file matching one of these globs.
	Paths []string `json:"paths,omitempty"`
	// Added: a line the change adds or modifies (in a file matching Paths, when
	// set) matches this regular expression.
	Added string `json:"added,omitempty"`
	// Docstring: the change adds or modifies a line inside a Python docstring.
	Docstring bool `json:"docstring,omitempty"`
	// Message: a commit message of the change matches this regular expression.
	Message string `json:"message,omitempty"`
	// PR: the pull request's title or body matches this regular expression.
	PR string `json:"pr,omitempty"`
	// Ran: the session ran a command whose words start with one of these.
	Ran [][]string `json:"ran,omitempty"`
	// NewCode: the rule is about the code a change adds ("No jQuery in new code"):
	// it judges a change, never the tree as it stands.
	NewCode bool `json:"new_code,omitempty"`
}

// NeedsReview reports whether the compiler demoted the rule for a person to review and
// no reviewer has decided on it yet.
func (r *Rule) NeedsReview() bool { return r.Review != "" && r.Decision == "" }

// Doubt marks a rule the compiler is unsure of: an error becomes a warning, and the
// rule needs review for the reason given unless it already has one.
func (r *Rule) Doubt(why string) {
	if r.Severity == SeverityError {
		r.Severity = SeverityWarning
	}
	if r.Review == "" {
		r.Review = why
	}
}

// Dropped reports whether a reviewer dropped the rule: it stays in the policy file
// (so recompiling does not bring it back) but never runs.
func (r *Rule) Dropped() bool { return r.Decision == DecisionDrop }

// Entry is a constraint with what it compiled into.
type Entry struct {
	Constraint
	Rules []Rule `json:"rules,omitempty"`
	// Unenforced says why a must/should constraint yielded no rule.
	Unenforced string `json:"unenforced,omitempty"`
}

// SourceFile is an instruction file the policy was compiled from, with its content hash
// (for staleness checks).
type SourceFile struct {
	Path   string `json:"path"`
	SHA256 string `json:"sha256"`
	Format string `json:"format,omitempty"`
	// Linked is set on a document heed read because an instruction file links to it
	// or names it (README.md, docs/style.md), which no agent loads by itself. It is a
	// project file as much as a source of rules: an agent may edit it (a rule often
	// says to), so the live path neither guards it nor stops judging when it changes;
	// the compiled rules stand until the user compiles again, and heed compile shows
	// what the edit changed.
	Linked bool `json:"linked,omitempty"`
}

// Sealed are the sources the live path verifies and guards: the instruction files
// agents load by themselves and the documents those import, not the linked ones.
func Sealed(sources []SourceFile) []SourceFile {
	var out []SourceFile
	for _, s := range sources {
		if !s.Linked {
			out = append(out, s)
		}
	}
	return out
}

// Policy is the content of .heed/policy.json.
type Policy struct {
	Schema  string `json:"$schema,omitempty"`
	Version int    `json:"version"`
	// Integrity is the seal heed writes with the file ("sha256:" and the hash of the
	// policy's canonical form without it): a file whose content no longer matches was
	// edited since heed wrote it, and the live path will not judge from it (Seal).
	Integrity string       `json:"integrity,omitempty"`
	Sources   []SourceFile `json:"sources"`
	// SelfValidation tunes the run of the compiled rules over the repository at
	// compile time; nil means the defaults (see SelfValidation).
	SelfValidation *SelfValidation `json:"self_validation,omitempty"`
	Entries        []Entry         `json:"constraints"`
}

// SelfValidation holds the thresholds above which a compiled source or architecture
// rule is taken to flag the repository's own idiom (or a misreading) and is demoted to
// a warning for review, and the time the pass may take. Zero fields take the
// defaults.
type SelfValidation struct {
	// MaxSites: a rule that flags more existing sites than this is demoted.
	MaxSites int `json:"max_sites,omitempty"`
	// MaxFileShare: a rule that flags more than this share (0..1) of the files it
	// applies to is demoted, once it flags at least MinFiles files.
	MaxFileShare float64 `json:"max_file_share,omitempty"`
	MinFiles     int     `json:"min_files,omitempty"`
	// MaxSiteShare: a rule that flags more existing sites than this many per file it
	// applies to is demoted, once it flags at least MinFiles files: MaxSites is the
	// limit of a large repository, this one of a small one.
	MaxSiteShare float64 `json:"max_site_share,omitempty"`
	// BudgetSeconds bounds the pass; rules it has not finished by then are marked
	// not validated.
	BudgetSeconds float64 `json:"budget_seconds,omitempty"`
	// SampleFiles bounds the files a rule is judged on: one that might judge more
	// is judged on that many, always the same ones, its sites scaled up; -1 judges
	// every file.
	SampleFiles int `json:"sample_files,omitempty"`
}

// Defaults of SelfValidation (docs/policy.md says why).
const (
	DefaultMaxSites      = 50
	DefaultMaxFileShare  = 0.05
	DefaultMinFiles      = 3
	DefaultMaxSiteShare  = 0.1
	DefaultBudgetSeconds = 60
	DefaultSampleFiles   = 2000
)

// WithDefaults returns the settings with every zero field at its default; s may be
// nil.
func (s *SelfValidation) WithDefaults() SelfValidation {
	var out SelfValidation
	if s != nil {
		out = *s
	}
	if out.MaxSites <= 0 {
		out.MaxSites = DefaultMaxSites
	}
	if out.MaxFileShare <= 0 {
		out.MaxFileShare = DefaultMaxFileShare
	}
	if out.MinFiles <= 0 {
		out.MinFiles = DefaultMinFiles
	}
	if out.MaxSiteShare <= 0 {
		out.MaxSiteShare = DefaultMaxSiteShare
	}
	if out.BudgetSeconds <= 0 {
		out.BudgetSeconds = DefaultBudgetSeconds
	}
	if out.SampleFiles == 0 {
		out.SampleFiles = DefaultSampleFiles
	}
	return out
}

// CurrentVersion is the policy file format version this build writes.
const CurrentVersion = 1

// Rules returns every rule of the policy with the constraint it came from.
func (p *Policy) Rules() []Bound {
	var out []Bound
	for i := range p.Entries {
		e := &p.Entries[i]
		for j := range e.Rules {
			out = append(out, Bound{Rule: &e.Rules[j], Constraint: &e.Constraint})
		}
	}
	return out
}

// Bound is a rule together with the constraint it enforces (for messages that quote
// the instruction).
type Bound struct {
	Rule       *Rule
	Constraint *Constraint
}
