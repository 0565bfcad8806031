package norm

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// verblessSubstRE: an item that is only "`X` instead of `Y`" (or "rather than",
// "not"), with no verb of its own, perhaps ending in a short aside.
var verblessSubstRE = lazyre.New("^[-*+]?\\s*(`[^`]+`)\\s*,?\\s+(?:instead of|rather than|in place of|not)\\s+(`[^`]+`)\\s*[.;]?\\s*(\\([^()`]*\\))?\\s*[.;]?$")

// verblessSubstitution: "- `bun install` instead of `npm install`", an item of a list
// of equivalents ("Always use `bun` instead of `npm`: ...") that names two commands and
// nothing else: it says what the lead-in's "use" says, "Use `X` instead of `Y`". An
// item with a verb or a subject of its own is left to the reader as it stands.
func verblessSubstitution(text string) (string, bool) {
	t := strings.TrimSpace(text)
	if !strings.HasPrefix(strings.TrimLeft(t, "-*+ "), "`") || strings.Count(t, "`") != 4 {
		return "", false
	}
	m := verblessSubstRE.FindStringSubmatch(t)
	if m == nil {
		return "", false
	}
	return "Use " + m[1] + " instead of " + m[2] + ".", true
}

// pairedNotRE: "`uv pip` (not `pip`)": a prescribed command and, in parentheses, the
// one it replaces.
var pairedNotRE = lazyre.New("(`[^`]+`)\\s*\\(\\s*not\\s+(`[^`]+`|[A-Za-z][\\w.+-]*)\\s*\\)")

// pairedHedgeRE: words that make a list of substitutions advice.
var pairedHedgeRE = lazyre.New("(?i)\\b(?:prefer\\w*|possible|ideally|try|usually|generally|where you can)\\b")

// pairedSubstitutions: "use `uv pip` (not `pip`) and `uv run` (not `python`)": several
// pairs of a command and, in parentheses, the command it replaces; each pair is a
// substitution of its own ("Use `uv pip` instead of `pip`. Use `uv run` instead of
// `python`."), never one ban of every span but the first.
func pairedSubstitutions(text string) (string, bool) {
	ms := pairedNotRE.FindAllStringSubmatch(text, -1)
	if len(ms) < 2 || pairedHedgeRE.MatchString(text) {
		return "", false
	}
	var b strings.Builder
	for _, m := range ms {
		other := m[2]
		if !strings.HasPrefix(other, "`") {
			other = "`" + other + "`"
		}
		b.WriteString("Use " + m[1] + " instead of " + other + ". ")
	}
	return strings.TrimSpace(b.String()), true
}

// EventCommand: the one command a condition that is only an event stands for ("when
// creating commits", "on each commit", "when you push"): `git commit`, `git push`. A
// condition that says more than the event ("committing to `main`", "commits that
// touch `docs/`") stands for no command.
func EventCommand(cond string) []string {
	toks := Tokenize(cond)
	for len(toks) > 0 && toks[len(toks)-1].Punct {
		toks = toks[:len(toks)-1]
	}
	i := 0
	for i < len(toks) {
		switch toks[i].Low {
		case "when", "whenever", "while", "on", "for", "before", "you", "are", "your", "of", "in", "all",
			"creating", "making", "writing", "each", "every", "any":
			i++
			continue
		}
		break
	}
	ev, n := eventAt(toks, i)
	if n == 0 && i+1 == len(toks) {
		// "creating commits": the event's noun in the plural
		switch toks[i].Low {
		case "commits":
			ev, n = "commit", 1
		case "pushes":
			ev, n = "push", 1
		}
	}
	if n == 0 {
		// "when you check in code": the older word for a commit
		var words []string
		for _, t := range toks[i:] {
			words = append(words, t.Low)
		}
		switch strings.Join(words, " ") {
		case "check in", "check in code", "check in your code", "check in changes", "check in your changes":
			ev, n = "commit", len(toks)-i
		}
	}
	if n == 0 || i+n != len(toks) {
		return nil
	}
	switch ev {
	case "commit":
		return []string{"git", "commit"}
	case "push":
		return []string{"git", "push"}
	}
	return nil
}

