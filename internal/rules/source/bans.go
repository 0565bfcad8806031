package source

import (
	"cmp"
	"maps"
	"strings"

	"github.com/heed-dev/heed/internal/lazy"
	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/uniq"
)

// token is a word, a code span or a punctuation mark of a clause.
type token struct {
	kind  byte // 'w' word, 's' span, 'p' punctuation
	text  string
	depth int // parenthesis depth
}

func tokenize(clause string) []token {
	var out []token
	depth := 0
	rs := []rune(clause)
	for i := 0; i < len(rs); {
		r := rs[i]
		switch {
		case r == '`':
			j := i + 1
			for j < len(rs) && rs[j] != '`' {
				j++
			}
			text := strings.TrimSpace(string(rs[i+1 : min(j, len(rs))]))
			if suf := likeSuffix(rs[min(j+1, len(rs)):]); suf != "" {
				// "`fmt.Sprintf`-style placeholders": things like the span, not the span
				out = append(out, token{kind: 'w', text: text + suf, depth: depth})
				i = j + 1 + len([]rune(suf))
				continue
			}
			out = append(out, token{kind: 's', text: text, depth: depth})
			i = j + 1
		case r == '(' || r == '[':
			out = append(out, token{kind: 'p', text: string(r), depth: depth})
			depth++
			i++
		case r == ')' || r == ']':
			if depth > 0 {
				depth--
			}
			out = append(out, token{kind: 'p', text: string(r), depth: depth})
			i++
		case isWordRune(r):
			j := i
			for j < len(rs) && (isWordRune(rs[j]) || (rs[j] == '.' && j+1 < len(rs) && isWordRune(rs[j+1]) && j > i)) {
				j++
			}
			out = append(out, token{kind: 'w', text: string(rs[i:j]), depth: depth})
			i = j
		case r == ' ':
			i++
		default:
			out = append(out, token{kind: 'p', text: string(r), depth: depth})
			i++
		}
	}
	return out
}

// likeSuffix is a suffix that turns a code span into a description of things like it
// ("-style", "-like"), or "".
func likeSuffix(rest []rune) string {
	for _, suf := range []string{"-style", "-like", "-ish", "-esque", "-flavored", "-flavoured", "-type"} {
		if strings.HasPrefix(strings.ToLower(string(rest[:min(len(rest), len(suf))])), suf) {
			return suf
		}
	}
	return ""
}

func isWordRune(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '\'' || r == '-' || r == '_' || r == '’'
}

// Words that may stand between a prohibition and what it prohibits ("never writes to
// `System.out`", "avoid patterns that require `panic!`"). Any other word means the
// span is not what is banned ("must not leak across `TableScan`").
var fillers = set("use", "using", "used", "uses", "call", "calling", "calls", "called", "invoke", "invoking",
	"invokes", "import", "importing", "imports", "add", "adding", "adds", "write", "writing", "writes", "to",
	"put", "putting", "leave", "leaving", "introduce", "introducing", "reference", "referencing", "rely",
	"relying", "on", "the", "a", "an", "any", "new", "direct", "directly", "raw", "bare", "plain", "explicit",
	"explicitly", "patterns", "that", "require", "requires", "like", "include", "including", "emit", "emitting",
	"instantiate", "construct", "constructing", "create", "creating", "access", "accessing", "throw",
	"throwing", "raise", "raising", "catch", "catching", "depend", "depending", "print", "printing", "prints",
	"log", "logging", "return", "returning", "ship", "commit", "committing", "ever", "manual", "manually",
	"hand-written", "hardcode", "hardcoded", "hard-coded", "call-sites", "more", "also", "yourself", "read",
	"reading", "touch", "touching")

// multi-word and single-word prohibitions.
// "does not" and a bare "not" describe ("it does NOT use `x`"); they do not prohibit.
var negTok = []string{"must not", "mustn't", "should not", "shouldn't", "do not", "don't", "dont",
	"never", "avoid", "avoiding", "no", "cannot", "can't", "forbid", "forbidden", "ban", "banned",
	"disallow", "disallowed", "prohibit", "prohibited", "refrain from", "stop using", "nor"}

// declarativeNo: the words before a "no" that make it say what exists or is held.
var declarativeNo = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return set("have", "has", "had", "with", "contains", "contain", "carry", "carries", "hold", "holds",
		"is", "are", "was", "were", "there's", "got", "carrying", "having", "holding", "containing", "returns",
		"returning")
}}

// dutyModals before a verb of having make its "no" a duty ("must contain no `X`").
var dutyModals = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return set("must", "should", "shall", "to", "mustn't")
}}

var notNeg = set("no longer", "no need", "no matter", "not only", "not just", "not necessarily", "not needed", "not required", "no more than", "not this")

func set(ws ...string) map[string]bool {
	m := map[string]bool{}
	for _, w := range ws {
		m[w] = true
	}
	return m
}

func lowerWord(t token) string { return strings.ToLower(t.text) }

// negAt reports whether a prohibition starts at token i, and how many tokens it spans.
func negAt(ts []token, i int) int {
	if ts[i].kind != 'w' {
		return 0
	}
	w := lowerWord(ts[i])
	two := ""
	if i+1 < len(ts) && ts[i+1].kind == 'w' {
		two = w + " " + lowerWord(ts[i+1])
	}
	if notNeg[two] {
		return 0
	}
	// "do not"/"don't" prohibit as an imperative: at the start of a clause or after
	// "you", "we", "please", "and", "but".
	// So do "cannot"/"can't": "projects that can't use `X`" describes them.
	if w == "do" || w == "don't" || w == "dont" || w == "cannot" || w == "can't" || w == "can’t" {
		if i > 0 && !(ts[i-1].kind == 'p' || set("you", "we", "please", "and", "but", "so", "also", "then")[lowerWord(ts[i-1])]) {
			return 0
		}
	}
	if w == "nor" {
		// "don't use `X` nor `Y`" bans Y; "the database exposes neither `X` nor `Y`"
		// describes it, as a verb before "neither" other than the clause's first
		// ("Use neither `X` nor `Y`") says
		for k := i - 1; k >= 0; k-- {
			if ts[k].kind == 'w' && lowerWord(ts[k]) == "neither" {
				if k <= 1 {
					return 1
				}
				return 0
			}
			if negAt(ts, k) > 0 {
				return 1
			}
		}
		return 1
	}
	for _, n := range negTok {
		if strings.Contains(n, " ") {
			if two == n {
				return 2
			}
		} else if w == n {
			return 1
		}
	}
	return 0
}

