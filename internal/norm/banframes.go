package norm

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// Frames in which instruction files put a thing out of use without "never" or "do
// not": "We no longer use `X`", "Migrate away from `X`", "Replace `X` calls with
// `Y`", "`X` should be replaced by `Y`", "Prefer `Y` to `X`", "Since Java 9, `X` is
// deprecated". BanFrames rewrites a clause in such a frame into the plain ban or
// preference the source rules read ("do not use `X`", "use `Y` instead of `X`",
// "prefer `Y` over `X`"); any other clause is returned as it is. History ("`X` was
// replaced by `Y` in v2") and placeholders ("replace `YOUR_KEY` with your key") are
// not such frames: the first has no modal, the second no code to put in its place.

var (
	frameNoLongerRE = lazyre.New("(?i)\\b(?:we |you )?(?:no longer|stopped|stop) (?:use|using|call|calling)\\b")
	frameMigrateRE  = lazyre.New("(?i)\\b(?:migrate|move|moving|migrating)(?: away)? (?:from|off)\\b|\\bphase out\\b|\\bget rid of\\b")
	frameReplaceRE  = lazyre.New("(?i)^(\\W*)replace\\s+(`[^`]+`(?:\\s+(?:calls?|usages?|uses?|imports?|invocations?))?)\\s+with\\s+((?:an?\\s+|the\\s+)?`[^`]+`.*)$")
	frameReplacedRE = lazyre.New("(?i)^(\\W*)(`[^`]+`)\\s+(?:must|should|shall|needs to|has to)\\s+be\\s+replaced\\s+(?:by|with)\\s+(?:an?\\s+|the\\s+)?(?:[a-z][\\w-]*\\s+){0,2}(`[^`]+`.*)$")
	framePreferToRE = lazyre.New("(?i)\\bprefer\\s+(`[^`]+`(?:\\s+[a-z]+)?)\\s+to\\s+(`)")
	frameSinceRE    = lazyre.New("(?i)^\\W*(?:since|as of|starting with|starting from)\\s+[^,`]{1,30},\\s*`")
	frameMixRE      = lazyre.New("(?i)\\b(?:mix|mixing|combine|combining|interleave)\\b[^.;]*\\bwith\\b")
)

// BanFrames rewrites a clause in one of the frames above into the ban it makes.
func BanFrames(clause string) string {
	low := strings.ToLower(clause)
	if !strings.Contains(clause, "`") {
		return clause
	}
	switch {
	case strings.Contains(low, "replace") && !strings.Contains(low, "placeholder"):
		if m := frameReplaceRE.FindStringSubmatch(clause); m != nil && !strings.Contains(strings.ToLower(m[3]), "your ") {
			return preferOver(m[1], m[3], m[2])
		}
		if m := frameReplacedRE.FindStringSubmatch(clause); m != nil {
			return preferOver(m[1], m[3], m[2])
		}
	case strings.Contains(low, "prefer") && strings.Contains(low, " to `"):
		return framePreferToRE.ReplaceAllString(clause, "prefer $1 over $2")
	}
	if strings.Contains(low, "no longer use") || strings.Contains(low, "no longer call") || strings.Contains(low, "stopped us") ||
		strings.Contains(low, "stopped call") {
		clause = frameNoLongerRE.ReplaceAllString(clause, "do not use")
	}
	if strings.Contains(low, "migrat") || strings.Contains(low, "move away") || strings.Contains(low, "moving away") ||
		strings.Contains(low, "phase out") || strings.Contains(low, "rid of") {
		clause = frameMigrateRE.ReplaceAllString(clause, "do not use")
	}
	if strings.Contains(low, "since") || strings.Contains(low, "as of") || strings.Contains(low, "starting") {
		if loc := frameSinceRE.FindStringIndex(clause); loc != nil {
			clause = clause[loc[1]-1:] // "Since Java 9, `X` is deprecated": `X` is deprecated
		}
	}
	return clause
}

// preferOver writes "use Y instead of X", the clause's closing mark kept at its end.
func preferOver(lead, use, over string) string {
	trimmed := strings.TrimRight(use, ".;!")
	return lead + "use " + trimmed + " instead of " + over + use[len(trimmed):]
}

// MixingBan reports a clause that forbids using two things together ("Do not mix
// `async/await` with `.then()` chains"): neither is banned alone.
func MixingBan(clause string) bool {
	low := strings.ToLower(clause)
	if !strings.Contains(low, "mix") && !strings.Contains(low, "combin") && !strings.Contains(low, "interleav") {
		return false
	}
	return frameMixRE.MatchString(clause)
}

// frameAddToRE: "add to `X`", "never append entries to `X`": the span is the container
// things are added to.
var frameAddToRE = lazyre.New("(?i)\\b(?:add|adding|append|appending|insert|inserting|put|putting)\\s+(?:[a-z][\\w-]*\\s+){0,2}?(?:to|into)\\s+(?:the\\s+)?`")

// AddsToContainer reports a clause that forbids adding to a code span ("never add to
// `_GRANDFATHERED`"): what is forbidden is a new entry, not the container's name.
func AddsToContainer(clause string) bool {
	low := strings.ToLower(clause)
	if !strings.Contains(low, " to `") && !strings.Contains(low, " into `") {
		return false
	}
	return frameAddToRE.MatchString(clause)
}
