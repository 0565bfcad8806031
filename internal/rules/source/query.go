package source

import (
	"bytes"
	"fmt"
	"maps"
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lang"
	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/resultcache"
	"github.com/heed-dev/heed/internal/workers"
)

// QueryParams are the parameters of a `query` rule.
type QueryParams struct {
	// Queries maps a language (python, javascript, typescript, tsx, go, rust, java) to a
	// Tree-sitter query in that language's grammar. Each match is a violation.
	Queries map[string]string `json:"queries"`
	// Capture names the capture that locates a finding; default "match". Every query
	// must define it.
	Capture string `json:"capture,omitempty"`
	// Needles are strings one of which every match contains in its file: a file with
	// none of them is not parsed for this rule. When empty, heed derives them from the
	// #eq? and #any-of? predicates on captures every match has; a derived needle is a
	// whole node's text, so it counts only where it is not part of a longer word
	// ("eval" is not in "evalf").
	Needles []string `json:"needles,omitempty"`
	// NeedlePattern (RE2) is a sharper gate where no string is enough: a file without
	// a match of it is not parsed (`except\s*:` for bare excepts).
	NeedlePattern string `json:"needle_pattern,omitempty"`
	// Exclude drops matches in parts of a file: "tests" (test code inside a source
	// file: Rust #[cfg(test)] modules, test functions and classes, describe/it blocks,
	// @Test methods), "main" (the program's entry point: Python's
	// `if __name__ == "__main__":`, Go's and Rust's main function) and "programs"
	// (every match in a file that is a command-line program, whose output is its
	// interface: a ban of console prints meant as logging does not reach it),
	// "program-files" (every match in a file that is no library's: as "programs", but
	// a Python or Ruby module runnable as a script keeps its other code) and
	// "commonjs" (every match in a CommonJS module, where `require` is how a module
	// imports: a `.cjs` file, or one that assigns `module.exports`) and
	// "require-suites" (a Go `s.X` assertion where s is a testify suite that embeds
	// *require.Assertions, directly or through a base suite of this repository:
	// see requireSuite) and "commented" (a match whose line, or the line above it,
	// carries a comment: the reason a rule "without a documented reason" asks for;
	// there `s.X` already is `s.Require().X`).
	Exclude []string `json:"exclude,omitempty"`
	// Nolint names the linters the sentence says enforce the rule ("forbidden by
	// linter", "enforced by `forbidigo`"); "*" stands for a linter it does not name. A
	// Go match on a line that a golangci-lint `//nolint` directive for one of them
	// covers (on the line, the line above, or the enclosing function's declaration)
	// is the project's marked exception and is not reported. Without them, a
	// suppression comment that names a ban linter or the matched code, or silences
	// every rule, still marks a site in any language (suppress.go).
	Nolint []string `json:"nolint,omitempty"`
	// Alternatives are what the sentence prescribes instead of the banned code, as
	// written up to any argument list ("#[expect", "errors.New", "apiClient"): a
	// match whose comment just above, or on its line, names both the banned code and
	// one of them ("Using #[allow] instead of #[expect] because ...") is a deviation
	// the project documented at the site, and is not reported; nor is a match in the
	// file of a wrapper the project writes under one of their names (`logger.js`,
	// the `httpx` package, `class HttpClient`, `SystemClock implements Clock`), which
	// must use what it wraps (wrapperFile).
	Alternatives []string `json:"alternatives,omitempty"`
	// Names are the names of code the rule bans by name (an identifier, a called
	// function, a constructed class, a path's last part): self-validation asks
	// whether the repository declares them itself (declared.go).
	Names []string `json:"names,omitempty"`
	// Whole: a match is about its whole node (a function too long), so a change owns
	// it when it touched any of the node's lines, and the finding then stands on the
	// first line it touched.
	Whole bool `json:"whole,omitempty"`
	// Entry names the catalogue entry the rule came from (informational).
	Entry string `json:"entry,omitempty"`
	// Replace is the replacement the rule carries ("use `X` instead of `Y`"): a
	// match whose captured text is exactly From gets an exact fix to To
	// (docs/fix-design.md). A match that reads otherwise gets none.
	Replace *Replacement `json:"replace,omitempty"`
}

// Replacement is the text a rule bans and the text it prescribes in its place.
type Replacement struct {
	From string `json:"from"`
	To   string `json:"to"`
	// Args is the argument list the rule's text shows To taking ("use
	// `yaml.safe_load(stream)` instead of `yaml.load(stream)`"); nil when the text
	// names To bare. Which calls a fix is exact for: fixargs.go.
	Args *ArgForm `json:"args,omitempty"`
}

// Exclusion bits.
const (
	excludeTests = 1 << iota
	excludeMain
	excludePrograms
	excludeProgramFiles
	excludeCommonJS
	excludeRequireSuites
	excludeCommented
	excludeSafetyCommented
)

const defaultCapture = "match"

type langQuery struct {
	src     string
	capture string
	names   []string // captures the message and suggestion quote
	once    sync.Once
	q       *lang.Query
	locate  int
	err     error
}

// get compiles the query once and checks it: heed's predicates, the locating capture,
// the captures the messages quote. Errors name the parameter.
func (lq *langQuery) get(l string) (*lang.Query, error) {
	lq.once.Do(func() {
		q, err := lang.CompileQuery(l, lq.src)
		if err != nil {
			lq.err = fmt.Errorf("params.queries[%s]: %w", l, err)
			return
		}
		if err := checkPredicates(q); err != nil {
			q.Close()
			lq.err = fmt.Errorf("params.queries[%s]: %w", l, err)
			return
		}
		lq.locate = q.CaptureIndex(lq.capture)
		if lq.locate < 0 {
			q.Close()
			lq.err = fmt.Errorf("params.capture: the %s query has no capture @%s (it has %s)", l, lq.capture, captureList(q))
			return
		}
		for _, name := range lq.names {
			if q.CaptureIndex(name) < 0 {
				q.Close()
				lq.err = fmt.Errorf("params: the message or suggestion uses {{%s}}, but the %s query has no capture @%s", name, l, name)
				return
			}
		}
		lq.q = q
	})
	return lq.q, lq.err
}

