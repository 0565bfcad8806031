package compile_test

import (
	"fmt"

	"github.com/heed-dev/heed/internal/compile"
	"github.com/heed-dev/heed/internal/instr"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/policyfile"
	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/rules"
)

// compileAgentsDoc compiles a Markdown document as a repository's AGENTS.md, with the
// repository context rc (nil: an empty one), the way `heed compile` compiles one file.
func compileAgentsDoc(doc string, rc *recognize.RepoContext) *policy.Policy {
	cons, _ := instr.Extract("AGENTS.md", []byte(doc), instr.Classify("AGENTS.md"), policy.Scope{})
	set := &instr.Set{Files: []instr.File{{Path: "AGENTS.md", Format: instr.Classify("AGENTS.md"), Constraints: len(cons)}}, Constraints: cons}
	if rc == nil {
		rc = &recognize.RepoContext{}
	}
	p, _ := compile.Compile(set, rc, rules.Recognizers())
	mustValidate(p)
	return p
}

// mustValidate panics, failing the test that compiled p, when p is no policy `heed
// compile` could write: every sentence of every batch goes through the policy
// schema, as the file the command writes would.
func mustValidate(p *policy.Policy) {
	data, err := policy.Marshal(p)
	if err == nil {
		err = policyfile.ValidateEncoded(p, data)
	}
	if err != nil {
		panic(fmt.Sprintf("the compiled policy is invalid: %v", err))
	}
}

// rulesOf returns every rule of every entry of p.
func rulesOf(p *policy.Policy) []policy.Rule {
	var out []policy.Rule
	for _, e := range p.Entries {
		out = append(out, e.Rules...)
	}
	return out
}