// declarativeNoAt reports a "no" at ts[i] that says what exists or is held rather
// than banning: "fresh installs have no `spree_users`", "there is no root
// `Cargo.toml`", "a query carrying no `store_id` predicate", and a "no" coordinated
// with such a one ("there is no embedding and no `or()` grouping"). "code must
// contain no `console.log` calls" bans: a modal of duty stands before the verb.
func declarativeNoAt(ts []token, i int) bool {
	if lowerWord(ts[i]) != "no" {
		return false
	}
	if conditionArrowAfter(ts, i+1) {
		// "no `dev_url` → skip Lighthouse": the case an arrow leads from
		return true
	}
	if i == 0 {
		return false
	}
	if ts[i-1].kind == 'w' && declarativeNo.Get()[lowerWord(ts[i-1])] {
		return !(i > 1 && ts[i-2].kind == 'w' && dutyModals.Get()[lowerWord(ts[i-2])])
	}
	if !(ts[i-1].text == "," || ts[i-1].kind == 'w' && set("and", "or", "nor")[lowerWord(ts[i-1])]) {
		return false
	}
	for k := i - 2; k > 0; k-- {
		if ts[k].kind == 'w' && lowerWord(ts[k]) == "no" && ts[k].depth == ts[i].depth {
			return declarativeNoAt(ts, k)
		}
	}
	return false
}

// placedPostfixBan reads "in production code is prohibited" at ts[i]: a place of a
// few words, then a postfix ban. It returns where the ban starts and the index after
// it.
func placedPostfixBan(ts []token, i int) (at, end int, soft, ok bool) {
	if i >= len(ts) || ts[i].kind != 'w' {
		return 0, 0, false, false
	}
	switch lowerWord(ts[i]) {
	case "in", "inside", "within", "under":
	default:
		return 0, 0, false, false
	}
	for k := i + 1; k < len(ts) && k <= i+5; k++ {
		if ts[k].kind != 'w' && ts[k].kind != 's' {
			return 0, 0, false, false
		}
		if e, sf, found := postfixBan(ts, k); found {
			return k, e, sf, true
		}
	}
	return 0, 0, false, false
}

// conditionArrowAfter reports an arrow within the few tokens from i, before the
// clause ends ("no `dev_url` → skip", "no build artifacts -> skip bundle").
func conditionArrowAfter(ts []token, i int) bool {
	for k := i; k < len(ts) && k < i+5; k++ {
		switch ts[k].text {
		case "→", "->", "=>", "⇒", "⟶":
			return true
		case "-", "=":
			if k+1 < len(ts) && ts[k+1].text == ">" {
				return true // "->" as the tokenizer gives it
			}
		case ".", ";", ":":
			return false
		}
	}
	return false
}

// modifierAdjectives.Get() may stand before a banned span: "never use the deprecated
// `client.defineJob`", "the built-in `eval()`".
var modifierAdjectives = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return set("deprecated", "legacy", "old", "obsolete", "global", "built-in", "builtin", "native",
		"standard", "synchronous", "blocking", "unsafe", "internal", "private", "experimental", "low-level", "insecure",
		"outdated", "default", "old-style", "unstable")
}}

// modifierBefore reports a word at ts[j] that names whose or which the banned span
// is, when a code span follows within two words: a possessive ("Go's", "Python's"),
// a product name ("Next.js", "Prisma", "VS Code"), or an adjective of the
// modifierAdjectives.
func modifierBefore(ts []token, j int) bool {
	spanNear := false
	for k := j + 1; k < len(ts) && k <= j+2; k++ {
		if ts[k].kind == 's' {
			spanNear = true
			break
		}
		if ts[k].kind != 'w' {
			break
		}
	}
	if !spanNear {
		return false
	}
	w := ts[j].text
	lw := strings.ToLower(w)
	switch {
	case modifierAdjectives.Get()[lw]:
		return true
	case strings.HasSuffix(lw, "'s") || strings.HasSuffix(lw, "’s"):
		return len(lw) > 3
	case strings.Contains(w, ".") && !strings.HasSuffix(w, "."):
		return true // Next.js, Node.js
	case w[0] >= 'A' && w[0] <= 'Z' && j > 0:
		return !negTokWords.Get()[lw]
	}
	return false
}

// productName reports a word at ts[j], right before a code span, that the sentence
// writes capitalised and not at its start ("Don't use React `useLayoutEffect`",
// "Prisma `findUnique`"): the product the span belongs to. The clause reader sees
// lower case, so the original text is asked.
func (s *sentence) productName(ts []token, j int) bool {
	if j == 0 || j+1 >= len(ts) || ts[j+1].kind != 's' || ts[j].kind != 'w' || negTokWords.Get()[lowerWord(ts[j])] || fillers[lowerWord(ts[j])] {
		return false
	}
	w := lowerWord(ts[j])
	for _, f := range strings.Fields(s.c.Text) {
		f = strings.Trim(f, ",;:()*_")
		if strings.ToLower(f) == w && f[0] >= 'A' && f[0] <= 'Z' && !strings.HasPrefix(strings.TrimSpace(s.c.Text), f) {
			return true
		}
	}
	return false
}

var negTokWords = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return set("never", "not", "no", "avoid", "do", "don't", "use", "i", "the", "a", "an")
}}

// commentMarkers.Get() are the words that mark a comment as unfinished work.
var commentMarkers = lazy.Value[map[string]bool]{F: func() map[string]bool { return set("todo", "fixme", "xxx", "hack", "todos", "fixmes", "hacks") }}

// markerList reads comment markers named in words at ts[j] ("TODO, FIXME, or HACK
// comments", "TODOs", "XXX markers"): each must be written in capitals in the
// sentence ("don't hack around it" names no marker), and a single one must be
// followed by a word that makes it a comment ("comments", "markers", "tags") or be a
// plural. It returns the markers in capitals and the index after the list.
func (s *sentence) markerList(ts []token, j int) ([]string, int) {
	var ms []string
	k := j
	for k < len(ts) {
		t := ts[k]
		w := lowerWord(t)
		switch {
		case t.kind == 'w' && commentMarkers.Get()[w]:
			m := strings.ToUpper(strings.TrimSuffix(strings.TrimSuffix(t.text, "s"), "S"))
			if !markerCapsRE.MatchString(s.c.Text) || !strings.Contains(s.c.Text, m) {
				return nil, j
			}
			ms = append(ms, m)
		case t.kind == 's' && commentMarkers.Get()[strings.ToLower(t.text)] && t.text == strings.ToUpper(t.text):
			// "No `FIXME` or `XXX` comments": a marker in a code span, as written
			ms = append(ms, strings.TrimSuffix(t.text, "S"))
		case t.text == "@" && k+1 < len(ts) && ts[k+1].kind == 'w' && tagListEnds(ts, k+2):
			// "FIXME, XXX, or @author tags": a documentation tag
			ms = append(ms, "@"+ts[k+1].text)
			k++
		case t.kind == 'w' && separators[w] || t.text == ",":
		default:
			goto done
		}
		k++
	}
done:
	if len(ms) == 0 {
		return nil, j
	}
	if k < len(ts) && ts[k].kind == 'w' && set("comments", "comment", "markers", "marker", "tags", "notes")[lowerWord(ts[k])] {
		return uniq.Values(ms), k + 1
	}
	plural := strings.HasSuffix(lowerWord(ts[k-1]), "s") && lowerWord(ts[k-1]) != "xxx"
	if len(ms) > 1 || plural {
		return uniq.Values(ms), k
	}
	return nil, j
}

// tagListEnds reports that the list from ts[k] on ends with the word "tags".
func tagListEnds(ts []token, k int) bool {
	for ; k < len(ts); k++ {
		if ts[k].kind == 'w' && lowerWord(ts[k]) == "tags" {
			return true
		}
		if ts[k].kind == 'w' && !separators[lowerWord(ts[k])] && !commentMarkers.Get()[lowerWord(ts[k])] {
			return false
		}
	}
	return false
}