type queryCheck struct {
	rule     *policy.Rule
	scope    policy.Scope
	capture  string
	queries  map[string]*langQuery
	langs    map[string]bool
	needles  [][]byte // nil: every file may match
	needleRE *regexp.Regexp
	tokens   bool // the needles are whole tokens (derived from predicates)
	exclude  int
	nolint   []string
	names    []string // the names of code the rule bans (QueryParams.Names)
	alts     []string // QueryParams.Alternatives
	whole    bool     // QueryParams.Whole
	// wrapperNames are the names a wrapper's file bears (alternativeNames), and
	// wrapperDecl a line that declares one of the alternatives as the project's own
	// code (wrapperShape), built on first use
	wrapperNames []string
	wrapperDecl  func() *regexp.Regexp
	// declShape: a line that could declare one of names (declarationShape), built on
	// first use
	declShape func() *regexp.Regexp
	// suites resolves testify suites for "require-suites", once per evidence.
	suitesMu   sync.Mutex
	suitesEv   *engine.Evidence
	suites     *suiteResolver
	templated  bool // the message or suggestion quotes captures
	key        string
	message    string
	suggestion string
	// replace is the rule's replacement when it holds for every match (exact, and
	// not demoted to a warning: "use `os.replace` instead of `os.rename` for atomic
	// moves" is not about every rename); nil otherwise.
	replace *Replacement
}

func compileQuery(rule *policy.Rule) (engine.Check, error) {
	var p QueryParams
	if err := decode(rule.Params, &p); err != nil {
		return nil, err
	}
	if len(p.Queries) == 0 {
		return nil, fmt.Errorf("params.queries: at least one language's query is required")
	}
	c := &queryCheck{
		rule:       rule,
		scope:      rule.Scope,
		capture:    p.Capture,
		queries:    map[string]*langQuery{},
		langs:      map[string]bool{},
		message:    rule.Message,
		suggestion: rule.Suggestion,
	}
	if c.capture == "" {
		c.capture = defaultCapture
	}
	c.nolint = p.Nolint
	c.names = p.Names
	c.alts = p.Alternatives
	c.whole = p.Whole
	files, declared := alternativeNames(c.alts)
	c.wrapperNames = files
	c.wrapperDecl = sync.OnceValue(func() *regexp.Regexp { return wrapperShape(declared) })
	c.declShape = sync.OnceValue(func() *regexp.Regexp { return declarationShape(c.names) })
	var err error
	if c.replace, err = replacementOf(rule, p.Replace); err != nil {
		return nil, err
	}
	for _, e := range p.Exclude {
		switch e {
		case "tests":
			c.exclude |= excludeTests
		case "main":
			c.exclude |= excludeMain
		case "programs":
			c.exclude |= excludePrograms
		case "program-files":
			c.exclude |= excludeProgramFiles
		case "commonjs":
			c.exclude |= excludeCommonJS
		case "require-suites":
			c.exclude |= excludeRequireSuites
		case "commented":
			c.exclude |= excludeCommented
		case "safety-commented":
			c.exclude |= excludeSafetyCommented
		default:
			return nil, fmt.Errorf("params.exclude: %q is not tests, main, programs, program-files, commonjs, require-suites, commented or safety-commented", e)
		}
	}
	if c.message == "" {
		c.message = "forbidden construct"
	}
	if err := checkTemplate(c.message, "message"); err != nil {
		return nil, err
	}
	if err := checkTemplate(c.suggestion, "suggestion"); err != nil {
		return nil, err
	}
	c.templated = strings.Contains(c.message+c.suggestion, "{{")
	c.key = ruleKey(rule)
	if c.replace != nil {
		c.key += "+fix" // the findings carry fixes: not those cached without them
	}
	derived := map[string]bool{}
	derivable := true
	// A rule exactly as heed's compiler emitted it has queries heed tested when it
	// wrote them, and its needles, if its queries prove any: they compile when a file
	// may match, not at load (Tree-sitter takes 1-2 ms a pattern, which a one-file
	// diff, or a compile in a repository without files of the rule's language, would
	// pay for every rule of the policy). Any edit makes the rule compile, and fail, at
	// load.
	lazy := !rule.Edited()
	for _, l := range slices.Sorted(maps.Keys(p.Queries)) {
		src := p.Queries[l]
		if !lang.Supported(l) {
			return nil, fmt.Errorf("params.queries: no grammar for language %q (heed parses %s; use a pattern rule for others)", l, strings.Join(grammarLangs(), ", "))
		}
		lq := &langQuery{src: src, capture: c.capture, names: templateNames(c.message + " " + c.suggestion)}
		c.queries[l] = lq
		c.langs[l] = true
		if lazy {
			continue
		}
		if _, err := lq.get(l); err != nil {
			return nil, err
		}
		ns, ok := deriveNeedles(lq.q)
		if !ok {
			derivable = false
		}
		for _, n := range ns {
			derived[n] = true
		}
	}
	switch {
	case len(p.Needles) > 0:
		for _, n := range p.Needles {
			if n == "" {
				return nil, fmt.Errorf("params.needles: an empty needle would match every file; remove it")
			}
			c.needles = append(c.needles, []byte(n))
		}
	case derivable && len(derived) > 0:
		for _, n := range slices.Sorted(maps.Keys(derived)) {
			c.needles = append(c.needles, []byte(n))
		}
		c.tokens = true
	}
	if p.NeedlePattern != "" {
		re, err := regexp.Compile(p.NeedlePattern)
		if err != nil {
			return nil, fmt.Errorf("params.needle_pattern: %w", err)
		}
		if re.MatchString("") {
			return nil, fmt.Errorf("params.needle_pattern: %q matches the empty string, so it would gate nothing", p.NeedlePattern)
		}
		c.needleRE = re
	}
	return c, nil
}

// patterns is what the needle analysis asks of a query: a compiled lang.Query, or a
// lang.QueryText read without compiling.
type patterns interface {
	PatternCount() int
	TextPredicates(pattern int) []lang.TextPredicate
	Mandatory(pattern, capture int) bool
}

// deriveNeedles finds, for every pattern, a string each of its matches must contain: a
// positive #eq?/#any-of? on a capture every match has proves that one of its values
// occurs verbatim in the file. ok is false when some pattern has none.
func deriveNeedles(q patterns) (needles []string, ok bool) {
	for i := 0; i < q.PatternCount(); i++ {
		var best []string
		for _, tp := range q.TextPredicates(i) {
			if !tp.Positive || !q.Mandatory(i, tp.Capture) {
				continue
			}
			if best == nil || shortest(tp.Values) > shortest(best) {
				best = tp.Values
			}
		}
		if best == nil || shortest(best) == 0 {
			return nil, false
		}
		needles = append(needles, best...)
	}
	return needles, true
}

func shortest(vs []string) int {
	n := -1
	for _, v := range vs {
		if n < 0 || len(v) < n {
			n = len(v)
		}
	}
	return n
}

func (c *queryCheck) Targets(ev *engine.Evidence) []engine.Target {
	return engine.FileNeed{Langs: c.langs, Scope: c.scope}.Targets(ev)
}

