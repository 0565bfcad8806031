package semantic

import (
	"encoding/json"
	"fmt"
	"path"
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/policy"
)

// NewRule builds the judge rule of a constraint: the rubric quotes the instruction with
// its place and heading path, so a model (or a person) can read it on its own. The
// compiler fills the id, origin and fingerprint.
func NewRule(c *policy.Constraint, on string) policy.Rule {
	if on == "" {
		on = OnFiles
	}
	params, _ := json.Marshal(Params{Rubric: Rubric(c), On: on})
	sev := policy.SeverityWarning
	if c.Level == policy.Must {
		sev = policy.SeverityError
	}
	r := policy.Rule{
		Domain:   policy.DomainSemantic,
		Kind:     KindJudge,
		Params:   params,
		Scope:    c.Scope,
		Severity: sev,
		Exact:    false,
		Message:  "design-intent rule: needs a model to judge",
	}
	r.Cases = Cases(on, c.Scope)
	return r
}

// Rubric states the instruction for a judge.
func Rubric(c *policy.Constraint) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Does the %s follow this instruction? ", subject(c))
	b.WriteString(strings.TrimSpace(c.Text))
	if c.Context != "" {
		fmt.Fprintf(&b, " (under: %s)", strings.TrimSpace(c.Context))
	}
	if len(c.HeaderPath) > 0 {
		fmt.Fprintf(&b, " [section: %s]", strings.Join(c.HeaderPath, " > "))
	}
	if c.File != "" {
		// The file, not the line: a rubric must not change when text above it moves.
		fmt.Fprintf(&b, " [from %s]", c.File)
	}
	return b.String()
}

func subject(c *policy.Constraint) string {
	if len(c.Scope.Globs) > 0 {
		return "file (" + strings.Join(c.Scope.Globs, ", ") + ")"
	}
	if c.Scope.Dir != "" {
		return "file under " + c.Scope.Dir + "/"
	}
	return "code"
}

// Cases are the authored cases of a judge rule: offline an in-scope target is
// undetermined (never a pass) and evidence without targets is inapplicable.
func Cases(on string, s policy.Scope) []policy.Case {
	none := policy.Case{Expect: policy.ExpectInapplicable, Note: "nothing to judge"}
	switch on {
	case OnCommits:
		return []policy.Case{{Expect: policy.ExpectUndetermined, Message: "Change things", Note: "offline, a commit is undetermined"}, none}
	case OnPR:
		return []policy.Case{{Expect: policy.ExpectUndetermined, PR: "Change things\n\nBody.", Note: "offline, a pull request is undetermined"}, none}
	case OnCommands:
		return []policy.Case{{Expect: policy.ExpectUndetermined, Argv: []string{"make"}, Cwd: s.Dir, Note: "offline, a command is undetermined"}, none}
	case OnChange:
		p := SamplePath(s)
		if p == "" {
			return []policy.Case{none}
		}
		return []policy.Case{{Expect: policy.ExpectUndetermined, Changed: []string{p}, Path: p, Code: "x\n", Note: "offline, a change is undetermined"}, none}
	}
	var out []policy.Case
	if p := SamplePath(s); p != "" {
		out = append(out, policy.Case{Expect: policy.ExpectUndetermined, Path: p, Code: "x\n", Note: "offline, a file in scope is undetermined"})
	}
	if p := outsidePath(s); p != "" {
		out = append(out, policy.Case{Expect: policy.ExpectInapplicable, Path: p, Code: "x\n", Note: "a file outside the rule's scope"})
	} else {
		out = append(out, none)
	}
	return out
}

var braceRE = lazyre.New(`\{([^},]*)[^}]*\}`)

// SamplePath returns a concrete path the scope covers, or "" when none of the tried
// shapes is covered (a scope with unusual globs).
func SamplePath(s policy.Scope) string {
	var cands []string
	for _, g := range s.Globs {
		g = strings.TrimPrefix(strings.TrimPrefix(g, "./"), "/")
		g = braceRE.ReplaceAllString(g, "$1")
		g = strings.ReplaceAll(g, "**/", "")
		g = strings.ReplaceAll(g, "**", "example.txt")
		g = strings.ReplaceAll(g, "*", "example")
		g = strings.ReplaceAll(g, "?", "x")
		g = strings.TrimSuffix(g, "/")
		cands = append(cands, g, path.Join(s.Dir, g), path.Join(g, "example.txt"), path.Join(s.Dir, g, "example.txt"))
	}
	cands = append(cands, path.Join(s.Dir, "example.txt"), path.Join(s.Dir, "src", "example.go"))
	for _, c := range cands {
		if c != "" && c != "." && s.Covers(c) {
			return c
		}
	}
	return ""
}

func outsidePath(s policy.Scope) string {
	for _, c := range []string{"heed-outside-scope/example.txt", "example.heed-outside"} {
		if !s.Covers(c) {
			return c
		}
	}
	return ""
}