var markerCapsRE = lazyre.New(`\b(?:TODO|FIXME|XXX|HACK)[Ss]?\b`)

var separators = set(",", "/", "+", "or", "and", "nor", "&")

// spanList reads a list of code spans from token i: "`a`, `b` or `c`". It stops at a
// parenthesis, a word that is not a separator, or a prohibition ("and never calls").
func spanList(ts []token, i int) (spans []string, end int) {
	depth := -1
	for i < len(ts) {
		t := ts[i]
		switch {
		case t.kind == 's':
			if depth < 0 {
				depth = t.depth
			}
			if t.depth != depth {
				return spans, i
			}
			spans = append(spans, t.text)
		case separators[lowerWord(t)] || separators[t.text]:
			if i+1 < len(ts) && negAt(ts, i+1) > 0 {
				return spans, i
			}
		case t.kind == 'w' && len(spans) > 0 && i > 0 && (separators[lowerWord(ts[i-1])] || separators[ts[i-1].text]) && modifierBefore(ts, i):
			// "`a` or deprecated `b`"
		case t.kind == 'w' && i > 0 && ts[i-1].kind == 's' && listedKind(ts, i):
			// "`%` formatting or `.format()`": the kind after one member of the list
		case t.text == "(" && len(spans) > 0:
			alt, k := parenAlternatives(ts, i)
			if len(alt) == 0 {
				return spans, i
			}
			spans = append(spans, alt...)
			i = k - 1
		default:
			return spans, i
		}
		i++
	}
	return spans, i
}

// constructKindWords: words that name a kind of construct after its span.
var constructKindWords = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return set("formatting", "interpolation", "syntax", "loops", "blocks", "literals", "casts", "assertions", "declarations", "operators", "operator")
}}

// listedKind reports a word at ts[i] that names the kind of the span before it, with
// another span of the list after a separator ("`%` formatting or `.format()`",
// "`var` declarations, `==`").
func listedKind(ts []token, i int) bool {
	w := lowerWord(ts[i])
	if !kindWords.Get()[w] && !constructKindWords.Get()[w] {
		return false
	}
	return i+2 < len(ts) && (separators[lowerWord(ts[i+1])] || separators[ts[i+1].text]) && ts[i+2].kind == 's'
}

// examplesInParens reads a kind of code named in words and its members in
// parentheses at ts[j] ("log statements (`console.log`, `debugger`)", "raw SQL
// (e.g. `cursor.execute`)"): at most three words, then a parenthesis that holds only
// code spans and the words of a list or an example. It returns the spans and the
// index after the parenthesis.
func examplesInParens(ts []token, j int) ([]string, int) {
	k := j
	for k < len(ts) && k < j+3 && ts[k].kind == 'w' && ts[k].depth == 0 {
		k++
	}
	if k == j || k >= len(ts) || ts[k].text != "(" {
		return nil, j
	}
	var spans []string
	for k++; k < len(ts) && ts[k].text != ")"; k++ {
		t := ts[k]
		switch {
		case t.kind == 's':
			spans = append(spans, t.text)
		case separators[lowerWord(t)] || separators[t.text] || exampleW[lowerWord(t)] || set("like", "as", ".", ":", "etc", "etc.")[lowerWord(t)] || t.text == ".":
		default:
			return nil, j
		}
	}
	if k >= len(ts) {
		return nil, j
	}
	return spans, k + 1
}

// parenAlternatives reads "(or `Y`)" at ts[i], an alternative to the spans before
// it ("`prisma.$transaction` (or `$replica.$transaction`)"), and returns its spans
// and the index after the closing parenthesis; none when the parenthesis says
// anything else.
func parenAlternatives(ts []token, i int) ([]string, int) {
	if i+2 >= len(ts) || ts[i].text != "(" || ts[i+1].kind != 'w' || !set("or", "nor")[lowerWord(ts[i+1])] {
		return nil, i
	}
	k := i + 2
	var alt []string
	for k < len(ts) && ts[k].text != ")" {
		if ts[k].kind == 's' {
			alt = append(alt, ts[k].text)
		} else if !(separators[lowerWord(ts[k])] || separators[ts[k].text]) {
			return nil, i
		}
		k++
	}
	if k >= len(ts) {
		return nil, i
	}
	return alt, k + 1
}

var (
	pairWords = []string{"instead of", "rather than", "in place of", "over", "not", "never", "vs", "vs."}
	useWords  = set("use", "prefer", "call", "write", "pass", "import", "choose", "pick", "using", "with")
	exampleW  = set("e.g", "e.g.", "eg", "i.e", "i.e.", "example", "instance", "such")
	purposeW  = set("to", "so", "because", "since", "as", "which", "—", "–")
	justifyW  = set("prevent", "avoid", "keep", "ensure", "reduce", "improve", "protect", "stay", "make", "help", "guarantee", "preserve", "maintain", "minimize", "minimise", "limit", "be")
)

// reasonW start a "for ..." that gives the reason of a ban, not a purpose of the
// banned code: "for consistency", "for better error messages".
var reasonW = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return set("consistency", "clarity", "readability", "performance", "safety", "security", "simplicity", "reliability",
		"portability", "maintainability", "testability", "correctness", "uniformity", "robustness", "efficiency", "speed",
		"better", "improved", "more", "the", "a", "cleaner", "clearer", "safer", "faster", "simpler", "easier")
}}

