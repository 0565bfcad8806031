package norm

import (
	"slices"
	"strings"
	"sync"

	"github.com/heed-dev/heed/internal/lazyre"
)

// "Ask for approval before running `git commit`", "Check with me before deleting any
// branch (`git branch -D`)", "Before pushing to `main`, ask for approval",
// "Releasing (`./scripts/release.sh`) requires a human's approval", "`git reset
// --hard` is destructive: confirm with the user first": the action may run only once
// someone agreed, which heed cannot see. Each is rewritten as the ban it implies
// ("Never run `git commit` without approval.") and read as that; the norm is marked
// Ask (approval.go): hooks that can put the question to the user ask, elsewhere it
// warns.

// askBeforeUncertain is why such a ban never blocks.
const askBeforeUncertain = "the command may run once someone approves, which heed cannot see"

// Who agrees, what they give, and the verbs of asking for it.
const (
	askWho  = `(?:the\s+user|the\s+human|a\s+human|me|us|a\s+maintainer|the\s+maintainers?|the\s+owner|the\s+project\s+owner|a\s+reviewer|someone|the\s+team)`
	askNoun = `(?:explicit\s+|written\s+|prior\s+|their\s+|your\s+|my\s+|our\s+)?(?:approval|permission|confirmation|consent|sign-?off|go-ahead|the\s+go-ahead|an?\s+ok|ok|okay|explicit\s+instructions?)`
	askVerb = `(?:ask|check\s+with|confirm\s+with|consult|get|obtain|request|seek|wait\s+for|pause\s+and\s+ask|stop\s+and\s+ask)`
	// askFor is the whole request: "ask", "ask the user", "get explicit permission
	// from the user first", "check with me", "ask for the user's approval"
	askFor = askVerb + `(?:\s+` + askWho + `)?(?:\s+(?:for\s+)?(?:` + askWho + `'s\s+)?` + askNoun + `)?(?:\s+from\s+` + askWho + `)?(?:\s+first)?`
)

// askBeforeRE: the request, then "before" and the action ("Always ask the user before
// running `terraform apply`").
var askBeforeRE = lazyre.New(`(?i)^(?:(?:then|also|finally|and)\s*,?\s+)?(?:always\s+|please\s+|first\s*,?\s+)?` + askFor + `\s+before\s+(.+?)\s*[.!]?$`)

// beforeAskRE: the action first ("Before pushing to `main`, ask for approval").
var beforeAskRE = lazyre.New(`(?i)^before\s+(.+?)\s*,\s*(?:always\s+|please\s+)?` + askFor + `\s*[.!]?$`)

// waitToRE: the action as the agreement's purpose ("Always wait for explicit
// instructions to push", "Wait for my go-ahead to deploy"): the agreement is a noun,
// so "ask the user to review it", a request of someone else, is not one.
var waitToRE = lazyre.New(`(?i)^(?:always\s+|please\s+)?wait\s+for\s+(?:(?:the\s+)?` + askWho + `'s\s+)?` + askNoun + `(?:\s+from\s+` + askWho + `)?\s+to\s+([a-z-]+\b.*?)\s*[.!]?$`)

// needsApprovalRE: the action as the subject of "requires" or "needs" an agreement
// ("Running `pnpm install` with `--no-frozen-lockfile` needs the user's OK").
var needsApprovalRE = lazyre.New(`(?i)^(.+?)\s+(?:requires?|needs?)\s+(?:(?:the|a|an|your|explicit|prior|written)\s+)*(?:(?:` + askWho + `|[a-z]+)'s\s+)?` + askNoun + `(?:\s+(?:first|before\b.*))?\s*[.!]?$`)

