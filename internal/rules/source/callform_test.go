package source

import (
	"testing"

	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// Session 43's call forms (norm.ReadCallForm): a keyword's value banned in calls, and
// a module's calls that must pass a keyword. Each rule's own cases hold.
func TestCallFormCases43(t *testing.T) {
	rc := &recognize.RepoContext{Languages: []string{"python"}}
	for _, text := range []string{
		"Never pass `shell=True` to `subprocess` calls.",
		"Do not pass `shell=True` to `subprocess.run`.",
		"Never call `subprocess.Popen` with `shell=True`.",
		"Don't disable TLS certificate verification (`verify=False`) in HTTP calls.",
		"Every `requests` call must pass a `timeout`.",
	} {
		c := &policy.Constraint{ID: "c1", File: "AGENTS.md", Line: 1, Level: policy.Must, Text: text}
		r := (callFormRecognizer{}).Recognize(c, rc)
		if len(r.Rules) != 1 {
			t.Errorf("%q: %d rules (%s), want 1", text, len(r.Rules), r.Unenforced)
			continue
		}
		rule := r.Rules[0]
		rule.ID = "r"
		checkRuleCases(t, &rule, text)
	}
}