// BatchFamily implements engine.Batcher: the query rules of a run share one combined
// query per language.
func (c *queryCheck) BatchFamily() string { return "source:query" }

// StartBatch implements engine.Batcher: the engine gives the run's query rules, in
// the order of the run's rules, before any of them judges.
func (c *queryCheck) StartBatch(ev *engine.Evidence, members []engine.Check) {
	b := runBatch(ev)
	for _, m := range members {
		if q, ok := m.(*queryCheck); ok {
			b.join(q)
		}
	}
}

// FileByFile implements engine.FileByFile: a file's targets and verdict are its own.
func (c *queryCheck) FileByFile(*engine.Evidence) bool { return true }

// WantsFile implements engine.FileSelector.
func (c *queryCheck) WantsFile(p, lang string) bool {
	return engine.FileNeed{Langs: c.langs, Scope: c.scope}.Wants(p, lang)
}

func (c *queryCheck) Judge(ev *engine.Evidence, t engine.Target) engine.Result {
	f := fileOf(ev, t)
	if f == nil {
		return engine.InternalError("target file not in the evidence")
	}
	return keptByTheChange(f, c.judgeFile(ev, f), matchWasThere(f))
}

func (c *queryCheck) judgeFile(ev *engine.Evidence, f *engine.File) engine.Result {
	if r := lang.SkipReason(f.Content); r != "" {
		return skipped(r)
	}
	if !gateOf(ev, f).pass(c, f) {
		return satisfied()
	}
	if (c.exclude&excludePrograms != 0 && isProgram(f)) || (c.exclude&excludeProgramFiles != 0 && isProgramFile(f)) || (c.exclude&excludeCommonJS != 0 && isCommonJS(f)) {
		return satisfied()
	}
	if c.exclude&excludeRequireSuites != 0 {
		// the verdict reads the suite types of other files: not cached by this one's
		return c.judge(ev, f)
	}
	r := resultcache.Judge(ev, f, c.key, "", func() engine.Result { return c.judge(ev, f) })
	if c.whole && f.Touched != nil {
		r = onTouchedLines(f, r)
	}
	return r
}

// onTouchedLines moves each finding that spans lines to the first of them the change
// touched, where the change owns it (Whole).
func onTouchedLines(f *engine.File, r engine.Result) engine.Result {
	if r.Verdict != engine.Violated {
		return r
	}
	fs := slices.Clone(r.Findings)
	for i := range fs {
		for l := fs[i].Line; l <= fs[i].EndLine; l++ {
			if f.Touched[l] {
				if l != fs[i].Line {
					fs[i].Line, fs[i].Column = l, 1
				}
				break
			}
		}
	}
	r.Findings = fs
	return r
}

func (c *queryCheck) judge(ev *engine.Evidence, f *engine.File) engine.Result {
	fm, err := runBatch(ev).matches(ev, f)
	if err != nil {
		return engine.Result{Verdict: engine.Undetermined, Reason: fmt.Sprintf("%s: %v", f.Path, err)}
	}
	if err := fm.errs[c]; err != nil {
		return engine.Result{Verdict: engine.Undetermined, Reason: fmt.Sprintf("%s: %v", f.Path, err)}
	}
	hs, ok := fm.hits[c]
	if !ok {
		// Not part of the batch (it joined after the batch was frozen): run alone.
		hs, err = c.runAlone(ev, f)
		if err != nil {
			return engine.Result{Verdict: engine.Undetermined, Reason: fmt.Sprintf("%s: %v", f.Path, err)}
		}
	}
	var fs []engine.Finding
	lines := fm.lines
	if lines == nil && len(hs.kept) > 0 {
		lines = newLineIndex(f.Content) // no member of the batch was live here
	}
	var marks *fileMarks
	if len(hs.kept) > 0 {
		marks = newFileMarks(f.Content, lines)
	}
	if len(hs.kept) > 0 && len(c.alts) > 0 && c.wrapperFile(f) {
		hs.kept = nil // the wrapper the rule prescribes uses what it wraps
	}
	for _, h := range hs.kept {
		fd := c.finding(f, lines, h)
		if (f.Lang == engine.LangC || f.Lang == engine.LangCPP) && clangNolint(f.Content, lines, fd.Line) {
			continue // the project marked the line as an exception to its lint rules
		}
		if markedSite(f, lines, marks, fd.Line, string(f.Content[h.start:h.end]), c.nolint) {
			continue // the project's linter comment allows this site (suppress.go)
		}
		if c.exclude&excludeRequireSuites != 0 && f.Lang == engine.LangGo && c.requireSuite(ev, f, lines, fd.Line, string(f.Content[h.start:h.end])) {
			continue
		}
		if len(c.alts) > 0 && deviationDocumented(f.Content, lines, fd.Line, string(f.Content[h.start:h.end]), c.alts) {
			continue // "Using #[allow] instead of #[expect] because ...": the project's reasoned exception
		}
		if c.exclude&excludeCommented != 0 && commentedAt(f.Content, lines, fd.Line) {
			continue // "without a documented reason": the line gives one
		}
		if c.exclude&excludeSafetyCommented != 0 && safetyCommentedAt(f.Content, lines, fd.Line) {
			continue // "every `unsafe` block needs a `// SAFETY:` comment": this one has it
		}
		if fx, ok := c.fix(f, h); ok {
			fd.Fixes = []engine.Fix{fx}
		}
		fs = append(fs, fd)
	}
	res := violated(fs)
	if fm.syntaxError > 0 {
		res.Partial = &engine.Partial{Line: fm.syntaxError, Reason: "syntax error", LeftOut: len(hs.leftOut)}
	}
	return res
}

// replacementOf validates a rule's replacement and returns it when it holds for every
// match: the rule is exact and blocks (a warning is not about every match).
func replacementOf(rule *policy.Rule, r *Replacement) (*Replacement, error) {
	if r == nil {
		return nil, nil
	}
	if r.From == "" || r.To == "" || r.From == r.To {
		return nil, fmt.Errorf("params.replace: from and to must be two different texts")
	}
	if r.Args != nil && r.Args.Positional < 0 {
		return nil, fmt.Errorf("params.replace.args: positional must be 0 or more")
	}
	if !rule.Exact || (rule.Severity != "" && rule.Severity != policy.SeverityError) {
		return nil, nil
	}
	return r, nil
}