// spanThenAskRE: a command's code span, a remark, then the request ("`git reset
// --hard` is destructive: confirm with the user first").
// withoutThenBanRE: the approval first, then the ban ("Without the user's explicit
// approval, do not run `git reset` or `git clean`"); group 1 is the action.
var withoutThenBanRE = lazyre.New(`(?i)^without\s+(?:(?:the\s+)?(?:user|human|maintainer|owner)'s\s+|your\s+|their\s+)?(?:explicit\s+|prior\s+|written\s+)?(?:approval|permission|confirmation|consent|authori[sz]ation|sign-?off|go-ahead)\s*,\s*(?:never|do\s+not|don't|must\s+not|you\s+must\s+not|should\s+not)\s+((?:run|execute|use|invoke)\s+.+?)\s*[.!]?$`)

var spanThenAskRE = lazyre.New("(?i)^(`[^`]+`)[^`:]*:\\s*" + askFor + `\s*[.!]?$`)

// askLabelRE: a one-word label before the sentence ("IMPORTANT:", "Note:").
var askLabelRE = lazyre.New(`(?i)^\s*(?:important|note|critical|warning|rule)\s*:\s*`)

// actionGerunds are the -ing forms an action is said in after "before", by their
// plain form ("before deleting any branch": "delete any branch").
var actionGerunds = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"running": "run", "executing": "execute", "invoking": "invoke", "pushing": "push",
		"force-pushing": "force-push", "committing": "commit", "merging": "merge",
		"deleting": "delete", "removing": "remove", "deploying": "deploy", "publishing": "publish",
		"releasing": "release", "rebasing": "rebase", "installing": "install", "adding": "add",
		"upgrading": "upgrade", "updating": "update", "dropping": "drop", "resetting": "reset",
		"tagging": "tag", "reverting": "revert", "amending": "amend", "squashing": "squash",
		"destroying": "destroy", "applying": "apply", "uninstalling": "uninstall",
	}
})

// askBefore rewrites such a sentence as the ban it implies; ok is false for any other
// text. The action must name a command in a code span: "ask before making big
// changes" is advice heed has nothing to match against.
func askBefore(text string) (string, bool) {
	ban, spans, ok := askBeforeAction(text)
	if !ok || spans < 2 {
		return "", false
	}
	return ban, true
}

// askBeforeAction is the ban a request for approval implies, and the number of
// backticks in its action.
func askBeforeAction(text string) (string, int, bool) {
	if !mentionsApproval(text) {
		return "", 0, false
	}
	if m := askLabelRE.FindStringIndex(text); m != nil {
		text = text[m[1]:] // "IMPORTANT: Ask for approval ..."
	}
	text = strings.TrimSpace(text)
	var action string
	if m := askBeforeRE.FindStringSubmatch(text); m != nil {
		action = m[1]
	} else if m := beforeAskRE.FindStringSubmatch(text); m != nil {
		action = m[1]
	} else if m := waitToRE.FindStringSubmatch(text); m != nil {
		return "Never " + m[1] + " without approval.", strings.Count(m[1], "`"), true
	} else if m := withoutThenBanRE.FindStringSubmatch(text); strings.HasPrefix(strings.ToLower(text), "without") && m != nil {
		return "Never " + m[1] + " without approval.", strings.Count(m[1], "`"), true
	} else if m := spanThenAskRE.FindStringSubmatch(text); m != nil {
		return "Never run " + m[1] + " without approval.", 2, true
	} else if m := needsApprovalRE.FindStringSubmatch(text); m != nil && strings.Contains(m[1], "`") {
		action = m[1]
	} else {
		return "", 0, false
	}
	spans := strings.Count(action, "`")
	words := strings.Fields(action)
	first := strings.ToLower(words[0])
	if first == "you" && len(words) > 1 {
		// "before you run `X`", "before you rebase a branch"
		return "Never " + strings.Join(words[1:], " ") + " without approval.", spans, true
	}
	if base, ok := actionGerunds()[first]; ok {
		return "Never " + base + " " + strings.Join(words[1:], " ") + " without approval.", spans, true
	}
	if strings.HasPrefix(action, "`") {
		// "`./scripts/release.sh` requires approval"
		return "Never run " + action + " without approval.", spans, true
	}
	return "", 0, false
}

