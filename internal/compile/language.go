package compile

import (
	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
)

// inEnglish is the constraint as the recognisers read it: a sentence written in a
// language heed has words for is glossed into English (internal/norm/gloss.go), with
// its headings and framing, and read as English is; the constraint a user sees keeps
// its own words. It returns the sentence's language ("" for English).
func inEnglish(c *policy.Constraint) (policy.Constraint, string) {
	read := *c
	var lang string
	read.Text, lang = norm.Gloss(c.Text)
	if len(c.HeaderPath) > 0 {
		read.HeaderPath = make([]string, len(c.HeaderPath))
		for i, h := range c.HeaderPath {
			read.HeaderPath[i], _ = norm.Gloss(h)
		}
	}
	if c.Context != "" {
		read.Context, _ = norm.Gloss(c.Context)
	}
	// "`generated/` – API client (do not edit by hand)": the rule in parentheses,
	// said as a sentence; the same for an item under "Outputs (do not hand-edit):"
	// "**Don't:** run `git push --force`": a label that is the rule's modality,
	// read as the sentence it opens
	if t, ok := norm.TableRowSentence(read.Text, read.Context); ok {
		// "| `eval` | ❌ Never |" under "| API | Status |": the row is the sentence
		// it states, read as prose under the table's section
		read.Text, read.Context = t, norm.TableSection(read.Context)
	}
	if t, ok := norm.PolarityLabel(read.Text); ok {
		read.Text = t
	}
	if t, ok := norm.ParenRule(read.Text); ok {
		read.Text = t
	} else if t, ok := norm.ItemParenRule(read.Text, read.Context); ok {
		read.Text = t
	}
	return read, lang
}

// unreadable keeps a rule read from a sentence in a language heed has no words for
// from blocking: what the reader took from it (English words, a code span) may miss
// the word that negates or narrows it. The rule warns, for a person to review.
func unreadable(lang string, r *policy.Rule) {
	if norm.Readable(lang) || r.Domain == policy.DomainSemantic || r.Severity != policy.SeverityError {
		return
	}
	name := norm.LanguageName(lang)
	if lang == "und" {
		name = "words of more than one language"
	}
	r.Severity = policy.SeverityWarning
	r.Review = "written in " + name + ", which heed has no words for: what it read may miss a negation or a condition"
	r.Generated = ""
	r.Generated = policy.Fingerprint(r)
}
