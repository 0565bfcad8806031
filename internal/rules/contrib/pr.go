package contrib

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/policy"
)

// KindPR is the rule kind for pull-request titles and descriptions.
const KindPR = "pr"

// The checks a pr rule can make (PRParams.Check).
const (
	PRTitleFormat = "title-format"  // Pattern: the title matches
	PRTitleForbid = "title-forbid"  // Pattern: the title does not match (issue numbers, file names)
	PRBodyForbid  = "body-forbid"   // Pattern: the description does not match
	PRBodyRequire = "body-require"  // Pattern: the description matches ("fixes #123")
	PRSections    = "sections"      // Sections: the description has each of these headings
	PRContains    = "contains"      // Text: the description contains this text (spacing and case folded)
	PRCheckboxes  = "checkboxes"    // every "- [ ]" task-list item of the description is ticked
	PRMaxWords    = "max-words"     // Max: the description has at most Max words
	PRDisclosure  = "ai-disclosure" // the description says that AI was used
)

// PRParams are the parameters of a pr rule.
type PRParams struct {
	Check   string `json:"check"`
	Pattern string `json:"pattern,omitempty"`
	// What names what Pattern matches, for messages.
	What string `json:"what,omitempty"`
	// Example is a title the instruction gives as an illustration.
	Example  string   `json:"example,omitempty"`
	Sections []string `json:"sections,omitempty"`
	Text     string   `json:"text,omitempty"`
	Max      int      `json:"max,omitempty"`
	// Region narrows body-forbid to a part of the description: PRRegionReleaseNotes.
	Region string `json:"region,omitempty"`
}

// PRRegionReleaseNotes: the description's release notes, the text between its
// release-notes markers ("<!-- BEGIN RELEASE NOTES -->" ... "<!-- END RELEASE NOTES
// -->") or, without them, the section under a "Release notes" heading.
const PRRegionReleaseNotes = "release-notes"

var (
	notesBlockRE   = lazyre.New(`(?is)<!--\s*begin\s+release[ -]notes?\s*-->(.*?)<!--\s*end\s+release[ -]notes?\s*-->`)
	htmlCommentRE  = lazyre.New(`(?s)<!--.*?-->`)
	notesHeadingRE = lazyre.New(`(?im)^[ \t]{0,3}#{1,6}[ \t]*release[ -]notes?\b.*$`)
	anyHeadingRE   = lazyre.New(`(?m)^[ \t]{0,3}#{1,6}[ \t]`)
)

// ReleaseNotesPresentRE matches a description that has release notes as
// PRRegionReleaseNotes reads them: a rule on their entries applies only then.
const ReleaseNotesPresentRE = `(?im)<!--\s*begin\s+release[ -]notes?\s*-->|^[ \t]{0,3}#{1,6}[ \t]*release[ -]notes?\b`

// releaseNotes is the text of a description's release notes, and whether it has any;
// the template's comments are no part of it.
func releaseNotes(body string) (string, bool) {
	if m := notesBlockRE.FindStringSubmatch(body); m != nil {
		return htmlCommentRE.ReplaceAllString(m[1], ""), true
	}
	loc := notesHeadingRE.FindStringIndex(body)
	if loc == nil {
		return "", false
	}
	rest := body[loc[1]:]
	if next := anyHeadingRE.FindStringIndex(rest); next != nil {
		rest = rest[:next[0]]
	}
	return htmlCommentRE.ReplaceAllString(rest, ""), true
}

func prKind() engine.Kind {
	return engine.Kind{Name: KindPR, Doc: prDoc, Domain: policy.DomainContribution, Compile: compilePR, Needs: []engine.Part{engine.PartPR}}
}

type prCheck struct {
	p       PRParams
	scope   policy.Scope
	pattern *regexp.Regexp
}

