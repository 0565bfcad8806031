package source

import (
	"fmt"
	"slices"
	"strings"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/heed-dev/heed/internal/lazyre"
)

// A replacement's fix edits the name only, so it is exact only where the call's
// arguments, left as written, are known to suit the new name (docs/fix-design.md,
// "Arguments"):
//
//   - The rule's text shows the replacement with its arguments ("use
//     `yaml.safe_load(stream)` instead of `yaml.load(stream)`"): a call that passes as
//     many positional arguments as the form shows, and keyword arguments only by names
//     the form shows.
//   - The text names the replacement bare ("use `yaml.safe_load` instead of
//     `yaml.load`"): heed knows neither signature, only that the rule prescribes one
//     sibling under the same qualifier for the other, to be given what the old call
//     acts on. A call of at most one positional argument; any further argument (a
//     `Loader=`, a mode, a flag) may be one only the old name takes.
//
// Everywhere else (a splat, a named argument beyond the form, a match that is not the
// callee of a call, a call whose arguments heed cannot read) the finding carries the
// fix to review, and `heed check --fix` leaves the file alone.

// ArgForm is the argument list a rule's text shows its replacement taking.
type ArgForm struct {
	Positional int      `json:"positional"`
	Keywords   []string `json:"keywords,omitempty"`
}

// callShape is how a match is called: not at all, with arguments heed cannot read
// (splats, a template literal, a grammar whose calls it does not read here), or with
// its positional and keyword arguments counted.
type callShape struct {
	called     bool
	readable   bool
	positional int
	keywords   []string
}

// callShapeOf reads how the node n is called: n must be the function of its parent
// call (Python's `call`, the `call_expression` of JavaScript, TypeScript, Go, Rust and
// C, C#'s `invocation_expression`), whose arguments are an argument list.
func callShapeOf(n *sitter.Node, src []byte) callShape {
	p := n.Parent()
	if p == nil || !sameNode(p.ChildByFieldName("function"), n) {
		return callShape{}
	}
	args := p.ChildByFieldName("arguments")
	if args == nil {
		return callShape{}
	}
	cs := callShape{called: true}
	if k := args.Kind(); (k != "argument_list" && k != "arguments") || args.HasError() {
		return cs // a generator expression, a tagged template, a syntax error
	}
	for i := uint(0); i < args.ChildCount(); i++ {
		a := args.Child(i)
		if a == nil {
			return cs
		}
		if !a.IsNamed() {
			if a.Kind() == "..." { // Go's f(xs...)
				return cs
			}
			continue
		}
		switch a.Kind() {
		case "comment", "line_comment", "block_comment":
		case "keyword_argument":
			name := a.ChildByFieldName("name")
			if name == nil || name.Kind() != "identifier" {
				return cs
			}
			cs.keywords = append(cs.keywords, string(src[name.StartByte():name.EndByte()]))
		case "list_splat", "dictionary_splat", "spread_element", "variadic_argument":
			return cs
		case "argument":
			// C#: a named argument (`x: 1`) or one passed by ref, out or in
			// holds more than its expression
			if a.NamedChildCount() != 1 || a.ChildCount() != 1 {
				return cs
			}
			cs.positional++
		default:
			cs.positional++
		}
	}
	cs.readable = true
	return cs
}

// fits says why the fix of a match called as cs is not exact, "" when it is.
func (r *Replacement) fits(cs callShape) string {
	switch {
	case !cs.called:
		return fmt.Sprintf("`%s` is not called here, so heed cannot tell what `%s` would be given", r.From, r.To)
	case !cs.readable:
		return "heed cannot read this call's arguments"
	case r.Args != nil:
		if cs.positional != r.Args.Positional {
			return fmt.Sprintf("the call passes %d positional %s, and the rule shows `%s` taking %d", cs.positional, plural(cs.positional, "argument"), r.To, r.Args.Positional)
		}
		for _, k := range cs.keywords {
			if !slices.Contains(r.Args.Keywords, k) {
				return fmt.Sprintf("the call passes `%s=`, which the rule does not show `%s` taking", k, r.To)
			}
		}
	case len(cs.keywords) > 0:
		return fmt.Sprintf("the call passes `%s=`, which `%s` may not take", cs.keywords[0], r.To)
	case cs.positional > 1:
		return fmt.Sprintf("the call passes %d arguments, and heed knows only that `%s` takes what `%s` acts on", cs.positional, r.To, r.From)
	}
	return ""
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// callFormRE is a name written with its arguments: `yaml.safe_load(stream)`.
var callFormRE = lazyre.New(`^([A-Za-z_$][\w$.]*)\((.*)\)$`)

// argRE is one argument of a written form: a name, a keyword argument, a literal.
var argRE = lazyre.New(`^(?:([A-Za-z_]\w*)\s*=\s*)?(?:[\w$.]+|"[^"]*"|'[^']*')$`)

// callForm splits a span into its name and the arguments it is written with: bare
// ("yaml.load", "yaml.load()": the parentheses mark a function) gives a nil form. ok
// is false when the arguments are not a plain list heed reads (a nested call, a
// splat).
func callForm(span string) (name string, args *ArgForm, ok bool) {
	m := callFormRE.FindStringSubmatch(span)
	if m == nil {
		return span, nil, true
	}
	if strings.TrimSpace(m[2]) == "" {
		return m[1], nil, true
	}
	form := &ArgForm{}
	for _, a := range strings.Split(m[2], ",") {
		am := argRE.FindStringSubmatch(strings.TrimSpace(a))
		if am == nil {
			return "", nil, false
		}
		if am[1] != "" {
			form.Keywords = append(form.Keywords, am[1])
		} else if len(form.Keywords) > 0 {
			return "", nil, false // a positional argument after a keyword one
		} else {
			form.Positional++
		}
	}
	return m[1], form, true
}
