package norm

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

var modifiedFilesRE = lazyre.New(`(?i)\b(?:on|to|over|against)\s+(?:all\s+(?:the\s+)?|any\s+|every\s+|each\s+|the\s+)?(?:([a-z+#]+)\s+)?(?:files?|packages?|modules?|crates?)\s+(?:that\s+)?you(?:'ve|’ve|\s+have)?\s+(?:modify|modified|change|changed|touch|touched|edit|edited)\b`)

// changedCodeRE reads the change itself as what a command runs over: "Run `mypy`
// over the change", "Run `cargo fmt` on any modified Rust files", "Run Biome against JavaScript changes", "run `black` against the
// changed code", "lint your changes with `eslint`". Another person's changes ("the
// author's changes") are not the reader's.
var changedCodeRE = lazyre.New(`(?i)\b(?:on|over|against|across)\s+(?:all\s+(?:of\s+)?|any\s+|every\s+|each\s+|the\s+|your\s+|all\s+your\s+)?(?:([a-z+#]+)\s+)?(?:changes|change|changed\s+(?:code|files|lines|sources)|modified\s+(?:code|files)|edits)\b|^(?:please\s+)?(?:lint|check|format|type-check|typecheck)\s+(?:your|the|all\s+your)\s+(?:([a-z+#]+)\s+)?(?:changes|change|changed\s+(?:code|files))\s+with\b|\b(?:on|to|over|against|across)\s+(?:all\s+(?:the\s+)?|any\s+|every\s+|each\s+|the\s+|your\s+)?(?:modified|changed|edited|touched)\s+([a-z+#]+)\s+(?:files?|code|sources)\b`)

// modifiedFiles reads "Use `gofmt -w` on all Go files you modify", "Run `ruff format`
// on every Python file you change": the files named are the change the command
// follows, as "after changing Go files" says; the sentence gives no other moment. A
// language heed does not know, or a sentence with a moment or condition of its own,
// is left as it was read.
func modifiedFiles(out []Norm, text string) {
	noMoment := false
	m := modifiedFilesRE.FindStringSubmatch(text)
	if m == nil {
		if m = changedCodeRE.FindStringSubmatch(text); m == nil {
			return
		}
		if m[1] == "" {
			m[1] = m[2]
		}
		if m[1] == "" && m[3] != "" {
			// "Run `cargo fmt` on any modified Rust files": the change is named, the
			// moment is not (a reminder before the commit, never a block)
			m[1] = m[3]
			noMoment = true
		}
	}
	var after []Object
	switch lang := strings.ToLower(m[1]); lang {
	case "", "the", "your", "all", "any", "every", "each", "of":
		after = []Object{{Kind: KPath, Text: "**", Origin: "words"}}
	default:
		if after = languageChange([]string{lang, "files"}); len(after) == 0 {
			return
		}
	}
	for i := range out {
		n := &out[i]
		if n.Polarity != Require || len(n.Before) > 0 || len(n.After) > 0 || n.Condition != "" || len(n.When) > 0 {
			continue
		}
		switch n.Verb {
		case "run", "use", "apply", "":
		default:
			continue
		}
		if len(n.Objects) == 0 || !onlyKind(n.Objects, KCode) && !onlyKind(n.Objects, KCommand) {
			continue
		}
		n.After = append([]Object(nil), after...)
		if noMoment {
			n.Uncertain = append(n.Uncertain, "the sentence names the change but no moment: a reminder before the commit")
		}
	}
}
