package norm

import (
	"strings"
	"sync"
)

// undoingVerbs reads bans whose verb undoes its object as what they ask. "Never
// skip `make lint`", "avoid skipping the tests", "don't omit `cargo fmt`": always run
// it. "Never drop `--frozen-lockfile` from `pnpm install`": always pass it. "Don't
// bypass `make verify`", "never disable `golangci-lint`", "do not ignore failures of
// `make test`": no ban of the command they name (what they do ask, heed leaves to the
// judge). Skipping the hooks is `--no-verify`, a practice of its own, read elsewhere.
func undoingVerbs(toks []Token, ctx Context) []Token {
	for k := 1; k+1 < len(toks); k++ {
		verb := toks[k].Low
		kind := invertingVerbs()[verb]
		if kind == "" {
			continue
		}
		start := -1
		switch toks[k-1].Low {
		case "never", "don't", "dont", "avoid":
			start = k - 1
		case "not":
			start = k - 1
			if k >= 2 && toks[k-2].Low == "do" {
				start = k - 2
			}
		}
		if start < 0 {
			continue
		}
		next := k + 1
		for next+1 < len(toks) && !toks[next].Code && (toks[next].Low == "the" || toks[next].Low == "running" || toks[next].Low == "failures" || toks[next].Low == "failing" || toks[next].Low == "of" || toks[next].Low == "errors" || toks[next].Low == "from" || toks[next].Low == "for") {
			next++
		}
		if kind == "skip" && toks[next].Code && strings.HasPrefix(toks[next].Text, "-") {
			kind = "drop" // "never omit the `--locked` flag": always pass it
		}
		switch kind {
		case "skip":
			named := toks[next].Code && classify(toks[next].Text, ctx).Kind == KCommand
			if role, n := roleAt(toks, next); n > 0 && role != "hooks" {
				named = true
			}
			if !named || next != k+1 && toks[k+1].Low != "the" && toks[k+1].Low != "running" {
				continue
			}
			out := append([]Token(nil), toks[:start]...)
			out = append(out, Token{Text: "always", Low: "always"}, Token{Text: "run", Low: "run"})
			return append(out, toks[k+1:]...)
		case "drop":
			if !toks[next].Code || !strings.HasPrefix(toks[next].Text, "-") {
				continue
			}
			out := append([]Token(nil), toks[:start]...)
			out = append(out, Token{Text: "always", Low: "always"}, Token{Text: "pass", Low: "pass"})
			for _, t := range toks[k+1:] {
				if !t.Code && t.Low == "from" {
					t = Token{Text: "to", Low: "to"}
				}
				out = append(out, t)
			}
			return out
		case "undo":
			if !toks[next].Code {
				continue
			}
			// the command is what the ban protects, not what it bans
			out := append([]Token(nil), toks...)
			out[next] = Token{Text: "it", Low: "it"}
			return out
		}
	}
	return toks
}

// invertingVerbs undo what they govern: a ban of skipping a command asks to run it.
var invertingVerbs = sync.OnceValue(func() map[string]string {
	m := map[string]string{}
	for _, w := range []string{"skip", "skipping", "omit", "omitting", "neglect", "neglecting"} {
		m[w] = "skip"
	}
	for _, w := range []string{"drop", "dropping", "remove", "removing", "strip", "stripping"} {
		m[w] = "drop"
	}
	// (and verbs about a run, not of it: "never cancel `terraform apply` halfway",
	// "do not break `make test`", "don't wait for `npm run dev` to exit", "never let
	// `go test` fail")
	for _, w := range []string{"disable", "disabling", "bypass", "bypassing", "ignore", "ignoring", "circumvent", "circumventing", "suppress", "suppressing", "weaken", "weakening", "silence", "silencing",
		"interrupt", "interrupting", "cancel", "cancelling", "canceling", "abort", "aborting", "break", "breaking", "wait", "waiting", "let"} {
		m[w] = "undo"
	}
	return m
})
