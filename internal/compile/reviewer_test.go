package compile_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/instr"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/rules"
	"github.com/heed-dev/heed/internal/rules/process"
)

// A rule made elsewhere (a model's) goes through the review heed's own command rules
// get: a ban of a command the instruction file shows as normal use is in doubt, one
// of a command it never shows is not, and the rule itself is left as it was.
func TestReviewerDoubtsABanOfTheFilesOwnCommand(t *testing.T) {
	doc := "# Project\n\n## Setup\n\n```sh\nnpm install\nnpm test\n```\n\n## Rules\n\n- Keep the lockfile in sync with the manifest.\n"
	cons, _ := instr.Extract("AGENTS.md", []byte(doc), instr.Classify("AGENTS.md"), policy.Scope{})
	rc := &recognize.RepoContext{Constraints: cons}
	var c *policy.Constraint
	for i := range cons {
		if strings.HasPrefix(cons[i].Text, "Keep the lockfile") {
			c = &cons[i]
		}
	}
	if c == nil {
		t.Fatalf("no constraint: %+v", cons)
	}
	var rv recognize.Reviewer
	for _, r := range rules.Recognizers() {
		if v, ok := r.(recognize.Reviewer); ok {
			rv = v
		}
	}
	if rv == nil {
		t.Fatal("no recogniser reviews rules made elsewhere")
	}
	ban := func(args ...string) policy.Rule {
		p, _ := json.Marshal(process.CommandParams{Forbid: []process.Pattern{{Program: []string{"npm"}, Args: args}}})
		return policy.Rule{Domain: policy.DomainProcess, Kind: process.KindCommand, Params: p, Severity: policy.SeverityWarning, Origin: "llm:m"}
	}
	install := ban("install")
	before := string(install.Params)
	if why := rv.ReviewRule(c, rc, &install); !strings.Contains(why, "npm install") || !strings.Contains(why, "AGENTS.md:") {
		t.Errorf("a ban of `npm install`, which the file shows: %q", why)
	}
	if string(install.Params) != before || install.Review != "" || install.Severity != policy.SeverityWarning {
		t.Errorf("the review changed the rule: %+v", install)
	}
	publish := ban("publish")
	if why := rv.ReviewRule(c, rc, &publish); why != "" {
		t.Errorf("a ban of `npm publish`, which the file never shows: %q", why)
	}
}