// fix is the fix of a match, when the rule carries a replacement that holds for every
// match and the match's text is exactly what it replaces. It is exact only where the
// call's arguments are known to suit the replacement (fixargs.go); elsewhere it is a
// fix to review, which heed check --fix does not apply.
func (c *queryCheck) fix(f *engine.File, h hit) (engine.Fix, bool) {
	if c.replace == nil || h.start < 0 || h.end > len(f.Content) || string(f.Content[h.start:h.end]) != c.replace.From {
		return engine.Fix{}, false
	}
	msg := fmt.Sprintf("replace `%s` with `%s`", c.replace.From, c.replace.To)
	why := c.replace.fits(h.call)
	if why != "" {
		msg += " (to review: " + why + ")"
	}
	return engine.Fix{
		Message: msg,
		Edits:   []engine.TextEdit{{Path: f.Path, Start: h.start, End: h.end, Old: c.replace.From, New: c.replace.To}},
		Exact:   why == "",
	}, true
}

// requireSuite reports whether the operand of a matched `s.X` is the receiver of
// the method around it and its suite type embeds *require.Assertions.
func (c *queryCheck) requireSuite(ev *engine.Evidence, f *engine.File, li lineIndex, line int, match string) bool {
	i := strings.IndexByte(match, '.')
	if i <= 0 {
		return false
	}
	t := receiverType(f.Content, li, line, match[:i])
	if t == "" {
		return false
	}
	v, err := ev.Memo("source:testify-suites", func() (any, error) { return newSuiteResolver(ev), nil })
	if err != nil {
		return false
	}
	return v.(*suiteResolver).requireAssertions(path.Dir(f.Path), t)
}

// fileGate memoises the needle gate of every query rule on one file: the rule's
// Judge asks first, then the batch asks for every rule of the run, and scanning the
// file for each rule's needles twice was a visible part of a check's time.
type fileGate struct {
	mu   sync.Mutex
	seen map[*queryCheck]bool
}

func gateOf(ev *engine.Evidence, f *engine.File) *fileGate {
	v, _ := ev.Memo("file:"+f.Path+"\x00source.gate", func() (any, error) {
		return &fileGate{seen: map[*queryCheck]bool{}}, nil
	})
	return v.(*fileGate)
}

func (g *fileGate) pass(c *queryCheck, f *engine.File) bool {
	g.mu.Lock()
	ok, seen := g.seen[c]
	g.mu.Unlock()
	if !seen {
		ok = c.mayMatch(f)
		g.mu.Lock()
		g.seen[c] = ok
		g.mu.Unlock()
	}
	return ok
}

// mayMatch applies the needle gate: the needles first, a search for plain bytes, then
// the pattern, which costs more per file.
func (c *queryCheck) mayMatch(f *engine.File) bool {
	if c.needles != nil && !slices.ContainsFunc(c.needles, func(n []byte) bool {
		return (c.tokens && containsToken(f.Content, n)) || (!c.tokens && bytes.Contains(f.Content, n))
	}) {
		return false
	}
	return c.needleRE == nil || c.needleRE.Match(f.Content)
}

func containsAnyToken(src []byte, needles [][]byte) bool {
	for _, n := range needles {
		if containsToken(src, n) {
			return true
		}
	}
	return false
}

// containsToken reports an occurrence of the needle that is not part of a longer
// word: where the needle begins (ends) with an identifier character, the byte before
// (after) it must not be one that continues a word into it. A node whose text equals
// the needle is a whole token, so this stays a necessary condition, and every doubt
// counts as a boundary: bytes of multi-byte characters and '$' (an identifier
// character in JavaScript only), and a digit before the needle (no language reads
// "0open" as one word; Tree-sitter reads an integer and then "open").
func containsToken(src, needle []byte) bool { return nextToken(src, needle, 0) >= 0 }

// nextToken is where needle next stands in src at or after off as a token of its own
// (no identifier character runs on into it at a word end), -1 when it does not.
func nextToken(src, needle []byte, off int) int {
	startWord, endWord := identByte(needle[0]), identByte(needle[len(needle)-1])
	for off <= len(src)-len(needle) {
		i := bytes.Index(src[off:], needle)
		if i < 0 {
			return -1
		}
		i += off
		j := i + len(needle)
		if (!startWord || i == 0 || !wordStartByte(src[i-1])) && (!endWord || j == len(src) || !identByte(src[j])) {
			return i
		}
		off = i + 1
	}
	return -1
}

func wordStartByte(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b == '_' }

func identByte(b byte) bool { return wordStartByte(b) || b >= '0' && b <= '9' }

func (c *queryCheck) runAlone(ev *engine.Evidence, f *engine.File) (hits, error) {
	lq := c.queries[f.Lang]
	if lq == nil {
		return hits{}, nil
	}
	if _, err := lq.get(f.Lang); err != nil {
		return hits{}, err
	}
	t, err := lang.FileTree(ev, f)
	if err != nil {
		return hits{}, err
	}
	var out hits
	st := sound(t)
	lq.q.MatchesByRoot(t, func(m lang.Match) bool {
		out.add(collect(lq.q, m, st, lq.locate, c.exclude, c.templated, c.replace != nil))
		return true
	})
	out.settle()
	return out, nil
}

// hit is one located match, copied out of the tree.
type hit struct {
	start, end int
	caps       map[string]string
	// call is how the match is called, read when the rule carries a replacement.
	call callShape
}

// hits are a rule's matches in one file: those it reports, and those it leaves out
// because Tree-sitter built them around a syntax error it recovered from.
type hits struct {
	kept, leftOut []hit
}

// verdict is what collect makes of a match.
type verdict int

const (
	dropped verdict = iota // the heed predicates or the exclusions rule it out
	keep                   // a finding
	unsound                // built around a recovered syntax error: left out, and counted
)

func (hs *hits) add(h hit, v verdict) {
	switch v {
	case keep:
		hs.kept = append(hs.kept, h)
	case unsound:
		hs.leftOut = append(hs.leftOut, h)
	}
}

// settle orders and dedupes the hits; a location left out by one pattern and
// reported by another is reported.
func (hs *hits) settle() {
	hs.kept = dedupe(hs.kept)
	if len(hs.leftOut) == 0 {
		return
	}
	seen := map[[2]int]bool{}
	for _, h := range hs.kept {
		seen[[2]int{h.start, h.end}] = true
	}
	out := hs.leftOut[:0]
	for _, h := range dedupe(hs.leftOut) {
		if !seen[[2]int{h.start, h.end}] {
			out = append(out, h)
		}
	}
	hs.leftOut = out
}

// soundTree is a tree with whether Tree-sitter had to recover from syntax errors.
type soundTree struct {
	*lang.Tree
	hasError bool
}

func sound(t *lang.Tree) soundTree { return soundTree{Tree: t, hasError: t.Root().HasError()} }

