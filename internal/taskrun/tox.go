package taskrun

import (
	"fmt"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
)

// toxini is what heed reads of a tox.ini: each section's commands.
type toxini struct {
	// sections maps a section name ("testenv", "testenv:lint", "tox") to its keys.
	sections map[string]map[string]toxValue
}

type toxValue struct {
	lines []string
	at    []int // the line of each value line
}

func parseToxINI(data []byte, rel string) (any, error) {
	t := &toxini{sections: map[string]map[string]toxValue{}}
	var sec map[string]toxValue
	var key string
	for i, raw := range strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n") {
		n := i + 1
		trimmed := strings.TrimSpace(raw)
		if trimmed == "" || strings.HasPrefix(trimmed, "#") || strings.HasPrefix(trimmed, ";") {
			continue
		}
		if strings.HasPrefix(trimmed, "[") {
			if !strings.HasSuffix(trimmed, "]") {
				return nil, fmt.Errorf("%s:%d: heed cannot read this section header", rel, n)
			}
			name := strings.TrimSpace(trimmed[1 : len(trimmed)-1])
			sec = t.sections[name]
			if sec == nil {
				sec = map[string]toxValue{}
				t.sections[name] = sec
			}
			key = ""
			continue
		}
		if sec == nil {
			return nil, fmt.Errorf("%s:%d: a value outside any section", rel, n)
		}
		if raw[0] == ' ' || raw[0] == '\t' {
			if key == "" {
				return nil, fmt.Errorf("%s:%d: heed cannot read this continuation line", rel, n)
			}
			v := sec[key]
			v.lines = append(v.lines, trimmed)
			v.at = append(v.at, n)
			sec[key] = v
			continue
		}
		k, val, ok := strings.Cut(raw, "=")
		if !ok {
			return nil, fmt.Errorf("%s:%d: heed cannot read this line", rel, n)
		}
		key = strings.TrimSpace(k)
		v := toxValue{}
		if s := strings.TrimSpace(val); s != "" {
			v.lines, v.at = []string{s}, []int{n}
		}
		sec[key] = v
	}
	return t, nil
}

// toxLines reads `tox -e ENV[,ENV]` (or the envlist): each environment's commands.
func (x *expander) toxLines(cmd *engine.Command) ([]line, error) {
	var envs, posargs []string
	args := cmd.Argv[1:]
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			posargs = args[i+1:]
			i = len(args)
		case a == "-e" || a == "--env":
			if i+1 < len(args) {
				i++
				envs = append(envs, strings.Split(args[i], ",")...)
			}
		case strings.HasPrefix(a, "-e") && len(a) > 2:
			envs = append(envs, strings.Split(a[2:], ",")...)
		case a == "-c" || a == "--conf" || a == "-x" || a == "--override" || a == "--root" || a == "--workdir" || a == "-f" || a == "-m" || a == "--labels" || a == "--installpkg":
			return nil, nil // another configuration, or environments heed does not pick
		case a == "-l" || a == "--listenvs" || a == "-a" || a == "--listenvs-all" || a == "--showconfig" || a == "--help" || a == "-h" || a == "--version" || a == "--notest" || a == "--devenv" || a == "--help-ini":
			return nil, nil
		case a == "run" || a == "r" || a == "run-parallel" || a == "p":
		case a == "list" || a == "l" || a == "config" || a == "c" || a == "devenv" || a == "d" || a == "depends" || a == "de" || a == "quickstart" || a == "q" || a == "exec" || a == "e" || a == "legacy" || a == "le":
			return nil, nil
		}
	}
	abs, dir, ok := x.findUp(cmd.Cwd, "tox.ini")
	if !ok {
		return nil, nil
	}
	rel := x.rel(abs)
	v, _, err := x.r.load(abs, func(data []byte) (any, error) { return parseToxINI(data, rel) })
	if err != nil {
		return nil, err
	}
	t := v.(*toxini)
	if len(envs) == 0 {
		el := t.sections["tox"]["envlist"]
		for _, l := range el.lines {
			for _, e := range strings.FieldsFunc(l, func(r rune) bool { return r == ',' || r == ' ' }) {
				if strings.ContainsAny(e, "{}") {
					return nil, nil // a generated envlist heed does not expand
				}
				envs = append(envs, e)
			}
		}
	}
	var out []line
	for _, e := range envs {
		e = strings.TrimSpace(e)
		if e == "" || e == "ALL" {
			return nil, nil
		}
		sec, ok := t.sections["testenv:"+e]
		cmds, has := sec["commands"]
		if !ok || !has {
			cmds, has = t.sections["testenv"]["commands"]
		}
		if !has {
			continue
		}
		for i, l := range cmds.lines {
			ignored := false
			if strings.HasPrefix(l, "-") {
				ignored, l = true, strings.TrimLeft(l[1:], " ")
			}
			if strings.HasPrefix(l, "!") {
				ignored, l = true, strings.TrimLeft(l[1:], " ")
			}
			l = toxSubst(l, posargs)
			if strings.TrimSpace(l) == "" {
				continue
			}
			out = append(out, line{text: l, at: fmt.Sprintf("%s:%d", rel, cmds.at[i]), target: e, dir: dir, ignored: ignored})
		}
	}
	return out, nil
}

// toxSubst replaces tox's {posargs} (with its default) and leaves every other
// substitution computed.
func toxSubst(s string, posargs []string) string {
	return substitute(s, "{", "}", func(expr string) string {
		if def, ok := strings.CutPrefix(expr, "posargs"); ok && (def == "" || def[0] == ':') {
			if len(posargs) > 0 {
				return joinWords(posargs)
			}
			return strings.TrimPrefix(def, ":")
		}
		return unknownWord("tox")
	})
}

// substitute replaces each open...close substitution of s with value(expr); an
// unclosed one stays as written.
func substitute(s, open, close string, value func(expr string) string) string {
	if !strings.Contains(s, open) {
		return s
	}
	var b strings.Builder
	for {
		i := strings.Index(s, open)
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		j := strings.Index(s[i+len(open):], close)
		if j < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		b.WriteString(value(s[i+len(open) : i+len(open)+j]))
		s = s[i+len(open)+j+len(close):]
	}
}
