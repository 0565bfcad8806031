package taskrun

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
)

// justfile is what heed reads of a justfile: variables, aliases and recipes.
type justfile struct {
	vars    map[string]string
	aliases map[string]string
	recipes map[string]*justRecipe
	first   string
}

type justRecipe struct {
	name string
	// at is where the recipe is written.
	at     string
	params []justParam
	// before and after are the dependencies run before and after the body.
	before, after []justDep
	body          []makeLine
	// script: the body is one script (a shebang or [script] recipe); setE: it stops
	// at the first failure (set -e).
	script, setE bool
	// other: a script in a language other than the shell's, which heed does not read.
	other bool
}

type justParam struct {
	name     string
	def      string
	hasDef   bool
	variadic bool
	// optional: a `*` parameter, which takes zero or more words (a `+` one takes
	// one or more)
	optional bool
}

type justDep struct {
	name string
	args []string
}

var justNames = []string{"justfile", "Justfile", ".justfile", "JUSTFILE"}

func (x *expander) justLines(cmd *engine.Command) ([]line, error) {
	var file, wd string
	var words []string
	overrides := map[string]string{}
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
			words = append(words, args[i+1:]...)
			i = len(args)
		case a == "-f" || a == "--justfile":
			file = next()
		case strings.HasPrefix(a, "--justfile="):
			file = strings.TrimPrefix(a, "--justfile=")
		case a == "-d" || a == "--working-directory":
			wd = next()
		case a == "--set":
			k := next()
			overrides[k] = next()
		case a == "--color" || a == "--shell" || a == "--shell-arg" || a == "--dotenv-path" || a == "--dotenv-filename" || a == "--chooser" || a == "--list-heading" || a == "--list-prefix" || a == "-E":
			next()
		case a == "-n" || a == "--dry-run" || a == "-l" || a == "--list" || a == "--summary" || a == "--show" || a == "-s" || a == "--evaluate" || a == "--choose" || a == "--dump" || a == "--fmt" || a == "--init" || a == "--edit" || a == "-e" || a == "--variables" || a == "--groups" || a == "--completions" || a == "--help" || a == "-h" || a == "--version" || a == "-V" || a == "--command" || a == "-c" || a == "--global-justfile" || a == "-g" || a == "--changelog":
			return nil, nil // runs no recipe heed reads
		case strings.HasPrefix(a, "-"):
			// --quiet, --verbose, --yes, --unstable, --highlight, ...
		case len(words) == 0 && strings.Contains(a, "=") && !strings.HasPrefix(a, "="):
			k, v, _ := strings.Cut(a, "=")
			overrides[k] = v
		default:
			words = append(words, a)
		}
	}
	abs, dir, ok := x.runnerFile(cmd.Cwd, file, wd, justNames...)
	if !ok {
		return nil, nil
	}
	rel := x.rel(abs)
	v, ok, err := x.r.load(abs, func(data []byte) (any, error) { return parseJustfile(string(data), rel) })
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, fmt.Errorf("%s: no such justfile", rel)
	}
	jf := v.(*justfile)
	for k := range overrides {
		if _, ok := jf.vars[k]; !ok {
			return nil, fmt.Errorf("%s has no variable %s to set", rel, k)
		}
	}
	w := &justWalk{jf: jf, dir: dir, overrides: overrides, done: map[string]bool{}, active: map[string]bool{}}
	if len(words) == 0 {
		if jf.first == "" {
			return nil, fmt.Errorf("%s has no recipe", rel)
		}
		words = []string{jf.first}
	}
	for len(words) > 0 {
		name := words[0]
		r := jf.recipe(name)
		if r == nil {
			return nil, fmt.Errorf("%s has no recipe %s", rel, name)
		}
		n := 0
		for _, p := range r.params {
			if p.variadic {
				n = len(words) - 1
				break
			}
			if n < len(words)-1 {
				n++
			}
		}
		w.visit(r, words[1:1+n], name)
		words = words[1+n:]
	}
	return w.out, nil
}

func (jf *justfile) recipe(name string) *justRecipe {
	if a, ok := jf.aliases[name]; ok {
		name = a
	}
	return jf.recipes[name]
}

