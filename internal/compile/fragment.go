package compile

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// catalogueRecognizer is the recogniser of the source catalogue: the named
// conventions heed checks with a query written for each language.
const catalogueRecognizer = "source.catalogue"

// fragmentConvention compiles a constraint the extractor read as a description (level
// info) that states one of the catalogue's conventions as a fragment, without a modal,
// in a section of code conventions or of one language: "## Strict Coding Standards" >
// "- **Type Safety**: Modern Python type hints (`str | None`, `list[str]`)", "## Code
// Style" > "- **React**: Functional components, custom hooks", "## Python" > "-
// Formatting: f-strings, not `%` or `.format()`". The section frames the fragment as
// how code is written here, and the catalogue entry that names it says which code
// breaks it. Nothing else is read from a fragment (a generic ban, a judge rule):
// only a convention the catalogue names. The rules warn, whatever the entry's
// certainty, for the fragment states no level; ok is false when no entry names it.
func fragmentConvention(c *policy.Constraint, rc *recognize.RepoContext, recs []recognize.Recognizer) (policy.Entry, []string, bool) {
	if !conventionFragment(c) {
		return policy.Entry{}, nil, false
	}
	restated := asPreference(c.Text)
	if c.Level != policy.Info && (restated == c.Text || !fragmentLabelRE.MatchString(strings.TrimSpace(c.Text))) {
		// a sentence the level reader read as a rule, which the recognisers have
		// read as it stands: only a labelled fragment ("**Types**: strict, `unknown`
		// over `any`") is read again, as its section's preference
		return policy.Entry{}, nil, false
	}
	read := *c
	if read.Level == policy.Info {
		read.Level = policy.Should
	}
	// the fragment says how code is written here: "Formatting: f-strings, not `%`" is
	// read as "Always use f-strings, not `%`", the way the catalogue's entries are
	// named in rules; only what a catalogue entry names is kept, never a judge rule
	read.Text = restated
	return compileFragment(read, rc, recs, func(name string) bool { return name == catalogueRecognizer }, policy.DomainSource,
		"a convention stated as a fragment, without a modal, in a section of conventions: it warns")
}

// compileFragment compiles a fragment, read as its section's convention, with the
// recognisers whose names use picks, and keeps the rules of one domain. Each warns:
// with why, a doubt a reviewer sees; without, only its severity lowered. ok is false
// when no rule is read.
func compileFragment(read policy.Constraint, rc *recognize.RepoContext, recs []recognize.Recognizer, use func(name string) bool, domain, why string) (policy.Entry, []string, bool) {
	var picked []recognize.Recognizer
	for _, r := range recs {
		if use(r.Name()) {
			picked = append(picked, r)
		}
	}
	if len(picked) == 0 {
		return policy.Entry{}, nil, false
	}
	e, warnings := compileOne(&read, rc, picked)
	var kept []policy.Rule
	for _, r := range e.Rules {
		if r.Domain == domain {
			kept = append(kept, r)
		}
	}
	if len(kept) == 0 {
		return policy.Entry{}, warnings, false
	}
	e.Rules, e.Unenforced = kept, ""
	for i := range e.Rules {
		r := &e.Rules[i]
		switch {
		case why != "":
			r.Doubt(why)
		case r.Severity == policy.SeverityError:
			r.Severity = policy.SeverityWarning
		}
		r.Generated = ""
		r.Generated = policy.Fingerprint(r)
	}
	return e, warnings, true
}

// conventionFragment reports a short statement under a heading that names code
// conventions or a programming language, which does not describe the code's past or
// present state ("a few legacy modules still use `.then()`").
func conventionFragment(c *policy.Constraint) bool {
	if len(strings.Fields(c.Text)) > 30 || describingRE.MatchString(c.Text) {
		return false
	}
	for _, h := range c.HeaderPath {
		if conventionSectionRE.MatchString(h) {
			return true
		}
	}
	return false
}

// conventionSectionRE: a heading of code conventions, of one aspect of code, or of a
// language or framework whose code the section governs.
var conventionSectionRE = lazyre.New(`(?i)\b(?:conventions?|code ?style|coding style|style ?guide|standards|best practices|guidelines|typing|type safety|types|docstrings|documentation|imports|formatting|error handling|python|typescript|javascript|react|golang|go|rust|php|ruby|kotlin|java|c#|swift|dart|flutter|laravel|django|fastapi)\b`)

// describingRE: words of a statement about the code as it is or was, not as it is to
// be written.
var describingRE = lazyre.New(`(?i)\b(?:legacy|still|currently|historically|used to|for now|at the moment|existing code|some (?:of the )?(?:files|modules|code))\b`)

// asPreference restates a fragment as the preference its section makes of it: the
// label before a colon dropped ("**Type Safety**: Modern Python type hints" → "Always
// use modern Python type hints"); a fragment that already bans or orders is kept.
func asPreference(text string) string {
	t := strings.TrimSpace(text)
	if m := fragmentLabelRE.FindStringIndex(t); m != nil && m[1] < len(t) {
		t = strings.TrimSpace(t[m[1]:])
	}
	if weRE.MatchString(t) {
		t = t[3:] // "We use **Google-style** docstrings": the project's use, its rule
		return "Always " + t
	}
	if t == "" || fragmentVerbRE.MatchString(t) {
		return text
	}
	if !strings.HasPrefix(t, "`") {
		t = strings.ToLower(t[:1]) + t[1:]
	}
	return "Always use " + t
}

// fragmentLabelRE: a short label before a colon ("**Type Safety**:", "React:").
var fragmentLabelRE = lazyre.New("^[*_]*[^:*_`]{1,40}?[*_]*\\s*:[*_]*\\s+")

// fragmentVerbRE: a fragment that already bans, orders or states its level, or
// starts with an imperative ("Documented: Include proper KDoc ..."): the
// recognisers have read it as it stands.
var fragmentVerbRE = lazyre.New(`(?i)^(?:no|not|never|avoid|don't|do not|always|use|prefer|only|must|should|include|add|write|keep|put|wrap|document|prefix|return|name|mark|annotate|place|follow|apply|run|check|make|ensure|give|provide|declare|define|import|export|throw|raise|log|call|pass|handle|create|extract|move|leave|let|set)\b`)

// weRE: a fragment that says what the project does ("We use ...").
var weRE = lazyre.New(`^(?i:we) (?:use|prefer|write|follow)\b`)

// commitFragment compiles a labelled fragment about commit messages, which states the
// project's form without a modal ("**Subject line:** imperative, at most 72
// characters, no trailing period"): the label says what the fragments are about, and
// the commit recognisers read each. The rules warn, for the fragment states no level;
// ok is false when the label speaks of no commit message or no rule is read.
func commitFragment(c *policy.Constraint, rc *recognize.RepoContext, recs []recognize.Recognizer) (policy.Entry, []string, bool) {
	label := fragmentLabelRE.FindString(strings.TrimSpace(c.Text))
	if label == "" || !commitLabelRE.MatchString(strings.ToLower(label)) {
		return policy.Entry{}, nil, false
	}
	read := *c
	read.Level = policy.Should
	return compileFragment(read, rc, recs, func(name string) bool { return strings.HasPrefix(name, "contrib.") }, policy.DomainContribution, "")
}

// commitLabelRE: a label that names commit messages or their parts.
var commitLabelRE = lazyre.New(`\b(?:commit(?:s| messages?)?|subject(?: lines?)?|commit subjects?|commit bodies|commit body)\b`)