// bans finds the banned code spans of the sentence, clause by clause.
func (s *sentence) bans() []ban {
	var out []ban
	cls := s.clauses()
	for ci, cl := range cls {
		if ci > 0 && norm.RemovedStateLead(cls[ci-1]) && strings.HasPrefix(strings.TrimLeft(cl, "*_ "), "no ") {
			// "The plugin ABI is deleted: no dlopen'd cdylibs, no `repr(C)` vtable
			// surface": the parts of what was removed, described, not bans of the
			// tokens they are written with (wild round 38, streamlib); "`X` was
			// removed; do not read it" is a ban
			break
		}
		if norm.MixingBan(cl) || norm.AddsToContainer(cl) || norm.NamesValues(cl) || norm.NoNeed(cl) {
			// "do not mix `X` with `Y`": neither alone is banned; "never add to
			// `_ALLOWED`": a new entry is, not the list; "never create a `bodha.*`
			// id": a value of the data, not the code's name; "no `NODE_ENV` flip is
			// needed": what a step can do without
			continue
		}
		// "We no longer use `X`", "Replace `X` with `Y`": the plain ban they make
		cl = norm.BanFrames(norm.OnlyPlaceFrame(cl))
		// "NEVER perform direct writes from a controller: no `->save()`, ...": the
		// list elaborates the ban before it, and is limited to its place
		if ci > 0 {
			if lead := leadPlace(cls[ci-1]); lead != "" {
				from := len(out)
				defer func() {
					for k := from; k < len(out); k++ {
						if out[k].qualifier == "" {
							out[k].qualifier = lead
						}
					}
				}()
			}
		}
		ts := tokenize(cl)
		next := ""
		// the clause after the ban that names the way round it: "; use `Y`", "— go
		// through `apiClient`", "; inject `Clock`", "; read settings from `Settings`"
		after := ""
		if ci+1 < len(cls) {
			after = cls[ci+1]
		} else {
			after = s.lineAfterClause()
		}
		if after != "" {
			if nt := tokenize(after); len(nt) > 0 && nt[0].kind == 'w' && (set("instead", "use", "prefer", "rather", "please", "go", "inject", "call", "read", "route", "wrap", "rely", "depend", "always")[lowerWord(nt[0])]) {
				var sps []string
				for _, t := range nt {
					if t.kind == 's' {
						sps = append(sps, t.text)
					}
				}
				next = strings.Join(sps, ", ")
			}
		}
		// "use `X` instead of `Y`", "`X`, not `Y`", "prefer `X` over `Y`"
		// "Prefer optional chaining: `a?.b` over `a && a.b`": the lead clause says
		// what the pair after it prefers
		leadUse := ci > 0 && preferringLead(tokenize(cls[ci-1]))
		pairs := s.pairBans(ts, cl, leadUse, ci > 0 && opensWithUse(tokenize(cls[ci-1])))
		if len(pairs) > 0 {
			out = append(out, pairs...)
			continue
		}
		// "`X` is not allowed in doctests", "`X` and `Y` are forbidden"
		// "The `yup` package must not be added"
		lead := 0
		if len(ts) > 1 && ts[0].kind == 'w' && set("the", "a", "an")[lowerWord(ts[0])] && ts[1].kind == 's' {
			lead = 1
		}
		if len(ts) > lead && ts[lead].kind == 's' && ts[lead].depth == 0 {
			spans, end := spanList(ts, lead)
			if end < len(ts) && ts[end].kind == 'w' && kindWords.Get()[lowerWord(ts[end])] {
				end++ // "`@pytest.mark.asyncio` decorators are ..."
			}
			if k, soft, ok := postfixBan(ts, end); ok {
				qual := qualifier(ts, k)
				for _, sp := range spans {
					out = append(out, ban{span: sp, clause: cl, instead: next, qualifier: qual, soft: soft})
				}
				continue
			}
			if at, k, soft, ok := placedPostfixBan(ts, end); ok {
				// "`console.log` in production code is prohibited": the place between
				// the spans and the ban is the ban's qualifier
				qual := cmp.Or(qualifier(ts[:at], end), qualifier(ts, k))
				for _, sp := range spans {
					out = append(out, ban{span: sp, clause: cl, instead: next, qualifier: qual, soft: soft})
				}
				continue
			}
		}
		// "there is no need to call `X`": X is unneeded, a warning
		if b, ok := noNeedBan(ts, cl); ok {
			b.instead = next
			out = append(out, b)
			continue
		}
		start := -1
		if s.headerBans() && len(ts) > 0 && ts[0].kind == 'w' && fillers[lowerWord(ts[0])] && !negatedBefore(cls[:ci]) && !s.afterBan {
			// under "## Don'ts", "Use `X`" is read as the heading's ban; after a clause
			// that bans by itself ("No `a()` — use `b()`") it is the alternative
			start = 0
		}
		for i := 0; i < len(ts); i++ {
			n := 0
			if i == start {
				n = 0
			} else if n = negAt(ts, i); n == 0 {
				continue
			}
			if lowerWord(ts[i]) == "no" && i > 0 && ts[i-1].kind == 'w' && set("that", "which", "whom", "where")[lowerWord(ts[i-1])] {
				// "table options that no region consumes (`a.b`, `c.d`)": the subject
				// of a relative clause, which describes the options
				continue
			}
			if declarativeNoAt(ts, i) {
				continue
			}
			j := i + n
			// "import `X` from `Y`" / "from vitest"
			if b, ok := importBan(ts, j, cl); ok {
				b.instead = next
				out = append(out, b)
				i = j
				continue
			}
			verb := ""
			mods := 0
			for j < len(ts) && ts[j].kind == 'w' && ts[j].depth == 0 {
				if fillers[lowerWord(ts[j])] {
					verb = lowerWord(ts[j])
				} else if lowerWord(ts[j]) == "by" && j+1 < len(ts) && ts[j+1].kind == 'w' && strings.HasSuffix(lowerWord(ts[j+1]), "ing") && fillers[lowerWord(ts[j+1])] {
					// "never by reading `sys.argv` directly": the way the ban names
				} else if mods < 2 && (modifierBefore(ts, j) || s.productName(ts, j)) {
					mods++
				} else {
					break
				}
				j++
			}
			if k, ok := markedWith(ts, j); ok {
				// "tests must not be marked `#[ignore]`", "don't annotate entities
				// with `@Data`": the attribute marked is what is banned
				spans, end := spanList(ts, k)
				for _, sp := range spans {
					out = append(out, ban{span: sp, clause: cl, instead: next, qualifier: qualifier(ts, end), verb: "use"})
				}
				i = end - 1
				continue
			}
			if ms, end := s.markerList(ts, j); len(ms) > 0 {
				// "do not leave TODO or FIXME comments"
				for _, m := range ms {
					out = append(out, ban{span: m, clause: cl, instead: next, qualifier: qualifier(ts, end), marker: true})
				}
				i = end - 1
				continue
			}
			if j+1 < len(ts) && ts[j].text == "@" && ts[j+1].kind == 'w' && ts[j].depth == 0 {
				// "NEVER use @Timeout on tests": an annotation written without backticks
				if a := s.annotationAsWritten(ts[j+1].text); a != "" {
					out = append(out, ban{span: a, clause: cl, instead: next, qualifier: qualifier(ts, j+2), verb: verb})
					i = j + 1
					continue
				}
			}
			if spans, end := examplesInParens(ts, j); len(spans) > 0 && (verb != "" || lowerWord(ts[i]) == "no") {
				// "No log statements (`console.log`, `debugger`) in tests"
				qual := qualifier(ts, end)
				for _, sp := range spans {
					out = append(out, ban{span: sp, clause: cl, instead: next, qualifier: qual, verb: verb})
				}
				i = end - 1
				continue
			}
			if sp, ok := antecedent(ts, j, verb, cls, ci); ok {
				// "Bun segfaults on a direct `require('re2')`. Do not add one.": the
				// pronoun stands for the one span the clause before names
				out = append(out, ban{span: sp, clause: cl, instead: next, verb: verb})
				i = j
				continue
			}
			if j >= len(ts) || ts[j].kind != 's' || ts[j].depth != 0 {
				continue // the words after the prohibition are about something else
			}
			spans, end := spanList(ts, j)
			if possessiveAt(ts, end) {
				// "Don't use `@repo/supabase`'s default export": a part of what the span
				// names is banned, not all of it
				i = end - 1
				continue
			}
			if lowerWord(ts[i]) == "no" && j == i+1 && end < len(ts) && ts[end].kind == 'w' && ts[end].depth == 0 && ts[end-1].kind == 's' && !spanNounContinuations.Get()[lowerWord(ts[end])] {
				// "No `user_id` scoping on domain models", "No `SelfWriteGuard` e2e
				// exists": the span qualifies the noun after it, which is what the
				// sentence says is absent (wild round 39)
				i = end - 1
				continue
			}
			qual := qualifier(ts, end)
			for _, sp := range spans {
				out = append(out, ban{span: sp, clause: cl, instead: next, qualifier: qual, verb: verb})
			}
			i = end - 1
		}
	}
	return out
}