// bareToolsRE: "instead of the bare tools", "rather than the plain commands",
// "instead of calling them directly": the alternative the sentence names in words
// is the tools its prescribed wrappers run.
var bareToolsRE = lazyre.New(`\b(?:instead of|rather than|not)\s+(?:(?:the|their|using the|calling the|running the)\s+)?(?:bare|plain|raw|direct|unwrapped|system-wide|system|global|globally installed|host)\s+(?:tools?|toolchains?|commands?|binaries|binary|executables?|versions?|forms?|programs?|installs?|installations?|sdks?)\b|\b(?:instead of|rather than)\s+(?:calling|running|invoking|using)\s+them\s+directly\b`)

// bareToolsInstead: "Use `fvm flutter` and `fvm dart` instead of the bare tools": a
// requirement of wrapper commands whose banned alternative is "the bare tools" bans
// each wrapped tool run without its wrapper (`flutter test`), the wrapper's form
// being the way to run it.
func bareToolsInstead(ns []Norm, text string) []Norm {
	if !strings.Contains(text, "`") || !bareToolsRE.MatchString(strings.ToLower(text)) {
		return ns
	}
	for _, n := range ns {
		if n.Polarity == Forbid {
			return ns // the sentence names its ban itself
		}
	}
	for _, n := range ns {
		if n.Polarity != Require || len(n.Objects) == 0 || len(n.Before) > 0 || len(n.After) > 0 || n.Condition != "" {
			continue
		}
		var tools, wrappers []Object
		for _, o := range n.Objects {
			// `fvm flutter`, or a runner and the tool it runs: `asdf exec terraform`
			tool := ""
			switch {
			case o.Kind != KCommand:
			case len(o.Argv) == 2 && !runnerForm(o.Argv):
				tool = o.Argv[1]
			case len(o.Argv) == 3 && runnerForm(o.Argv[:2]):
				tool = o.Argv[2]
			}
			if tool == "" || strings.HasPrefix(tool, "-") {
				tools = nil
				break
			}
			tools = append(tools, Object{Kind: KCommand, Text: tool, Argv: []string{tool}})
			wrappers = append(wrappers, o)
		}
		if len(tools) == 0 {
			continue
		}
		ban := Norm{Sentence: n.Sentence, Polarity: Forbid, Strength: n.Strength, Verb: n.Verb, Hedge: n.Hedge,
			Objects: tools, Instead: wrappers, Scope: n.Scope}
		return append(ns, ban)
	}
	return ns
}

// preferredToRE: "`./dev`, which should be preferred to `go build`", "`X` is preferred
// over `Y`": the passive of "prefer X over Y", often in a relative clause.
var preferredToRE = lazyre.New("(`[^`]+`)(?:\\s+(?:tool|command|script|wrapper|target))?(?:\\s*\\([^()]*\\))?,?\\s+(?:which|that)?\\s*(?:should|must|is|are)\\s+(?:always\\s+)?(?:be\\s+)?preferred\\s+(?:to|over)\\s+((?:(?:direct|raw|plain|bare|manual|the)\\s+)?`[^`]+`(?:\\s*(?:,|or|and|, or|, and)\\s*`[^`]+`)*)")

// alternationRE: "`go (build|test)`": one span that spells several commands.
var alternationRE = lazyre.New(`^(\S+(?: \S+)*) \(([\w-]+(?:\|[\w-]+)+)\)$`)

// preferredTo rewrites a sentence whose only directive is the passive "X should be
// preferred to Y" as "Prefer X over Y.", the advice it gives.
func preferredTo(text string) (string, bool) {
	if !strings.Contains(text, "preferred") {
		return "", false
	}
	m := preferredToRE.FindStringSubmatch(text)
	if m == nil {
		return "", false
	}
	var over []string
	for _, t := range Tokenize(m[2]) {
		if !t.Code {
			continue
		}
		if a := alternationRE.FindStringSubmatch(t.Text); a != nil {
			for _, alt := range strings.Split(a[2], "|") {
				over = append(over, "`"+a[1]+" "+alt+"`")
			}
			continue
		}
		over = append(over, "`"+t.Text+"`")
	}
	if len(over) == 0 {
		return "", false
	}
	return "Prefer " + m[1] + " over " + orList(over) + ".", true
}