// collect turns a match into a hit if the heed predicates hold, and says whether it
// is a finding, ruled out, or left out because the tree is unsound there. needCall
// reads how the match is called (a rule with a replacement).
func collect(q *lang.Query, m lang.Match, t soundTree, locate, exclude int, needCaps, needCall bool) (hit, verdict) {
	var lc *lang.Capture
	for i := range m.Captures {
		if m.Captures[i].Index == locate {
			lc = &m.Captures[i]
			break
		}
	}
	if lc == nil || !holds(q, m, t.Tree) {
		return hit{}, dropped
	}
	loc := &lc.Node
	if (exclude&excludeTests != 0 && inTest(loc, t.Tree)) || (exclude&excludeMain != 0 && inMain(loc, t.Tree)) {
		return hit{}, dropped
	}
	h := hit{start: lc.Start, end: lc.End}
	if needCall {
		h.call = callShapeOf(loc, t.Src)
	}
	// A match Tree-sitter built around a recovered error is not sound ("00(0)" read as
	// TypeScript holds a non-null assertion whose "!" is MISSING; "except!:" read as
	// Python holds a bare except clause with an ERROR where its value would be), so
	// every captured node is asked. Only a tree with errors can have one.
	if t.hasError {
		for i := range m.Captures {
			if aroundError(&m.Captures[i].Node) {
				return h, unsound
			}
		}
	}
	if !needCaps {
		return h, keep
	}
	h.caps = map[string]string{}
	names := q.CaptureNames()
	for _, cp := range m.Captures {
		if _, seen := h.caps[names[cp.Index]]; !seen {
			h.caps[names[cp.Index]] = ""
			if cp.End <= len(t.Src) && cp.Start <= cp.End {
				h.caps[names[cp.Index]] = string(t.Src[cp.Start:cp.End])
			}
		}
	}
	return h, keep
}

// aroundError reports whether Tree-sitter built a node around a syntax error it
// recovered from: the node is an ERROR or MISSING node, or one of its children is
// (for a token, one of its parent's: the parent is what a pattern matched around
// it). A node whose errors lie deeper was built from whole children, so what a
// pattern matched in it stands (a call whose argument holds an error is still that
// call), and a node inside an ERROR node is whole (Tree-sitter wraps what it could not
// fit, and a file it could not fit at all is one ERROR around its statements).
func aroundError(n *sitter.Node) bool {
	if n.IsError() || n.IsMissing() {
		return true
	}
	if n.ChildCount() == 0 {
		p := n.Parent()
		if p == nil {
			return false
		}
		if p.IsError() {
			return true
		}
		n = p
	}
	if !n.HasError() {
		return false
	}
	for i := uint(0); i < n.ChildCount(); i++ {
		if c := n.Child(i); c != nil && (c.IsError() || c.IsMissing()) {
			return true
		}
	}
	return false
}

// dedupe drops repeated locations (two patterns of one rule matching the same node)
// and orders hits by position.
func dedupe(hs []hit) []hit {
	sort.SliceStable(hs, func(i, j int) bool {
		if hs[i].start != hs[j].start {
			return hs[i].start < hs[j].start
		}
		return hs[i].end < hs[j].end
	})
	out := hs[:0]
	for i, h := range hs {
		if i > 0 && h.start == hs[i-1].start && h.end == hs[i-1].end {
			continue
		}
		out = append(out, h)
	}
	return out
}

func (c *queryCheck) finding(f *engine.File, li lineIndex, h hit) engine.Finding {
	line, col := li.pos(f.Content, h.start)
	end := h.end
	if end > h.start && end <= len(f.Content) && f.Content[end-1] == '\n' {
		end--
	}
	eline, ecol := li.pos(f.Content, end)
	return engine.Finding{
		Path: f.Path, Line: line, Column: col, EndLine: eline, EndColumn: ecol,
		CommandIndex: -1,
		Message:      expand(c.message, h.caps),
		Snippet:      snippet(string(f.Content[h.start:h.end])),
		Suggestion:   expand(c.suggestion, h.caps),
	}
}

var templateRE = lazyre.New(`\{\{\s*([A-Za-z_][A-Za-z0-9_.-]*)\s*\}\}`)

func templateNames(s string) []string {
	var out []string
	for _, m := range templateRE.FindAllStringSubmatch(s, -1) {
		out = append(out, m[1])
	}
	return out
}

func checkTemplate(s, field string) error {
	if strings.Count(s, "{{") != len(templateRE.FindAllString(s, -1)) {
		return fmt.Errorf("%s: malformed {{capture}} placeholder in %q", field, s)
	}
	return nil
}

// expand replaces {{capture}} with the captured text (one line, shortened).
func expand(s string, caps map[string]string) string {
	if !strings.Contains(s, "{{") {
		return s
	}
	return templateRE.ReplaceAllStringFunc(s, func(m string) string {
		name := templateRE.FindStringSubmatch(m)[1]
		return snippet(caps[name])
	})
}

func captureList(q *lang.Query) string {
	var out []string
	for _, n := range q.CaptureNames() {
		out = append(out, "@"+n)
	}
	if len(out) == 0 {
		return "no captures"
	}
	return strings.Join(out, ", ")
}

func grammarLangs() []string {
	return []string{engine.LangPython, engine.LangJavaScript, engine.LangTypeScript, engine.LangTSX, engine.LangGo, engine.LangRust, engine.LangJava,
		engine.LangKotlin, engine.LangCSharp, engine.LangRuby, engine.LangC, engine.LangCPP, engine.LangPHP}
}

// A batch holds every query rule of one run. The first file judged freezes it and
// builds, per language, one combined query of all its members' patterns, so a file is
// parsed once and walked once however many query rules apply to it (a Tree-sitter
// query cursor visits the tree once for all patterns). Running each rule's query
// separately costs a tree walk per rule: about 1.5 ms per file each on SymPy.
type batch struct {
	mu      sync.Mutex
	members []*queryCheck
	in      map[*queryCheck]bool
	frozen  bool
	comb    map[string]*combined
	// tokens holds, per member and language, the needles its query's predicates prove
	// (deriveNeedles), for members whose gate is the needles heed's compiler gave
	// them: those are plain substrings ("print" is in "pprint" and "printing"), the
	// derived ones whole tokens. Known once the batch compiles the queries; a file
	// must pass both gates.
	tokens map[gateKey][][]byte
}

type gateKey struct {
	member *queryCheck
	lang   string
}