// possessiveAt reports a possessive "'s" at token i, right after a span (the
// tokenizer keeps it one word).
func possessiveAt(ts []token, i int) bool {
	return i < len(ts) && (ts[i].text == "'s" || ts[i].text == "’s")
}

// negatedBefore reports a clause among cls that prohibits by itself.
func negatedBefore(cls []string) bool {
	for _, cl := range cls {
		ts := tokenize(cl)
		for i := range ts {
			if negAt(ts, i) > 0 {
				return true
			}
		}
	}
	return false
}

// leadPlaceRE: a clause that ends with the place it limits itself to ("... from a
// controller", "... inside request handlers").
var leadPlaceRE = lazyre.New(`\b((?:from|in|inside|within) (?:a |an |the |any |your )?[a-z][a-z-]*(?: [a-z][a-z-]*)?)\s*$`)

// leadPlace is the place a prohibiting clause with no span of its own ends with,
// when heed cannot read it as the whole code: the place of the list that follows.
func leadPlace(cl string) string {
	ts := tokenize(cl)
	neg := false
	for i, t := range ts {
		if t.kind == 's' {
			return ""
		}
		if negAt(ts, i) > 0 {
			neg = true
		}
	}
	m := leadPlaceRE.FindStringSubmatch(strings.ToLower(strings.TrimSpace(cl)))
	if !neg || m == nil || okQualRE.MatchString(m[1]) || headerPlaceRE.MatchString(m[1]) {
		return ""
	}
	return m[1]
}

// pairBans reads "X instead of Y" forms.
func (s *sentence) pairBans(ts []token, cl string, leadUse, afterUse bool) []ban {
	var out []ban
	opensUse := opensWithUse(ts)
	for i := 0; i < len(ts); i++ {
		if ts[i].kind != 'w' || ts[i].depth > 0 && !(opensUse && parenNot(ts, i)) {
			continue // a pair in parentheses illustrates the rule before it
		}
		w := lowerWord(ts[i])
		n := 0
		for _, pw := range pairWords {
			parts := strings.Fields(pw)
			if i+len(parts) > len(ts) {
				continue
			}
			ok := true
			for k, p := range parts {
				if ts[i+k].kind != 'w' || lowerWord(ts[i+k]) != p {
					ok = false
					break
				}
			}
			if ok {
				n = len(parts)
				w = pw
				break
			}
		}
		if n == 0 {
			continue
		}
		// What is offered: the spans right before the connector, or after the last
		// "use"/"prefer" before it.
		before := lastSpanListBefore(ts, i)
		// "Use NotificationManager for user-facing errors, not `showErrorMessage`":
		// the clause opens by saying what to use, named in words or shown before its
		// purpose, and the "not" after a comma, a dash or a parenthesis bans the span
		useNot := (w == "not" || w == "never") && (opensUse && (parenNot(ts, i) || i > 0 && set(",", "-", "—", "–")[ts[i-1].text]) ||
			afterUse && i == 0) // "Use the `api` client - not `fetch`": the dash ends the clause that says what to use
		if len(before) == 0 && !useNot {
			continue
		}
		switch w {
		case "over", "vs", "vs.":
			// "`Command` vs `Query` are marker subtypes of `Request`": a comparison
			// described, unless a verb offers the first (wild round 39, workertransfer)
			if !hasUseBefore(ts, i) && !leadUse {
				continue
			}
		case "instead of", "rather than", "in place of":
			if !hasUseBefore(ts, i) && !leadUse && !listOpensClause(ts, i) && !norm.OpensInstruction(cl) {
				// "config fields typed as `string` instead of `Secret`": a problem
				// described, whose "instead of" names the fix, not what to avoid
				continue
			}
		case "not", "never":
			if !useNot && !(ts[i-1].kind == 's' || (ts[i-1].text == "," && i >= 2 && ts[i-2].kind == 's')) {
				continue
			}
		}
		j := i + n
		for j < len(ts) && ts[j].kind == 'w' && set("the", "a", "an", "using", "calling", "raw", "direct", "plain")[lowerWord(ts[j])] {
			j++
		}
		if j < len(ts) && ts[j].kind == 'w' && i > 0 && ts[i-1].text == ")" {
			// "template literals (`a`) instead of string concatenation (`b`)": both
			// named in words, each shown by its example in parentheses
			j = parenthesisedExample(ts, j)
		}
		if j >= len(ts) || ts[j].kind != 's' {
			continue
		}
		var spans []string
		end := j + 1
		if w == "not" || w == "never" {
			spans = []string{ts[j].text} // "`a` not `b`, `c` not `d`": one at a time
			if alt, k := parenAlternatives(ts, end); len(alt) > 0 {
				spans, end = append(spans, alt...), k
			}
		} else {
			spans, end = spanList(ts, j)
		}
		qual := qualifier(ts, end)
		for _, sp := range spans {
			if caseRespelling(sp, before) {
				// "Use `ID` not `Id`", "`userID`, never `userId`": how a name is
				// spelled, a naming convention (norm.Initialisms), not a ban of a
				// name
				continue
			}
			out = append(out, ban{span: sp, instead: strings.Join(before, ", "), clause: cl, qualifier: qual, pair: true})
		}
		i = end - 1
	}
	return out
}

// caseRespelling reports a span that differs from one offered for it only in its
// letters' case.
func caseRespelling(sp string, offered []string) bool {
	for _, o := range offered {
		if o != sp && strings.EqualFold(o, sp) {
			return true
		}
	}
	return false
}

// opensWithUse reports a clause that opens by saying what to use: "Use …",
// "Always use …", "Prefer …", after nothing but a list marker or emphasis.
func opensWithUse(ts []token) bool {
	for _, t := range ts {
		if t.kind != 'w' {
			if t.depth == 0 && set("*", "_", "-", "•")[t.text] {
				continue
			}
			return false
		}
		switch lowerWord(t) {
		case "always", "please", "only":
			continue
		case "use", "prefer":
			return true
		}
		return false
	}
	return false
}

// parenNot reports "(not `Y`)" at i: "not" alone after an opening parenthesis, then
// one code span and the closing parenthesis.
func parenNot(ts []token, i int) bool {
	return i > 0 && i+2 < len(ts) && ts[i-1].text == "(" && lowerWord(ts[i]) == "not" &&
		ts[i+1].kind == 's' && ts[i+2].text == ")"
}

// parenthesisedExample is the index of the span in "words (`span`)" starting at j: at
// most three words, then the span alone in parentheses; j when there is none.
func parenthesisedExample(ts []token, j int) int {
	k := j
	for k < len(ts) && k-j < 3 && ts[k].kind == 'w' {
		k++
	}
	if k+2 < len(ts) && ts[k].text == "(" && ts[k+1].kind == 's' && ts[k+2].text == ")" {
		return k + 1
	}
	return j
}

