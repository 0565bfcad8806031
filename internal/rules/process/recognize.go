package process

import (
	"encoding/json"
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// Recognizers returns the process domain's recognisers, in the order they are tried:
// literal forbidden commands, tool substitution ("use pnpm, not npm"), named
// practices ("never force-push", "never amend"), and ordering ("run `make lint`
// before committing").
func Recognizers() []recognize.Recognizer {
	return []recognize.Recognizer{forbidRec{}, substituteRec{}, conceptRec{}, orderRec{}}
}

// Origins (recogniser names).
const (
	OriginForbid     = "process.forbid"
	OriginSubstitute = "process.substitute"
	OriginConcept    = "process.concept"
	OriginOrder      = "process.order"
)

// forbidRec compiles prohibitions of commands written in code spans: "NEVER use `npm
// run compile`", "Do not run `git clean` with `-f`", "Never invoke binaries through
// `./node_modules/.bin/*`". Exceptions in the same constraint ("`git clean -n` is
// fine") and dry runs of the forbidden command stay allowed.
type forbidRec struct{}

func (forbidRec) Name() string { return OriginForbid }

func (forbidRec) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	sents := sentences(c.Text)
	var forbid, allow []Pattern
	var quoted []string
	scopeDir := ""
	exact := true
	hedged := false
	suggestion := ""
	for si, s := range sents {
		if platformRE.MatchString(s.prose) || substitutionShaped(s.prose) || branchCondRE.MatchString(s.prose) {
			continue
		}
		for k := range s.spans {
			if fineRE.MatchString(after(s.prose, k)) {
				if argv, ok := spanArgv(s.spans[k]); ok && commandSpan(argv, rc) {
					allow = append(allow, patternFrom(argv, c.Scope.Dir))
				}
			}
		}
		got := forbiddenIn(s, rc, c.Scope.Dir)
		if len(got.forbid) == 0 {
			continue
		}
		forbid = append(forbid, got.forbid...)
		allow = append(allow, got.allow...)
		quoted = append(quoted, s.raw)
		if d := dirScope(s, c.Scope.Dir, rc); d != "" {
			scopeDir = d
		}
		if conditionRE.MatchString(s.prose) {
			exact = false
		}
		if hedgeRE.MatchString(s.prose) {
			hedged = true
		}
		if suggestion == "" {
			suggestion = suggestionFrom(sents, si)
		}
	}
	if len(forbid) == 0 {
		return recognize.Result{}
	}
	// the next list items may qualify the prohibition: "`cargo publish --dry-run` is
	// fine", or say what to do instead
	for _, next := range rc.Following(c, 2) {
		ns := sentences(next.Text)
		for _, s := range ns {
			for k := range s.spans {
				if fineRE.MatchString(after(s.prose, k)) {
					if argv, ok := spanArgv(s.spans[k]); ok && commandSpan(argv, rc) {
						allow = append(allow, patternFrom(argv, c.Scope.Dir))
					}
				}
			}
		}
		if suggestion == "" && len(ns) > 0 && imperativeRE.MatchString(ns[0].prose) && prohibition(ns[0].prose) < 0 {
			suggestion = tidy(ns[0].raw)
		}
	}
	allow = append(allow, dryRunAllows(forbid)...)
	r := commandRule(c, forbid, allow, nil, hedged)
	r.Exact = exact
	if scopeDir != "" {
		r.Scope = policy.Scope{Dir: scopeDir}
	}
	r.Message = forbiddenMessage(forbid)
	r.Suggestion = suggestion
	return recognize.Result{Rules: []policy.Rule{r}}
}

// forbiddenMessage names what the rule forbids: "`npm run compile` is forbidden".
func forbiddenMessage(forbid []Pattern) string {
	var names []string
	for i, p := range dedupe(forbid) {
		if i == 3 {
			names = append(names, "…")
			break
		}
		names = append(names, "`"+display(p)+"`")
	}
	if len(names) > 1 {
		return strings.Join(names, ", ") + " are forbidden"
	}
	return names[0] + " is forbidden"
}

