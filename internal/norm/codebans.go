package norm

// Bans of commands that are not the agent's to keep: the project's scripts may not
// call a command for portability's sake, its design leaves a tool out of its code, or
// a command is banned only where it is redundant, which no single command shows.

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// portabilityRE: the reason a text gives for a ban is portability: the commands are
// what the project's scripts must not call on the platforms they run on ("they are
// not portable across all target platforms", "not POSIX", "not available everywhere").
var portabilityRE = lazyre.New(`(?i)\b(?:not|non-?)\s*portable\b|\bportability\b|\bnot\s+(?:posix|available\s+(?:everywhere|on\s+all))\b|\btarget\s+platforms\b`)

// PortabilityBan reports whether text bans commands for portability's sake.
func PortabilityBan(text string) bool {
	low := strings.ToLower(text)
	if !strings.Contains(low, "portab") && !strings.Contains(low, "posix") && !strings.Contains(low, "platform") && !strings.Contains(low, "everywhere") {
		return false
	}
	return portabilityRE.MatchString(text)
}

// redundantRE: a command banned only where it is not needed ("Avoid redundant `cd`",
// "no unnecessary `npm install`"): whether it is, heed cannot see.
var redundantRE = lazyre.New("(?i)\\b(?:redundant|unnecessary|needless|superfluous)\\s+`|`\\s+(?:needlessly|unnecessarily|redundantly)\\b")

// RedundantOnly reports whether text bans a command only where it is not needed.
func RedundantOnly(text string) bool {
	return strings.Contains(text, "`") && redundantRE.MatchString(text)
}

// designHeadingRE: a heading over the project's design: its architecture, its
// principles or patterns, which say what the code uses.
var designHeadingRE = lazyre.New(`(?i)\b(?:architecture|design|core principles|principles|patterns)\b`)

// DesignHeading reports whether one of the headings over a sentence is about the
// project's design.
func DesignHeading(headings []string) bool {
	for _, h := range headings {
		low := strings.ToLower(h)
		if (strings.Contains(low, "architect") || strings.Contains(low, "design") || strings.Contains(low, "principle") || strings.Contains(low, "pattern")) && designHeadingRE.MatchString(h) {
			return true
		}
	}
	return false
}
