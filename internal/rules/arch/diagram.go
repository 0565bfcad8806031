package arch

import (
	"fmt"
	"slices"
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// Diagrams: a section draws its layers in a code block ("api --> core --> storage")
// and a sentence says what the arrows mean ("Arrows point the way imports may go;
// nothing points back"). The arrows are read as written: each part depends on the
// next.

var (
	// verticalArrowRE: a line of a vertical diagram that only points down (or up).
	verticalDownRE = lazyre.New(`^[\s│|┃]*[▼↓vV∨][\s│|┃]*$`)
	verticalUpRE   = lazyre.New(`^[\s│|┃]*[▲↑^∧][\s│|┃]*$`)
	verticalBarRE  = lazyre.New(`^[\s│|┃]+$`)
	// diagramArrowRE splits a diagram line at its arrows.
	diagramArrowRE = lazyre.New(`\s*(?:-{1,3}>|={1,2}>|→|⟶)\s*`)
	diagramNameRE  = lazyre.New(`^[A-Za-z0-9_@][\w./@-]*$`)
)

// diagramLayers reads the layers a section's diagram draws, when the constraint is
// the sentence that says its arrows are dependencies: the names of the one chain of
// three or more, lowest last as drawn.
func diagramLayers(c *policy.Constraint, rc *recognize.RepoContext) (sentence, bool) {
	if rc == nil || len(recognize.CodeSpans(c.Text)) > 0 || !norm.ArchDiagramSentenceRE.MatchString(recognize.Lower(c.Text)) {
		return sentence{}, false
	}
	var chains [][]string
	for i := range rc.Constraints {
		o := &rc.Constraints[i]
		if o.File != c.File || !slices.Equal(o.HeaderPath, c.HeaderPath) {
			continue
		}
		for _, cb := range o.Code {
			if chain, ok := verticalChain(cb.Text); ok {
				chains = append(chains, chain)
				continue
			}
			for _, line := range strings.Split(cb.Text, "\n") {
				parts := diagramArrowRE.Split(strings.TrimSpace(line), -1)
				if len(parts) < 3 {
					continue
				}
				ok := true
				for _, p := range parts {
					ok = ok && diagramNameRE.MatchString(p)
				}
				if ok {
					chains = append(chains, parts)
				}
			}
		}
	}
	if len(chains) == 0 {
		if chain, ok := listChain(c, rc); ok {
			chains = append(chains, chain)
		}
	}
	if len(chains) != 1 {
		return sentence{}, false // none, or several heed would have to join
	}
	s := sentence{prose: "layers:"}
	for i, name := range chains[0] {
		if i > 0 {
			s.prose += " →"
		}
		s.prose += fmt.Sprintf(" §%d", i)
		s.spans = append(s.spans, name)
	}
	return s, true
}

// verticalChain reads a diagram drawn top to bottom: one name a line, the names
// joined by lines of bars and one arrow head ("│", "▼"). Arrows pointing down make
// each name depend on the one below it; pointing up, on the one above. Any other
// line, or arrows both ways, is no chain.
func verticalChain(text string) ([]string, bool) {
	var names []string
	down, up := 0, 0
	for _, line := range strings.Split(text, "\n") {
		t := strings.TrimSpace(line)
		switch {
		case t == "":
		case verticalDownRE.MatchString(t) && len(names) > 0:
			down++
		case verticalUpRE.MatchString(t) && len(names) > 0:
			up++
		case verticalBarRE.MatchString(t):
		case diagramNameRE.MatchString(t):
			names = append(names, t)
		default:
			return nil, false
		}
	}
	if len(names) < 3 || down > 0 && up > 0 || down+up < len(names)-1 {
		return nil, false
	}
	if up > 0 {
		slices.Reverse(names)
	}
	return names, true
}

// listChain reads the layers a section lists one an item, each item a name alone,
// under a lead-in that says which way the list runs ("Layers, from top to bottom:"):
// the names top first, each depending on the ones below it.
func listChain(c *policy.Constraint, rc *recognize.RepoContext) ([]string, bool) {
	var names []string
	lead := ""
	for i := range rc.Constraints {
		o := &rc.Constraints[i]
		if o.File != c.File || !slices.Equal(o.HeaderPath, c.HeaderPath) || o.Context == "" || o.Line >= c.Line {
			continue
		}
		spans := recognize.CodeSpans(o.Text)
		rest := strings.Trim(spanRE.ReplaceAllString(o.Text, ""), " .;:*")
		if len(spans) != 1 || rest != "" || !diagramNameRE.MatchString(strings.TrimSpace(spans[0])) {
			continue
		}
		if lead != "" && o.Context != lead {
			return nil, false // two lists: which one the sentence means is not said
		}
		lead = o.Context
		names = append(names, strings.Trim(strings.TrimSpace(spans[0]), "/"))
	}
	m := norm.ArchListOrderRE.FindStringSubmatch(lead)
	if len(names) < 2 || m == nil || !norm.ArchLayerWordRE.MatchString(strings.ToLower(lead)) {
		return nil, false
	}
	if m[4] != "" { // bottom first
		slices.Reverse(names)
	}
	return names, true
}
