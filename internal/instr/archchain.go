package instr

import (
	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
)

// chainLevel raises to should an arrow chain of the project's parts that its
// sentence, lead-in or a heading frames as the layering ("## Dependency Direction" +
// "- api → services → repositories", "Architecture rule: UI components → query hooks
// → `src/api`"): a rule stated without a modal. The architecture readers warn on
// such a rule until a person confirms it (a statement may describe the code).
func chainLevel(lv policy.Level, text, ctx string, headings []string) policy.Level {
	if lv != policy.Info {
		return lv
	}
	if _, lead := norm.ArchLayerListLead(text); lead {
		// "Our layers, from bottom to top:": the list it leads is the layering
		return policy.Should
	}
	if norm.LayeringChain(text, ctx, headings) || norm.DirectionItem(text, ctx, headings) {
		return policy.Should
	}
	return lv
}
