package norm

import "github.com/heed-dev/heed/internal/lazyre"

// "Ask for approval before running `git commit`", "Always ask the user before running
// `terraform apply`": the command may run only once someone agreed, which heed cannot
// see. Read as the ban of the command unless approved, the condition makes it a
// warning: the agent is reminded, the command runs.

// askBeforeUncertain is why such a ban warns.
const askBeforeUncertain = "the command may run once someone approves, which heed cannot see"

// askBeforeRE: asking for approval, permission or the user, then "before" running one
// command's code span, and nothing after it but the sentence's end.
var askBeforeRE = lazyre.New("(?i)^(?:always\\s+|please\\s+)?(?:ask|get|obtain|request|seek)\\s+(?:for\\s+)?(?:the\\s+user(?:'s)?\\s+|explicit\\s+|the\\s+user\\s+for\\s+)?(?:approval|permission|confirmation|consent|the\\s+user)?\\s*before\\s+(?:running|executing|invoking|you\\s+run|you\\s+execute)\\s+(`[^`]+`)\\s*[.!]?$")

// askLabelRE: a one-word label before the sentence ("IMPORTANT:", "Note:").
var askLabelRE = lazyre.New(`(?i)^\s*(?:important|note|critical|warning|rule)\s*:\s*`)

// askBefore rewrites such a sentence as the ban it implies ("Never run `git commit`
// without approval."); ok is false for any other text.
func askBefore(text string) (string, bool) {
	if m := askLabelRE.FindStringIndex(text); m != nil {
		text = text[m[1]:] // "IMPORTANT: Ask for approval ..."
	}
	m := askBeforeRE.FindStringSubmatch(text)
	if m == nil {
		return "", false
	}
	return "Never run " + m[1] + " without approval.", true
}
