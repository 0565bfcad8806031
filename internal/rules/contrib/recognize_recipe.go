package contrib

import (
	"path"
	"slices"
	"strings"

	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// recipeRules lowers a step of a how-to for adding a new thing (norm.RecipeLead,
// norm.ReadRecipeStep): "Register it in `src/registry.ts`" under "## Adding a
// provider", whose first step put the provider at `src/providers/{name}.ts`, is a
// co-change: a change that adds such a file updates the registry too. The how-to's
// steps are the constraints that share the step's lead-in (or, for a heading, its
// section) in the same file. A step says what one addition needs, not what every one
// must: the rule warns.
func recipeRules(c *policy.Constraint, s sentence, rc *recognize.RepoContext) []policy.Rule {
	var place string
	var updates []string
	lead := ""
	if steps := norm.RecipeSentence(c.Text); len(steps) > 0 {
		lead = c.Text
		for _, st := range steps {
			if st.Place != "" && place == "" {
				place = st.Place
			}
			updates = append(updates, st.Updates...)
		}
	} else {
		st, ok := norm.ReadRecipeStep(c.Text)
		if !ok || len(st.Updates) == 0 || rc == nil {
			return nil
		}
		var sibling func(o *policy.Constraint) bool
		switch {
		case c.Context != "" && norm.RecipeLead(c.Context):
			lead = c.Context
			sibling = func(o *policy.Constraint) bool { return o.Context == c.Context }
		case len(c.HeaderPath) > 0 && norm.RecipeLead(c.HeaderPath[len(c.HeaderPath)-1]) && c.Context == "":
			lead = c.HeaderPath[len(c.HeaderPath)-1]
			sibling = func(o *policy.Constraint) bool { return o.Context == "" && slices.Equal(o.HeaderPath, c.HeaderPath) }
		default:
			return nil
		}
		for i := range rc.Constraints {
			o := &rc.Constraints[i]
			if o.File != c.File || o.ID == c.ID || !sibling(o) {
				continue
			}
			if ost, ok := norm.ReadRecipeStep(o.Text); ok && ost.Place != "" {
				place = ost.Place
				break
			}
		}
		updates = st.Updates
	}
	if place == "" || len(updates) == 0 {
		return nil
	}
	ifs := []string{"/" + path.Join(c.Scope.Dir, place)}
	var thens []string
	for _, u := range updates {
		thens = append(thens, "/"+path.Join(c.Scope.Dir, u))
	}
	r := pairRule(s, ifs, thens)
	p := CochangeParams{If: ifs, Unless: thens, Then: thens, Added: true,
		Need:    "a change to " + strings.Join(trimRoot(thens), " or "),
		Reading: "a step of the how-to \"" + strings.TrimSuffix(strings.TrimSpace(lead), ":") + "\": a change that adds " + place + " updates " + strings.Join(updates, " or ")}
	r.Params = mustJSON(p)
	r.Cases = coCases(ifs, thens, true)
	r.Exact = false
	r.Severity = policy.SeverityWarning
	r.Review = "one step of a how-to: heed asks it of every change that adds what the how-to adds"
	return []policy.Rule{r}
}
