package norm

import (
	"strings"
	"sync"
)

// A table of commands whose other cell says, in the reader's imperative, when or
// whether to run the command ("| `make test` | run before each commit |", "|
// `npm run deploy` | never run it yourself |"): the row is that sentence with the
// command put after its verb. A cell that describes ("builds the binary", "runs the
// tests") is not an imperative and stays a description.

// CommandNoteRow rewrites such a row (cells joined by " | ", under the header
// columns) as the sentence it states; ok is false for any other row.
func CommandNoteRow(text string, columns []string) (string, bool) {
	cells := strings.Split(text, " | ")
	if len(cells) != 2 || len(columns) != 2 {
		return "", false
	}
	cmd := strings.TrimSpace(cells[0])
	if len(cmd) < 3 || cmd[0] != '`' || cmd[len(cmd)-1] != '`' || strings.Count(cmd, "`") != 2 {
		return "", false
	}
	if columnRole(columns[0]) != "" || columnRole(columns[1]) != "" {
		return "", false // "Don't | Do instead": tableRow reads it
	}
	switch note := strings.ToLower(strings.Trim(strings.TrimSpace(cells[1]), "*_.!")); {
	case banNotes()[note]:
		// "| `npm publish` | never |"
		return "Never run " + cmd + ".", true
	case askNotes()[note]:
		// "| `git push --force` | ask first |"
		return "Never run " + cmd + " without approval.", true
	}
	f := strings.Fields(strings.TrimSpace(cells[1]))
	verb := -1
	for i, w := range f {
		if i > 2 {
			break
		}
		lw := strings.ToLower(strings.Trim(w, "*_,;:."))
		if noteVerb(lw) {
			verb = i
			break
		}
		if !noteAdverb(lw) {
			return "", false
		}
	}
	if verb < 0 {
		return "", false
	}
	rest := f[verb+1:]
	if len(rest) > 0 && (strings.EqualFold(rest[0], "it") || strings.EqualFold(rest[0], "this")) {
		rest = rest[1:] // "never run it yourself"
	}
	if len(rest) > 0 && !noteFollower(strings.ToLower(strings.Trim(rest[0], "*_,;:."))) {
		return "", false // "Run Node.js tests only": what the command does, said as a title
	}
	out := strings.Join(append(append(append([]string{}, f[:verb+1]...), cmd), rest...), " ")
	out = strings.ToUpper(out[:1]) + out[1:]
	if !strings.HasSuffix(out, ".") {
		out += "."
	}
	return out, true
}

// noteVerb: the verbs of running a note's imperative opens with.
func noteVerb(w string) bool {
	switch w {
	case "run", "use", "execute", "invoke", "call":
		return true
	}
	return false
}

// noteAdverb: the words that may come before the verb ("always run", "never run",
// "do not run", "only run").
func noteAdverb(w string) bool {
	switch w {
	case "always", "never", "don't", "dont", "do", "not", "only", "please", "must":
		return true
	}
	return false
}

// noteFollower: a word that may follow the note's verb when the note is about the
// command (a moment, a manner, a place), not a title naming what it does ("Run the
// tests", "Use for builds").
func noteFollower(w string) bool {
	switch w {
	case "before", "after", "when", "whenever", "once", "first", "yourself", "manually", "directly",
		"locally", "without", "only", "unless", "until", "every", "each", "prior", "again":
		return true
	}
	return false
}

// banNotes and askNotes are whole notes that say a command is forbidden, or waits for
// the user's approval ("| `npm publish` | never |", "| `git push --force` | ask
// first |").
var (
	banNotes = sync.OnceValue(func() map[string]bool {
		return map[string]bool{"never": true, "forbidden": true, "not allowed": true, "prohibited": true,
			"banned": true, "do not run": true, "don't run": true, "never run": true, "never run it": true}
	})
	askNotes = sync.OnceValue(func() map[string]bool {
		return map[string]bool{"ask": true, "ask first": true, "ask the user": true, "ask the user first": true,
			"ask before running": true, "ask before running it": true, "needs approval": true, "requires approval": true,
			"approval required": true, "with approval": true, "only with approval": true, "confirm first": true,
			"confirm with the user": true, "confirm with the user first": true, "needs the user's approval": true,
			"needs sign-off": true, "requires sign-off": true}
	})
)