// preferringLead reports a lead clause that states a preference and shows no code:
// "Prefer optional chaining", "Use early returns".
func preferringLead(ts []token) bool {
	if len(ts) == 0 || ts[0].kind != 'w' || !set("prefer", "use", "favor", "favour")[lowerWord(ts[0])] {
		return false
	}
	for _, t := range ts {
		if t.kind == 's' {
			return false
		}
	}
	return true
}

func lastSpanListBefore(ts []token, i int) []string {
	var out []string
	for k := i - 1; k >= 0; k-- {
		t := ts[k]
		switch {
		case t.kind == 's':
			out = append([]string{t.text}, out...)
		case separators[lowerWord(t)] || separators[t.text] || (t.kind == 'w' && fillers[lowerWord(t)]):
			if len(out) > 0 && !(separators[lowerWord(t)] || separators[t.text]) {
				return out
			}
		default:
			if len(out) > 0 {
				return out
			}
			if t.kind == 'w' && k < i-3 {
				return out
			}
		}
	}
	return out
}

// listOpensClause: the spans right before the connector at i open their clause
// ("`X` instead of `Y`", "- always `X` rather than `Y`"), with nothing before them but
// fillers and punctuation.
func listOpensClause(ts []token, i int) bool {
	k := i - 1
	for k >= 0 && (ts[k].kind == 's' || separators[lowerWord(ts[k])] || separators[ts[k].text]) {
		k--
	}
	for ; k >= 0; k-- {
		if ts[k].kind == 'w' && !fillers[lowerWord(ts[k])] {
			return false
		}
	}
	return true
}

func hasUseBefore(ts []token, i int) bool {
	for k := 0; k < i; k++ {
		if ts[k].kind == 'w' && useWords[lowerWord(ts[k])] {
			return true
		}
	}
	return false
}

var (
	moduleSpanRE = lazyre.New(`^@?[a-z0-9][\w.\-]*(?:/[\w.\-]+)*$`)
	// namespaceSpanRE is a .NET namespace: `Newtonsoft.Json`, `System.Web.Mvc`.
	namespaceSpanRE = lazyre.New(`^[A-Z][A-Za-z0-9]*(?:\.[A-Z][A-Za-z0-9]*)+$`)
)

// importBan reads "import `X` from `Y`" (or "from vitest") and "import `Y`" at token j.
func importBan(ts []token, j int, cl string) (ban, bool) {
	k := j
	for k < len(ts) && ts[k].kind == 'w' && (set("import", "importing", "imports", "any", "anything", "the", "directly")[lowerWord(ts[k])] || k > j && lowerWord(ts[k]) == "from") {
		k++
	}
	if k == j || k >= len(ts) || ts[k].kind != 's' {
		return ban{}, false
	}
	hasImport := false
	for x := j; x < k; x++ {
		if strings.HasPrefix(lowerWord(ts[x]), "import") {
			hasImport = true
		}
	}
	if !hasImport {
		return ban{}, false
	}
	name := ts[k].text
	if k+2 < len(ts) && ts[k+1].kind == 'w' && lowerWord(ts[k+1]) == "from" {
		from := ts[k+2].text
		if ts[k+2].kind == 'w' && set("a", "an", "the", "any", "another", "other", "its", "their", "your", "our", "this", "that", "these", "those")[lowerWord(ts[k+2])] {
			// "do not import `store` from a page module": a kind of module in
			// words, which heed cannot tell from the rest
			return ban{span: name, clause: cl, qualifier: "from " + strings.Join(wordsFrom(ts, k+2), " ")}, true
		}
		if ts[k+2].kind == 'w' || ts[k+2].kind == 's' {
			return ban{span: name, from: from, clause: cl, qualifier: qualifier(ts, k+3)}, true
		}
	}
	if repoPath(name) || len(ts) > 0 && ts[0].kind == 's' && looksLikeDir(ts[0].text) {
		// "`src/ui` must not import from `src/db`": folders of the repository, an
		// architecture rule
		return ban{}, false
	}
	if moduleSpanRE.MatchString(name) || namespaceSpanRE.MatchString(name) {
		return ban{from: name, clause: cl, qualifier: qualifier(ts, k+1)}, true
	}
	return ban{}, false
}

// repoPath reports a span that names a folder of the repository rather than a
// package: a relative path, or a path under a usual source folder.
func repoPath(sp string) bool {
	if strings.HasPrefix(sp, "./") || strings.HasPrefix(sp, "../") || strings.HasSuffix(sp, "/") {
		return true
	}
	first, _, ok := strings.Cut(sp, "/")
	return ok && set("src", "app", "apps", "lib", "libs", "packages", "internal", "pkg", "cmd", "components", "modules",
		"server", "client", "web", "frontend", "backend", "core", "test", "tests", "crates", "services")[first]
}

var okQualRE = lazyre.New(`^(?:in|inside|within|into|across|throughout|anywhere in|for|from) (?:the |our |any |all |your |new |existing |this )?(?:(?:production|library|prod|source|application|app|runtime|shipped|non-test|new|typescript|javascript|python|rust|go|java) )?(?:code|codebase|sources?|files?|modules?|packages?|crates?|repo|repository|project|service|app|application|library|src|imports?|logging|output|tests?|test code|test files|unit tests)(?: code| files)?$|^in (?:the )?(?:merged|committed|checked-in|final|submitted|pushed) (?:code|changes|files)$|^on (?:the |any |all )?(?:tests|test methods|test classes|test functions)$`)

// headerPlaceRE: "in headers", "in public header files": the header files of C and
// C++, which ruleScope reads.
var headerPlaceRE = lazyre.New(`^(?:in|inside|within|into|to|from) (?:a |any |the |our |public |your )*(?:headers?|header files?|\.h(?:pp)? files)$`)

// okPlaces reports a list of places heed understands ("in tests or production
// code": everywhere), each read with the first one's preposition.
func okPlaces(phrase string) bool {
	prep, rest, ok := strings.Cut(phrase, " ")
	if !ok {
		return false
	}
	parts := strings.FieldsFunc(strings.ReplaceAll(strings.ReplaceAll(rest, " or ", "|"), " and ", "|"), func(r rune) bool { return r == '|' })
	if len(parts) < 2 {
		return false
	}
	for _, p := range parts {
		if !okQualRE.MatchString(prep + " " + strings.TrimSpace(p)) {
			return false
		}
	}
	return true
}

// restatingQualRE: a phrase that names what the banned construct is, not where it
// is banned ("never use `var` for local variables", "no `goto` in functions").
var restatingQualRE = lazyre.New(`^(?:for|in|on) (?:any |all |new )?(?:local )?(?:variables?|variable declarations?|declarations?|functions?|methods?|loops?|statements?|expressions?)$`)

// qualifier returns the restricting phrase after a banned span list ("from
// goroutines", "in client code", "at file scope"), or "" when the rest of the clause is
// a scope heed understands, a justification ("to prevent security risks"), or nothing.
// qualifierSkip are words after a banned span that say nothing of where it is banned.
var qualifierSkip = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return set("directly", "anywhere", "ever", "again", "here", "there", "calls", "call", "comments", "comment", "statements", "decorators", "annotations", "macros", "directly,")
}}

