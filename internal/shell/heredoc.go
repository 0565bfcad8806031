package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// CatHeredoc reads a word as written (a dynamic word of Command.Argv) that is a
// here-document printed by cat in a quoted command substitution,
//
//	"$(cat <<'EOF'
//	...
//	EOF
//	)"
//
// the way agents pass a message of several lines, and returns the value the shell
// would give it. ok is false for any other word, and for a here-document whose text
// the shell would expand ($VAR, `...`, \ escapes under an unquoted delimiter).
func CatHeredoc(src string) (text string, ok bool) {
	if !strings.Contains(src, "<<") || len(src) > maxLine {
		return "", false
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(": "+src+"\n"), "")
	if err != nil || len(f.Stmts) != 1 {
		return "", false
	}
	call, isCall := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !isCall || len(call.Args) != 2 || len(f.Stmts[0].Redirs) != 0 || len(call.Assigns) != 0 {
		return "", false
	}
	w := call.Args[1]
	if len(w.Parts) != 1 {
		return "", false
	}
	dq, isDq := w.Parts[0].(*syntax.DblQuoted)
	if !isDq || len(dq.Parts) != 1 {
		return "", false
	}
	cs, isCs := dq.Parts[0].(*syntax.CmdSubst)
	if !isCs || len(cs.Stmts) != 1 {
		return "", false
	}
	st := cs.Stmts[0]
	cat, isCall := st.Cmd.(*syntax.CallExpr)
	if !isCall || st.Negated || st.Background || len(cat.Assigns) != 0 || len(st.Redirs) != 1 {
		return "", false
	}
	if len(cat.Args) < 1 || len(cat.Args) > 2 || cat.Args[0].Lit() != "cat" || len(cat.Args) == 2 && cat.Args[1].Lit() != "-" {
		return "", false
	}
	r := st.Redirs[0]
	if r.Op != syntax.Hdoc && r.Op != syntax.DashHdoc || r.N != nil {
		return "", false
	}
	quoted := r.Word == nil || r.Word.Lit() == ""
	var b strings.Builder
	if r.Hdoc != nil {
		for _, p := range r.Hdoc.Parts {
			lit, isLit := p.(*syntax.Lit)
			if !isLit {
				return "", false
			}
			b.WriteString(lit.Value)
		}
	}
	text = b.String()
	if !quoted && strings.ContainsAny(text, "\\$`") {
		return "", false
	}
	if r.Op == syntax.DashHdoc {
		lines := strings.Split(text, "\n")
		for i, l := range lines {
			lines[i] = strings.TrimLeft(l, "\t")
		}
		text = strings.Join(lines, "\n")
	}
	// a command substitution drops the trailing newlines
	return strings.TrimRight(text, "\n"), true
}
