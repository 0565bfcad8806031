package enforce

import "testing"

// A denial quotes its rule as written, less Markdown's bold: a glob in a code span
// keeps its `**` (round 7 of the findings study quoted `./app//*.erb`).
func TestQuotedRuleKeepsCodeSpans(t *testing.T) {
	for in, want := range map[string]string{
		"Lint templates with `bundle exec erb_lint ./app/**/*.erb` before committing.": "Lint templates with `bundle exec erb_lint ./app/**/*.erb` before committing.",
		"**Never** run `npm install`.":                             "Never run `npm install`.",
		"**Lint**: `eslint 'src/**/*.ts'` before **every** commit": "Lint: `eslint 'src/**/*.ts'` before every commit",
	} {
		if got := tidyQuote(in); got != want {
			t.Errorf("tidyQuote(%q) = %q, want %q", in, got, want)
		}
	}
}
