package norm

import (
	"regexp"
	"slices"
	"strings"
	"sync"
)

// A command named in one sentence and ruled on in the next by a word that points
// back: "`npm run test:e2e:prod` talks to the production database. Ask the user
// before running it.", "`npm run db:reset` and `npm run db:drop` wipe the staging
// data. Never run them.", "Regenerating the fixtures (`python scripts/regen.py`)
// rewrites 3,000 files; don't do that unless the user asks.", "`pnpm eval:live`
// spends money. Check with the user first." A command given in the block under the
// sentence is "the command below". commandPronouns writes the commands in where the
// words point, so the sentence reads as if it had named them.

var (
	// pronounRunRE: a verb of running and the word that points back ("running it",
	// "run them", "execute this command", "do that", German's "run es/ihn" as the
	// gloss leaves it).
	pronounRunRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\b(run|running|runs|execute|executing|invoke|invoking|call|calling|do|doing|use|using|trigger|triggering)\s+(it|them|this|that|es|ihn|this command|that command|these commands|those commands|this script|that script|these scripts|the command|the script)\b`)
	})
	// runNeverRE: the German order a gloss leaves ("run it never yourself").
	runNeverRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)^\s*run\s+(it|es|ihn|them)\s+never\b`)
	})
	// bareAskRE: a request for approval that names no action ("Check with the user
	// first.", "Ask first.").
	bareAskRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)^\s*(?:always\s+|please\s+)?(?:ask|check\s+with|confirm\s+with|get\s+approval\s+from)(?:\s+the\s+user|\s+me|\s+us|\s+a\s+maintainer|\s+the\s+maintainers)?\s+first\s*[.!]?\s*$`)
	})
	// pointingWordRE: a word that may point back to a command, or the "first" of a
	// request for approval that names none.
	pointingWordRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`\b(?:it|them|this|that|these|those|es|ihn|first)\b`)
	})
	// commandBelowRE: the command in the block under the sentence.
	commandBelowRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\bthe\s+(?:command|script)\s+(?:below|that\s+follows)\b`)
	})
)

// commandPronouns returns text with the commands written in where its words point
// back to them, or text unchanged.
func commandPronouns(text string, ctx Context) string {
	if !strings.Contains(text, "`") || !strings.Contains(text, ". ") && !strings.Contains(text, "; ") && !strings.Contains(text, "below") && !strings.Contains(text, "that follows") {
		return text // no second clause to point back from, no block below: most sentences
	}
	low := strings.ToLower(text)
	if len(ctx.Block) == 1 && commandBelowRE().MatchString(text) {
		// "Don't run the command below without asking:" over one command
		if argv, ok := commandOf("`"+ctx.Block[0]+"`", ctx); ok && len(argv) > 0 {
			text = commandBelowRE().ReplaceAllLiteralString(text, "`"+ctx.Block[0]+"`")
		}
	}
	if ctx.Command == nil || !pointsBack(low) || !pointingWordRE().MatchString(low) {
		return text
	}
	parts := clauseParts(text)
	if parts == nil {
		return text
	}
	for i := 1; i < len(parts); i++ {
		if !strings.Contains(parts[i], "`") {
			if cmds := commandSpans(parts[i-1], ctx); len(cmds) > 0 && len(cmds) <= 3 {
				parts[i] = pointedAt(parts[i], cmds)
			}
		}
	}
	return strings.Join(parts, " ")
}

// clauseParts splits text into its sentences, or, for one sentence, into the clauses
// before and after its first semicolon ("... writes text; never use it in
// `internal/`"); nil when there is no second part to point back from.
func clauseParts(text string) []string {
	if parts := sentenceParts(text); len(parts) > 1 {
		return parts
	}
	if i := strings.Index(text, "; "); i > 0 {
		return []string{text[:i+1], text[i+2:]}
	}
	return nil
}

// guardedRE: a ban or a request for approval, the sentences whose pointing words
// are written out ("Use it while working on the UI" recommends, and stays as it is).
var guardedRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(?:never|don't|do not|avoid|not|ask|asking|check with|confirm|approval|permission|unless)\b`)
})