type combined struct {
	q *lang.Query
	// owners lists, per combined pattern, the members whose pattern it runs. A pattern
	// several members share but for their text predicates runs once, without them,
	// and each owner's filter re-applies its own; any other pattern has one owner and
	// no filter (the combined query applies its text predicates).
	owners [][]owner
	// locate maps a member to its locating capture's index in the combined query.
	locate  map[*queryCheck]int
	members map[*queryCheck]bool
}

type owner struct {
	member *queryCheck
	filter *lang.TextFilter // nil: none
}

func runBatch(ev *engine.Evidence) *batch {
	v, _ := ev.Memo("source:query-batch", func() (any, error) {
		return &batch{in: map[*queryCheck]bool{}}, nil
	})
	return v.(*batch)
}

func (b *batch) join(c *queryCheck) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.frozen || b.in[c] {
		return
	}
	b.in[c] = true
	b.members = append(b.members, c)
}

// Close frees the combined queries when the evidence is closed.
func (b *batch) Close() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, cq := range b.comb {
		if cq != nil {
			cq.q.Close()
		}
	}
	b.comb = nil
	return nil
}

// combineMin is the fewest files of a language that pay for compiling a combined
// query (about 1-2 ms per pattern): a diff of one or two files runs each rule's own,
// already compiled, query instead.
const combineMin = 4

// freeze builds the combined queries once.
func (b *batch) freeze(ev *engine.Evidence) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.frozen {
		return
	}
	b.frozen = true
	b.comb = map[string]*combined{}
	b.tokens = map[gateKey][][]byte{}
	byLang := map[string][]*queryCheck{}
	for _, m := range b.members {
		for l := range m.queries {
			byLang[l] = append(byLang[l], m)
		}
	}
	perLang := ev.FilesPerLang()
	combinable := map[string][]*queryCheck{}
	var compile []func()
	for l, ms := range byLang {
		if perLang[l] < combineMin || len(ms) < 2 {
			continue // runAlone is cheaper
		}
		combinable[l] = ms
		for _, m := range ms {
			compile = append(compile, func() { m.queries[l].get(l) })
		}
	}
	// Compiling a query costs a millisecond or two per pattern, and every worker waits
	// for the batch: the members' queries compile on a worker per CPU.
	workers.Each(len(compile), 0, func(i int) { compile[i]() })
	for l, ms := range combinable {
		var ok []*queryCheck
		for _, m := range ms {
			if _, err := m.queries[l].get(l); err == nil {
				ok = append(ok, m) // a member whose query fails runs alone and says why
			}
		}
		ms = ok
		for _, m := range ms {
			if m.needles == nil || m.tokens {
				continue // no gate, or the derived one already
			}
			if ns, derived := deriveNeedles(m.queries[l].q); derived {
				for _, n := range ns {
					b.tokens[gateKey{m, l}] = append(b.tokens[gateKey{m, l}], []byte(n))
				}
			}
		}
		if len(ms) < 2 {
			continue
		}
		if cq := combine(l, ms, true); cq != nil {
			b.comb[l] = cq
		} else if cq := combine(l, ms, false); cq != nil {
			// Should not happen: the merged patterns did not compile as expected.
			b.comb[l] = cq
		}
		// Neither (should not happen either: each part compiled alone): one run per rule.
	}
}

// combine builds the combined query of the members' patterns for one language. With
// merge, patterns that differ only in their text predicates (the banned-API shapes:
// one call pattern per banned name) run as one: a query cursor tracks every pattern
// it might match at each node, so fifteen copies of one shape cost about fifteen
// times one, while the text predicates they differ in are applied after matching
// anyway. nil if the combined query does not compile to the expected patterns.
func combine(l string, ms []*queryCheck, merge bool) *combined {
	type part struct {
		m       *queryCheck
		pattern int
	}
	var texts []string // per combined pattern
	var parts [][]part // per combined pattern
	var merged []bool  // per combined pattern: run without its text predicates
	byShape := map[string]int{}
	for _, m := range ms {
		q := m.queries[l].q
		for i := 0; i < q.PatternCount(); i++ {
			text := q.PatternText(i)
			if merge {
				if shape, n := lang.StripTextPredicates(text); n > 0 && n == q.TextPredicateCount(i) {
					if k, ok := byShape[shape]; ok {
						parts[k] = append(parts[k], part{m, i})
						merged[k] = true
						texts[k] = shape
						continue
					}
					byShape[shape] = len(texts)
				}
			}
			texts = append(texts, text)
			parts = append(parts, []part{{m, i}})
			merged = append(merged, false)
		}
	}
	q, err := lang.CompileQuery(l, strings.Join(texts, "\n"))
	if err != nil || q.PatternCount() != len(texts) {
		if q != nil {
			q.Close()
		}
		return nil
	}
	cq := &combined{q: q, owners: make([][]owner, len(texts)), locate: map[*queryCheck]int{}, members: map[*queryCheck]bool{}}
	for k, ps := range parts {
		for _, p := range ps {
			o := owner{member: p.m}
			if merged[k] {
				f, ok := p.m.queries[l].q.TextFilter(p.pattern, q)
				if !ok || q.TextPredicateCount(k) != 0 {
					q.Close()
					return nil
				}
				o.filter = &f
			}
			cq.owners[k] = append(cq.owners[k], o)
		}
	}
	for _, m := range ms {
		cq.members[m] = true
		cq.locate[m] = q.CaptureIndex(m.capture)
	}
	return cq
}

// fileMatches are the hits of every batch member on one file.
type fileMatches struct {
	hits  map[*queryCheck]hits
	errs  map[*queryCheck]error
	lines lineIndex
	// syntaxError is the line of the first syntax error Tree-sitter recovered from,
	// 0 when the tree has none.
	syntaxError int
}

