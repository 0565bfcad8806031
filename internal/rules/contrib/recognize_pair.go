package contrib

import (
	"path"
	"strings"

	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// pairRecognizer reads files that change together from the normative model: "When
// you change `api/schema.graphql`, also update `docs/api.md`" is a requirement to
// update one file after a change to another. "And vice versa" makes the pair go both
// ways. Only files the sentence names count: a kind of file the model infers ("a
// dependency") says too little of which file must follow.
type pairRecognizer struct{}

func (pairRecognizer) Name() string { return "contribution.pair" }

func (pairRecognizer) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	s := read(c)
	// The co-change reader reads the sides more closely (files the change adds, a
	// kind of file by its extension, exemptions, "kept in sync" both ways): its
	// reading comes first.
	if rules := coChangeRules(c, s, rc); len(rules) > 0 && !strings.Contains(strings.ToLower(c.Text), "vice versa") {
		return recognize.Result{Rules: rules}
	}
	var rules []policy.Rule
	for _, n := range norm.Read(c.Text, norm.Context{Heading: c.HeaderPath}) {
		if judgedCoChange(c) {
			break // "when the exported API of `pkg/x` changes": coChangeRules warns
		}
		if n.Polarity != norm.Require || n.Verb != "update" && n.Verb != "edit" || n.Condition != "" || len(n.Uncertain) > 0 {
			continue
		}
		ifs := namedPaths(n.After, c.Scope.Dir)
		thens := namedPaths(n.Objects, c.Scope.Dir)
		if len(ifs) == 0 || len(thens) == 0 || len(thens) != len(n.Objects) {
			continue // the sentence names something other than files
		}
		rules = append(rules, pairRule(s, ifs, thens))
		if strings.Contains(strings.ToLower(c.Text), "vice versa") {
			rules = append(rules, pairRule(s, thens, ifs))
		}
	}
	if len(rules) == 0 {
		rules = coChangeRules(c, s, rc)
	}
	if len(rules) == 0 {
		rules = recipeRules(c, s, rc)
	}
	return recognize.Result{Rules: rules}
}

// namedPaths are the globs of the path objects the sentence itself names, relative to
// the instruction file's folder.
func namedPaths(objs []norm.Object, dir string) []string {
	var out []string
	for _, o := range objs {
		if o.Kind != norm.KPath || o.Origin != "" {
			continue
		}
		p := strings.TrimPrefix(o.Text, "./")
		if strings.HasSuffix(p, "/") {
			p += "**"
		}
		out = append(out, "/"+path.Join(dir, p))
	}
	return out
}

func pairRule(s sentence, ifs, thens []string) policy.Rule {
	p := CochangeParams{If: ifs, Then: thens, Need: "a change to " + strings.Join(trimRoot(thens), " or ")}
	ex := example(ifs[0])
	cases := []policy.Case{
		{Expect: policy.ExpectViolated, Changed: []string{ex}, Note: "the first file changed alone"},
		{Expect: policy.ExpectSatisfied, Changed: []string{ex, example(thens[0])}, Note: "both changed"},
		{Expect: policy.ExpectInapplicable, Changed: []string{"unrelated/other.txt"}, Note: "neither changed"},
	}
	return s.rule(KindCochange, p, true, "changed "+strings.Join(trimRoot(ifs), ", ")+" without "+strings.Join(trimRoot(thens), " or "),
		"update "+strings.Join(trimRoot(thens), " or ")+" in the same change", cases)
}

func trimRoot(gs []string) []string {
	out := make([]string, len(gs))
	for i, g := range gs {
		out[i] = strings.TrimPrefix(g, "/")
	}
	return out
}

// example is a path a glob matches, for the rule's own cases.
func example(glob string) string {
	p := strings.TrimPrefix(glob, "/")
	p = strings.ReplaceAll(p, "**", "sub")
	return strings.ReplaceAll(p, "*", "x")
}

// judgedCoChange reports whether the co-change reader finds the sentence's condition
// to be a thing inside its files (an API, a function, a flag), which a change to
// the files only stands for.
func judgedCoChange(c *policy.Constraint) bool {
	for _, cc := range norm.CoChangesIn(c.Text, norm.CoFrame{Headings: c.HeaderPath, Context: c.Context}) {
		if cc.Judgement {
			return true
		}
	}
	return false
}
