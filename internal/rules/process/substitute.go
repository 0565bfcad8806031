package process

import (
	"strings"
	"sync"

	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// substituteRec compiles tool substitutions: "Use `pnpm`, not npm or yarn", "Always use
// `uv` instead of `pip`", "ONLY use uv, NEVER pip", "Use `cargo check` instead of
// `cargo build` when possible", and "use pnpm" alone, which forbids the other package
// managers of its family (the fail-closed reading).
type substituteRec struct{}

func (substituteRec) Name() string { return OriginSubstitute }

// family members: a tool word and the programs it stands for.
var toolPrograms = sync.OnceValue(func() map[string][]string {
	return map[string][]string{
		"npm":    {"npm", "npx"},
		"npx":    {"npx"},
		"yarn":   {"yarn"},
		"pnpm":   {"pnpm", "pnpx"},
		"bun":    {"bun", "bunx"},
		"pip":    {"pip", "pip3", "pip3.*"},
		"pip3":   {"pip", "pip3", "pip3.*"},
		"uv":     {"uv", "uvx"},
		"poetry": {"poetry"},
		"pipenv": {"pipenv"},
		"conda":  {"conda"},
		"deno":   {"deno"},
	}
})

// families: using one member alone forbids the others.
var families = sync.OnceValue(func() map[string][]string {
	return map[string][]string{
		"pnpm": {"npm", "yarn", "bun"},
		"npm":  {"yarn", "pnpm", "bun"},
		"yarn": {"npm", "pnpm", "bun"},
		"bun":  {"npm", "yarn", "pnpm"},
		"uv":   {"pip"},
	}
})

// operand is one side of a substitution: a tool word or a command span.
type operand struct {
	tool string   // a tool word (pnpm)
	argv []string // a command span
	span string   // the span as written
}

func (o operand) patterns(scopeDir string) []Pattern {
	if o.tool != "" {
		return []Pattern{{Program: append([]string(nil), toolPrograms()[o.tool]...)}}
	}
	if len(o.argv) == 1 {
		if progs, ok := toolPrograms()[o.argv[0]]; ok {
			return []Pattern{{Program: append([]string(nil), progs...)}}
		}
	}
	return []Pattern{patternFrom(o.argv, scopeDir)}
}

func (o operand) String() string {
	if o.tool != "" {
		return o.tool
	}
	return o.span
}

const toolWord = `(npm|npx|yarn|pnpm|bun|pip3?|uv|poetry|pipenv|conda)`

var (
	opnd       = `(⟦\d+⟧|\b` + toolWord + `\b)`
	listRE     = `((?:` + opnd + `)(?:\s*(?:,|or|nor|and|,\s*or)\s*(?:` + opnd + `))*)`
	useVerb    = `\b(?:use|using|run|running|call|invoke|prefer|choose|stick to|stick with)\b`
	insteadRE  = lazyre.New(opnd + `\s*(?:\([^)]*\)\s*)?(?:,\s*)?(?:instead of|rather than|over|in place of)\s+(?:using\s+|running\s+)?` + listRE)
	useNotRE   = lazyre.New(useVerb + `\s+(?:only\s+)?` + opnd + `(?:\s+only)?\s*(?:,|;|and)?\s*(?:(?:but\s+)?not|never|no)\s+` + listRE)
	onlyUseRE  = lazyre.New(`\b(?:only use|use only|always use|must use|use)\s+` + opnd + `(?:\s+only)?\s*(?:$|[.,;!]|\s+(?:for|to|when|as|in)\b)`)
	notListRE  = lazyre.New(`^` + listRE)
	toolWordRE = lazyre.New(`^` + toolWord + `$`)
)

// substitutionShaped reports whether prose reads like a substitution (so the forbid
// recogniser leaves it to this one).
func substitutionShaped(prose string) bool {
	return insteadRE.MatchString(prose) || useNotRE.MatchString(prose)
}

func (substituteRec) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	var rules []policy.Rule
	for _, s := range sentences(c.Text) {
		if platformRE.MatchString(s.prose) {
			continue
		}
		r, ok := substitution(c, s, rc)
		if ok {
			rules = append(rules, r)
		}
	}
	return recognize.Result{Rules: rules}
}

