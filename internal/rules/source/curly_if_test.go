package source

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// A brace rule said of if statements alone leaves loops be: an empty-bodied
// `for (...);` is no if. A rule that names loops, bodies or control structures keeps
// them all.
func TestCurlyBracesIfOnly(t *testing.T) {
	rc := &recognize.RepoContext{Languages: []string{"typescript", "c", "csharp"}}
	for _, c := range []struct {
		text  string
		loops bool
	}{
		{"Always use curly braces for if statements.", false},
		{"If blocks must always have braces, even for a single line.", false},
		{"An if statement must always use curly braces.", false},
		{"Always use curly braces for loops and if statements.", true},
		{"Always surround the bodies of if, for and while with braces.", true},
		{"Always use curly braces on all control structures.", true},
	} {
		con := &policy.Constraint{ID: "x", Text: c.text, File: "AGENTS.md", Line: 1, Level: policy.Must}
		n := 0
		for _, r := range recognizeAll(con, rc) {
			var qp QueryParams
			if err := json.Unmarshal(r.Params, &qp); err != nil || qp.Entry != "curly-braces" {
				continue
			}
			n++
			for lang, q := range qp.Queries {
				if !strings.Contains(q, "if_statement") {
					t.Errorf("%q [%s]: no if statement in %q", c.text, lang, q)
				}
				if got := strings.Contains(q, "for_statement") || strings.Contains(q, "while_statement"); got != c.loops {
					t.Errorf("%q [%s]: loops checked %v, want %v", c.text, lang, got, c.loops)
				}
			}
			r := r
			r.ID = c.text
			checkRuleCases(t, &r, c.text)
		}
		if n != 1 {
			t.Errorf("%q: %d curly-braces rules, want 1", c.text, n)
		}
	}
}

// A width given for documentation comments (Javadoc, JSDoc, KDoc) is no limit on the
// code's lines; the code's own width beside it still is.
func TestLineLimitOfDocComments(t *testing.T) {
	rc := &recognize.RepoContext{Languages: []string{"java", "typescript"}}
	for _, c := range []struct {
		text string
		want []string
	}{
		{"Wrap Javadoc at 90 characters.", nil},
		{"Keep JSDoc lines within 80 columns.", nil},
		{"Keep lines under 120 characters.", []string{"text max_line_length=119"}},
		// (wild round 20, blueking-apigateway: lines of exactly 120 were flagged)
		{"Keep line length at or below 120 characters.", []string{"text max_line_length=120"}},
		// a formatter's wrapping width leaves what it cannot split (wild round 20)
		{"It enables gofmt and golines formatters with 120-column wrapping.", []string{"warning"}},
	} {
		con := &policy.Constraint{ID: "x", Text: c.text, File: "AGENTS.md", Line: 1, Level: policy.Must}
		expectRecognized(t, con, rc, c.want)
	}
}

// "Add JSDoc comments for public APIs" leaves it to the project which exports are its
// public API (an application exports helpers to its own modules): the rule warns. A
// sentence that names the items ("every exported function") says which: it blocks.
func TestDocCommentsOnThePublicAPIWarn(t *testing.T) {
	rc := &recognize.RepoContext{Languages: []string{"typescript"}}
	for _, c := range []struct {
		text string
		sev  string
	}{
		{"Add JSDoc comments for public APIs.", policy.SeverityWarning},
		{"All exported functions must have a JSDoc comment.", policy.SeverityError},
	} {
		con := &policy.Constraint{ID: "x", Text: c.text, File: "AGENTS.md", Line: 1, Level: policy.Must}
		rules := recognizeAll(con, rc)
		if len(rules) != 1 || rules[0].Severity != c.sev {
			var got []string
			for _, r := range rules {
				got = append(got, r.Severity)
			}
			t.Errorf("%q: severities %v, want one %s", c.text, got, c.sev)
		}
	}
}
