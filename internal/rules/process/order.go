package process

import (
	"encoding/json"
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// orderRec compiles ordering rules: "Run `just f` and `just l` before committing",
// "Before committing, run `tools/format.js`", "**Always run `flint` before
// committing.**", "Run `./build.sh` first, then use `./start-code.sh`". A rule holds
// when the prerequisite succeeded after the latest change to the working tree (or, for
// "first ... then", at any earlier point of the session).
type orderRec struct{}

func (orderRec) Name() string { return OriginOrder }

// triggers are the events an instruction orders commands before.
var triggers = []struct {
	re    *lazyre.RE
	forms []Pattern
	label string
}{
	{lazyre.New(`^(?:you\s+)?(?:commit|committing|making\s+(?:a\s+)?commits?|each\s+commit|every\s+commit|a\s+commit|you\s+commit)\b`),
		[]Pattern{{Program: []string{"git"}, Args: []string{"commit"}}}, "git commit"},
	{lazyre.New(`^(?:you\s+)?(?:push|pushing|each\s+push|every\s+push|a\s+push|you\s+push)\b`),
		[]Pattern{{Program: []string{"git"}, Args: []string{"push"}}}, "git push"},
	{lazyre.New(`^(?:opening|creating|submitting|sending)\s+(?:a\s+|the\s+|your\s+)?(?:pr|pull\s+request)s?\b`),
		[]Pattern{{Program: []string{"gh"}, Args: []string{"pr", "create"}}}, "gh pr create"},
}

var (
	runVerb      = `(?:run|running|execute|executing|invoke|use|call)`
	spanList     = `((?:⟦\d+⟧)(?:\s*(?:,|and|or|,\s*and|,\s*or|plus)\s*(?:⟦\d+⟧))*)`
	runBefore    = lazyre.New(`(?:^|,\s*|\band\s+)(?:always\s+|also\s+|please\s+)?(?:make\s+sure\s+(?:to\s+|you\s+)?|be\s+sure\s+to\s+|ensure\s+(?:you\s+)?|remember\s+to\s+)?` + runVerb + `\s+` + spanList + `\s+(?:(?:locally|first|again)\s+)?before\s+(.*)$`)
	beforeRun    = lazyre.New(`^before\s+(.*?),\s*(?:always\s+|also\s+|please\s+)?(?:make\s+sure\s+(?:to\s+|you\s+)?|be\s+sure\s+to\s+|ensure\s+(?:you\s+)?|remember\s+to\s+)?(?:` + runVerb + `\s+` + spanList + `|` + spanList + `\s+(?:is|are|has been|have been)\s+run)`)
	firstThen    = lazyre.New(`(?:^|\b)` + runVerb + `\s+` + spanList + `(?:\s*\([^)]*\))?\s+first\b.*?\bthen\s+` + runVerb + `\s+(⟦\d+⟧)`)
	orderCondRE  = lazyre.New(`\b(if|when|whenever|unless|in case)\b`)
	changeCondRE = lazyre.New(`\b(?:changes?|code|files?|edits?)\s+(?:to|in|under|of|touching)\b|\btouching\b|\bthat (?:touch|change)`)
	parenRE      = lazyre.New(`\s*\([^()]*\)`)
	runFirst     = lazyre.New(`(?:^|\b)` + runVerb + `\s+` + spanList + `\s+first\b`)
	afterUse     = lazyre.New(`^after\b[^,]*,\s*(?:you\s+)?(?:can|may|should|must)?\s*(?:use|run)\s+(?:the\s+)?(?:standard\s+|normal\s+|regular\s+)?(⟦\d+⟧)`)
)

func (orderRec) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	var rules []policy.Rule
	var unenforced string
	sents := sentences(withBlockCommands(c))
	for i := range sents {
		sents[i].prose = parenRE.ReplaceAllString(sents[i].prose, "")
	}
	for si, s := range sents {
		if platformRE.MatchString(s.prose) {
			continue
		}
		var firsts []string // span lists
		var rest string
		anytime := false
		var then []Pattern
		var thenLabel string
		if m := runFirst.FindStringSubmatch(s.prose); m != nil && si+1 < len(sents) && afterUse.MatchString(sents[si+1].prose) && !firstThen.MatchString(s.prose) {
			// "Run `./restore.sh` first ... After restore, you can use `dotnet` commands"
			next := sents[si+1]
			k := spanIndex(afterUse.FindStringSubmatch(next.prose)[1])
			argv, ok := spanArgv(next.spans[k])
			if !ok || !commandSpan(argv, rc) {
				continue
			}
			firsts = []string{m[1]}
			then = []Pattern{patternFrom(argv, c.Scope.Dir)}
			thenLabel = next.spans[k]
			anytime = true
		} else if m := firstThen.FindStringSubmatch(s.prose); m != nil {
			firsts = []string{m[1]}
			k := spanIndex(m[2])
			argv, ok := spanArgv(s.spans[k])
			if !ok || !commandSpan(argv, rc) {
				continue
			}
			then = []Pattern{patternFrom(argv, c.Scope.Dir)}
			thenLabel = s.spans[k]
			anytime = true
		} else if m := beforeRun.FindStringSubmatch(s.prose); m != nil {
			rest = m[1]
			list := m[2]
			if list == "" {
				list = m[3]
			}
			firsts = []string{list}
		} else if m := runBefore.FindStringSubmatch(s.prose); m != nil {
			firsts = []string{m[1]}
			rest = m[2]
		} else {
			continue
		}
		if !anyCommand(s, firsts[0], rc) {
			continue
		}
		if then == nil {
			if orderCondRE.MatchString(s.prose) {
				unenforced = "the order depends on a condition heed cannot check"
				continue
			}
			trig := strings.TrimSpace(rest)
			if changeCondRE.MatchString(trig) {
				unenforced = "the order applies to changes of some files only; heed cannot see what a commit holds before it runs"
				continue
			}
			found := false
			for _, t := range triggers {
				if t.re.MatchString(trig) {
					then, thenLabel, found = t.forms, t.label, true
					break
				}
			}
			if !found {
				// before `CMD`
				if k := spanIndex(strings.Fields(trig + " x")[0]); k >= 0 && strings.HasPrefix(trig, "⟦") {
					if argv, ok := spanArgv(s.spans[k]); ok && commandSpan(argv, rc) {
						then, thenLabel = []Pattern{patternFrom(argv, c.Scope.Dir)}, s.spans[k]
						found = true
					}
				}
			}
			if !found {
				continue
			}
		}
		// "`a` and `b`" are two prerequisites; "`a` or `b`" one with alternatives
		for _, group := range splitAnd(firsts[0]) {
			var first []Pattern
			var labels []string
			for _, k := range markers(group) {
				first = append(first, prerequisiteForms(s.spans[k], rc, c.Scope.Dir)...)
				labels = append(labels, s.spans[k])
			}
			if len(first) == 0 {
				continue
			}
			params := SequenceParams{Then: then, First: first, Anytime: anytime, Label: strings.Join(labels, "` or `")}
			raw, _ := json.Marshal(params)
			r := policy.Rule{
				Domain:     policy.DomainProcess,
				Kind:       KindSequence,
				Params:     raw,
				Severity:   severityOf(c.Level, s.prose),
				Exact:      !conditionRE.MatchString(s.prose),
				Message:    "`" + params.Label + "` must run first",
				Suggestion: "run `" + params.Label + "` first, and then " + thenLabel,
				Cases:      sequenceCases(params, thenLabel),
			}
			rules = append(rules, r)
		}
	}
	if len(rules) == 0 && unenforced != "" {
		return recognize.Result{Unenforced: unenforced}
	}
	return recognize.Result{Rules: rules}
}

