package compile

import (
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/policy"
)

// A rule read from a sentence in a language heed has no words for warns, and says
// which language and why; one read from a language it reads keeps its level.
func TestUnreadableDemotes(t *testing.T) {
	for lang, want := range map[string]string{"nl": "Dutch", "it": "", "ko": "", "es": "", "": "", "und": "more than one language", "pl": "Polish"} {
		r := policy.Rule{Domain: policy.DomainProcess, Kind: "command", Severity: policy.SeverityError}
		unreadable(lang, &r)
		switch {
		case want == "" && (r.Severity != policy.SeverityError || r.Review != ""):
			t.Errorf("%q: demoted: %s %q", lang, r.Severity, r.Review)
		case want != "" && (r.Severity != policy.SeverityWarning || !strings.Contains(r.Review, want)):
			t.Errorf("%q: %s %q, want a warning naming %s", lang, r.Severity, r.Review, want)
		}
	}
}

// The recognisers read a sentence in another language in English words, its
// headings and framing too; the constraint keeps the words it was written in.
func TestInEnglish(t *testing.T) {
	c := policy.Constraint{Text: "Nunca uses `npm install`.", HeaderPath: []string{"Antes de cada commit"}, Context: "No hagas | Haz en su lugar"}
	read, lang := inEnglish(&c)
	if lang != "es" || read.Text != "never use `npm install`." || read.HeaderPath[0] != "before every commit" || read.Context != "do not do | do instead" {
		t.Errorf("read as %q %q %q (%s)", read.Text, read.HeaderPath, read.Context, lang)
	}
	if c.Text != "Nunca uses `npm install`." || c.HeaderPath[0] != "Antes de cada commit" {
		t.Errorf("the constraint changed: %+v", c)
	}
}