type justWalk struct {
	jf           *justfile
	dir          string
	overrides    map[string]string
	done, active map[string]bool
	out          []line
}

func (w *justWalk) visit(r *justRecipe, args []string, chain string) {
	key := r.name + "\x00" + strings.Join(args, "\x00")
	if w.done[key] || w.active[key] || len(w.out) > maxSteps {
		return
	}
	if strings.Contains(chain, " > ") {
		// a dependency: `just check` runs `just lint` on the way
		w.out = append(w.out, line{text: "just " + joinWords(append([]string{r.name}, args...)), at: r.at, target: chain, dir: w.dir, isTarget: true})
	}
	w.active[key] = true
	vals := map[string]string{}
	for i, p := range r.params {
		switch {
		case p.variadic:
			switch {
			case i < len(args):
				vals[p.name] = strings.Join(args[i:], " ")
			case p.optional && !p.hasDef:
				vals[p.name] = "" // `test *args:` run as `just test`: no words
			default:
				vals[p.name] = w.jf.value(p.def, vals, w.overrides, 0)
			}
		case i < len(args):
			vals[p.name] = args[i]
		case p.hasDef:
			vals[p.name] = w.jf.value(p.def, vals, w.overrides, 0)
		default:
			vals[p.name] = unknownWord(p.name)
		}
	}
	deps := func(ds []justDep) {
		for _, d := range ds {
			dr := w.jf.recipe(d.name)
			if dr == nil {
				continue
			}
			var dargs []string
			for _, a := range d.args {
				dargs = append(dargs, w.jf.value(a, vals, w.overrides, 0))
			}
			w.visit(dr, dargs, chain+" > "+d.name)
		}
	}
	deps(r.before)
	delete(w.active, key)
	w.done[key] = true
	if !r.other {
		for _, bl := range r.body {
			text := strings.TrimLeft(bl.text, " \t")
			ignored := r.script && !r.setE
			if !r.script {
				for len(text) > 0 && (text[0] == '@' || text[0] == '-') {
					if text[0] == '-' {
						ignored = true
					}
					text = text[1:]
				}
			}
			text = w.jf.interpolate(text, vals, w.overrides)
			if strings.TrimSpace(text) == "" || strings.HasPrefix(strings.TrimSpace(text), "#") {
				continue
			}
			w.out = append(w.out, line{text: text, at: fmt.Sprintf("%s:%d", bl.file, bl.line), target: chain, dir: w.dir, ignored: ignored})
		}
	}
	deps(r.after)
}

// interpolate replaces {{expr}} in a recipe line.
func (jf *justfile) interpolate(s string, vals, overrides map[string]string) string {
	if !strings.Contains(s, "{{") {
		return s
	}
	var b strings.Builder
	for {
		i := strings.Index(s, "{{")
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		if strings.HasPrefix(s[i:], "{{{{") {
			b.WriteString(s[:i] + "{{")
			s = s[i+4:]
			continue
		}
		j := strings.Index(s[i+2:], "}}")
		if j < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		b.WriteString(jf.value(strings.TrimSpace(s[i+2:i+2+j]), vals, overrides, 0))
		s = s[i+2+j+2:]
	}
}

// value evaluates a just expression heed can read: a string literal, a name, or a
// concatenation of them with +; anything else is a computed word.
func (jf *justfile) value(expr string, vals, overrides map[string]string, depth int) string {
	work := maxExpandWork
	return jf.valueB(expr, vals, overrides, depth, &work)
}