// pointedAt writes the commands into one sentence where it points back to them.
func pointedAt(s string, cmds []string) string {
	if !guardedRE().MatchString(s) {
		return s
	}
	list := strings.Join(cmds, " or ")
	if m := runNeverRE().FindStringSubmatchIndex(s); m != nil {
		// "run it never yourself": "Never run `./release.sh` yourself"
		return "Never run " + list + s[m[1]:]
	}
	if bareAskRE().MatchString(s) {
		// "Check with the user first.": what waits is the sentence before's
		return "Never run " + list + " without approval."
	}
	if m := pronounRunRE().FindStringSubmatchIndex(s); m != nil {
		verb := strings.ToLower(s[m[2]:m[3]])
		switch verb {
		case "do", "use":
			verb = "run" // "don't do that": the running of the commands
		case "doing", "using":
			verb = "running"
		}
		out := s[:m[2]] + verb + " " + list + s[m[1]:]
		if ban, spans, ok := askBeforeAction(out); ok && spans >= 2 {
			// "Ask the user before running it.": the ban it implies, as a sentence of
			// its own after the one that named the command
			return ban
		}
		return out
	}
	return s
}

// commandSpans are the code spans of a sentence that read as commands.
func commandSpans(s string, ctx Context) []string {
	var out []string
	for _, sp := range codeSpanRE().FindAllString(s, -1) {
		if argv, ok := commandOf(sp, ctx); ok && len(argv) > 0 {
			out = append(out, sp)
		}
	}
	return out
}

// commandOf reads a code span (with its backticks) as a command line.
func commandOf(span string, ctx Context) ([]string, bool) {
	if ctx.Command == nil {
		return nil, false
	}
	return ctx.Command(strings.Trim(span, "`"))
}

// sentenceParts splits text at the ends of its sentences: a period, "!" or "?" and a
// blank before a capital letter or a code span; each part keeps its end.
func sentenceParts(text string) []string {
	var out []string
	start, inSpan := 0, false
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case c == '`':
			inSpan = !inSpan
		case !inSpan && (c == '.' || c == '!' || c == '?') && i+2 < len(text) && text[i+1] == ' ':
			n := text[i+2]
			if n >= 'A' && n <= 'Z' || n == '`' || glossedImperative(text[i+2:]) {
				out = append(out, text[start:i+1])
				start = i + 2
			}
		}
	}
	return append(out, text[start:])
}

// glossedImperative: a sentence the gloss of another language left opening with a
// lower-case verb ("run it never yourself" for "Führe es nie selbst aus").
func glossedImperative(rest string) bool {
	for _, v := range []string{"run ", "never ", "use ", "ask "} {
		if strings.HasPrefix(rest, v) {
			return true
		}
	}
	return false
}

// bareWhereFormGiven marks a banned command Alone when the same text, or the clause
// after it, prescribes a longer form of it that adds no option, only what the run is
// of: "Never run the full `make e2e` suite locally; pass the spec you changed: `make
// e2e SPEC=path/to/spec`" bans the bare run, not the prescribed one.
func bareWhereFormGiven(ns []Norm, ctx Context) {
	banned := false
	for _, n := range ns {
		banned = banned || n.Polarity == Forbid && hasKinds(n.Objects, KCommand)
	}
	if !banned {
		return
	}
	var forms [][]string
	if ctx.Following != nil {
		for _, o := range ctx.Following() {
			forms = append(forms, o.Argv)
		}
	}
	for _, n := range ns {
		// what a requirement names, and what a ban prescribes instead
		objs := n.Instead
		if n.Polarity != Forbid {
			objs = append(slices.Clone(n.Objects), n.Instead...)
		}
		for _, o := range objs {
			if o.Kind == KCommand && len(o.Argv) > 0 {
				forms = append(forms, o.Argv)
			}
		}
	}
	if len(forms) == 0 {
		return
	}
	for i := range ns {
		if ns[i].Polarity != Forbid {
			continue
		}
		for j := range ns[i].Objects {
			o := &ns[i].Objects[j]
			if o.Kind != KCommand || len(o.Argv) == 0 || o.Alone {
				continue
			}
			for _, f := range forms {
				// the longer form scopes the run (a target, a path, `SPEC=...`); a
				// form that adds options says how every run must go ("never `pytest`;
				// always `pytest -n auto`"), which is no ban of the bare form alone
				if len(f) > len(o.Argv) && slices.Equal(f[:len(o.Argv)], o.Argv) && !slices.ContainsFunc(f[len(o.Argv):], func(w string) bool { return strings.HasPrefix(w, "-") }) {
					o.Alone = true
					break
				}
			}
		}
	}
}

