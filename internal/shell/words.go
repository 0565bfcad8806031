package shell

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"
)

// word is one argv word after the shell's expansions, as far as they can be done
// without running anything.
type word struct {
	// text is the literal value; for a dynamic word, its source as written.
	text string
	// dyn is true when the value is computed at run time (parameter or command
	// substitution, arithmetic, pathname expansion).
	dyn bool
}

// words evaluates a command's words: brace expansion, quote removal, escapes, known
// variables and positional parameters, and `$(which X)`. Command and process
// substitutions inside them are walked as commands when subst is true.
func (st *state) words(list []*syntax.Word, subst bool) []word {
	var out []word
	for _, w := range list {
		if w == nil {
			continue
		}
		if subst {
			st.wordSubst(w)
		}
		out = append(out, st.evalWord(w)...)
	}
	return out
}

// evalOnly evaluates words without walking their substitutions.
func (st *state) evalOnly(list []*syntax.Word) []word { return st.words(list, false) }

// wordSubst walks the command and process substitutions of a word (the commands they
// run), each in a subshell.
func (st *state) wordSubst(w *syntax.Word) {
	if w == nil {
		return
	}
	st.nodeSubst(w)
}

func (st *state) nodeSubst(n syntax.Node) {
	if n == nil {
		return
	}
	syntax.Walk(n, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CmdSubst:
			st.sub().stmts(n.Stmts)
			return false
		case *syntax.ProcSubst:
			st.sub().stmts(n.Stmts)
			return false
		}
		return true
	})
}

func (st *state) evalWord(w *syntax.Word) []word {
	// "$@" and "${@}" expand to one word per positional parameter.
	if len(w.Parts) == 1 {
		if dq, ok := w.Parts[0].(*syntax.DblQuoted); ok && len(dq.Parts) == 1 {
			if pe, ok := dq.Parts[0].(*syntax.ParamExp); ok && simpleParam(pe) && pe.Param.Value == "@" && st.pos != nil {
				var out []word
				for _, a := range st.pos[1:] {
					out = append(out, word{text: a})
				}
				return out
			}
		}
		// $@ and $* unquoted: each parameter split into fields
		if pe, ok := w.Parts[0].(*syntax.ParamExp); ok && simpleParam(pe) && (pe.Param.Value == "@" || pe.Param.Value == "*") && st.pos != nil {
			ifs, known := st.ifs()
			var out []word
			for _, a := range st.pos[1:] {
				if !known {
					return []word{{text: source(w), dyn: true}}
				}
				for _, f := range splitIFS(a, ifs) {
					out = append(out, word{text: f, dyn: hasGlob(f)})
				}
			}
			return out
		}
	}
	if hasBraces(w) {
		cp := *w
		if syntax.SplitBraces(&cp) {
			if bws := expandBraces(&cp); bws != nil {
				var out []word
				for _, bw := range bws {
					out = append(out, st.evalParts(bw)...)
				}
				return out
			}
			// too many words: judged as written (dynamic), never expanded without bound
		}
	}
	return st.evalParts(w)
}

func hasBraces(w *syntax.Word) bool {
	for _, p := range w.Parts {
		if l, ok := p.(*syntax.Lit); ok && strings.ContainsRune(l.Value, '{') {
			return true
		}
	}
	return false
}

// evalParts evaluates one word, splitting the values of its unquoted known variables
// into fields as the shell does (X="push -f"; git $X; IFS=,; c=npm,i; $c).
func (st *state) evalParts(w *syntax.Word) []word {
	var out []word
	var b strings.Builder
	started := false
	dyn := false
	for i, p := range w.Parts {
		if pe, ok := p.(*syntax.ParamExp); ok && simpleParam(pe) {
			if v, known := st.param(pe.Param.Value); known {
				ifs, ifsKnown := st.ifs()
				if !ifsKnown {
					dyn = true
					continue
				}
				fields := splitIFS(v, ifs)
				leading := v != "" && strings.ContainsRune(ifs, rune(v[0]))
				trailing := v != "" && strings.ContainsRune(ifs, rune(v[len(v)-1]))
				if leading && started {
					out = append(out, word{text: b.String()})
					b.Reset()
					started = false
				}
				for k, f := range fields {
					if k > 0 {
						out = append(out, word{text: b.String()})
						b.Reset()
					}
					b.WriteString(f)
					started = true
				}
				if trailing && started {
					out = append(out, word{text: b.String()})
					b.Reset()
					started = false
				}
				continue
			}
		}
		s, d := st.part(p, false, i == 0)
		b.WriteString(s)
		started = true
		dyn = dyn || d
	}
	if dyn {
		return []word{{text: source(w), dyn: true}}
	}
	if started {
		out = append(out, word{text: b.String()})
	}
	for i := range out {
		if hasGlob(out[i].text) && wordHasUnquotedParam(w) {
			out[i].dyn = true // a field with * ? [ is expanded against the files
		}
	}
	return out
}

