package arch

import (
	"fmt"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
)

// layer is one level of a layered architecture.
type layer struct {
	Name  string   `json:"name"`
	Paths []string `json:"paths"`
}

// allowEdge is an exception: From may import To although To is higher.
type allowEdge struct {
	From []string `json:"from"`
	To   []string `json:"to"`
}

// layersParams: Layers are ordered lowest first; a file of a layer may import its
// own and lower layers, never a higher one, except where Allow says so.
type layersParams struct {
	Layers        []layer     `json:"layers"`
	Allow         []allowEdge `json:"allow,omitempty"`
	AllowTypeOnly bool        `json:"allow_type_only,omitempty"`
}

type layersCheck struct {
	rule *policy.Rule
	p    layersParams
}

func compileLayers(rule *policy.Rule) (engine.Check, error) {
	var p layersParams
	if err := decode(rule, &p); err != nil {
		return nil, err
	}
	if len(p.Layers) < 2 {
		return nil, fmt.Errorf("params.layers: a layering needs at least two layers, got %d", len(p.Layers))
	}
	for i, l := range p.Layers {
		if strings.TrimSpace(l.Name) == "" {
			return nil, fmt.Errorf("params.layers[%d].name: missing", i)
		}
		if len(l.Paths) == 0 {
			return nil, fmt.Errorf("params.layers[%d].paths: layer %q names no folder", i, l.Name)
		}
		if err := validGlobs(fmt.Sprintf("layers[%d].paths", i), l.Paths); err != nil {
			return nil, err
		}
	}
	for i, a := range p.Allow {
		if len(a.From) == 0 || len(a.To) == 0 {
			return nil, fmt.Errorf("params.allow[%d]: needs both from and to", i)
		}
		if err := validGlobs(fmt.Sprintf("allow[%d].from", i), a.From); err != nil {
			return nil, err
		}
		if err := validGlobs(fmt.Sprintf("allow[%d].to", i), a.To); err != nil {
			return nil, err
		}
	}
	return &layersCheck{rule: rule, p: p}, nil
}

// layerOf returns the index of the layer a path belongs to, or -1. When layers nest
// (a path matches several), the most specific (last matching in a longer glob) wins.
func (c *layersCheck) layerOf(p string) int {
	best, bestLen := -1, -1
	for i, l := range c.p.Layers {
		for _, g := range l.Paths {
			if matchAny([]string{g}, p) && len(g) > bestLen {
				best, bestLen = i, len(g)
			}
		}
	}
	return best
}

func (c *layersCheck) Targets(ev *engine.Evidence) []engine.Target {
	return sourceTargets(ev, c.rule.Scope, func(p string) bool { return c.layerOf(p) >= 0 })
}

// FileByFile implements engine.FileByFile: a file's targets and verdict are its own.
func (c *layersCheck) FileByFile(*engine.Evidence) bool { return true }

// WantsFile implements engine.FileSelector.
func (c *layersCheck) WantsFile(p, lang string) bool {
	return mayBeSource(p, lang) && c.rule.Scope.Covers(p) && c.layerOf(p) >= 0
}

func (c *layersCheck) Judge(ev *engine.Evidence, t engine.Target) engine.Result {
	gf, undetermined := fileEdges(ev, t)
	if undetermined != nil {
		return *undetermined
	}
	f := ev.Files[t.Index]
	mine := c.layerOf(f.Path)
	var fs []engine.Finding
	old := 0 // findings on edges the change did not bring
	for i := range gf.Edges {
		e := &gf.Edges[i]
		if !e.ToKind.Internal() || (c.p.AllowTypeOnly && e.TypeOnly) {
			continue
		}
		theirs := c.layerOf(e.To)
		if theirs <= mine {
			continue
		}
		if c.allowed(f.Path, e.To) {
			continue
		}
		msg := fmt.Sprintf("layer %q imports %s from the higher layer %q (lowest first: %s)",
			c.p.Layers[mine].Name, describe(e), c.p.Layers[theirs].Name, c.order())
		if !broughtByTheChange(f, e) {
			old++
			continue
		}
		fs = append(fs, finding(f, e, msg, c.rule.Suggestion))
	}
	return edgeVerdict(fs, old, "no import goes up the layers")
}

func (c *layersCheck) allowed(from, to string) bool {
	for _, a := range c.p.Allow {
		if matchAny(a.From, from) && matchAny(a.To, to) {
			return true
		}
	}
	return false
}

func (c *layersCheck) order() string {
	names := make([]string, len(c.p.Layers))
	for i, l := range c.p.Layers {
		names[i] = l.Name
	}
	return strings.Join(names, " → ")
}