// valueB is value within a budget of evaluations shared by the nested ones.
func (jf *justfile) valueB(expr string, vals, overrides map[string]string, depth int, work *int) string {
	expr = strings.TrimSpace(expr)
	*work--
	if depth > maxExpand || *work < 0 {
		return unknownWord("expr")
	}
	parts := splitPlus(expr)
	if len(parts) > 1 {
		var b strings.Builder
		for _, p := range parts {
			if b.Len() > maxExpanded {
				return unknownWord("long")
			}
			b.WriteString(jf.valueB(p, vals, overrides, depth+1, work))
		}
		return b.String()
	}
	if len(expr) >= 2 && (expr[0] == '\'' && expr[len(expr)-1] == '\'') && !strings.HasPrefix(expr, "'''") {
		return expr[1 : len(expr)-1]
	}
	if len(expr) >= 2 && expr[0] == '"' && expr[len(expr)-1] == '"' && !strings.HasPrefix(expr, `"""`) && !strings.Contains(expr[1:len(expr)-1], `\`) {
		return expr[1 : len(expr)-1]
	}
	if isIdent(expr) {
		if v, ok := vals[expr]; ok {
			return v
		}
		if v, ok := overrides[expr]; ok {
			return v
		}
		if v, ok := jf.vars[expr]; ok {
			return jf.valueB(v, nil, overrides, depth+1, work)
		}
	}
	return unknownWord(firstField(expr))
}

// splitPlus splits an expression at + outside quotes and parentheses.
func splitPlus(s string) []string {
	var out []string
	depth, start := 0, 0
	var q byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case q != 0:
			if c == q {
				q = 0
			}
		case c == '\'' || c == '"' || c == '`':
			q = c
		case c == '(':
			depth++
		case c == ')':
			depth--
		case c == '+' && depth == 0:
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, c := range s {
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && (c == '-' || c >= '0' && c <= '9')) {
			return false
		}
	}
	return true
}

// parseJustfile reads a justfile's recipes, variables and aliases.
func parseJustfile(text, file string) (*justfile, error) {
	jf := &justfile{vars: map[string]string{}, aliases: map[string]string{}, recipes: map[string]*justRecipe{}}
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	var cur *justRecipe
	var attrs []string
	for i := 0; i < len(lines); i++ {
		start := i + 1
		l := lines[i]
		if cur != nil && (strings.HasPrefix(l, " ") || strings.HasPrefix(l, "\t")) {
			for strings.HasSuffix(l, "\\") && i+1 < len(lines) && !cur.script {
				i++
				l = l[:len(l)-1] + strings.TrimLeft(lines[i], " \t")
			}
			if len(cur.body) == 0 && strings.HasPrefix(strings.TrimSpace(l), "#!") {
				cur.script = true
				cur.other = !shellInterpreter(strings.TrimSpace(l))
				continue
			}
			if cur.script && isSetE(l) {
				cur.setE = true
			}
			cur.body = append(cur.body, makeLine{text: l, line: start, file: file})
			continue
		}
		t := strings.TrimSpace(l)
		if t == "" {
			continue // a blank line inside a recipe's body is part of it
		}
		cur = nil
		if strings.HasPrefix(t, "#") {
			continue
		}
		if strings.HasPrefix(t, "[") {
			attrs = append(attrs, t)
			continue
		}
		word, rest, _ := strings.Cut(t, " ")
		switch word {
		case "set", "mod", "mod?", "import", "import?", "unexport":
			attrs = nil
			continue
		case "alias":
			if name, target, ok := strings.Cut(rest, ":="); ok {
				jf.aliases[strings.TrimSpace(name)] = strings.TrimSpace(target)
			}
			attrs = nil
			continue
		case "export":
			t = strings.TrimSpace(rest)
		}
		if name, val, ok := strings.Cut(t, ":="); ok && isIdent(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(name), "$"))) {
			jf.vars[strings.TrimSpace(name)] = strings.TrimSpace(val)
			attrs = nil
			continue
		}
		r, err := parseJustHeader(t)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", file, start, err)
		}
		r.at = fmt.Sprintf("%s:%d", file, start)
		for _, a := range attrs {
			if strings.Contains(a, "script") {
				r.script = true
			}
		}
		if jf.first == "" || hasAttr(attrs, "default") {
			jf.first = r.name
		}
		attrs = nil
		jf.recipes[r.name] = r
		cur = r
	}
	return jf, nil
}

func hasAttr(attrs []string, name string) bool {
	for _, a := range attrs {
		for _, f := range strings.FieldsFunc(strings.Trim(a, "[]"), func(r rune) bool { return r == ',' || r == ' ' }) {
			if f == name {
				return true
			}
		}
	}
	return false
}