func substitution(c *policy.Constraint, s sentence, rc *recognize.RepoContext) (policy.Rule, bool) {
	var pairs [][2][]operand // (use, instead of)
	exact := true
	if ms := insteadRE.FindAllStringSubmatchIndex(s.prose, -1); ms != nil {
		if !lazyre.New(useVerb).MatchString(s.prose[:ms[0][0]+1]) && !lazyre.New(useVerb).MatchString(s.prose) {
			return policy.Rule{}, false
		}
		for _, m := range ms {
			x, ok := operandOf(s, s.prose[m[2]:m[3]], rc)
			if !ok {
				continue
			}
			ys := operandsOf(s, s.prose[m[6]:m[7]], rc)
			if len(ys) == 0 {
				continue
			}
			pairs = append(pairs, [2][]operand{{x}, ys})
		}
	} else if m := useNotRE.FindStringSubmatchIndex(s.prose); m != nil {
		x, ok := operandOf(s, s.prose[m[2]:m[3]], rc)
		ys := operandsOf(s, s.prose[m[6]:m[7]], rc)
		if ok && len(ys) > 0 {
			pairs = append(pairs, [2][]operand{{x}, ys})
		}
	} else if m := onlyUseRE.FindStringSubmatchIndex(s.prose); m != nil {
		x, ok := operandOf(s, s.prose[m[2]:m[3]], rc)
		fam := families()[x.tool]
		if x.tool == "" && len(x.argv) == 1 {
			fam = families()[x.argv[0]]
			x = operand{tool: x.argv[0]}
		}
		if !ok || fam == nil || prohibition(s.prose) >= 0 && prohibition(s.prose) < m[0] {
			return policy.Rule{}, false
		}
		var ys []operand
		for _, f := range fam {
			ys = append(ys, operand{tool: f})
		}
		pairs = append(pairs, [2][]operand{{x}, ys})
		exact = false // the family is a reading of "use X" alone
	}
	if len(pairs) == 0 {
		return policy.Rule{}, false
	}
	var forbid, via []Pattern
	var uses, nots []string
	for _, p := range pairs {
		for _, x := range p[0] {
			via = append(via, x.patterns(c.Scope.Dir)...)
			uses = append(uses, x.String())
		}
		for _, y := range p[1] {
			forbid = append(forbid, y.patterns(c.Scope.Dir)...)
			nots = append(nots, y.String())
		}
	}
	// never forbid what the rule asks for (`uv pip` is uv, not pip)
	forbid = withoutVia(forbid, via)
	if len(forbid) == 0 {
		return policy.Rule{}, false
	}
	r := commandRule(c, forbid, dryRunAllows(forbid), via, hedgeRE.MatchString(s.prose))
	if conditionRE.MatchString(s.prose) {
		exact = false
	}
	r.Exact = exact
	if d := dirScope(s, c.Scope.Dir, rc); d != "" {
		r.Scope = policy.Scope{Dir: d}
	}
	r.Message = "use " + strings.Join(uniq(uses), " / ") + ", not " + strings.Join(uniq(nots), " or ")
	r.Suggestion = "use " + strings.Join(uniq(uses), " or ") + " instead"
	return r, true
}

func withoutVia(forbid, via []Pattern) []Pattern {
	var out []Pattern
	for _, f := range forbid {
		same := false
		for _, v := range via {
			if strings.Join(f.Program, ",") == strings.Join(v.Program, ",") && len(f.Args) == 0 && len(v.Args) == 0 {
				same = true
			}
		}
		if !same {
			out = append(out, f)
		}
	}
	return out
}

func uniq(ss []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range ss {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// operandOf reads one operand: a span that is a command or tool, or a tool word.
func operandOf(s sentence, text string, rc *recognize.RepoContext) (operand, bool) {
	text = strings.TrimSpace(text)
	if toolWordRE.MatchString(text) {
		return operand{tool: text}, true
	}
	if k := spanIndex(text); k >= 0 && k < len(s.spans) {
		argv, ok := spanArgv(s.spans[k])
		if !ok || !commandSpan(argv, rc) {
			return operand{}, false
		}
		return operand{argv: argv, span: s.spans[k]}, true
	}
	return operand{}, false
}

func operandsOf(s sentence, list string, rc *recognize.RepoContext) []operand {
	var out []operand
	for _, m := range lazyre.New(opnd).FindAllString(list, -1) {
		if o, ok := operandOf(s, m, rc); ok {
			out = append(out, o)
		} else {
			return nil // "`Pair` instead of `Map.Entry`": not about commands
		}
	}
	return out
}
