package norm

import (
	"strconv"
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// Arrow chains whose steps are named in words: "Data flows one way: UI components →
// query hooks (`src/hooks`) → API client (`src/api`) → backend", "Architecture rule:
// pages → services → repositories". Each step is a few words, a code span, or words
// with their folder in parentheses. Such a chain states the project's layering only
// when something frames it as one: a word of dependencies, layers, direction or an
// architecture rule in the sentence, its lead-in or a heading above it. A chain
// without that framing ("Request flow: browser → proxy → server") is a flow, no rule.

// ChainStep is one step of an arrow chain read from a sentence's prose (lower case,
// spans as §N): the words that name it and the index of its code span (-1 when none).
type ChainStep struct {
	Words string
	Span  int
}

// archChainStepRE: one step, words perhaps followed by a span in parentheses, or a
// span alone. Four words at most: a longer step is a clause, not the name of a part.
var archChainStepRE = lazyre.New(`^(?:the )?([a-z][\w.-]*(?: [a-z][\w.-]*){0,3})?(?: ?\(§(\d+)\)| ?§(\d+))?$`)

// archChainFrameRE: the words that make an arrow chain a statement of the layering.
var archChainFrameRE = lazyre.New(`\b(?:dependenc(?:y|ies)|depends?|imports?|import direction|layer(?:s|ed|ing)?|architecture rules?|one[- ]way|direction)\b`)

// archChainOrderRE: the words of an order that is no layering ("Import order: std →
// third-party → local", "grouped", "sorted").
var archChainOrderRE = lazyre.New(`\b(?:order(?:ed|ing)?|group(?:s|ed|ing)?|sort(?:ed|ing)?)\b`)

// ArchWordChain reads the arrow chain of a sentence's prose, when it has one of three
// or more steps, each named in words, by a span, or both; nil otherwise. A lead
// clause before a colon ("Data flows one way:") is no step.
func ArchWordChain(prose string) []ChainStep {
	body := strings.TrimSpace(prose)
	if i := strings.Index(body, ": "); i >= 0 {
		if j := ArchArrowSplitRE.FindStringIndex(body); j != nil && i < j[0] {
			body = body[i+2:]
		}
	}
	body = strings.TrimRight(body, ".;! ")
	parts := ArchArrowSplitRE.Split(body, -1)
	if len(parts) < 3 {
		return nil
	}
	steps := make([]ChainStep, 0, len(parts))
	for _, p := range parts {
		m := archChainStepRE.FindStringSubmatch(strings.TrimSpace(p))
		if m == nil || m[1] == "" && m[2] == "" && m[3] == "" {
			return nil
		}
		st := ChainStep{Words: m[1], Span: -1}
		for _, n := range []string{m[2], m[3]} {
			if n != "" {
				st.Span, _ = strconv.Atoi(n)
			}
		}
		steps = append(steps, st)
	}
	return steps
}

// ArchChainFramed reports whether a chain's sentence, its lead-in or a heading above it
// frames the chain as the layering of the code.
func ArchChainFramed(prose, context string, headings []string) bool {
	all := strings.ToLower(prose + " " + context + " " + strings.Join(headings, " "))
	if archChainOrderRE.MatchString(all) {
		return false
	}
	if archChainFrameRE.MatchString(strings.ToLower(withoutChain(prose))) || archChainFrameRE.MatchString(strings.ToLower(context)) {
		return true
	}
	for _, h := range headings {
		if archChainFrameRE.MatchString(strings.ToLower(h)) {
			return true
		}
	}
	return false
}

// withoutChain is a sentence's prose with its chain's steps left out, so that a step
// named "imports" frames nothing.
func withoutChain(prose string) string {
	if i := strings.Index(prose, ": "); i >= 0 {
		return prose[:i]
	}
	if ArchArrowSplitRE.MatchString(prose) {
		return ""
	}
	return prose
}

// LayeringChain reports whether a text states the layering as a framed arrow chain
// of three or more steps (see ArchWordChain), for the level reader: such an item or
// sentence is the project's rule though no modal says so.
func LayeringChain(text, context string, headings []string) bool {
	for _, s := range ArchSentences(text) {
		if ArchWordChain(s.Prose) != nil && ArchChainFramed(s.Prose, context, headings) {
			return true
		}
	}
	return false
}

// A list under a heading or lead-in that names the direction of dependencies, each
// item one edge: "## Dependency direction" + "- `transport` depends on `service`",
// "Dependencies flow one way:" + "- `web` → `core`". The direction is the rule: the
// edge's target must not depend back on its source. A list of dependencies without a
// direction ("## Dependencies" + "- `app` depends on `lodash`") states no rule.

// archDirectionFrameRE: a heading or lead-in that names the direction.
var archDirectionFrameRE = lazyre.New(`\b(?:dependency direction|direction of (?:the )?(?:dependenc(?:y|ies)|imports?)|import direction|dependenc(?:y|ies) (?:flow|point|go|run)s?|one[- ]way)\b`)

// archDirectionEdgeRE: one item's edge, "§0 depends on §1", "§0 imports §1", "§0 →
// §1", the part perhaps called a package, module, layer or crate.
var archDirectionEdgeRE = lazyre.New(`^(?:the )?§(\d+)(?: (?:package|module|layer|crate|folder))? (?:depends on|imports(?: from)?|uses|->|→|=>) (?:the )?§(\d+)(?: (?:package|module|layer|crate|folder))?[.;]?$`)

// ArchDirectionFramed reports whether a lead-in or a heading names the direction of
// dependencies.
func ArchDirectionFramed(context string, headings []string) bool {
	if archDirectionFrameRE.MatchString(strings.ToLower(context)) {
		return true
	}
	for _, h := range headings {
		if archDirectionFrameRE.MatchString(strings.ToLower(h)) {
			return true
		}
	}
	return false
}

// ArchDirectionEdge reads one edge of a direction list from a sentence's prose: the
// spans of the part that depends and of the part it depends on.
func ArchDirectionEdge(prose string) (from, to int, ok bool) {
	m := archDirectionEdgeRE.FindStringSubmatch(strings.TrimLeft(prose, "-*• "))
	if m == nil {
		return 0, 0, false
	}
	from, _ = strconv.Atoi(m[1])
	to, _ = strconv.Atoi(m[2])
	return from, to, from != to
}

// DirectionItem reports whether a text is one edge of a list under a direction frame
// (see ArchDirectionEdge), for the level reader.
func DirectionItem(text, context string, headings []string) bool {
	if !ArchDirectionFramed(context, headings) {
		return false
	}
	ss := ArchSentences(text)
	if len(ss) != 1 {
		return false
	}
	_, _, ok := ArchDirectionEdge(ss[0].Prose)
	return ok
}

// ArchPartNoun reports whether the last word of a chain's step can name a folder of
// the code: "components", "hooks", "services"; not the words that name a level or a
// kind of code rather than a part ("layer", "tier", "code", "logic").
func ArchPartNoun(word string) bool {
	switch strings.ToLower(word) {
	case "layer", "layers", "tier", "tiers", "level", "levels", "code", "logic", "side", "sides", "stuff", "things":
		return false
	}
	return word != ""
}
