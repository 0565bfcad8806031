package contrib

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// Where text goes in a commit message (norm.MessagePlaces): a marker on the subject
// line, a reference kept off it, a trailer at the bottom in its form.
type placeRecognizer struct{}

func (placeRecognizer) Name() string { return "contrib.commit-place" }

// docsGlobs are the files of a documentation-only commit.
var docsGlobs = []string{"**/*.md", "**/*.rst", "**/*.txt", "**/*.adoc", "**/doc/**", "**/docs/**", "**/documentation/**",
	"*.md", "*.rst", "*.txt"}

func (placeRecognizer) Recognize(c *policy.Constraint, _ *recognize.RepoContext) recognize.Result {
	var out []policy.Rule
	s := read(c)
	for _, p := range norm.MessagePlaces(s.raw) {
		if p.Condition != "" {
			continue
		}
		if r, ok := placeRule(s, p); ok {
			out = append(out, r)
		}
	}
	return recognize.Result{Rules: out}
}

func placeRule(s sentence, p norm.MessagePlace) (policy.Rule, bool) {
	if p.Trailer {
		if p.Line != norm.LineBottom && p.Form == "" {
			return policy.Rule{}, false
		}
		key := canonicalTrailer(p.Text)
		params := CommitParams{Check: CheckTrailerForm, Trailers: []string{key}}
		good := "Fix crash on empty input\n\nThe parser read past the end.\n\n" + key + ": Jane Doe <jane@example.com>"
		cases := []policy.Case{
			sat("the trailer at the bottom", good),
			vio("the trailer in the middle of the body", "Fix crash on empty input\n\n"+key+": Jane Doe <jane@example.com>\nThe parser read past the end."),
			sat("no such trailer", "Fix crash on empty input"),
		}
		if p.Form != "" {
			params.ValuePattern = "^" + formPattern(p.Form) + "$"
			params.Example = p.Form
			params.What = p.Form
			cases = append(cases, vio("the trailer without the form", "Fix crash on empty input\n\n"+key+": Jane Doe"))
		}
		return s.rule(KindCommit, params, true,
			fmt.Sprintf("a %s line out of place or form", key),
			fmt.Sprintf("end the message with one %s trailer per person, after a blank line", key), cases), true
	}
	text := p.Text
	if strings.ContainsAny(text, "\n") || len(text) > 60 {
		return policy.Rule{}, false
	}
	pat := "(?i)" + exampleToPattern(numberPlaceholderRE.ReplaceAllString(text, "NNNN"))
	if _, err := regexp.Compile(pat); err != nil {
		return policy.Rule{}, false
	}
	sample := strings.NewReplacer("<issue>", "123", "<issue number>", "123", "<number>", "123").Replace(text)
	if strings.ContainsAny(sample, "<>") || !regexp.MustCompile(pat).MatchString(sample) {
		return policy.Rule{}, false
	}
	switch p.Line {
	case norm.LineFirst:
		if p.DocsOnly && strings.ContainsAny(text, "<") {
			return policy.Rule{}, false
		}
		params := CommitParams{Check: CheckFormat, Pattern: pat, Example: "Fix typo in the install guide " + sample}
		cases := []policy.Case{
			sat("the marker on the subject line", "Fix typo in the install guide "+sample),
			vio("the marker in the body", "Fix typo in the install guide\n\n"+sample),
		}
		if p.DocsOnly {
			params.OnlyFiles = docsGlobs
			for i := range cases {
				cases[i].Changed = []string{"docs/install.rst"}
			}
			cases = append(cases, policy.Case{Expect: policy.ExpectInapplicable, Message: "Fix crash on empty input",
				Changed: []string{"src/parse.py"}, Note: "a commit that changes code"})
		}
		return s.rule(KindCommit, params, true,
			fmt.Sprintf("the commit subject lacks %s", sample),
			fmt.Sprintf("put %s on the first line of the commit message", sample), cases), true
	case norm.LineLater:
		params := CommitParams{Check: CheckSubjectForbid, Pattern: pat, What: text}
		return s.rule(KindCommit, params, true,
			fmt.Sprintf("%s on the subject line", text),
			fmt.Sprintf("put %s on a later line of the message", text), []policy.Case{
				vio("on the subject line", "Fix crash on empty input "+sample),
				sat("on a later line", "Fix crash on empty input\n\n"+sample),
			}), true
	}
	return policy.Rule{}, false
}

// numberPlaceholderRE matches placeholders that stand for an issue or PR number.
var numberPlaceholderRE = lazyre.New(`(?i)<(?:issue|issue[ -]?(?:number|id|no)|number|pr[ -]?number|ticket|id)>`)

// canonicalTrailer writes a trailer key the way git documents it: "Co-authored-by".
func canonicalTrailer(k string) string {
	k = strings.ToLower(k)
	return strings.ToUpper(k[:1]) + k[1:]
}

// formPattern turns a trailer value's form ("<name> <email>") into an expression.
func formPattern(form string) string {
	var b strings.Builder
	for i := 0; i < len(form); {
		rest := form[i:]
		if strings.HasPrefix(rest, "<email>") || strings.HasPrefix(rest, "<e-mail>") {
			b.WriteString(`<[^<>\s@]+@[^<>\s]+>`)
			i += strings.IndexByte(rest, '>') + 1
			continue
		}
		if rest[0] == '<' {
			if j := strings.IndexByte(rest, '>'); j > 0 {
				b.WriteString(`[^<>]*\S`)
				i += j + 1
				continue
			}
		}
		b.WriteString(regexp.QuoteMeta(rest[:1]))
		i++
	}
	return b.String()
}
