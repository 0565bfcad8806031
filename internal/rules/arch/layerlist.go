package arch

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// ---- layers given as a list ----

// layerListRecognizer reads the layering a list states: under a lead-in that calls it
// the layering and says which way it runs ("Keep the layering, from top to bottom:"),
// or before a sentence that says each layer depends only on those below it. The rule
// is the lead-in's or the sentence's; the items only name the layers.
type layerListRecognizer struct{}

func (layerListRecognizer) Name() string { return "arch.layer-list" }

func (layerListRecognizer) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	if rc == nil {
		return recognize.Result{}
	}
	var items []*policy.Constraint
	topFirst, ok := norm.ArchLayerListLead(c.Text)
	if ok {
		items = itemsUnder(c, rc)
	} else if topFirst, ok = norm.ArchEachLayerBelow(c.Text); ok {
		items = listBefore(c, rc)
	}
	if !ok || len(items) < 2 {
		return recognize.Result{}
	}
	var names []string
	for _, it := range items {
		name, ok := norm.ArchLayerItem(it.Text)
		if !ok {
			return recognize.Result{Unenforced: fmt.Sprintf("an item of the list of layers names no layer (%q)", it.Text)}
		}
		names = append(names, name)
	}
	if topFirst {
		slices.Reverse(names) // lowest first
	}
	s := sentence{spans: names}
	order := make([]int, len(names))
	for i := range order {
		order[i] = i
	}
	layers, why := placeLayers(s, c, rc, order)
	if layers == nil {
		return recognize.Result{Unenforced: why}
	}
	r := layersRule(c, rc, layers, names)
	return recognize.Result{Rules: exemptTests([]policy.Rule{r}, c, rc)}
}

// layersRule is the layers rule of layers named lowest first, with a case of the
// lowest layer importing the highest (violated) and the reverse (satisfied).
func layersRule(c *policy.Constraint, rc *recognize.RepoContext, layers []layer, names []string) policy.Rule {
	sm := newSampler(rc)
	lo := sm.concrete(layers[0].Paths[0], "low")
	hi := sm.concrete(layers[len(layers)-1].Paths[0], "high")
	return archRule(KindLayers, layersParams{Layers: layers}, c,
		fmt.Sprintf("a lower layer imports a higher one (%s, lowest first)", strings.Join(names, " → ")),
		"keep the dependency pointing down: move the shared code to the lower layer, or invert the dependency",
		sm.importCase(policy.ExpectViolated, lo, hi, "the lowest layer importing the highest"),
		sm.importCase(policy.ExpectSatisfied, hi, lo, "the highest layer importing the lowest"))
}

// itemsUnder returns the items of a lead-in's list: the constraints of its file whose
// context is the lead-in, after it, in order.
func itemsUnder(c *policy.Constraint, rc *recognize.RepoContext) []*policy.Constraint {
	var out []*policy.Constraint
	for i := range rc.Constraints {
		o := &rc.Constraints[i]
		if o.File == c.File && o.Line > c.Line && o.Context == c.Text && slices.Equal(o.HeaderPath, c.HeaderPath) {
			out = append(out, o)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Line < out[j].Line })
	return out
}

// listBefore returns the list right before a sentence: the run of items of its
// section, one a line, that ends at most two lines above it.
func listBefore(c *policy.Constraint, rc *recognize.RepoContext) []*policy.Constraint {
	byLine := map[int]*policy.Constraint{}
	for i := range rc.Constraints {
		o := &rc.Constraints[i]
		if o.File == c.File && o.Line < c.Line && o.Context == "" && slices.Equal(o.HeaderPath, c.HeaderPath) {
			byLine[o.Line] = o
		}
	}
	line := c.Line - 1
	for line > c.Line-3 && byLine[line] == nil {
		line--
	}
	var out []*policy.Constraint
	for ; byLine[line] != nil; line-- {
		out = append(out, byLine[line])
	}
	slices.Reverse(out)
	return out
}
