package norm

import (
	"regexp"
	"strings"
	"sync"
	"unicode"
)

// Message templates: a commit subject or pull-request title written as a form with
// placeholders ("`Fix #NNNN - description`", "`[<component>] summary`",
// "`PROJ-<number>: description`"). What is written literally must stand as written;
// a placeholder stands for any text of its kind (a number after '#' or when its name
// says so); the plain words that end a template describe the rest of the line.

// MessageTemplate reads span as a message template. It returns the regular expression
// its start must match (anchored at the start, without the anchor) and a sample
// message of that form, or ok false when span is no template: it has no placeholder,
// or nothing literal to hold a message to.
func MessageTemplate(span string) (pattern, sample string, ok bool) {
	span = strings.TrimSpace(span)
	if span == "" || strings.ContainsAny(span, "\n`") || len(span) > 80 {
		return "", "", false
	}
	var pat, smp strings.Builder
	placeholders, literal := 0, 0
	rest := span
	for rest != "" {
		if name, n := placeholderAt(rest); n > 0 {
			placeholders++
			numeric := numericPlaceholder(name) || strings.HasSuffix(smp.String(), "#")
			switch {
			case numeric:
				pat.WriteString(`[0-9]+`)
				smp.WriteString("1234")
			case strings.HasSuffix(smp.String(), "[") && strings.HasPrefix(rest[n:], "]"):
				pat.WriteString(`[^\]]+`)
				smp.WriteString("core")
			default:
				pat.WriteString(`\S+?`)
				smp.WriteString("core")
			}
			rest = rest[n:]
			continue
		}
		if t := strings.TrimSpace(rest); (t == "..." || t == "…") && placeholders+literal > 0 {
			// "Add <feature> ...": the rest of the line is free
			return finish(pat.String(), smp.String()+" cache", placeholders, span)
		}
		if tail, ok := describingTail(rest); ok && placeholders+literal > 0 {
			lead := rest[:len(rest)-len(tail)]
			pat.WriteString(regexp.QuoteMeta(lead) + `\S`)
			smp.WriteString(lead + "handle tabs in the parser")
			rest = ""
			break
		}
		r := []rune(rest)[0]
		w := string(r)
		if unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsPunct(r) || unicode.IsSymbol(r) {
			literal++
		}
		pat.WriteString(regexp.QuoteMeta(w))
		smp.WriteString(w)
		rest = rest[len(w):]
	}
	if literal == 0 {
		return "", "", false
	}
	p, sm, ok := finish(pat.String(), smp.String(), placeholders, span)
	if ok {
		if last := span[len(span)-1]; !strings.HasSuffix(p, `\S`) && !isWordByte(last) && last != '>' && last != '}' {
			// "[<component>]": the message goes on after the form
			p += `\s*\S`
			sm += " handle tabs in the parser"
		}
	}
	return p, sm, ok
}

// finish accepts a template with a placeholder and something held as written.
func finish(pat, sample string, placeholders int, span string) (string, string, bool) {
	if placeholders == 0 || !wordLiteral(span) && span[0] != '[' && span[0] != '(' {
		// ("<type>: <subject>" holds nothing as written but a colon)
		return "", "", false
	}
	return pat, sample, true
}

// placeholderAt: a placeholder at the start of s ("<component>", "{id}", "NNNN",
// "XXXX", "xxxx") and its length; its name is the text it stands for.
func placeholderAt(s string) (name string, n int) {
	switch s[0] {
	case '<', '{':
		closer := byte('>')
		if s[0] == '{' {
			closer = '}'
		}
		j := strings.IndexByte(s, closer)
		if j < 2 || strings.ContainsAny(s[1:j], "<{") {
			return "", 0
		}
		return strings.ToLower(s[1:j]), j + 1
	case 'X', 'N', 'x', 'n':
		k := 0
		for k < len(s) && s[k] == s[0] {
			k++
		}
		min := 2
		if s[0] == 'x' || s[0] == 'n' {
			min = 3
		}
		if k >= min && (k == len(s) || !isWordByte(s[k])) {
			return "number", k
		}
	}
	return "", 0
}

func isWordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '_'
}

// numericPlaceholder: the placeholder's name says it stands for a number.
func numericPlaceholder(name string) bool {
	for _, w := range strings.FieldsFunc(name, func(r rune) bool { return !unicode.IsLetter(r) }) {
		switch w {
		case "number", "num", "no", "n", "id", "issue", "pr", "ticket", "nnnn", "xxxx":
			return true
		}
	}
	return false
}

// describingTail: the rest of a template is plain words that describe the text of
// the message ("description", "short summary", "what changed"), after a separator.
func describingTail(s string) (string, bool) {
	t := strings.TrimLeft(s, " ")
	if t == "" {
		return "", false
	}
	words := strings.Fields(strings.Trim(t, ".…"))
	if len(words) == 0 || len(words) > 3 {
		return "", false
	}
	for _, w := range words {
		if !describingWord(strings.ToLower(strings.Trim(w, ".…"))) {
			return "", false
		}
	}
	return t, true
}

func describingWord(w string) bool {
	switch w {
	case "description", "desc", "summary", "title", "subject", "message", "short", "brief", "what", "changed", "change",
		"changes", "text", "details", "descriptive", "concise", "one-line", "summary...", "...":
		return true
	}
	return false
}

// wordLiteral: a letter or digit of span stands outside its placeholders.
func wordLiteral(span string) bool {
	rest := span
	for rest != "" {
		if _, n := placeholderAt(rest); n > 0 {
			rest = rest[n:]
			continue
		}
		if t, ok := describingTail(rest); ok && len(t) < len(span) {
			rest = rest[:len(rest)-len(t)]
			if rest == "" {
				break
			}
		}
		r := []rune(rest)[0]
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return true
		}
		rest = rest[len(string(r)):]
	}
	return false
}

// LiteralPrefix: a span that is a fixed prefix of a message, as a list of allowed
// prefixes gives it ("`🐛 bug:`", "`⚡ perf:`"): short, ending in a colon, with a
// symbol that is neither a letter nor a digit before its word (a plain "`fix:`" is a
// Conventional Commits type, read elsewhere).
func LiteralPrefix(span string) bool {
	span = strings.TrimSpace(span)
	if !strings.HasSuffix(span, ":") || len(strings.Fields(span)) > 3 || strings.ContainsAny(span, "<>{}`") {
		return false
	}
	r := []rune(span)[0]
	return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '[' && r != '(' && r != ':' &&
		strings.IndexFunc(span, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0
}

// prBodyTemplateRE: "Include `Closes #<issue>` in the PR description", "add
// `Fixes #<number>` to the pull request body", "reference the issue with `Refs #NNN`
// in your PR description".
var prBodyTemplateRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile("(?i)^(?:always |please )?(?:include|add|put|write|reference [\\w ]{0,20}?with|use)\\s+`([^`]+)`\\s+(?:somewhere )?(?:in|to|into|at the (?:top|end) of)\\s+(?:the |your |each |every )?(?:pr|pull[- ]request)(?: description| body| text)?\\b")
})

// PRBodyTemplate returns the template a sentence asks every pull-request description
// to hold ("Include `Closes #<issue>` in the PR description"), or ok false. A
// sentence under a condition ("if the PR fixes an issue, ...") asks it of some.
func PRBodyTemplate(text string) (span string, ok bool) {
	text = strings.TrimSpace(text)
	m := prBodyTemplateRE().FindStringSubmatch(text)
	if m == nil {
		return "", false
	}
	if _, _, ok := MessageTemplate(m[1]); !ok {
		return "", false
	}
	if bodyConditionRE().MatchString(text) {
		// "Write `Fixes #xxxx` in your PR text (if there is one)": of some PRs
		return "", false
	}
	return m[1], true
}

var bodyConditionRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(?:if|when|whenever|unless|where applicable|applicable)\b`)
})
