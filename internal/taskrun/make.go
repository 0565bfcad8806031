package taskrun

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/shell"
	"github.com/heed-dev/heed/internal/uniq"
)

// makefile is what heed reads of a GNU makefile: its variables and its explicit
// rules. Pattern rules, functions and conditionals are not evaluated: a conditional's
// branches are all read, and a value heed cannot compute stays computed.
type makefile struct {
	vars  map[string]string
	rules map[string]*makeRule
	// first is the default goal: the first target that is no special target.
	first string
	phony map[string]bool
	// patterns lists the pattern rules' targets (build-%), in order; their rules are
	// in rules under that name.
	patterns []string
	// includes are the files the makefile includes, as written, in order.
	includes []makeInclude
}

type makeInclude struct {
	name     string
	optional bool
	at       string
}

type makeRule struct {
	prereqs []string
	recipe  []makeLine
	// at is where the target is first defined.
	at string
}

type makeLine struct {
	text string
	line int
	file string
}

// makeNames are the files GNU make reads, in its order.
var makeNames = []string{"GNUmakefile", "makefile", "Makefile"}

// makeLines reads a make command line: its goals (or the default goal), the recipes
// they run, their prerequisites' first.
func (x *expander) makeLines(cmd *engine.Command) ([]line, error) {
	dir := cmd.Cwd
	var file string
	var goals []string
	overrides := map[string]string{}
	ignoreAll := false
	args := cmd.Argv[1:]
	for i := 0; i < len(args); i++ {
		a := args[i]
		next := func() string {
			if i+1 < len(args) {
				i++
				return args[i]
			}
			return ""
		}
		switch {
		case a == "--":
			goals = append(goals, args[i+1:]...)
			i = len(args)
		case a == "-C" || a == "--directory" || a == "-I" || a == "--include-dir" || a == "-o" || a == "--old-file" || a == "--assume-old" || a == "-W" || a == "--what-if" || a == "--new-file" || a == "--assume-new" || a == "-E" || a == "--eval":
			// the directory is the command's Cwd already (internal/shell reads -C)
			next()
		case strings.HasPrefix(a, "--directory=") || strings.HasPrefix(a, "--include-dir=") || strings.HasPrefix(a, "--eval="):
		case a == "-f" || a == "--file" || a == "--makefile":
			file = next()
		case strings.HasPrefix(a, "--file=") || strings.HasPrefix(a, "--makefile="):
			_, file, _ = strings.Cut(a, "=")
		case a == "-n" || a == "--dry-run" || a == "--just-print" || a == "--recon" || a == "-q" || a == "--question" || a == "-t" || a == "--touch" || a == "-p" || a == "--print-data-base" || a == "-v" || a == "--version" || a == "-h" || a == "--help":
			return nil, nil // runs no recipe
		case a == "-i" || a == "--ignore-errors":
			ignoreAll = true
		case a == "-j" || a == "--jobs" || a == "-l" || a == "--load-average":
			if i+1 < len(args) && isNumber(args[i+1]) {
				i++
			}
		case strings.HasPrefix(a, "--"):
			// --keep-going, --silent, --always-make, --no-print-directory, --jobs=4, ...
		case strings.HasPrefix(a, "-") && len(a) > 1:
			letters := a[1:]
			if strings.HasPrefix(a, "-C") || strings.HasPrefix(a, "-I") || strings.HasPrefix(a, "-o") || strings.HasPrefix(a, "-W") || strings.HasPrefix(a, "-E") || strings.HasPrefix(a, "-O") || strings.HasPrefix(a, "-j") || strings.HasPrefix(a, "-l") {
				continue
			}
			if strings.HasPrefix(a, "-f") {
				file = a[2:]
				continue
			}
			for _, ch := range letters {
				switch ch {
				case 'n', 'q', 't', 'p':
					return nil, nil
				case 'i':
					ignoreAll = true
				case 'k', 's', 'B', 'w', 'r', 'R', 'e', 'S', 'L', 'd':
				default:
					return nil, fmt.Errorf("make option %s: heed does not read it", a)
				}
			}
		case strings.Contains(a, "=") && !strings.HasPrefix(a, "="):
			name, val, _ := strings.Cut(a, "=")
			name = strings.TrimRight(name, ":?+!")
			overrides[strings.TrimSpace(name)] = val
		default:
			goals = append(goals, a)
		}
	}
	var abs string
	if file != "" {
		if file == "-" || file == "/dev/stdin" {
			return nil, nil // internal/shell reads a makefile given on the input
		}
		abs = filepath.Join(x.abs(dir), filepath.FromSlash(file))
		if filepath.IsAbs(file) {
			abs = file
		}
	} else {
		for _, n := range makeNames {
			p := filepath.Join(x.abs(dir), n)
			if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
				abs = p
				break
			}
		}
		if abs == "" {
			return nil, nil // no makefile: make has nothing to run
		}
	}
	mf, err := x.readMakefile(abs)
	if err != nil {
		return nil, err
	}
	if mf == nil {
		return nil, fmt.Errorf("%s: no such makefile", x.rel(abs))
	}
	if len(goals) == 0 {
		if g, ok := mf.vars[".DEFAULT_GOAL"]; ok && strings.TrimSpace(g) != "" {
			goals = []string{strings.TrimSpace(g)}
		} else if mf.first != "" {
			goals = []string{mf.first}
		} else {
			return nil, fmt.Errorf("%s has no target", x.rel(abs))
		}
	}
	w := &makeWalk{x: x, mf: mf, dir: dir, overrides: overrides, ignoreAll: ignoreAll, done: map[string]bool{}, active: map[string]bool{}}
	for _, g := range goals {
		if strings.Contains(g, "$") {
			return nil, fmt.Errorf("heed cannot tell which target `%s` runs: its name is computed at run time", shell.Join(cmd.Argv))
		}
		if _, ok := mf.rules[g]; !ok {
			if _, _, ok := mf.pattern(g, true); !ok {
				return nil, fmt.Errorf("%s has no rule for the target %s", x.rel(abs), g)
			}
		}
		w.visit(g, g)
	}
	return w.out, nil
}

