package norm

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

var modifiedFilesRE = lazyre.New(`(?i)\b(?:on|to)\s+(?:all\s+(?:the\s+)?|any\s+|every\s+|each\s+|the\s+)?(?:([a-z+#]+)\s+)?files?\s+(?:that\s+)?you(?:'ve|’ve|\s+have)?\s+(?:modify|modified|change|changed|touch|touched|edit|edited)\b`)

// modifiedFiles reads "Use `gofmt -w` on all Go files you modify", "Run `ruff format`
// on every Python file you change": the files named are the change the command
// follows, as "after changing Go files" says; the sentence gives no other moment. A
// language heed does not know, or a sentence with a moment or condition of its own,
// is left as it was read.
func modifiedFiles(out []Norm, text string) {
	m := modifiedFilesRE.FindStringSubmatch(text)
	if m == nil {
		return
	}
	var after []Object
	if m[1] == "" || strings.EqualFold(m[1], "the") {
		after = []Object{{Kind: KPath, Text: "**", Origin: "words"}}
	} else if after = languageChange([]string{m[1], "files"}); len(after) == 0 {
		return
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
	}
}