func qualifier(ts []token, i int) string {
	// (an adverb of manner is no place: "call `flush()` synchronously from async
	// code" is limited by what follows it)
	for i < len(ts) && ts[i].kind == 'w' && (qualifierSkip.Get()[lowerWord(ts[i])] || len(ts[i].text) > 5 && strings.HasSuffix(lowerWord(ts[i]), "ly") && lowerWord(ts[i]) != "only") {
		i++
	}
	// "`user.points`/`user.tracks` etc. for plan-aware queries": the list's "etc."
	// ends the list, and what follows still qualifies the ban
	if i < len(ts) && ts[i].kind == 'w' && (lowerWord(ts[i]) == "etc" || lowerWord(ts[i]) == "etc.") {
		i++
		if i < len(ts) && ts[i].kind == 'p' && ts[i].text == "." {
			i++
		}
	}
	if i >= len(ts) {
		return ""
	}
	t := ts[i]
	if t.kind != 'w' {
		return ""
	}
	w := lowerWord(t)
	if w == "to" && i+1 < len(ts) && !justifyW[lowerWord(ts[i+1])] {
		// "to enforce ordering" limits the ban to a purpose; "to prevent security
		// risks" only explains it.
		var ws []string
		for k := i; k < len(ts) && ts[k].kind == 'w' && len(ws) < 5; k++ {
			ws = append(ws, lowerWord(ts[k]))
		}
		if okQualRE.MatchString("in " + strings.Join(ws[1:], " ")) {
			return "" // "don't add lodash to new code": a place, everywhere
		}
		return strings.Join(ws, " ")
	}
	if purposeW[w] || exampleW[w] {
		return ""
	}
	if w == "for" && i+1 < len(ts) && reasonW.Get()[lowerWord(ts[i+1])] {
		// "for consistency", "for better traceability", "for the sake of
		// clarity": why the ban holds, not the one use it is limited to
		return ""
	}
	if i+1 < len(ts) && ts[i+1].kind == 'w' && narrowsUses(w, lowerWord(ts[i+1])) && !fillers[w] && !kindWords.Get()[w] {
		// "`upstreamCalls` entries whose `query` is a marker", "`.map()` just to
		// iterate": some uses of the span, which heed cannot tell from the rest
		var ws []string
		for k := i; k < len(ts) && !(ts[k].kind == 'p' && ts[k].text != "/"); k++ {
			if ts[k].kind == 's' {
				ws = append(ws, "CODE")
			} else {
				ws = append(ws, lowerWord(ts[k]))
			}
		}
		return strings.Join(ws, " ")
	}
	if !set("in", "inside", "within", "on", "for", "from", "at", "during", "with", "outside", "across", "when", "where", "if", "unless", "while", "without", "between", "after", "before", "to", "into", "per", "until", "once", "except")[w] {
		return ""
	}
	var words, spans []string
	for k := i; k < len(ts) && !(ts[k].kind == 'p' && ts[k].text != "/"); k++ {
		if ts[k].kind == 's' {
			if looksLikeDir(ts[k].text) || fileSpanRE.MatchString(ts[k].text) {
				return "" // a path: ruleScope reads it
			}
			words = append(words, "CODE")
			spans = append(spans, ts[k].text)
			continue
		}
		if purposeW[lowerWord(ts[k])] && k > i {
			break
		}
		words = append(words, lowerWord(ts[k]))
	}
	phrase := strings.Join(words, " ")
	if hedgeQualRE.MatchString(phrase) {
		return "" // "unless absolutely necessary": a hedge, which soft() reads
	}
	if outsideMainQualRE.MatchString(phrase) && len(spans) == 1 && mainSpanRE.MatchString(spans[0]) {
		return "" // "outside of `main`": everywhere but the entry point (inFileExclusions)
	}
	if okQualRE.MatchString(phrase) || restatingQualRE.MatchString(phrase) || okPlaces(phrase) || headerPlaceRE.MatchString(phrase) {
		return "" // a place ruleScope reads
	}
	return phrase
}

// narrowsUses reports two words that open a qualifier narrowing a ban to some uses of
// its span: a noun and a relative pronoun ("entries whose ..."), or "just to" ("just
// to log it").
func narrowsUses(first, second string) bool {
	switch second {
	case "whose", "with", "that", "which", "where", "containing", "having":
		return true
	case "to":
		return first == "just" || first == "only" || first == "merely" || first == "simply" || first == "solely"
	}
	return false
}

// hedgeQualRE: "unless absolutely necessary", "unless explicitly justified", "where
// you can", "whenever practical": no place nor purpose, a hedge that makes the ban a
// warning.
var hedgeQualRE = lazyre.New(`^unless (?:(?:absolutely|strictly|really|truly) )?(?:necessary|needed|required|unavoidable|justified|explicitly justified|there is a (?:good|strong|compelling) reason|there's a (?:good|strong|compelling) reason)$|^(?:where|wherever|when|whenever|if) (?:(?:at all )?possible|practical|feasible|you can|we can|one can|it makes sense)$`)

// outsideMainQualRE and mainSpanRE: "outside of `main`", "outside `main()`".
var (
	outsideMainQualRE = lazyre.New(`^outside (?:of )?(?:the )?CODE(?: functions?| packages?)?$`)
	mainSpanRE        = lazyre.New(`^(?:func )?main(?:\(\))?$`)
)

var annotationRE = lazyre.New(`@([A-Za-z_][\w.]*)`)

// annotationAsWritten is the annotation "@word" as the sentence writes it (the
// clause reader sees lower case): "@Timeout", "@Disabled"; "" when the sentence has
// none or writes it in lower case (a handle, "@team").
func (s *sentence) annotationAsWritten(word string) string {
	for _, m := range annotationRE.FindAllStringSubmatch(s.c.Text, -1) {
		if strings.EqualFold(m[1], word) && m[1][0] >= 'A' && m[1][0] <= 'Z' {
			return "@" + m[1]
		}
	}
	return ""
}

// kindWords.Get() name what a span is ("`X` calls", "`@x` decorators").
var kindWords = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return set("call", "calls", "decorator", "decorators", "annotation", "annotations", "import", "imports",
		"statement", "statements", "function", "functions", "method", "methods", "helper", "helpers", "macro", "macros",
		"api", "apis", "class", "classes", "module", "modules", "package", "type", "types", "attribute", "attributes", "comments",
		"library", "dependency", "crate", "gem")
}}