func compilePR(rule *policy.Rule) (engine.Check, error) {
	var p PRParams
	if err := decodeParams(rule, &p); err != nil {
		return nil, err
	}
	c := &prCheck{p: p, scope: rule.Scope}
	var err error
	switch p.Check {
	case PRTitleFormat, PRTitleForbid, PRBodyForbid, PRBodyRequire:
		if p.Pattern == "" {
			return nil, fmt.Errorf("params.pattern: %s needs a regular expression", p.Check)
		}
		if c.pattern, err = compileRE("pattern", p.Pattern); err != nil {
			return nil, err
		}
	case PRSections:
		if len(p.Sections) == 0 {
			return nil, fmt.Errorf("params.sections: sections needs at least one heading")
		}
	case PRContains:
		if strings.TrimSpace(p.Text) == "" {
			return nil, fmt.Errorf("params.text: contains needs the text")
		}
	case PRMaxWords:
		if p.Max <= 0 {
			return nil, fmt.Errorf("params.max: max-words needs a positive limit, got %d", p.Max)
		}
	case PRCheckboxes, PRDisclosure:
	case "":
		return nil, fmt.Errorf("params.check: missing")
	default:
		return nil, fmt.Errorf("params.check: unknown check %q (want title-format, title-forbid, body-forbid, body-require, sections, contains, checkboxes, max-words, ai-disclosure)", p.Check)
	}
	return c, nil
}

// Targets: a pull request applies whenever there is a contribution to describe. With no
// PR text in the evidence the rule still applies, and is undetermined.
// WantsFile implements engine.FileSelector: it judges the pull request, no file.
func (c *prCheck) WantsFile(string, string) bool { return false }

func (c *prCheck) Targets(ev *engine.Evidence) []engine.Target {
	if ev.PR == nil && !c.contribution(ev) {
		return nil
	}
	return []engine.Target{{Kind: engine.TargetPR}}
}

// contribution reports whether the evidence shows a change in the rule's scope.
func (c *prCheck) contribution(ev *engine.Evidence) bool {
	for _, p := range ev.Changed {
		if c.scope.Covers(p) {
			return true
		}
	}
	for _, cm := range ev.Commits {
		for _, p := range cm.Files {
			if c.scope.Covers(p) {
				return true
			}
		}
		if len(cm.Files) == 0 {
			return true
		}
	}
	return false
}

func prFinding(msg, snippet, suggestion string) engine.Finding {
	return engine.Finding{CommandIndex: -1, Change: true, Message: msg, Snippet: snippet, Suggestion: suggestion}
}

var (
	checkboxRE = lazyre.New(`(?m)^\s*[-*+]\s+\[( |x|X)\]\s*(.*)$`)
	headingRE  = lazyre.New(`(?m)^\s{0,3}(#{1,6}\s+(.+?)\s*#*\s*$|\*\*(.+?)\*\*:?\s*$)`)
)

func fold(s string) string { return strings.Join(strings.Fields(strings.ToLower(s)), " ") }

