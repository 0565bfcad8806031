package norm

import (
	"slices"
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// Approval: a ban that holds until the user (or a maintainer) agrees. "Never run
// `terraform apply` without explicit approval", "Don't force-push unless I tell you
// to", "Only run `cargo publish` when the user explicitly requests a release": the
// action is not forbidden, it waits for a yes heed cannot see. A block would stop
// what the user may well approve; a bare warning would let the agent skip the
// question. The norm is marked Ask: hooks that can put the question to the user ask,
// and everywhere else it warns.

// approvalClause: a condition that names someone's agreement ("unless approval from
// the user", "without the owner's go-ahead", "unless I tell you to", "unless
// explicitly instructed", "unless the user has approved it", "without asking").
const approvalClause = `(?:unless|until|without|except\s+(?:when|if))\s+` +
	`(?:` +
	// agreement as a noun: "unless approval from the user", "without the owner's go-ahead"
	`(?:(?:the|a|an|your|their|explicit|prior|written|express|first)\s+)*(?:[a-z]+'s\s+)?(?:explicit\s+|prior\s+|written\s+)?(?:(?:user|human|maintainer|owner|team|reviewer)\s+)?(?:approval|permission|confirmation|consent|sign-?off|go-ahead|ok|okay)\b` +
	`|` +
	`(?:an?\s+)?(?:explicit|express)\s+(?:requests?|instructions?)\b` +
	`|` +
	// someone asks or approves: "unless the user explicitly requests a release", "unless I tell you to"
	`(?:(?:the\s+)?(?:user|human|maintainer|maintainers|owner|owners|reviewer|operator|developer)|i|we|someone|a\s+(?:human|maintainer|person))\s+(?:has\s+|have\s+)?(?:explicitly\s+|specifically\s+|directly\s+)?(?:asks?|asked|requests?|requested|tells?|told|instructs?|instructed|approves?|approved|says?\s+so|confirms?|confirmed|wants?\s+(?:it|you\s+to)|directs?|directed)\b` +
	`|` +
	// the agreement in the passive: "unless explicitly instructed", "unless asked",
	// "without being explicitly asked"
	`(?:being\s+)?(?:(?:explicitly|specifically|directly|expressly)\s+)?(?:asked|requested|instructed|told|approved|permitted|authori[sz]ed|directed)\b` +
	`|` +
	`(?:first\s+)?asking(?:\s+(?:first|me|the\s+user))?\b` +
	`)` +
	// what the agreement is to, or from whom: "unless asked to do so", "unless the
	// user requests it", "without approval from the maintainers"
	`(?:\s+(?:to\s+do\s+so|to|it|so|you\s+to|first)\b)?(?:\s+from\s+(?:the\s+|a\s+)?[\w-]+(?:'s)?(?:\s+[\w-]+)?)?`

// approvalConditionRE: the whole condition is someone's agreement.
var approvalConditionRE = lazyre.New(`(?i)^` + approvalClause)

// approvalInSentenceRE: the sentence makes its ban wait for someone's agreement,
// for a norm whose condition the reader dropped or kept only in part.
var approvalInSentenceRE = lazyre.New(`(?i)\b` + approvalClause)

// approvalWords are the words without which no text asks for agreement: a gate in
// front of the expressions, which most sentences never need compiled.
var approvalWords = []string{"ask", "check with", "consult", "wait for", "approv", "permission", "confirm", "consent", "sign-off", "signoff", "sign off",
	"go-ahead", "ok", "instruct", "request", "tell", "told", "say", "direct", "authori", "permit", "want"}

// mentionsApproval reports whether text has one of approvalWords.
func mentionsApproval(text string) bool {
	low := strings.ToLower(text)
	for _, w := range approvalWords {
		if strings.Contains(low, w) {
			return true
		}
	}
	return false
}

// ApprovalCondition reports whether a condition as the reader keeps it ("unless
// approval from the user") is someone's agreement.
func ApprovalCondition(cond string) bool {
	return mentionsApproval(cond) && approvalConditionRE.MatchString(strings.TrimSpace(cond))
}

// markApprovals marks the bans whose only condition is someone's agreement.
func markApprovals(ns []Norm) {
	for i := range ns {
		n := &ns[i]
		if n.Polarity != Forbid || n.Ask {
			continue
		}
		cond := strings.TrimSpace(n.Condition)
		switch {
		case cond != "" && ApprovalCondition(cond):
		case leftOfApproval(cond, n.Sentence):
			// "Do not run `npm audit fix --force` without asking", "Do not push
			// without asking first": the reader kept no condition, or only words of
			// the sentence's approval ("unless", "unless first")
		default:
			// a condition of another kind, or agreement as one of its alternatives
			// ("unless asked or reproducing performance issues"): not the user's
			// question alone
			continue
		}
		n.Ask = true
		if cond != "" {
			// the agreement is what Ask says: no condition is left for heed to miss
			n.Uncertain = slices.DeleteFunc(n.Uncertain, func(u string) bool { return u == "condition: "+n.Condition })
			n.Condition = ""
		}
		if !slices.Contains(n.Uncertain, askBeforeUncertain) {
			n.Uncertain = append(n.Uncertain, askBeforeUncertain)
		}
	}
}

// leftOfApproval reports whether the sentence makes its ban wait for someone's
// agreement and the condition the reader kept is nothing but words of that phrase.
func leftOfApproval(cond, sentence string) bool {
	if !mentionsApproval(sentence) {
		return false
	}
	m := approvalInSentenceRE.FindString(sentence)
	if m == "" {
		return false
	}
	words := append(strings.Fields(strings.ToLower(m)), "unless") // the reader writes "without" as "unless"
	for _, w := range strings.Fields(strings.ToLower(cond)) {
		if !slices.Contains(words, w) {
			return false
		}
	}
	return true
}

// addDependencyPlaceRE: adding a dependency to one place ("never add dependencies to
// the core package", "no new packages in `apps/web`"): the ban holds there only.
var addDependencyPlaceRE = lazyre.New(`(?i)\b(?:add|adding|install|installing|introduce|introducing)\s+(?:(?:any|new|a|third-party|external|extra)\s+)*(?:dependenc(?:y|ies)|packages?)\s+(?:to|in|into|for|inside|within)\s+([^,.;:]+)`)

// purposeDependencyRE: adding a dependency as a command's purpose ("use `go get` to
// add dependencies").
var purposeDependencyRE = lazyre.New(`(?i)\b(?:to|for)\s+(?:add|adding|install|installing|introduce|introducing)\s+(?:(?:any|new|a|third-party|external|extra)\s+)*(?:dependenc(?:y|ies)|packages?)\b`)

// withoutStepRE: "without discussing licensing", "without checking for existing
// alternatives": a step to take first, which heed cannot see.
var withoutStepRE = lazyre.New(`(?i)\bwithout\s+(?:first\s+)?[a-z]+ing\b`)

// stepDependencyBans drops a ban of adding dependencies that holds only until a step
// heed cannot see was taken ("never add a dependency without checking for existing
// alternatives": the duty is the check, not the ban).
func stepDependencyBans(ns []Norm) []Norm {
	for i := range ns {
		n := &ns[i]
		if addsDependency(*n) && hasKinds(n.Objects, KCommand) && purposeDependencyRE.MatchString(n.Sentence) {
			// "Don't use `go get` to add dependencies": what the command is for,
			// not a second thing banned
			n.Objects = slices.DeleteFunc(n.Objects, func(o Object) bool { return o.Text == "add-dependency" })
		}
	}
	return slices.DeleteFunc(ns, func(n Norm) bool {
		return n.Polarity == Forbid && !n.Ask && addsDependency(n) && withoutStepRE.MatchString(n.Sentence)
	})
}

func addsDependency(n Norm) bool {
	return slices.ContainsFunc(n.Objects, func(o Object) bool { return o.Text == "add-dependency" })
}

// placeDependencyBans gives a ban of adding dependencies the place its sentence names
// as a condition heed cannot see.
func placeDependencyBans(ns []Norm) {
	for i := range ns {
		n := &ns[i]
		if n.Polarity != Forbid || n.Condition != "" || len(n.Scope) > 0 || !addsDependency(*n) {
			continue
		}
		if m := addDependencyPlaceRE.FindStringSubmatch(n.Sentence); m != nil {
			place := m[1]
			for _, cut := range []string{" without ", " unless ", " until "} {
				place, _, _ = strings.Cut(place, cut)
			}
			n.Condition = "in " + strings.TrimSpace(place)
			n.Uncertain = append(n.Uncertain, "condition: "+n.Condition)
		}
	}
}