func (b *batch) matches(ev *engine.Evidence, f *engine.File) (*fileMatches, error) {
	v, err := ev.Memo("file:"+f.Path+"\x00source.query", func() (any, error) {
		b.freeze(ev)
		fm := &fileMatches{hits: map[*queryCheck]hits{}, errs: map[*queryCheck]error{}}
		// Which members can match here at all (language, scope, needles)?
		live := map[*queryCheck]bool{}
		gate := gateOf(ev, f)
		for _, m := range b.members {
			if m.queries[f.Lang] != nil && m.scope.Covers(f.Path) && gate.pass(m, f) {
				fm.hits[m] = hits{}
				if ns := b.tokens[gateKey{m, f.Lang}]; ns == nil || containsAnyToken(f.Content, ns) {
					live[m] = true
				}
			}
		}
		if len(live) == 0 {
			return fm, nil
		}
		fm.lines = newLineIndex(f.Content) // only where a member may find something
		t, err := lang.FileTree(ev, f)
		if err != nil {
			return nil, err
		}
		if t.Root().HasError() {
			fm.syntaxError = firstSyntaxError(t, fm.lines)
		}
		cq := b.comb[f.Lang]
		for m := range live {
			if cq != nil && cq.members[m] {
				continue
			}
			// Not in a combined query: its own query, and its own error if it has one.
			hs, err := m.runAlone(ev, f)
			if err != nil {
				fm.errs[m] = err
				delete(fm.hits, m)
				continue
			}
			fm.hits[m] = hs
		}
		if cq == nil {
			return fm, nil
		}
		st := sound(t)
		cq.q.MatchesByRoot(t, func(mt lang.Match) bool {
			for _, o := range cq.owners[mt.Pattern] {
				m := o.member
				if !live[m] || (o.filter != nil && !o.filter.Holds(mt, f.Content)) {
					continue
				}
				hs := fm.hits[m]
				hs.add(collect(cq.q, mt, st, cq.locate[m], m.exclude, m.templated, m.replace != nil))
				fm.hits[m] = hs
			}
			return true
		})
		for m, hs := range fm.hits {
			if cq.members[m] {
				hs.settle()
				fm.hits[m] = hs
			}
		}
		return fm, nil
	})
	if err != nil {
		return nil, err
	}
	return v.(*fileMatches), nil
}

// firstSyntaxError is the first line Tree-sitter could not parse: its first ERROR or
// MISSING node below the root (a root that is one ERROR node holds the rest).
func firstSyntaxError(t *lang.Tree, li lineIndex) int {
	var first *sitter.Node
	c := t.Root().Walk()
	defer c.Close()
	for depth := 0; ; {
		n := c.Node()
		if (n.IsError() && depth > 0) || n.IsMissing() {
			first = n
			break
		}
		if n.HasError() && c.GotoFirstChild() {
			depth++
			continue
		}
		for !c.GotoNextSibling() {
			if !c.GotoParent() {
				return 1
			}
			depth--
		}
	}
	line, _ := li.pos(t.Src, int(first.StartByte()))
	return line
}

// commentedAt reports whether line (1-based) ends in a comment, or the line above it
// is one: "// best effort: the file is read-only" above `_ = f.Close()`.
// safetyCommentedAt reports whether the code at a line carries a `SAFETY:` comment
// (Rust's convention for the invariants an `unsafe` block relies on): on the line
// itself, or in the run of comment lines just above it, attributes and blank-free
// continuation lines of the same comment included.
func safetyCommentedAt(src []byte, li lineIndex, line int) bool {
	get := func(n int) string {
		if n < 1 || n > len(li) {
			return ""
		}
		start, end := li[n-1], len(src)
		if n < len(li) {
			end = li[n] - 1
		}
		if start > end {
			return ""
		}
		return string(src[start:end])
	}
	has := func(t string) bool { return strings.Contains(strings.ToUpper(t), "SAFETY:") }
	if cur := get(line); strings.Contains(cur, "//") && has(cur[strings.Index(cur, "//"):]) {
		return true
	}
	for n := line - 1; n >= 1 && n >= line-30; n-- {
		t := strings.TrimSpace(get(n))
		switch {
		case strings.HasPrefix(t, "//"), strings.HasPrefix(t, "/*"), strings.HasPrefix(t, "*"):
			if has(t) {
				return true
			}
		case strings.HasPrefix(t, "#["):
			// an attribute between the comment and the code
		default:
			return false
		}
	}
	return false
}

func commentedAt(src []byte, li lineIndex, line int) bool {
	get := func(n int) string { return lineText(src, li, n) }
	above := strings.TrimSpace(get(line - 1))
	for _, p := range []string{"//", "#", "/*", "*", "--"} {
		if strings.HasPrefix(above, p) {
			return true
		}
	}
	cur := get(line)
	if strings.Contains(cur, " //") || strings.Contains(cur, "\t//") || strings.Contains(cur, " /*") {
		return true
	}
	if i := strings.Index(cur, "  #"); i >= 0 && reasonComment(cur[i+3:]) {
		return true
	}
	// the header of the block the match opens, with its comment: "except
	// Exception:  # best-effort" over the `pass` it holds
	if i := strings.Index(above, "  #"); i > 0 && strings.HasSuffix(strings.TrimSpace(above[:i]), ":") && reasonComment(above[i+3:]) {
		return true
	}
	if i := strings.Index(above, " //"); i > 0 && strings.HasSuffix(strings.TrimSpace(above[:i]), "{") && reasonComment(above[i+3:]) {
		return true
	}
	return false
}

// lintDirectiveRE is a linter's or type checker's directive at the start of a
// comment, with its codes: `noqa: BLE001`, `type: ignore[arg-type]`, `pylint:
// disable=broad-except`, `eslint-disable-line no-empty`, `nolint:errcheck`.
var lintDirectiveRE = lazyre.New(`^\s*(?:noqa|type:\s*ignore|pylint:\s*disable|pyright:\s*ignore|mypy:\s*ignore|eslint-disable(?:-next)?(?:-line)?|nolint|NOSONAR|nosec|pragma:\s*no\s*cover)\b[:=]?\s*(?:[\w\-\[\],/]+\s*)*`)