func (c *prCheck) Judge(ev *engine.Evidence, t engine.Target) engine.Result {
	if ev.PR == nil {
		if why, ok := missingPart(ev, "pr"); ok {
			return undetermined("the pull-request text could not be read (" + why + ")")
		}
		return undetermined("no pull-request text was given (pass it with --pr FILE)")
	}
	title, body := ev.PR.Title, ev.PR.Body
	switch c.p.Check {
	case PRTitleFormat:
		if !c.pattern.MatchString(title) {
			sug := "write the title in the required format"
			if c.p.Example != "" {
				sug = fmt.Sprintf("write the title like %q", c.p.Example)
			}
			return violated(prFinding("the pull-request title does not follow the required format", title, sug))
		}
		return satisfied("title matches the format")
	case PRTitleForbid:
		if loc := c.pattern.FindStringIndex(title); loc != nil {
			found := title[loc[0]:loc[1]]
			return violated(prFinding(fmt.Sprintf("the pull-request title contains %s: %s", c.what(), strings.TrimSpace(found)), title,
				"remove it from the title (put issue references in the description)"))
		}
		return satisfied("title is clean")
	case PRBodyForbid:
		text := title + "\n" + body
		if c.p.Region == PRRegionReleaseNotes {
			notes, ok := releaseNotes(body)
			if !ok {
				return satisfied("the description has no release notes")
			}
			if loc := c.pattern.FindStringIndex(notes); loc != nil {
				return violated(prFinding(fmt.Sprintf("the release notes contain %s: %s", c.what(), strings.TrimSpace(notes[loc[0]:loc[1]])),
					lineAround(notes, loc[0]), "reword the entry on its own terms"))
			}
			return satisfied("no " + c.what() + " in the release notes")
		}
		if loc := c.pattern.FindStringIndex(text); loc != nil {
			return violated(prFinding(fmt.Sprintf("the pull request contains %s: %s", c.what(), strings.TrimSpace(text[loc[0]:loc[1]])),
				lineAround(text, loc[0]), "remove it and describe the change on its own terms"))
		}
		return satisfied("no " + c.what())
	case PRBodyRequire:
		if !c.pattern.MatchString(body) {
			return violated(prFinding(fmt.Sprintf("the pull-request description has no %s", c.what()), title,
				fmt.Sprintf("add %s to the description", c.what())))
		}
		return satisfied("the description has " + c.what())
	case PRSections:
		have := map[string]bool{}
		for _, m := range headingRE.FindAllStringSubmatch(body, -1) {
			h := m[2]
			if h == "" {
				h = m[3]
			}
			have[fold(strings.Trim(h, "*:_ "))] = true
		}
		var lack []string
		for _, s := range c.p.Sections {
			if !have[fold(strings.Trim(s, "#*:_ "))] {
				lack = append(lack, s)
			}
		}
		if len(lack) > 0 {
			return violated(prFinding("the pull-request description lacks the section(s) "+quoteList(lack), title,
				"add a heading for each required section and fill it in"))
		}
		return satisfied("every required section is there")
	case PRContains:
		if !strings.Contains(fold(title+"\n"+body), fold(c.p.Text)) {
			return violated(prFinding("the pull-request description does not contain the required text", title,
				fmt.Sprintf("add %q to the description", c.p.Text)))
		}
		return satisfied("required text present")
	case PRCheckboxes:
		var open []string
		all := checkboxRE.FindAllStringSubmatch(body, -1)
		for _, m := range all {
			if m[1] == " " {
				open = append(open, m[2])
			}
		}
		if len(all) == 0 {
			return violated(prFinding("the pull-request description has no checklist", title,
				"fill in the checklist of the pull-request template"))
		}
		if len(open) > 0 {
			return violated(prFinding(fmt.Sprintf("%d checklist item(s) are not ticked: %s", len(open), quoteList(open)), "- [ ] "+open[0],
				"do what each item asks and tick it, or say why it does not apply"))
		}
		return satisfied("every checklist item is ticked")
	case PRMaxWords:
		n := len(strings.Fields(body))
		if n > c.p.Max {
			return violated(prFinding(fmt.Sprintf("the pull-request description has %d words; the limit is %d", n, c.p.Max), title,
				fmt.Sprintf("shorten the description to %d words or fewer", c.p.Max)))
		}
		return satisfied(fmt.Sprintf("%d words", n))
	case PRDisclosure:
		if namesAI(title + "\n" + body) {
			return satisfied("the description mentions AI assistance")
		}
		return violated(prFinding("the pull-request description does not disclose AI assistance", title,
			"say in the description which AI assistant was used and how"))
	}
	return engine.InternalError("unhandled check " + c.p.Check)
}

func (c *prCheck) what() string {
	if c.p.What != "" {
		return c.p.What
	}
	return "a forbidden reference"
}

func quoteList(xs []string) string {
	q := make([]string, len(xs))
	for i, x := range xs {
		q[i] = fmt.Sprintf("%q", x)
	}
	return strings.Join(q, ", ")
}