// AskStatement reports whether text makes a command wait for someone's approval in
// one of the forms askBefore reads ("Releasing (`./scripts/release.sh`) requires a
// human's approval"): a duty, though said without "must".
func AskStatement(text string) bool {
	_, ok := askBefore(text)
	return ok
}

// andAskRE: a ban and a request for approval in one sentence ("Never push to `main`
// directly, and ask before force-pushing any other branch").
var andAskRE = lazyre.New(`(?i)^(.+?)\s*[,;]\s*(?:and|but)\s+((?:always\s+)?` + askVerb + `\b.+)$`)

// andAsk splits such a sentence in two.
func andAsk(text string) (string, string, bool) {
	if !mentionsApproval(text) {
		return "", "", false
	}
	m := andAskRE.FindStringSubmatch(strings.TrimSpace(text))
	if m == nil {
		return "", "", false
	}
	if _, _, ok := askBeforeAction(m[2]); !ok {
		return "", "", false
	}
	return m[1] + ".", strings.ToUpper(m[2][:1]) + m[2][1:], true
}

// askLeadRE: a lead-in whose items wait for someone's approval ("The following
// commands need the maintainer's sign-off before you run them:", "Ask before running
// any of these:", "Commands that require approval:").
var askLeadRE = lazyre.New(`(?i)^(?:` +
	`(?:the\s+following|these|the\s+commands?\s+below)(?:\s+(?:commands?|operations?|actions?|scripts?))?\s+(?:need|needs|require|requires)\s+(?:(?:the|a|an|your|explicit|prior|written)\s+)*(?:(?:` + askWho + `|[a-z]+)'s\s+)?` + askNoun + `(?:\s+(?:first|before\b.*))?` +
	`|(?:commands?|operations?|actions?)\s+(?:that\s+)?(?:need|needs|require|requires)\s+(?:(?:the|a|an|your|explicit|prior|written)\s+)*(?:(?:` + askWho + `|[a-z]+)'s\s+)?` + askNoun +
	`|(?:always\s+)?` + askFor + `\s+before\s+(?:running|executing|using|you\s+run)\s+(?:any\s+of\s+)?(?:the\s+following|these)(?:\s+commands?)?` +
	`)\s*:?$`)

// AskLead reports whether a list's lead-in makes its items wait for someone's
// approval.
func AskLead(lead string) bool {
	return mentionsApproval(lead) && askLeadRE.MatchString(strings.Trim(strings.TrimSpace(lead), "*_ "))
}

// readAskBefore reads a request for approval as the ban it implies, marked Ask. An
// action with a command in a code span is read as that ban; if its words read as
// nothing, its one command is what waits ("Releasing (`./scripts/release.sh`)
// requires a human's approval"). An action in words only ("Ask before force-pushing
// any other branch") is kept only where the words name a practice heed knows.
func readAskBefore(text string, ctx Context) ([]Norm, bool) {
	ban, spans, ok := askBeforeAction(text)
	if !ok || spans == 1 {
		return nil, false
	}
	ns := readAs(text, ban, ctx, askBeforeUncertain)
	forbids := func(keep func(Norm) bool) bool {
		return slices.ContainsFunc(ns, func(n Norm) bool { return n.Polarity == Forbid && len(n.Objects) > 0 && keep(n) })
	}
	if spans == 0 {
		if !forbids(func(n Norm) bool { return onlyKind(n.Objects, KConcept) }) {
			return nil, false
		}
	} else if !forbids(func(Norm) bool { return true }) {
		if cs := codeSpanRE().FindAllString(text, -1); len(cs) == 1 {
			ns = readAs(text, "Never run "+cs[0]+" without approval.", ctx, askBeforeUncertain)
		}
	}
	for i := range ns {
		ns[i].Ask = ns[i].Polarity == Forbid
	}
	return ns, true
}