func shellInterpreter(shebang string) bool {
	f := strings.Fields(strings.TrimPrefix(shebang, "#!"))
	if len(f) == 0 {
		return false
	}
	prog := filepath.Base(f[0])
	if prog == "env" {
		for _, a := range f[1:] {
			if !strings.HasPrefix(a, "-") {
				prog = a
				break
			}
		}
	}
	switch prog {
	case "sh", "bash", "zsh", "dash", "ksh":
		return true
	}
	return false
}

// isSetE reports whether a script line turns on stopping at the first failure.
func isSetE(l string) bool {
	f := strings.Fields(l)
	if len(f) < 2 || f[0] != "set" {
		return false
	}
	for _, a := range f[1:] {
		if strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--") && strings.Contains(a, "e") {
			return true
		}
	}
	return false
}

// parseJustHeader reads `@name param='x' +rest: dep (dep2 "a") && after`.
func parseJustHeader(t string) (*justRecipe, error) {
	t = strings.TrimPrefix(t, "@")
	toks, err := justTokens(t)
	if err != nil {
		return nil, err
	}
	if len(toks) == 0 || !isIdent(toks[0]) {
		return nil, fmt.Errorf("heed cannot read this justfile line")
	}
	r := &justRecipe{name: toks[0]}
	i := 1
	for ; i < len(toks) && toks[i] != ":"; i++ {
		p := toks[i]
		variadic, optional := false, strings.HasPrefix(p, "*")
		if strings.HasPrefix(p, "+") || optional {
			variadic = true
			p = p[1:]
		}
		p = strings.TrimPrefix(p, "$")
		name, def, hasDef := strings.Cut(p, "=")
		if !isIdent(name) {
			return nil, fmt.Errorf("heed cannot read the parameter %q", toks[i])
		}
		r.params = append(r.params, justParam{name: name, def: def, hasDef: hasDef, variadic: variadic, optional: optional})
	}
	if i >= len(toks) {
		return nil, fmt.Errorf("heed cannot read this justfile line (no colon)")
	}
	after := false
	for _, d := range toks[i+1:] {
		switch {
		case d == "&&":
			after = true
			continue
		case strings.HasPrefix(d, "("):
			inner, err := justTokens(strings.TrimSuffix(strings.TrimPrefix(d, "("), ")"))
			if err != nil || len(inner) == 0 {
				return nil, fmt.Errorf("heed cannot read the dependency %s", d)
			}
			dep := justDep{name: inner[0], args: inner[1:]}
			if after {
				r.after = append(r.after, dep)
			} else {
				r.before = append(r.before, dep)
			}
		default:
			if !isIdent(d) {
				return nil, fmt.Errorf("heed cannot read the dependency %s", d)
			}
			if after {
				r.after = append(r.after, justDep{name: d})
			} else {
				r.before = append(r.before, justDep{name: d})
			}
		}
	}
	return r, nil
}

// justTokens splits a recipe header into words: quoted strings and parenthesised
// groups stay whole; a lone colon is its own word.
func justTokens(s string) ([]string, error) {
	var out []string
	var b strings.Builder
	flush := func() {
		if b.Len() > 0 {
			out = append(out, b.String())
			b.Reset()
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			flush()
		case c == '\'' || c == '"' || c == '`':
			j := strings.IndexByte(s[i+1:], c)
			if j < 0 {
				return nil, fmt.Errorf("unterminated string")
			}
			b.WriteString(s[i : i+j+2])
			i += j + 1
		case c == '(':
			depth, j := 0, i
			for ; j < len(s); j++ {
				if s[j] == '(' {
					depth++
				} else if s[j] == ')' {
					depth--
					if depth == 0 {
						break
					}
				}
			}
			if j >= len(s) {
				return nil, fmt.Errorf("unbalanced parenthesis")
			}
			b.WriteString(s[i : j+1])
			i = j
		case c == ':' && (i+1 >= len(s) || s[i+1] != '='):
			flush()
			out = append(out, ":")
		case c == '#' && b.Len() == 0:
			flush()
			return out, nil
		default:
			b.WriteByte(c)
		}
	}
	flush()
	return out, nil
}