// toolStatementRE: "`crlfmt` is CockroachDB's custom formatter (not `gofmt`)", "`uv` is
// the package manager (not pip)", "Poetry - Package manager, not pip": a statement
// that names the project's tool for a job and the one it replaces.
var (
	toolStatementRE = lazyre.New("(`[^`]+`|\\*\\*[A-Za-z][\\w.-]*\\*\\*) (?:is|are) (?:the |our |this project's |the project's |[A-Z][\\w-]*'s )?[^.;()`]{1,60}?\\(\\s*(?:not|never|instead of|rather than)\\s+(`[^`]+`|[A-Za-z][\\w.-]*)\\s*\\)")
	toolLabelRE     = lazyre.New("^\\s*[-*]?\\s*(`[^`]+`|\\*\\*[A-Za-z][\\w.-]*\\*\\*|[A-Z][\\w.-]*)\\s+[-–—:]\\s+[^,;.()`]{1,40},\\s+not\\s+(`[^`]+`|[A-Za-z][\\w.-]*)\\s*\\.?\\s*$")
)

// StatementAdvice is the doubt of a ban read from a statement of the project's tool.
const StatementAdvice = "a statement of the project's tool, read as advice"

// toolStatement reads such a statement as the advice it implies, "Use X, not Y.",
// with the doubt of a statement: it warns. Other readings of the text stand.
func toolStatement(ns []Norm, text string, ctx Context) []Norm {
	if !strings.Contains(text, "not") {
		return ns
	}
	m := toolStatementRE.FindStringSubmatch(text)
	if m == nil {
		m = toolLabelRE.FindStringSubmatch(text)
	}
	if m == nil {
		return ns
	}
	banned := strings.Trim(m[2], "`*")
	for _, n := range ns {
		for _, o := range n.Objects {
			if n.Polarity == Forbid && strings.EqualFold(o.Text, banned) {
				return ns // read already
			}
		}
	}
	use := m[1]
	if strings.HasPrefix(use, "**") {
		use = strings.Trim(use, "*")
	}
	extra := Read("Use "+use+", not "+m[2]+".", ctx)
	for i := range extra {
		if extra[i].Polarity != Forbid {
			continue
		}
		extra[i].Sentence = text
		extra[i].Uncertain = append(extra[i].Uncertain, StatementAdvice)
		ns = append(ns, extra[i])
	}
	return ns
}

// invokeAsRun: "Invoke the tools with `poetry run`, never bare `pytest`": a sentence
// opened by "invoke" says what one opened by "run" says.
func invokeAsRun(text string) (string, bool) {
	t := strings.TrimLeft(text, "-*+ ")
	if len(t) < 7 || !strings.EqualFold(t[:7], "invoke ") || !strings.Contains(t, "`") {
		return "", false
	}
	return "Run " + t[7:], true
}

// forgeNamedRE: "GitHub pull requests", "a GitLab merge request": the forge's name
// before the practice it hosts, which names the same practice.
var forgeNamedRE = lazyre.New(`(?i)\b(?:github|gitlab|gitea|forgejo)\s+(pull\s+requests?|prs?|issues?|releases?)\b`)

// withoutForgeName drops the forge's name before a practice so the practice reads as
// itself ("Never create GitHub Pull Requests" is "Never create Pull Requests").
func withoutForgeName(text string) (string, bool) {
	if !strings.Contains(strings.ToLower(text), "git") {
		return "", false
	}
	out := forgeNamedRE.ReplaceAllString(text, "$1")
	return out, out != text
}