// anyCommand reports whether a span list holds a prerequisite heed can recognise.
func anyCommand(s sentence, list string, rc *recognize.RepoContext) bool {
	for _, k := range markers(list) {
		if len(prerequisiteForms(s.spans[k], rc, "")) > 0 {
			return true
		}
	}
	return false
}

func splitAnd(list string) []string {
	parts := lazyre.New(`\s*(?:,\s*and|,|\band\b|\bplus\b)\s*`).Split(list, -1)
	var out []string
	for _, p := range parts {
		if strings.TrimSpace(p) != "" {
			out = append(out, p)
		}
	}
	return out
}

// prerequisiteForms reads a prerequisite span. A command is matched as written (as a
// prefix: `make lint` also matches `make lint V=1`); a bare script name (`flint`) is
// what the package manager, make or just runs under that name.
func prerequisiteForms(span string, rc *recognize.RepoContext, scopeDir string) []Pattern {
	argv, ok := spanArgv(span)
	if !ok {
		return nil
	}
	if commandSpan(argv, rc) {
		return []Pattern{patternFrom(argv, scopeDir)}
	}
	if len(argv) != 1 || !lazyre.New(`^[a-z][a-z0-9:_-]*$`).MatchString(argv[0]) {
		return nil
	}
	name := argv[0]
	return []Pattern{
		{Program: []string{name}},
		{Program: []string{"npm", "pnpm", "yarn", "bun"}, Args: []string{"run", name}},
		{Program: []string{"make", "just", "task"}, Args: []string{name}},
	}
}

