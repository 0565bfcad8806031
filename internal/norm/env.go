package norm

import (
	"regexp"
	"slices"
	"strings"
	"sync"
)

// envSpanRE: a code span that is an environment assignment (`NODE_ENV=production`) or
// a variable's name in capitals (`GIT_TRACE`, `RUST_LOG`).
var envSpanRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(?:[A-Za-z_][A-Za-z0-9_]*=\S*|[A-Z][A-Z0-9]*_[A-Z0-9_]+)$`)
})

// envSpan: the object is such a span.
func envSpan(o Object) bool {
	return (o.Kind == KCode || o.Kind == KPath) && envSpanRE().MatchString(o.Text)
}

// envCombos: "don't run `npm install` with `NODE_ENV=production`", "do not set
// `NODE_OPTIONS=...` when running `yarn build`", "never use `GIT_TRACE` overrides with
// `git push`": a ban of the command with that environment, each variable one form,
// never of the command alone. A variable heed cannot tie to one command is no ban.
func envCombos(ns []Norm) []Norm {
	out := ns[:0]
	for _, n := range ns {
		if n.Polarity != Forbid || !slices.ContainsFunc(n.Objects, envSpan) {
			out = append(out, n)
			continue
		}
		var env []string
		var cmds []Object
		for _, o := range n.Objects {
			switch {
			case envSpan(o):
				env = append(env, o.Text)
			case o.Kind == KCommand:
				cmds = append(cmds, o)
			}
		}
		fromWhen := false
		if len(cmds) == 0 {
			for _, o := range n.When {
				if o.Kind == KCommand {
					cmds = append(cmds, o)
				}
			}
			fromWhen = true
		}
		if len(cmds) != 1 {
			continue // the variables' command is not said: nothing to ban
		}
		var objs []Object
		for _, e := range env {
			o := cmds[0]
			o.Env = []string{e}
			o.Text = e + " " + cmds[0].Text
			objs = append(objs, o)
		}
		n.Objects = objs
		if fromWhen {
			n.When, n.Condition = nil, ""
			n.Uncertain = slices.DeleteFunc(n.Uncertain, func(u string) bool { return strings.HasPrefix(u, "condition:") })
		}
		out = append(out, n)
	}
	return out
}

// optionalPurposeRE: a purpose that is a goal the reader may have, not a reason the
// form is required ("Use `RUST_LOG=debug cargo run` to see the request logs").
var optionalPurposeRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\bto (see|view|show|print|debug|inspect|trace|profile|watch|get more|get verbose|enable (?:debug|verbose))\b`)
})

// OptionalPurpose reports whether the sentence gives its command as the means to such
// a goal.
func OptionalPurpose(sentence string) bool { return optionalPurposeRE().MatchString(sentence) }

// theWayRE: the sentence says how a command is always run ("always", "must", "every",
// "run the tests with `X`"), not how to do one task.
var theWayRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile("(?i)\\b(always|must|every|all|only)\\b|\\bwith `")
})

// NamesTheWay reports whether the sentence gives its command as the way it is always
// run.
func NamesTheWay(sentence string) bool { return theWayRE().MatchString(sentence) }

// EnvAssignment: the object is a code span that only assigns a variable
// (`HOMEBREW_NO_AUTO_UPDATE=1`), no command.
func EnvAssignment(o Object) bool {
	return envSpan(o) && strings.Contains(o.Text, "=")
}