// insteadListGoesOn: after "instead of `A`" (listed objects so far), the comma at i
// lists more of what is replaced when code spans follow, separated by commas, up to an "or"/"and" before
// the last ("instead of `go build`, `go test` or `bazel`").
func insteadListGoesOn(toks []Token, i, listed int) bool {
	j := i + 1
	if j+1 < len(toks) && (toks[j].Low == "or" || toks[j].Low == "and") {
		// the comma before the last of a list of three or more ("`a`, `b`, or `c`");
		// after one alone it joins another clause ("instead of `a`, and `c` ...")
		return listed >= 2 && toks[j+1].Code && (j+2 >= len(toks) || toks[j+2].Punct || !toks[j+2].Code && toks[j+2].Low != "instead")
	}
	for j < len(toks) {
		if !toks[j].Code {
			return false
		}
		j++
		if j >= len(toks) {
			return false
		}
		switch {
		case toks[j].Text == "," && j+1 < len(toks) && (toks[j+1].Low == "or" || toks[j+1].Low == "and"):
			return j+2 < len(toks) && toks[j+2].Code
		case toks[j].Low == "or" || toks[j].Low == "and":
			return j+1 < len(toks) && toks[j+1].Code
		case toks[j].Text == ",":
			j++
		default:
			return false
		}
	}
	return false
}

// updateConditionRE: bringing the main branch's changes into a branch, in words.
var updateConditionRE = lazyre.New(`\b(?:incorporate|bring in|pull in|integrate|sync|synchroni[sz]e|update|catch up|bring [a-z ]{0,20}up to date)\b[a-z ]{0,40}\b(?:main|master|upstream|trunk|the (?:main|default|base) branch)\b|\b(?:update|sync|refresh) (?:your|the|a) (?:feature |local |pr )?branch\b`)

// UpdatesFromMain: the condition is bringing the main branch's changes into the
// branch ("when you need to incorporate the latest changes from the main branch"),
// the job of git merge, rebase and pull.
func UpdatesFromMain(cond string) bool {
	return cond != "" && updateConditionRE.MatchString(strings.ToLower(cond))
}

// pairRE: "`X` over `Y`", one pair of a preference; pairedLeadRE: the verb that opens
// a sentence of several; pairGlueRE: what may stand between two pairs.
var (
	pairRE       = lazyre.New("(`[^`]+`)\\s+(over|instead of|rather than)\\s+(`[^`]+`)")
	pairedLeadRE = lazyre.New("(?i)^\\s*[-*+]?\\s*((?:always\\s+)?(?:prefer|use|favou?r))\\s+`")
	pairGlueRE   = lazyre.New("^\\s*(?:,|;|,?\\s*and)\\s*$")
)

// pairedPreferences: "Prefer `rg` over `grep` and `fd` over `find`": two or more
// pairs under one verb, each a substitution of its own ("Prefer `rg` over `grep`.
// Prefer `fd` over `find`."), never one ban of every span but the first.
func pairedPreferences(text string) (string, bool) {
	low := strings.ToLower(strings.TrimLeft(text, "-*+ "))
	if strings.Count(text, "`") < 8 || strings.Count(low, " over ")+strings.Count(low, " instead of ")+strings.Count(low, " rather than ") < 2 ||
		!strings.HasPrefix(low, "prefer ") && !strings.HasPrefix(low, "use ") && !strings.HasPrefix(low, "always ") && !strings.HasPrefix(low, "favo") {
		return "", false
	}
	lead := pairedLeadRE.FindStringSubmatch(text)
	if lead == nil {
		return "", false
	}
	ms := pairRE.FindAllStringSubmatchIndex(text, -1)
	if len(ms) < 2 {
		return "", false
	}
	var b strings.Builder
	for k, m := range ms {
		if k > 0 && !pairGlueRE.MatchString(text[ms[k-1][1]:m[0]]) {
			return "", false
		}
		b.WriteString(lead[1] + " " + text[m[2]:m[3]] + " " + text[m[4]:m[5]] + " " + text[m[6]:m[7]] + ". ")
	}
	if rest := strings.TrimSpace(text[ms[len(ms)-1][1]:]); rest != "" && rest != "." {
		return "", false // more follows the pairs: the sentence says more than they do
	}
	return strings.TrimSpace(b.String()), true
}