func wordHasUnquotedParam(w *syntax.Word) bool {
	for _, p := range w.Parts {
		if _, ok := p.(*syntax.ParamExp); ok {
			return true
		}
	}
	return false
}

// ifs returns the field separators: IFS as the line set it, or the default.
func (st *state) ifs() (string, bool) {
	v, ok := st.vars["IFS"]
	if !ok {
		return " \t\n", true
	}
	return v.text, v.known
}

// splitIFS splits a value into fields at the characters of ifs: runs of white space
// separate once, every other separator ends a field (a,,b is a, "" and b).
func splitIFS(v, ifs string) []string {
	if ifs == "" {
		if v == "" {
			return nil
		}
		return []string{v}
	}
	var out []string
	var cur strings.Builder
	inField := false
	for i := 0; i < len(v); i++ {
		c := v[i]
		if !strings.ContainsRune(ifs, rune(c)) {
			cur.WriteByte(c)
			inField = true
			continue
		}
		white := c == ' ' || c == '\t' || c == '\n'
		if white {
			if inField {
				out = append(out, cur.String())
				cur.Reset()
				inField = false
			}
			continue
		}
		out = append(out, cur.String())
		cur.Reset()
		inField = false
	}
	if inField {
		out = append(out, cur.String())
	}
	return out
}

// part returns a word part's value and whether it is computed at run time.
func (st *state) part(p syntax.WordPart, quoted, first bool) (string, bool) {
	switch p := p.(type) {
	case *syntax.Lit:
		if quoted {
			return unescapeDouble(p.Value), false
		}
		if hasGlob(p.Value) {
			return p.Value, true // pathname expansion: the files decide
		}
		return unescape(p.Value), false
	case *syntax.SglQuoted:
		if p.Dollar {
			return ansiC(p.Value), false
		}
		return p.Value, false
	case *syntax.DblQuoted:
		var b strings.Builder
		dyn := false
		for _, q := range p.Parts {
			s, d := st.part(q, true, false)
			b.WriteString(s)
			dyn = dyn || d
		}
		return b.String(), dyn
	case *syntax.ParamExp:
		if simpleParam(p) {
			if v, ok := st.param(p.Param.Value); ok {
				return v, false
			}
		}
		return "", true
	case *syntax.CmdSubst:
		if name, ok := lookupSubst(p); ok {
			return name, false
		}
		return "", true
	case *syntax.BraceExp:
		return source(&syntax.Word{Parts: []syntax.WordPart{p}}), false
	default: // ArithmExp, ProcSubst, ExtGlob
		return "", true
	}
}

// param returns a parameter's value when the analysis knows it.
func (st *state) param(name string) (string, bool) {
	if n, err := strconv.Atoi(name); err == nil {
		if st.pos != nil && n < len(st.pos) {
			return st.pos[n], true
		}
		return "", false
	}
	if name == "@" || name == "*" {
		if st.pos != nil {
			return strings.Join(st.pos[1:], " "), true
		}
		return "", false
	}
	v, ok := st.vars[name]
	if !ok || !v.known {
		return "", false
	}
	return v.text, true
}

// simpleParam is $NAME or ${NAME} with no operator.
func simpleParam(p *syntax.ParamExp) bool {
	return p.Param != nil && !p.Excl && !p.Length && !p.Width && p.Index == nil && p.Slice == nil &&
		p.Repl == nil && p.Exp == nil && p.Names == 0 && p.NestedParam == nil && len(p.Modifiers) == 0
}