// reasonComment reports a comment's text that gives a reason: words beyond a lint
// directive and its codes (`# noqa: BLE001 — best-effort` does, `# noqa: BLE001`
// does not).
func reasonComment(c string) bool {
	rest := c
	if m := lintDirectiveRE.FindString(c); m != "" {
		rest = c[len(m):]
	}
	rest = strings.TrimLeft(rest, " \t-—–:;,")
	for _, r := range rest {
		if unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

// commentPrefixes open a comment line in the languages heed parses.
var commentPrefixes = []string{"//", "#", "/*", "*", "--"}

// deviationDocumented reports a match that the comment block just above it (over
// attributes and decorators between, up to six lines) or a comment on its own line
// explains as a choice against the rule: the comment names both the banned code, as
// the match begins, and one of the alternatives the rule prescribes.
func deviationDocumented(src []byte, li lineIndex, line int, match string, alts []string) bool {
	banned := codeStem(strings.ReplaceAll(match, "#![", "#["))
	if len(banned) < 3 {
		return false
	}
	names := func(text string) bool {
		text = strings.ReplaceAll(text, "#![", "#[")
		if !strings.Contains(text, banned) {
			return false
		}
		for _, a := range alts {
			if a = strings.TrimSuffix(a, "()"); len(a) >= 3 && strings.Contains(text, a) {
				return true
			}
		}
		return false
	}
	if cur := lineText(src, li, line); strings.Contains(cur, "//") || strings.Contains(cur, " #") {
		if i := strings.Index(cur, "//"); i >= 0 && names(cur[i:]) {
			return true
		}
		if i := strings.Index(cur, " #"); i >= 0 && names(cur[i:]) {
			return true
		}
	}
	var block strings.Builder
	for n := line - 1; n >= 1 && n >= line-6; n-- {
		t := strings.TrimSpace(lineText(src, li, n))
		switch {
		case slices.ContainsFunc(commentPrefixes, func(p string) bool {
			return strings.HasPrefix(t, p) && !strings.HasPrefix(t, "#[") && !strings.HasPrefix(t, "#!")
		}):
			block.WriteString(t)
			block.WriteByte('\n')
		case strings.HasPrefix(t, "#[") || strings.HasPrefix(t, "#![") || strings.HasPrefix(t, "@"):
			// an attribute or decorator between the comment and the code
		default:
			return names(block.String())
		}
	}
	return names(block.String())
}

// codeStem is code as written up to its argument list: "#[expect" of
// "#[expect(lint, reason = ...)]", "errors.New" of "errors.New(msg)".
func codeStem(code string) string {
	return strings.TrimSuffix(callStem(code), "()")
}

// callStem is codeStem with "()" kept after a call: "errors.New()" of
// "errors.New(msg)", "#[expect" of "#[expect(lint)]", "apiClient" of "apiClient".
func callStem(code string) string {
	code = strings.TrimSpace(code)
	if i := strings.IndexAny(code, "(\n"); i > 0 {
		if strings.HasSuffix(code, ")") && !strings.HasPrefix(code, "#[") {
			return strings.TrimSpace(code[:i]) + "()"
		}
		code = code[:i]
	}
	return strings.TrimSpace(code)
}

// alternativeStems are the stems of the code a sentence prescribes instead of a ban
// (ban.instead: spans joined by ", "), for QueryParams.Alternatives.
func alternativeStems(instead string) []string {
	var out []string
	for _, a := range strings.Split(instead, ", ") {
		if st := callStem(strings.Trim(a, "`")); len(st) >= 3 && !slices.Contains(out, st) {
			out = append(out, st)
		}
	}
	return out
}

// alternativeNames are the names of the code that provides each alternative, by
// what a wrapper's file is named (files) and what it declares (declared). A single
// name is both ("apiClient", "HttpClient", "parse_body"; a file's name without its
// extension too). A dotted or qualified name gives its module's last name to files
// ("settings" of "app.settings"), and what a call or a path is taken from ("log" of
// "mypkg.log.get_logger()", "config" of "config::Settings"); its parts are declared
// by the library as often as by the project ("now" of "datetime.now()", "run" of
// "subprocess.run"), so none is a declaration. Three letters or more.
func alternativeNames(alts []string) (files, declared []string) {
	add := func(list *[]string, n string) {
		if len(n) >= 3 && !slices.Contains(*list, n) {
			*list = append(*list, n)
		}
	}
	for _, a := range alts {
		call := strings.HasSuffix(a, "()")
		a = strings.TrimSuffix(a, "()")
		if strings.Contains(a, "/") || fileSpanRE.MatchString(a) {
			a = strings.TrimSuffix(path.Base(a), path.Ext(a))
		}
		ws := strings.FieldsFunc(a, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' })
		switch {
		case len(ws) == 1:
			add(&files, ws[0])
			add(&declared, ws[0])
		case len(ws) > 1 && libraryQualifier(ws[0]):
			// "`subprocess.run(..., check=True)`": a library's function; no file of
			// the project is its wrapper (a `run.py` is not)
		case len(ws) > 1:
			add(&files, ws[len(ws)-1])
			if call || strings.Contains(a, "::") {
				add(&files, ws[len(ws)-2])
			}
		}
	}
	return files, declared
}

// wrapperShape matches a line that declares one of names as a type, a function, an
// exported value or an implementation of it: the project's own wrapper. A plain
// assignment is none (`logger = logging.getLogger(__name__)` holds the library's
// logger in every module).
func wrapperShape(names []string) *regexp.Regexp {
	if len(names) == 0 {
		return nil
	}
	quoted := make([]string, len(names))
	for i, n := range names {
		quoted[i] = regexp.QuoteMeta(n)
	}
	n := `(?:` + strings.Join(quoted, "|") + `)`
	re, err := regexp.Compile(`(?m)\b(?:class|struct|interface|trait|enum|type|def|fn|func|function|object|module|record)\s+` + n + `\b` +
		`|\bexport\s+(?:default\s+)?(?:const|let|var|async\s+function|function|class)\s+` + n + `\b` +
		`|\b(?:implements|extends)\s+(?:[\w.]+\s*,\s*)*` + n + `\b|\bimpl(?:<[^>]*>)?\s+(?:[\w:]+\s+for\s+)?` + n + `\b`)
	if err != nil {
		return nil
	}
	return re
}

// wrapperFile reports a file that holds the wrapper the rule prescribes: one named
// after an alternative, or in a folder so named (`logger.js`, `http_client.rb` for
// `HttpClient`, `httpx/client.go`), or one that declares it (wrapperShape).
func (c *queryCheck) wrapperFile(f *engine.File) bool {
	flat := func(s string) string {
		return strings.ToLower(strings.NewReplacer("_", "", "-", "").Replace(s))
	}
	base := path.Base(f.Path)
	if i := strings.IndexByte(base, '.'); i > 0 {
		base = base[:i]
	}
	// the wrapper's own tests check what it wraps (`DefaultDispatcherProviderTest`,
	// `test_http_client`)
	for _, affix := range []string{"Tests", "Test", "Spec", "_test", "_spec"} {
		base = strings.TrimSuffix(base, affix)
	}
	base = strings.TrimPrefix(base, "test_")
	base, dir := flat(base), flat(path.Base(path.Dir(f.Path)))
	for _, n := range c.wrapperNames {
		fn := flat(n)
		if len(fn) >= 3 && (base == fn || dir == fn) || len(fn) >= 4 && strings.HasSuffix(base, fn) {
			return true
		}
	}
	re := c.wrapperDecl()
	return re != nil && re.Match(f.Content)
}

// libraryQualifier: the first part of a dotted name is a standard or well-known
// library's module, whose functions no project file wraps by sharing their names.
func libraryQualifier(first string) bool {
	if pyModules[first] && first != "self" && first != "settings" {
		return true
	}
	switch first {
	case "fmt", "io", "http", "fs", "path", "filepath", "errors", "strings", "slog", "exec", "shutil", "urllib", "socket", "pathlib", "tempfile", "threading", "math", "Math", "JSON", "Object", "Array", "Promise", "console", "process", "std":
		return true
	}
	return false
}