// sequenceCases: the guarded command with no history, after the prerequisite, after
// the prerequisite and then an edit, after a failed prerequisite, and chained with &&.
func sequenceCases(p SequenceParams, thenLabel string) []policy.Case {
	then := example(p.Then[0])
	if len(then) > 1 && then[1] == "commit" {
		then = append(then, "-m", "Change code")
	}
	first := example(p.First[0])
	cases := []policy.Case{
		{Expect: policy.ExpectViolated, Argv: then, Note: "nothing ran before"},
		{Expect: policy.ExpectSatisfied, Argv: then, History: [][]string{first}, Note: "the prerequisite succeeded first"},
		{Expect: policy.ExpectViolated, Argv: then, History: [][]string{{HistoryExit + "2"}}, Note: "the prerequisite failed"},
		{Expect: policy.ExpectSatisfied, Shell: strings.Join(first, " ") + " && " + strings.Join(then, " "), Note: "chained with &&: runs only if the prerequisite succeeds"},
	}
	cases[2].History[0] = append(cases[2].History[0], first...)
	if p.Anytime {
		cases = append(cases, policy.Case{Expect: policy.ExpectSatisfied, Argv: then, History: [][]string{first, {HistoryEdit, "src/main.go"}}, Note: "once is enough"})
	} else {
		cases = append(cases, policy.Case{Expect: policy.ExpectViolated, Argv: then, History: [][]string{first, {HistoryEdit, "src/main.go"}}, Note: "a file changed after the prerequisite"})
	}
	return cases
}

// runThenColonRE is "Before committing, always run the formatter and linter:", a
// sentence whose commands are the code block that follows it.
var runThenColonRE = lazyre.New(`(?i)^(.*\b(?:run|execute)\b)[^` + "`" + `]*:\s*$`)

// withBlockCommands returns the constraint's text with the commands of its code block
// written in where the sentence introduces them ("... run the formatter and linter:"
// followed by a shell block of one command a line), so the ordering recogniser reads
// them as if they were quoted inline. Other text is returned as it is.
func withBlockCommands(c *policy.Constraint) string {
	m := runThenColonRE.FindStringSubmatch(c.Text)
	if m == nil || len(c.Code) == 0 || strings.Contains(c.Text, "`") {
		return c.Text
	}
	switch strings.ToLower(c.Code[0].Lang) {
	case "", "sh", "bash", "shell", "console", "zsh":
	default:
		return c.Text
	}
	var cmds []string
	programs := map[string]bool{}
	for _, l := range strings.Split(c.Code[0].Text, "\n") {
		l = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l), "$ "))
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		if strings.ContainsAny(l, "`\\") || strings.HasSuffix(l, "&&") {
			return c.Text
		}
		// A block often lists variants of one command after it ("./tools/lint.js",
		// then "./tools/lint.js --js" to lint only JS): the first of each program
		// is the one the sentence asks for, the rest are alternatives.
		prog := strings.Fields(l)[0]
		if programs[prog] {
			continue
		}
		programs[prog] = true
		cmds = append(cmds, "`"+l+"`")
	}
	if len(cmds) == 0 || len(cmds) > 4 {
		return c.Text
	}
	return m[1] + " " + strings.Join(cmds, " and ") + "."
}