// lookupSubst resolves `$(which X)`, `$(command -v X)` and `$(type -P X)`: the path of
// X, which names the same program.
func lookupSubst(cs *syntax.CmdSubst) (string, bool) {
	if len(cs.Stmts) != 1 {
		return "", false
	}
	ce, ok := cs.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Assigns) > 0 {
		return "", false
	}
	var args []string
	for _, w := range ce.Args {
		s, ok := literal(w)
		if !ok {
			return "", false
		}
		args = append(args, s)
	}
	switch {
	case len(args) == 2 && args[0] == "which":
		return args[1], true
	case len(args) == 3 && args[0] == "command" && (args[1] == "-v" || args[1] == "-V"):
		return args[2], true
	case len(args) == 3 && args[0] == "type" && (args[1] == "-P" || args[1] == "-p"):
		return args[2], true
	}
	return "", false
}

// literal returns a word's value when it has no expansions at all.
func literal(w *syntax.Word) (string, bool) {
	var b strings.Builder
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			if hasGlob(p.Value) {
				return "", false
			}
			b.WriteString(unescape(p.Value))
		case *syntax.SglQuoted:
			if p.Dollar {
				b.WriteString(ansiC(p.Value))
			} else {
				b.WriteString(p.Value)
			}
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				l, ok := q.(*syntax.Lit)
				if !ok {
					return "", false
				}
				b.WriteString(unescapeDouble(l.Value))
			}
		default:
			return "", false
		}
	}
	return b.String(), true
}

func source(w *syntax.Word) string {
	var b strings.Builder
	if err := syntax.NewPrinter().Print(&b, w); err != nil {
		return "<word>"
	}
	return b.String()
}

// hasGlob reports unescaped pathname-expansion characters.
func hasGlob(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '*', '?', '[':
			return true
		}
	}
	return false
}

// unescape removes the backslashes of an unquoted literal (`n\pm` is npm; a
// backslash-newline joins lines).
func unescape(s string) string {
	if !strings.ContainsRune(s, '\\') {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
			if s[i] == '\n' {
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// unescapeDouble removes the backslashes that are special inside double quotes.
func unescapeDouble(s string) string {
	if !strings.ContainsRune(s, '\\') {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			switch s[i+1] {
			case '$', '`', '"', '\\':
				i++
			case '\n':
				i++
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// ansiC decodes the escapes of a $'...' string.
func ansiC(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 >= len(s) {
			b.WriteByte(c)
			continue
		}
		i++
		switch e := s[i]; e {
		case 'a':
			b.WriteByte('\a')
		case 'b':
			b.WriteByte('\b')
		case 'e', 'E':
			b.WriteByte(0x1b)
		case 'f':
			b.WriteByte('\f')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'v':
			b.WriteByte('\v')
		case '\\', '\'', '"', '?':
			b.WriteByte(e)
		case 'x', 'u', 'U':
			max := map[byte]int{'x': 2, 'u': 4, 'U': 8}[e]
			j := i + 1
			for j < len(s) && j-i-1 < max && isHex(s[j]) {
				j++
			}
			if j == i+1 {
				b.WriteByte('\\')
				b.WriteByte(e)
				continue
			}
			n, _ := strconv.ParseUint(s[i+1:j], 16, 32)
			if e == 'x' {
				b.WriteByte(byte(n))
			} else {
				b.WriteString(string(rune(n)))
			}
			i = j - 1
		case '0', '1', '2', '3', '4', '5', '6', '7':
			j := i
			for j < len(s) && j-i < 3 && s[j] >= '0' && s[j] <= '7' {
				j++
			}
			n, _ := strconv.ParseUint(s[i:j], 8, 16)
			b.WriteByte(byte(n))
			i = j - 1
		case 'c':
			if i+1 < len(s) {
				i++
				b.WriteByte(s[i] & 0x1f)
			}
		default:
			b.WriteByte('\\')
			b.WriteByte(e)
		}
	}
	if !utf8.ValidString(b.String()) {
		return b.String()
	}
	return b.String()
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}