func isNumber(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

type makeWalk struct {
	x            *expander
	mf           *makefile
	dir          string
	overrides    map[string]string
	ignoreAll    bool
	done, active map[string]bool
	out          []line
}

// visit lists the lines target runs: its prerequisites' first, each target once,
// as make does.
func (w *makeWalk) visit(target, chain string) {
	if w.done[target] || w.active[target] || len(w.out) > maxSteps {
		return
	}
	r, ok := w.mf.rules[target]
	stem := ""
	if !ok || strings.Contains(target, "%") {
		if _, err := os.Stat(filepath.Join(w.x.abs(w.dir), filepath.FromSlash(target))); err == nil && chain != target {
			return // a file that exists: heed does not guess which implicit rule remakes it
		}
		if r, stem, ok = w.mf.pattern(target, chain == target); !ok {
			return // a file: nothing to run
		}
	}
	// a target that is a file make may find up to date, and skip its recipe
	maySkip := false
	if !w.mf.phony[target] {
		if _, err := os.Stat(filepath.Join(w.x.abs(w.dir), filepath.FromSlash(target))); err == nil {
			maySkip = true
		}
	}
	if strings.Contains(chain, " > ") {
		// a prerequisite: `make check` runs `make format` on the way
		w.out = append(w.out, line{text: "make " + joinWords([]string{target}), at: r.at, target: chain, dir: w.dir, maySkip: maySkip, isTarget: true})
	}
	w.active[target] = true
	for _, p := range r.prereqs {
		w.visit(p, chain+" > "+p)
	}
	delete(w.active, target)
	w.done[target] = true
	auto := map[string]string{"@": target, "*": stem}
	if len(r.prereqs) > 0 {
		auto["<"] = r.prereqs[0]
		auto["^"] = strings.Join(uniq.Values(r.prereqs), " ")
		auto["+"] = strings.Join(r.prereqs, " ")
		auto["?"] = strings.Join(uniq.Values(r.prereqs), " ")
	} else {
		auto["<"], auto["^"], auto["+"], auto["?"] = "", "", "", ""
	}
	for _, rl := range r.recipe {
		text := strings.TrimLeft(rl.text, " \t")
		ignored := w.ignoreAll
		for len(text) > 0 && strings.ContainsRune("@-+", rune(text[0])) {
			if text[0] == '-' {
				ignored = true
			}
			text = strings.TrimLeft(text[1:], " \t")
		}
		text = strings.TrimLeft(w.mf.expand(text, auto, w.overrides, w.x.abs(w.dir), 0), " \t")
		// make reads the prefixes of the expanded line too (`$(call print,...)` whose
		// macro is `@printf ...`)
		for len(text) > 0 && strings.ContainsRune("@-+", rune(text[0])) {
			if text[0] == '-' {
				ignored = true
			}
			text = strings.TrimLeft(text[1:], " \t")
		}
		if strings.TrimSpace(text) == "" {
			continue
		}
		w.out = append(w.out, line{text: text, at: fmt.Sprintf("%s:%d", rl.file, rl.line), target: chain, dir: w.dir, ignored: ignored, maySkip: maySkip})
	}
}

// pattern finds the pattern rule that makes target (build-% for build-linux), with
// its prerequisites' % replaced by the stem; the shortest stem wins, as in make.
func (mf *makefile) pattern(target string, goal bool) (*makeRule, string, bool) {
	if strings.Contains(target, "%") {
		return nil, "", false
	}
	var best *makeRule
	stem := ""
	for _, p := range mf.patterns {
		if p == "%" && !goal {
			continue // a match-anything rule would claim every prerequisite file
		}
		pre, suf, _ := strings.Cut(p, "%")
		if len(target) < len(pre)+len(suf) || !strings.HasPrefix(target, pre) || !strings.HasSuffix(target, suf) {
			continue
		}
		st := target[len(pre) : len(target)-len(suf)]
		r := mf.rules[p]
		if r == nil || len(r.recipe) == 0 || best != nil && len(st) >= len(stem) {
			continue
		}
		nr := &makeRule{recipe: r.recipe, at: r.at}
		for _, q := range r.prereqs {
			nr.prereqs = append(nr.prereqs, strings.Replace(q, "%", st, 1))
		}
		best, stem = nr, st
	}
	return best, stem, best != nil
}

// readMakefile parses a makefile and the files it includes; nil when it does not
// exist.
func (x *expander) readMakefile(abs string) (*makefile, error) {
	if mf, ok := x.merged[abs]; ok {
		return mf, nil
	}
	n := 0
	mf, err := x.readMerged(abs, &n, 0)
	if err == nil {
		if x.merged == nil {
			x.merged = map[string]*makefile{}
		}
		x.merged[abs] = mf
	}
	return mf, err
}

// readMerged reads a makefile with the files it includes; n counts the makefiles
// read so far.
func (x *expander) readMerged(abs string, n *int, depth int) (*makefile, error) {
	rel := x.rel(abs)
	v, ok, err := x.r.load(abs, func(data []byte) (any, error) {
		mf := &makefile{vars: map[string]string{}, rules: map[string]*makeRule{}, phony: map[string]bool{}}
		if err := mf.parse(string(data), rel); err != nil {
			return nil, err
		}
		return mf, nil
	})
	if err != nil || !ok {
		return nil, err
	}
	mf := v.(*makefile)
	if len(mf.includes) == 0 {
		return mf, nil
	}
	// included files are parsed on their own and merged into a copy, in order
	merged := &makefile{vars: map[string]string{}, rules: map[string]*makeRule{}, phony: map[string]bool{}, first: mf.first}
	if err := x.mergeMakefile(merged, mf, filepath.Dir(abs), depth, n); err != nil {
		return nil, err
	}
	return merged, nil
}

func (x *expander) mergeMakefile(into, mf *makefile, dir string, depth int, n *int) error {
	*n++
	if *n > maxMakefiles {
		return fmt.Errorf("the makefiles of %s include more than %d makefiles; heed reads no further", x.rel(dir), maxMakefiles)
	}
	for k, v := range mf.vars {
		into.vars[k] = v
	}
	for k, r := range mf.rules {
		if old, ok := into.rules[k]; ok {
			nr := &makeRule{prereqs: append(append([]string(nil), old.prereqs...), r.prereqs...), recipe: old.recipe, at: old.at}
			if len(r.recipe) > 0 {
				nr.recipe = r.recipe
			}
			into.rules[k] = nr
			continue
		}
		into.rules[k] = r
	}
	for k := range mf.phony {
		into.phony[k] = true
	}
	into.patterns = append(into.patterns, mf.patterns...)
	if into.first == "" {
		into.first = mf.first
	}
	for _, inc := range mf.includes {
		if depth >= maxIncludes {
			return fmt.Errorf("%s: makefiles include one another more than %d levels deep", inc.at, maxIncludes)
		}
		for _, name := range strings.Fields(into.expand(inc.name, nil, nil, dir, 0)) {
			if strings.ContainsAny(name, "$*?[") {
				continue // computed or a glob: not read
			}
			p := name
			if !filepath.IsAbs(p) {
				p = filepath.Join(dir, filepath.FromSlash(name))
			}
			sub, err := x.readMerged(p, n, depth+1)
			if err != nil {
				return err
			}
			if sub == nil {
				if inc.optional {
					continue
				}
				// make would try to build it; heed reads what it has
				continue
			}
			if err := x.mergeMakefile(into, sub, dir, depth+1, n); err != nil {
				return err
			}
		}
	}
	return nil
}

// parse reads a makefile's text: logical lines (a backslash joins a line to the
// next), assignments, rules and their recipes.
func (mf *makefile) parse(text, file string) error {
	raw := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	var cur []string // the targets whose recipe follows
	inDefine := 0
	// the macro a define at the top level names, and its body: a one-line body is a
	// variable `$(call NAME,...)` expands
	defining, body := "", []string(nil)
	for i := 0; i < len(raw); i++ {
		start := i + 1
		l := raw[i]
		recipe := strings.HasPrefix(l, "\t") && cur != nil
		for strings.HasSuffix(l, "\\") && !strings.HasSuffix(l, "\\\\") && i+1 < len(raw) {
			i++
			next := raw[i]
			if recipe {
				// the shell reads backslash-newline as nothing; make drops the tab
				l = l[:len(l)-1] + strings.TrimPrefix(next, "\t")
			} else {
				l = strings.TrimRight(l[:len(l)-1], " \t") + " " + strings.TrimLeft(next, " \t")
			}
		}
		if inDefine > 0 {
			t := strings.TrimSpace(l)
			if t == "endef" || strings.HasPrefix(t, "endef ") {
				inDefine--
				if _, seen := mf.vars[defining]; inDefine == 0 && defining != "" && len(body) == 1 && !seen {
					mf.vars[defining] = body[0]
				}
			} else if strings.HasPrefix(t, "define ") || strings.HasSuffix(t, " define") {
				inDefine++
			} else if inDefine == 1 {
				body = append(body, l)
			}
			continue
		}
		if recipe {
			for _, t := range cur {
				r := mf.rules[t]
				r.recipe = append(r.recipe, makeLine{text: l[1:], line: start, file: file})
			}
			continue
		}
		t := strings.TrimSpace(stripComment(l))
		if t == "" {
			continue
		}
		if strings.HasPrefix(t, "$(") || strings.HasPrefix(t, "${") {
			if colon := ruleColon(t); colon < 0 {
				continue // $(info ...), $(eval ...), $(foreach ...): not evaluated
			}
		}
		word, rest, _ := strings.Cut(t, " ")
		switch word {
		case "ifeq", "ifneq", "ifdef", "ifndef", "else", "endif":
			continue // both branches are read
		case "define":
			inDefine++
			cur = nil
			defining, body = strings.TrimRight(strings.TrimSpace(strings.TrimSuffix(strings.TrimSuffix(strings.TrimSpace(rest), "="), ":")), ":"), nil
			if strings.ContainsAny(defining, " \t$") {
				defining = ""
			}
			continue
		case "include", "-include", "sinclude":
			mf.includes = append(mf.includes, makeInclude{name: rest, optional: word != "include", at: fmt.Sprintf("%s:%d", file, start)})
			cur = nil
			continue
		case "vpath", "unexport", "undefine":
			cur = nil
			continue
		}
		if word == "export" || word == "override" || word == "private" {
			if rest == "" || !strings.Contains(rest, "=") {
				cur = nil
				continue // export VAR: no assignment
			}
			t = strings.TrimSpace(rest)
		}
		if name, op, val, ok := assignment(t); ok {
			cur = nil
			mf.assign(name, op, val)
			continue
		}
		colon := ruleColon(t)
		if colon < 0 {
			if strings.HasPrefix(l, "\t") {
				continue // a recipe line before any rule: make fails, heed skips it
			}
			return fmt.Errorf("%s:%d: heed cannot read this makefile line", file, start)
		}
		targetsText := t[:colon]
		rest = t[colon+1:]
		rest = strings.TrimPrefix(rest, ":") // double-colon rule
		var inline string
		if k := strings.IndexByte(rest, ';'); k >= 0 {
			rest, inline = rest[:k], rest[k+1:]
		}
		if _, _, _, ok := assignment(strings.TrimSpace(rest)); ok {
			cur = nil // a target-specific variable
			continue
		}
		if pipe := strings.IndexByte(rest, '|'); pipe >= 0 {
			rest = rest[:pipe] // order-only prerequisites
		}
		targets := strings.Fields(mf.expand(targetsText, nil, nil, "", 0))
		if strings.Contains(rest, ":") {
			// a static pattern rule: not read
			cur = nil
			continue
		}
		prereqs := strings.Fields(mf.expand(rest, nil, nil, "", 0))
		cur = nil
		for _, tg := range targets {
			if strings.Contains(tg, "$") {
				continue
			}
			if strings.Contains(tg, "%") && !slices.Contains(mf.patterns, tg) {
				mf.patterns = append(mf.patterns, tg)
			}
			switch tg {
			case ".PHONY":
				for _, p := range prereqs {
					mf.phony[p] = true
				}
				continue
			}
			if strings.HasPrefix(tg, ".") && !strings.Contains(tg, "/") && strings.ToUpper(tg) == tg {
				continue // .SUFFIXES, .DEFAULT, ...
			}
			r := mf.rules[tg]
			if r == nil {
				r = &makeRule{at: fmt.Sprintf("%s:%d", file, start)}
				mf.rules[tg] = r
			}
			r.prereqs = append(r.prereqs, prereqs...)
			if mf.first == "" && !strings.HasPrefix(tg, ".") && !strings.Contains(tg, "%") {
				mf.first = tg
			}
			// a later recipe replaces an earlier one, as make does (with a warning)
			if inline != "" || len(r.recipe) > 0 {
				r.recipe = nil
			}
			if strings.TrimSpace(inline) != "" {
				r.recipe = append(r.recipe, makeLine{text: inline, line: start, file: file})
			}
			cur = append(cur, tg)
		}
		if cur == nil {
			cur = []string{} // recipe lines of a pattern rule follow: skip them
		}
	}
	return nil
}

// stripComment removes a # comment not escaped with a backslash.
func stripComment(l string) string {
	for i := 0; i < len(l); i++ {
		if l[i] == '#' && (i == 0 || l[i-1] != '\\') {
			return l[:i]
		}
	}
	return l
}

// assignment reads `NAME op value` (=, :=, ::=, :::=, ?=, +=, !=).
func assignment(t string) (name, op, val string, ok bool) {
	eq := strings.IndexByte(t, '=')
	if eq <= 0 {
		return "", "", "", false
	}
	colon := strings.IndexByte(t, ':')
	opStart := eq
	for opStart > 0 && strings.IndexByte(":?+!", t[opStart-1]) >= 0 {
		opStart--
	}
	if colon >= 0 && colon < opStart {
		return "", "", "", false // a rule (with a target-specific variable)
	}
	name = strings.TrimSpace(t[:opStart])
	if name == "" || strings.ContainsAny(name, " \t") && !strings.Contains(name, "$") {
		return "", "", "", false
	}
	return name, t[opStart : eq+1], strings.TrimSpace(t[eq+1:]), true
}

func (mf *makefile) assign(name, op, val string) {
	switch op {
	case "?=":
		if _, ok := mf.vars[name]; !ok {
			mf.vars[name] = val
		}
	case "+=":
		if old, ok := mf.vars[name]; ok && old != "" {
			mf.vars[name] = old + " " + val
		} else {
			mf.vars[name] = val
		}
	case "!=":
		mf.vars[name] = unknownWord(name)
	default:
		mf.vars[name] = val
	}
}

// ruleColon finds the colon that separates a rule's targets from its prerequisites,
// outside variable references; -1 when the line is no rule.
func ruleColon(t string) int {
	depth := 0
	for i := 0; i < len(t); i++ {
		switch t[i] {
		case '(', '{':
			if i > 0 && t[i-1] == '$' || depth > 0 {
				depth++
			}
		case ')', '}':
			if depth > 0 {
				depth--
			}
		case ':':
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// unknownWord stands for a value heed cannot compute: a shell parameter, which
// internal/shell marks computed at run time.
func unknownWord(name string) string {
	var b strings.Builder
	b.WriteString("${HEED_UNKNOWN_")
	for _, c := range name {
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' {
			b.WriteRune(c)
		} else {
			b.WriteByte('_')
		}
	}
	b.WriteString("}")
	return b.String()
}

// maxExpand bounds nested variable expansion (a variable defined by itself loops);
// maxExpandWork the references one expansion follows, maxExpanded its length.
const (
	maxExpand     = 16
	maxExpandWork = 10000
	maxExpanded   = 64 << 10
)

// expand replaces make's variable references in s: $(VAR), ${VAR}, $V, the
// automatic variables, $$. A function call or a variable the makefile does not
// define becomes a computed word.
func (mf *makefile) expand(s string, auto, overrides map[string]string, dir string, depth int) string {
	work := maxExpandWork
	return mf.expandB(s, auto, overrides, dir, depth, &work)
}

// expandB is expand within a budget of variable references, shared by the nested
// expansions of one call: a variable defined as ten references to one defined as ten
// ... would otherwise take forever.
func (mf *makefile) expandB(s string, auto, overrides map[string]string, dir string, depth int, work *int) string {
	if !strings.Contains(s, "$") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '$' || i+1 >= len(s) {
			b.WriteByte(c)
			continue
		}
		i++
		n := s[i]
		var ref string
		switch n {
		case '$':
			b.WriteByte('$')
			continue
		case '(', '{':
			closeCh := byte(')')
			if n == '{' {
				closeCh = '}'
			}
			lvl, j := 1, i+1
			for ; j < len(s) && lvl > 0; j++ {
				switch s[j] {
				case n:
					lvl++
				case closeCh:
					lvl--
				}
			}
			if lvl > 0 {
				b.WriteString(unknownWord("ref"))
				i = len(s)
				continue
			}
			ref = s[i+1 : j-1]
			i = j - 1
		default:
			ref = string(n)
		}
		if b.Len() > maxExpanded {
			b.WriteString(unknownWord("long"))
			break
		}
		b.WriteString(mf.lookup(ref, auto, overrides, dir, depth, work))
	}
	return b.String()
}

func (mf *makefile) lookup(ref string, auto, overrides map[string]string, dir string, depth int, work *int) string {
	*work--
	if depth >= maxExpand || *work < 0 {
		return unknownWord(ref)
	}
	if v, ok := mf.callOf(ref, auto, overrides, dir, depth, work); ok {
		return v
	}
	if strings.ContainsAny(ref, " \t,:") || strings.Contains(ref, "$") {
		// a function call ($(shell ...), $(wildcard ...)), a substitution reference
		// ($(SRC:.c=.o)) or a computed name
		inner := ref
		if strings.Contains(ref, "$") && !strings.ContainsAny(ref, " \t,:") {
			inner = mf.expandB(ref, auto, overrides, dir, depth+1, work)
			if !strings.Contains(inner, "$") {
				return mf.lookup(inner, auto, overrides, dir, depth+1, work)
			}
		}
		return unknownWord(firstField(inner))
	}
	if v, ok := overrides[ref]; ok {
		return v
	}
	if v, ok := auto[ref]; ok {
		return v
	}
	switch ref {
	case "MAKE":
		return "make"
	case "MAKEFLAGS", "MFLAGS":
		return ""
	case "SHELL":
		if v, ok := mf.vars[ref]; ok {
			return mf.expandB(v, auto, overrides, dir, depth+1, work)
		}
		return "/bin/sh"
	case "CURDIR":
		if dir != "" {
			return dir
		}
	}
	if v, ok := mf.vars[ref]; ok {
		return mf.expandB(v, auto, overrides, dir, depth+1, work)
	}
	return unknownWord(ref)
}

// callOf expands `$(call NAME,ARG...)` of a one-line macro the makefile defines
// (`define print` ... `@printf ... $(1)`): its body with $(1), $(2) ... bound to the
// arguments. ok is false for anything else, and for arguments that hold references
// themselves, whose commas heed does not split.
func (mf *makefile) callOf(ref string, auto, overrides map[string]string, dir string, depth int, work *int) (string, bool) {
	rest, ok := strings.CutPrefix(ref, "call ")
	if !ok || strings.Contains(rest, "$") {
		return "", false
	}
	args := strings.Split(rest, ",")
	body, ok := mf.vars[strings.TrimSpace(args[0])]
	if !ok {
		return "", false
	}
	bound := make(map[string]string, len(auto)+len(args))
	for k, v := range auto {
		bound[k] = v
	}
	for i, a := range args[1:] {
		bound[strconv.Itoa(i+1)] = strings.TrimSpace(a)
	}
	return mf.expandB(body, bound, overrides, dir, depth+1, work), true
}

func firstField(s string) string {
	f := strings.Fields(s)
	if len(f) == 0 {
		return "ref"
	}
	return path.Base(f[0])
}
