package norm

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// pushedBranches reads a ban of pushes said with the verb as a noun or a gerund
// ("Direct pushes to `main` are prohibited", "Pushing directly to `master` is not
// allowed"): the reading has push as its verb and only the branches as objects; it
// becomes the practice with its branches, as "never push directly to `main`" reads.
func pushedBranches(out []Norm) {
	for i := range out {
		n := &out[i]
		if n.Polarity != Forbid || n.Verb != "push" || len(n.Objects) == 0 || n.Condition != "" {
			continue
		}
		var branches []string
		for _, o := range n.Objects {
			if o.Kind != KCode || !BranchTarget(n.Sentence, o.Text) {
				branches = nil
				break
			}
			branches = append(branches, o.Text)
		}
		if len(branches) == 0 {
			continue
		}
		n.Objects = []Object{{Kind: KConcept, Text: "push", Argv: branches}}
	}
}

var noPushRE = lazyre.New("(?i)^\\s*no\\s+(?:direct\\s+)?push(?:es|ing)?\\s+(?:directly\\s+)?(?:to|into)\\s+(?:the\\s+)?((?:`[^`]+`(?:\\s*(?:,|or|and)\\s*)?)+)(?:\\s+branch(?:es)?)?\\s*[.!]?\\s*$")

// noPushes reads "No direct pushes to `main`." (no verb, the ban in its noun): the
// practice banned for the branches named.
func noPushes(text string) []Norm {
	m := noPushRE.FindStringSubmatch(strings.TrimSpace(text))
	if m == nil {
		return nil
	}
	var branches []string
	for _, p := range strings.Split(m[1], "`") {
		p = strings.TrimSpace(p)
		if p == "" || p == "," || p == "or" || p == "and" {
			continue
		}
		if !BranchTarget(text, p) && !BranchTarget(strings.Replace(text, ", `", " to `", -1), p) {
			return nil
		}
		branches = append(branches, p)
	}
	if len(branches) == 0 {
		return nil
	}
	return []Norm{{Sentence: strings.TrimSpace(text), Polarity: Forbid, Strength: "must", Objects: []Object{{Kind: KConcept, Text: "push", Argv: branches}}}}
}

// namedCommand: the code span at i is one lower-case word that the next word calls a
// command ("`sleep` commands", "the `watch` command"), and no tool is named before it
// (in "the `git` `bisect` command" or "npm's `audit` command" the span is a
// subcommand).
func namedCommand(toks []Token, i int) bool {
	if i+1 >= len(toks) || toks[i+1].Low != "command" && toks[i+1].Low != "commands" {
		return false
	}
	w := toks[i].Text
	if w == "" || w[0] < 'a' || w[0] > 'z' {
		return false
	}
	for _, r := range w {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	if i > 0 {
		p := toks[i-1]
		if p.Code || strings.HasSuffix(p.Low, "'s") || strings.HasSuffix(p.Low, "’s") {
			return false
		}
		if _, ok := toolFamilies()[p.Low]; ok {
			return false
		}
	}
	return true
}