// display renders a pattern as the command a person would type.
func display(p Pattern) string {
	parts := []string{strings.TrimPrefix(p.Program[0], "**/")}
	parts = append(parts, p.Args...)
	for _, g := range p.Flags {
		f := g[0]
		for _, x := range g {
			if strings.HasPrefix(x, "--") {
				f = x
				break
			}
		}
		parts = append(parts, f)
	}
	return strings.Join(parts, " ")
}

type forbidden struct {
	forbid, allow []Pattern
}

var (
	withRE       = lazyre.New(`^\s*,?\s*(?:with|using|passing|plus|and)\s+(?:the\s+)?(?:flag\s+|option\s+)?$`)
	withoutRE    = lazyre.New(`^\s*,?\s*without\s+(?:the\s+)?(?:flag\s+|option\s+)?$`)
	flagBeforeRE = lazyre.New(`^\s*(?:\([^)]*\)\s*)?(?:switch|flag|option|argument|parameter)?\s*(?:with|in|on|for|to|of)\s+$`)
	execVerbRE   = lazyre.New(`\b(run|running|use|using|invoke|invoking|execute|executing|call|calling|through|via|with|type|start)\b`)
	// what may follow a bare program name for it to mean the program itself
	bareNextRE = lazyre.New(`^\s*(?:$|[.,;:!?)]|(?:to|for|in|on|at|with|when|unless|directly|command|commands|or|and|anymore|here|itself|yourself|at all|locally|manually)\b)`)
)

// forbiddenIn finds the commands a sentence forbids.
func forbiddenIn(s sentence, rc *recognize.RepoContext, scopeDir string) forbidden {
	var out forbidden
	neg := prohibition(s.prose)
	var reach string
	if neg >= 0 {
		reach = negationReach(s.prose[neg:])
	}
	inReach := map[int]bool{}
	for _, k := range markers(reach) {
		inReach[k] = true
	}
	// "`x` is forbidden"
	for k := range s.spans {
		if postNegRE.MatchString(after(s.prose, k)) {
			inReach[k] = true
		}
	}
	if len(inReach) == 0 {
		return out
	}
	type item struct {
		k    int
		argv []string
		cmd  bool
		flag bool
	}
	var items []item
	for k := range s.spans {
		if !inReach[k] {
			continue
		}
		it := item{k: k}
		if flagOnly(s.spans[k]) {
			it.flag = true
		} else if argv, ok := spanArgv(s.spans[k]); ok && commandSpan(argv, rc) {
			it.argv = argv
			it.cmd = true
		}
		items = append(items, it)
	}
	used := map[int]bool{}
	for i, it := range items {
		if !it.cmd {
			continue
		}
		// a bare program name must mean the program, not a thing it has
		if len(it.argv) == 1 && !isPathProgram(it.argv[0]) && !bareNextRE.MatchString(after(s.prose, it.k)) {
			continue
		}
		// a path to a script or binary needs a verb that runs it
		if isPathProgram(it.argv[0]) && !execVerbRE.MatchString(before(s.prose, it.k)) && !strings.HasSuffix(strings.TrimSpace(before(s.prose, it.k)), strings.TrimSpace(lastNeg(s.prose))) {
			continue
		}
		p := patternFrom(it.argv, scopeDir)
		var without [][]string
		// options attached by "with `-f`" (after) or "`--filter` with `dotnet test`" (before)
		for j := i + 1; j < len(items) && items[j].flag; j++ {
			between := between(s.prose, it.k, items[j].k)
			switch {
			case withRE.MatchString(between) || (j > i+1 && used[items[j-1].k] && strings.TrimSpace(between) == "or"):
				p.Flags = append(p.Flags, flagGroups(p, s.spans[items[j].k])...)
				used[items[j].k] = true
			case withoutRE.MatchString(between):
				without = append(without, flagGroups(p, s.spans[items[j].k])...)
				used[items[j].k] = true
			}
		}
		if i > 0 && items[i-1].flag && !used[items[i-1].k] {
			b := between(s.prose, items[i-1].k, it.k)
			if flagBeforeRE.MatchString(b) {
				p.Flags = append(p.Flags, flagGroups(p, s.spans[items[i-1].k])...)
				used[items[i-1].k] = true
			}
		}
		out.forbid = append(out.forbid, p)
		for _, w := range without {
			a := p
			a.Flags = append(append([][]string(nil), p.Flags...), w)
			out.allow = append(out.allow, a)
		}
	}
	return out
}