// spanPronounRE: a verb of using code and the word that points back to what the
// sentence before named ("never call it", "don't import it", "avoid them", "do not
// call this method").
var spanPronounRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(call|calling|use|using|import|importing|leave|invoke|invoking|reference|instantiate|require|include|add|commit|ship|avoid|read|reading|access|accessing|set|setting)\s+(it|them|es|ihn|this (?:method|function|class|type|macro|module|package|library|call|api)|these (?:methods|functions|classes|types|macros|modules|packages|calls|apis))\b`)
})

// SpanPronouns returns text with the code spans of a sentence written in where the
// next sentence's ban points back to them ("`legacyFetch()` leaks sockets. Never call
// it."); accept says which spans are code a ban can name (not a file's path).
func SpanPronouns(text string, accept func(span string) bool) string {
	if !strings.Contains(text, "`") || !strings.Contains(text, ". ") && !strings.Contains(text, "; ") {
		return text
	}
	low := strings.ToLower(text)
	if !pointsBack(low) || !pointingWordRE().MatchString(low) {
		return text
	}
	orig := text
	if strings.Contains(low, " es ") || strings.Contains(low, " ihn ") {
		if g, lang := Gloss(text); lang != "" {
			text = g // "Verwende es niemals." reads "use it never"
		}
	}
	parts := clauseParts(text)
	if parts == nil {
		return orig
	}
	changed := false
	for i := 1; i < len(parts); i++ {
		cur := parts[i]
		m := spanPronounRE().FindStringSubmatchIndex(cur)
		if m == nil || !guardedRE().MatchString(cur) || strings.Contains(cur[:m[0]], "`") {
			// no ban, no word that points back, or a span before it names what it
			// means
			continue
		}
		var spans []string
		for _, sp := range codeSpanRE().FindAllString(parts[i-1], -1) {
			if accept(strings.Trim(sp, "`")) {
				spans = append(spans, sp)
			}
		}
		if len(spans) == 0 || len(spans) > 3 {
			continue
		}
		cur = cur[:m[4]] + strings.Join(spans, " or ") + cur[m[5]:]
		if neverAfterRE().MatchString(cur) {
			// "use `eval()` never" (German's order, glossed): "never use `eval()`"
			cur = neverAfterRE().ReplaceAllString(cur, "never $1")
		}
		parts[i] = cur
		changed = true
	}
	if !changed {
		return orig
	}
	return strings.Join(parts, " ")
}

// neverAfterRE: a verb, its object and "never" after them, as a German sentence
// glossed word by word leaves them.
var neverAfterRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile("(?i)^\\s*((?:use|call|import)\\s+`[^`]+`(?:\\s+or\\s+`[^`]+`)*)\\s+never\\b")
})

// pointsBack is the cheap look for a word that may point back to a command or code
// named before it, before any expression is compiled or any span read.
func pointsBack(low string) bool {
	if !strings.Contains(low, ". ") && !strings.Contains(low, "; ") && !strings.Contains(low, "below") {
		return false
	}
	for _, w := range []string{" it", " them", "this ", "that", "these ", " es ", " ihn ", "first"} {
		if strings.Contains(low, w) {
			return true
		}
	}
	return false
}