// postfixBan reads what follows the spans it bans at ts[i], and returns the index
// after it: "is not allowed", "are forbidden", "is banned", "is not permitted", "must
// not be used", "should never be used", "is not supported"; and, soft (a warning),
// "is deprecated", "is discouraged", "are no longer needed".
func postfixBan(ts []token, i int) (int, bool, bool) {
	w := func(k int) string {
		if k < len(ts) && ts[k].kind == 'w' {
			return lowerWord(ts[k])
		}
		return ""
	}
	if set("must", "should", "shall")[w(i)] {
		k := i + 1
		if set("not", "never")[w(k)] && w(k+1) == "be" && set("used", "called", "imported", "added", "installed", "introduced")[w(k+2)] {
			return k + 3, false, true
		}
		if set("not", "never")[w(k)] && set("appear", "occur")[w(k+1)] {
			return k + 2, false, true // "`breakpoint()` should never appear in committed code"
		}
		return 0, false, false
	}
	if set("mustn't", "shouldn't", "cannot", "can't")[w(i)] && w(i+1) == "be" && set("used", "called", "imported")[w(i+2)] {
		return i + 3, false, true
	}
	if w(i) != "is" && w(i) != "are" {
		return 0, false, false
	}
	i++
	switch {
	case w(i) == "not" && (w(i+1) == "allowed" || w(i+1) == "permitted" || w(i+1) == "supported"):
		return i + 2, false, true
	case set("forbidden", "banned", "prohibited", "disallowed")[w(i)]:
		return i + 1, false, true
	case w(i) == "now" && set("deprecated", "discouraged")[w(i+1)]:
		return i + 2, true, true
	case set("deprecated", "discouraged")[w(i)]:
		return i + 1, true, true
	case w(i) == "no" && w(i+1) == "longer" && set("needed", "necessary", "required", "used", "recommended")[w(i+2)]:
		return i + 3, true, true
	case set("unnecessary", "unneeded")[w(i)]:
		return i + 1, true, true
	}
	return 0, false, false
}

// noNeedBan reads "no need to (explicitly) call `X`" / "you don't need to use `X`":
// a soft ban of X.
func noNeedBan(ts []token, cl string) (ban, bool) {
	for i := 0; i+2 < len(ts); i++ {
		k := 0
		switch {
		case ts[i].kind == 'w' && lowerWord(ts[i]) == "no" && ts[i+1].kind == 'w' && lowerWord(ts[i+1]) == "need" && lowerWord(ts[i+2]) == "to":
			k = i + 3
		case ts[i].kind == 'w' && set("don't", "dont", "don’t")[lowerWord(ts[i])] && lowerWord(ts[i+1]) == "need" && lowerWord(ts[i+2]) == "to":
			k = i + 3
		default:
			continue
		}
		verb := ""
		for k < len(ts) && ts[k].kind == 'w' && (fillers[lowerWord(ts[k])] || set("explicitly", "manually")[lowerWord(ts[k])]) {
			verb = lowerWord(ts[k])
			k++
		}
		if verb == "" || k >= len(ts) || ts[k].kind != 's' || ts[k].depth != 0 {
			return ban{}, false
		}
		spans, end := spanList(ts, k)
		if len(spans) != 1 {
			return ban{}, false
		}
		return ban{span: spans[0], clause: cl, qualifier: qualifier(ts, end), verb: verb, soft: true}, true
	}
	return ban{}, false
}

// antecedent reads a prohibition whose object is a pronoun that ends its clause ("do
// not add one", "don't use it") as a ban of the one code span of the clause before;
// "" when that clause names none or several.
func antecedent(ts []token, j int, verb string, cls []string, ci int) (string, bool) {
	if verb == "" || ci == 0 || j >= len(ts) || ts[j].kind != 'w' || ts[j].depth != 0 || !set("it", "one", "them")[lowerWord(ts[j])] {
		return "", false
	}
	if j+1 < len(ts) && ts[j+1].kind != 'p' {
		return "", false // "don't use it for ...": a use of it, not it
	}
	var spans []string
	for _, t := range tokenize(cls[ci-1]) {
		if t.kind == 's' && t.depth == 0 {
			spans = append(spans, t.text)
		}
	}
	if len(spans) != 1 {
		return "", false
	}
	return spans[0], true
}

// markVerbs mark a declaration with an attribute, annotation or decorator.
var markVerbs = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return set("mark", "marked", "marking", "annotate", "annotated", "annotating", "decorate",
		"decorated", "decorating", "tag", "tagged", "tagging")
}}

// markedWith reads, from token j after a prohibition, "(be) marked (tests) (with|as)
// `#[x]`": it returns the index of the first span when that span is an attribute, an
// annotation or a decorator, which is then what the sentence bans. What is marked
// may stand between ("mark tests with"), up to three words.
func markedWith(ts []token, j int) (int, bool) {
	if j < len(ts) && ts[j].kind == 'w' && lowerWord(ts[j]) == "be" {
		j++
	}
	if j >= len(ts) || ts[j].kind != 'w' || !markVerbs.Get()[lowerWord(ts[j])] {
		return 0, false
	}
	j++
	for n := 0; n < 3 && j < len(ts) && ts[j].kind == 'w' && ts[j].depth == 0; n++ {
		if w := lowerWord(ts[j]); w == "with" || w == "as" || w == "using" {
			j++
			break
		}
		j++
	}
	if j >= len(ts) || ts[j].kind != 's' || ts[j].depth != 0 {
		return 0, false
	}
	t := strings.TrimSpace(ts[j].text)
	if strings.HasPrefix(t, "#[") || strings.HasPrefix(t, "@") || strings.HasPrefix(t, "[") && strings.HasSuffix(t, "]") {
		return j, true
	}
	return 0, false
}

// spansAfterProhibition are the code spans of a clause that follow its first
// prohibition, up to a word of stop ("never coral `#FF6B35` or indigo `#4F46E5`";
// "never ... `pull_request_target`; use `pull_request`" stops at "use").
func spansAfterProhibition(cl string, stop map[string]bool) []string {
	ts := tokenize(cl)
	neg := false
	var out []string
	for i, t := range ts {
		if !neg {
			neg = negAt(ts, i) > 0
			continue
		}
		if t.kind == 'w' && stop[lowerWord(t)] {
			break
		}
		if t.kind == 's' {
			out = append(out, strings.TrimSpace(t.text))
		}
	}
	return out
}

// wordsFrom are the words of ts from i to the clause's next mark.
func wordsFrom(ts []token, i int) []string {
	var ws []string
	for k := i; k < len(ts) && ts[k].kind == 'w'; k++ {
		ws = append(ws, lowerWord(ts[k]))
	}
	return ws
}

// spanNounContinuations are the words that may follow the span of "no `X`" in a ban
// of X: a kind of code it is ("statements", "calls", "types"), a place or a way it is
// banned ("in tests", "anywhere"), a joined clause. Any other word is the noun the
// span qualifies.
var spanNounContinuations = lazy.Value[map[string]bool]{F: func() map[string]bool {
	m := maps.Clone(nameContinuations.Get())
	for _, w := range strings.Fields(`statements statement casts cast comments comment directives directive declarations declaration
		annotations annotation decorators decorator attributes attribute macros macro assertions assertion blocks block
		suppressions suppression loops loop constructs construct patterns pattern variables variable globals global exports
		export hooks hook operators operator expressions expression keyword keywords objects object instances instance
		literals literal strings string allowed permitted may should must ever whatever anywhere
		leftovers left leftover lines line files file tags tag markers marker prints print logs log logging output
		dependency deps ignores ignore include includes guards guard checks check wrappers wrapper fallbacks fallback
		workarounds workaround shims shim hacks hack polyfills polyfill`) {
		m[w] = true
	}
	return m
}}