// flagGroups turns a span of options into pattern groups with their synonyms.
func flagGroups(p Pattern, span string) [][]string {
	prog := progName(p.Program[0])
	sub := ""
	if len(p.Args) > 0 {
		sub = p.Args[0]
	}
	var out [][]string
	for _, f := range strings.Fields(span) {
		name, _, _ := strings.Cut(f, "=")
		if !strings.HasPrefix(name, "--") && len(name) > 2 && !toolFor(prog).goStyle {
			for j := 1; j < len(name); j++ {
				out = append(out, synonyms(prog, sub, "-"+name[j:j+1]))
			}
			continue
		}
		out = append(out, synonyms(prog, sub, name))
	}
	return out
}

// after returns the prose following span k's marker; before the prose preceding it.
func after(prose string, k int) string {
	m := "⟦" + itoa(k) + "⟧"
	i := strings.Index(prose, m)
	if i < 0 {
		return ""
	}
	return prose[i+len(m):]
}

func before(prose string, k int) string {
	m := "⟦" + itoa(k) + "⟧"
	i := strings.Index(prose, m)
	if i < 0 {
		return ""
	}
	return prose[:i]
}

func between(prose string, a, b int) string {
	ma, mb := "⟦"+itoa(a)+"⟧", "⟦"+itoa(b)+"⟧"
	i, j := strings.Index(prose, ma), strings.Index(prose, mb)
	if i < 0 || j < 0 {
		return ""
	}
	if i > j {
		i, j, ma = j, i, mb
	}
	return prose[i+len(ma) : j]
}

func lastNeg(prose string) string {
	if m := lazyre.New(`(` + negWords + `)\s*$`).FindString(strings.TrimSpace(prose)); m != "" {
		return m
	}
	return "\x00"
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

var imperativeRE = lazyre.New(`^(?:instead,?\s+|rather,?\s+)?(?:always\s+|please\s+)?(use|run|call|create|prefer|check|commit|push|ask|invoke|let|leave|make|set|stash|open|write|rely|work)\b`)

// suggestionFrom is what to do instead: the rest of the sentence after "instead" /
// "use", or the next sentence when it is an instruction.
func suggestionFrom(sents []sentence, i int) string {
	s := sents[i]
	if m := lazyre.New(`(?:,|;|—)\s*(?:instead\s*,?\s*)?((?:use|run|prefer|call|try)\b.*)$`).FindStringSubmatchIndex(s.prose); m != nil {
		return tidy(restoreFrom(s, s.prose[m[2]:m[3]]))
	}
	for j := i + 1; j < len(sents) && j <= i+3; j++ {
		if imperativeRE.MatchString(sents[j].prose) {
			return tidy(sents[j].raw)
		}
	}
	return ""
}

func restoreFrom(s sentence, prose string) string { return restore(prose, s.spans) }

func tidy(s string) string {
	s = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(s), ".;:,"))
	s = strings.TrimPrefix(strings.TrimPrefix(s, "**"), "__")
	s = strings.TrimSuffix(strings.TrimSuffix(s, "**"), "__")
	if s == "" {
		return ""
	}
	return strings.ToLower(s[:1]) + s[1:]
}