// toolOnlyLeadRE: "pnpm only.", "Use pnpm only.": a tool and "only", opening the text.
var toolOnlyLeadRE = lazyre.New("(?i)^(\\s*[-*+]?\\s*)(?:use\\s+)?(`[^`]+`|[a-z][\\w.-]*)\\s+only\\s*([.!;:]|$)")

// toolOnly rewrites "pnpm only." as "Only use pnpm.": a tool of a family named with
// "only" and no verb (the rest of the text stands).
func toolOnly(text string) (string, bool) {
	if head := strings.ToLower(text[:min(len(text), 48)]); !strings.Contains(head, " only") {
		return "", false // (the tool and "only" open the text)
	}
	m := toolOnlyLeadRE.FindStringSubmatchIndex(text)
	if m == nil {
		return "", false
	}
	tool := text[m[4]:m[5]]
	if !namedTool(tool) {
		return "", false
	}
	return text[m[2]:m[3]] + "Only use " + tool + "." + text[m[1]:], true
}

// ToolOnlyStatement: the text opens with a tool and "only" and no verb ("pnpm only."),
// a restriction to that tool.
func ToolOnlyStatement(text string) bool {
	_, ok := toolOnly(text)
	return ok
}

// verblessPurposeRE: "`uv add` for dependencies, never `pip install`", "uv for
// everything, not pip": a tool, what it is for, and the one it replaces, with no verb.
var verblessPurposeRE = lazyre.New("(?i)^(\\s*[-*+]?\\s*)(`[^`]+`|[a-z][\\w.-]*)\\s+for\\s+[a-z][a-z -]{0,40}?,\\s*(?:never|not)\\s+(`[^`]+`|[a-z][\\w.-]*)\\s*[.!]?\\s*$")

// verblessPurpose reads such a phrase as "Use X for ..., never Y." A plain word must
// be a tool of a family; a label before the phrase ("We're a uv shop:") is dropped.
func verblessPurpose(text string) (string, bool) {
	if !strings.Contains(text, " for ") || !strings.Contains(text, ", n") {
		return "", false // (", never" or ", not")
	}
	t := text
	if _, after, ok := strings.Cut(t, ": "); ok && !strings.Contains(t[:len(t)-len(after)], "`") {
		t = after
	}
	m := verblessPurposeRE.FindStringSubmatchIndex(t)
	if m == nil {
		return "", false
	}
	if !namedTool(t[m[4]:m[5]]) || !namedTool(t[m[6]:m[7]]) {
		return "", false
	}
	return t[m[2]:m[3]] + "Use " + t[m[4]:], true
}

// passiveRunWithRE: "`go test` must always be run with `-race`": the command as the
// subject of a passive run, and the option it needs.
var passiveRunWithRE = lazyre.New("(?i)^(\\s*[-*+]?\\s*)`([^`]+)`\\s+(?:must|should|has to|needs to)\\s+(always\\s+)?be\\s+(?:run|invoked|executed|called)\\s+with\\s+(`[^`]+`)")

// passiveRunWith reads such a sentence as the order it gives, "Always run `X` with
// `F`." (the rest of the text kept).
func passiveRunWith(text string) (string, bool) {
	if !strings.Contains(text, " with `") || !strings.Contains(text, " be ") {
		return "", false
	}
	m := passiveRunWithRE.FindStringSubmatchIndex(text)
	if m == nil {
		return "", false
	}
	return text[m[2]:m[3]] + "Always run `" + text[m[4]:m[5]] + "` with " + text[m[8]:m[9]] + text[m[1]:], true
}

// orList joins items as a sentence lists alternatives: "a", "a or b", "a, b or c".
func orList(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " or " + items[len(items)-1]
}

// namedTool: a word a rewrite may take for a tool, a code span or a plain word that
// names a tool of a family (pnpm, uv).
func namedTool(w string) bool {
	if strings.HasPrefix(w, "`") {
		return true
	}
	f, ok := toolFamilies()[strings.ToLower(w)]
	return ok && f != ""
}
