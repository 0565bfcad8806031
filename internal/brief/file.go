package brief

import (
	"encoding/json"
	"path"
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/policy"
)

// ForFile returns the binding entries an agent should read as it writes the
// repository-relative file rel: those of For that can bear on the file's content.
// Left out are the rules about commands and commits (AboutFiles), a source rule whose
// queries are all for other languages, and a rule that compiled to no source check
// and names only other languages, in its text or its heading ("Use type hints in all
// Python functions" is not for web/app.ts), or speaks of commit messages, branches or
// pull requests.
func ForFile(entries []policy.Entry, rel string) []policy.Entry {
	lang := fileLanguage(rel)
	var out []policy.Entry
	for _, e := range For(entries, rel, false) {
		if !e.AboutFiles() {
			continue
		}
		if queried, ok := queryLanguages(e); ok {
			if lang != "" && !queried[lang] && !(lang == "typescript" && queried["tsx"]) {
				continue
			}
			out = append(out, e)
			continue
		}
		if aboutHistory.MatchString(e.Text) {
			continue
		}
		if named := namedLanguages(e); len(named) > 0 && lang != "" && !named[lang] && !(lang == "typescript" && named["javascript"]) {
			continue
		}
		out = append(out, e)
	}
	return out
}

// queryLanguages lists the languages of an entry's source queries; ok is false when
// it has none (its rules are not Tree-sitter queries).
func queryLanguages(e policy.Entry) (map[string]bool, bool) {
	langs := map[string]bool{}
	for _, r := range e.Rules {
		if r.Domain != policy.DomainSource {
			continue
		}
		var p struct {
			Queries map[string]string `json:"queries"`
		}
		if json.Unmarshal(r.Params, &p) != nil || len(p.Queries) == 0 {
			return nil, false // a source rule of another kind: it may apply anywhere
		}
		for l := range p.Queries {
			langs[l] = true
		}
	}
	return langs, len(langs) > 0
}

// fileLanguage is the language of a file by its extension, "" when heed does not
// tell.
func fileLanguage(rel string) string {
	switch strings.ToLower(path.Ext(rel)) {
	case ".py", ".pyi":
		return "python"
	case ".ts", ".tsx", ".mts", ".cts":
		return "typescript"
	case ".js", ".jsx", ".mjs", ".cjs":
		return "javascript"
	case ".go":
		return "go"
	case ".java":
		return "java"
	case ".rs":
		return "rust"
	case ".rb":
		return "ruby"
	case ".kt", ".kts":
		return "kotlin"
	case ".cs":
		return "csharp"
	case ".php":
		return "php"
	case ".swift":
		return "swift"
	case ".c", ".h", ".cc", ".cpp", ".hpp", ".cxx":
		return "c"
	}
	return ""
}

// languageNames find a language named in a rule's text or heading. "Go" is a common
// English word: it counts as a heading of its own, or followed by code, files,
// packages or modules, or as Golang.
var languageNames = []struct {
	lang string
	re   *lazyre.RE
}{
	{"python", lazyre.New(`(?i)\bpython\b|\bpytest\b|\bpep ?8\b|\.py\b`)},
	{"typescript", lazyre.New(`(?i)\btypescript\b|\btsx?\b|\.tsx?\b`)},
	{"javascript", lazyre.New(`(?i)\bjavascript\b|\bnode\.?js\b|\.jsx?\b`)},
	{"go", lazyre.New(`\bGo (?:code|files?|packages?|modules?|tests?|functions?)\b|(?i)\bgolang\b|\bgofmt\b|\.go\b`)},
	{"java", lazyre.New(`\bJava\b|\.java\b`)},
	{"rust", lazyre.New(`(?i)\brust\b|\bcargo\b|\.rs\b`)},
	{"ruby", lazyre.New(`(?i)\bruby\b|\brails\b|\.rb\b`)},
	{"kotlin", lazyre.New(`(?i)\bkotlin\b|\.kts?\b`)},
	{"csharp", lazyre.New(`(?i)\bc#|\.net\b|\.cs\b`)},
	{"php", lazyre.New(`(?i)\bphp\b`)},
	{"swift", lazyre.New(`\bSwift\b|\.swift\b`)},
}

// namedLanguages lists the languages an entry names in its text or heading.
func namedLanguages(e policy.Entry) map[string]bool {
	named := map[string]bool{}
	texts := append([]string{e.Text}, e.HeaderPath...)
	for _, t := range texts {
		for _, l := range languageNames {
			if l.re.MatchString(t) {
				named[l.lang] = true
			}
		}
	}
	for _, h := range e.HeaderPath {
		if strings.EqualFold(strings.TrimSpace(h), "go") {
			named["go"] = true
		}
	}
	return named
}

// aboutHistory finds a rule about the repository's history rather than a file's
// content: commit messages, branches, pull requests.
var aboutHistory = lazyre.New(`(?i)\bcommit(?:s|ted|ting)?\b|\bsubject line\b|\bbranch(?:es)?\b|\bpull requests?\b|\bPRs?\b|\bchangelog\b|\brebase\b`)