// commandRule builds a command rule with its authored cases.
func commandRule(c *policy.Constraint, forbid, allow, via []Pattern, hedged bool) policy.Rule {
	forbid = dedupe(forbid)
	allow = dedupe(allow)
	via = dedupe(via)
	params := CommandParams{Forbid: forbid, Allow: allow, Via: via}
	raw, _ := json.Marshal(params)
	sev := recognize.Severity(c.Level)
	if hedged {
		sev = policy.SeverityWarning
	}
	return policy.Rule{
		Domain:   policy.DomainProcess,
		Kind:     KindCommand,
		Params:   raw,
		Severity: sev,
		Exact:    true,
		Cases:    commandCases(params),
	}
}

func dedupe(ps []Pattern) []Pattern {
	seen := map[string]bool{}
	var out []Pattern
	for _, p := range ps {
		b, _ := json.Marshal(p)
		if !seen[string(b)] {
			seen[string(b)] = true
			out = append(out, p)
		}
	}
	return out
}

// commandCases authors a violated case per forbidden form, and satisfied near-misses:
// each exception, the forbidden form without its options or with another
// subcommand, and the replacement the rule asks for.
func commandCases(p CommandParams) []policy.Case {
	var cases []policy.Case
	seen := map[string]bool{}
	count := map[string]int{}
	add := func(expect string, argv []string, note string) {
		key := expect + "\x00" + strings.Join(argv, "\x00")
		if seen[key] || len(argv) == 0 || count[expect] >= 4 {
			return
		}
		// a near-miss that is itself forbidden is not a near-miss
		got := judgeArgv(p, argv)
		if got != expect {
			return
		}
		seen[key] = true
		count[expect]++
		cases = append(cases, policy.Case{Expect: expect, Argv: argv, Note: note})
	}
	for _, f := range p.Forbid {
		add(policy.ExpectViolated, example(f), "the forbidden form")
	}
	for _, a := range p.Allow {
		add(policy.ExpectSatisfied, example(a), "an exception the instruction allows")
	}
	for _, f := range p.Forbid {
		ex := example(f)
		if len(f.Flags) > 0 {
			add(policy.ExpectSatisfied, ex[:len(ex)-len(f.Flags)], "the same command without the forbidden options")
		}
		if len(f.Args) > 0 {
			prog := ex[0]
			add(policy.ExpectSatisfied, []string{prog, "--version"}, "the same program, not the forbidden form")
			if len(f.Args) > 1 {
				last := instantiate(f.Args[len(f.Args)-1])
				if last == "." {
					last = "README.md"
				} else {
					last += "-other"
				}
				near := append(append([]string{prog}, ex[1:len(f.Args)]...), last)
				add(policy.ExpectSatisfied, near, "a near-miss of the forbidden form")
			}
		}
	}
	for _, v := range p.Via {
		add(policy.ExpectSatisfied, example(v), "what the instruction asks for instead")
	}
	if !hasExpect(cases, policy.ExpectSatisfied) {
		add(policy.ExpectInapplicable, []string{"ls"}, "a command the rule is not about")
	}
	return cases
}

func hasExpect(cs []policy.Case, e string) bool {
	for _, c := range cs {
		if c.Expect == e {
			return true
		}
	}
	return false
}

// judgeArgv is the verdict the rule gives one argv (for authoring cases).
func judgeArgv(p CommandParams, argv []string) string {
	c := &commandCheck{rule: &policy.Rule{}, p: p}
	ev, _ := CaseEvidence(policy.Case{Argv: argv})
	outs := c.Targets(ev)
	if len(outs) == 0 {
		return policy.ExpectInapplicable
	}
	v := policy.ExpectSatisfied
	for _, t := range outs {
		if r := c.Judge(ev, t); r.Verdict == "violated" {
			return policy.ExpectViolated
		}
	}
	return v
}
