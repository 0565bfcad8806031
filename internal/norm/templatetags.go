package norm

import "github.com/heed-dev/heed/internal/lazyre"

// The layout of template tags, Django's and Jinja's `{{ }}` and `{% %}`, as style
// guides state it: "Use exactly one space inside {{ }} variable tags", "Use exactly
// one space inside {% %} tag delimiters", "Space tokens inside {{ }}/{% %} singly, but
// keep '.' (attribute access) and '|' (filter) unspaced", "Name the block in {%
// endblock %} whenever it is on a different line from {% block %}".

// The forms TemplateTagForm names.
const (
	TagVarSpacing   = "var-spacing"    // one space inside {{ }}
	TagBlockSpacing = "tag-spacing"    // one space inside {% %}
	TagTokenSpacing = "token-spacing"  // no space around | and ., single spaces between tokens
	TagNamedEnd     = "named-endblock" // an endblock on its own line names its block
)

var (
	tagVarRE     = lazyre.New(`\{\{\s*\}\}`)
	tagBlockRE   = lazyre.New(`\{%\s*%\}`)
	tagOneRE     = lazyre.New(`(?i)\b(?:exactly one|one|a single|single)\s+space\b`)
	tagUnspaceRE = lazyre.New("(?i)\\bunspaced\\b|\\b(?:no|not put|without|never put)\\s+(?:any\\s+)?spaces?\\s+(?:around|before|after|between)\\b")
	tagBarRE     = lazyre.New("(?i)`\\|`|'\\|'|\"\\|\"|\\bfilters?\\b")
	tagEndRE     = lazyre.New(`(?i)\{%\s*endblock\s*%\}`)
	tagNameRE    = lazyre.New(`(?i)\bname\b[^.]*\bblock\b|\bnamed?\s+(?:closing\s+)?(?:block|endblock)\b`)
	tagNegRE     = lazyre.New(`(?i)\b(?:if|when|unless|whenever)\b`)
)

// TemplateTagForm names the layout of template tags a sentence asks for, or "".
func TemplateTagForm(text string) string {
	switch {
	case tagEndRE.MatchString(text) && tagNameRE.MatchString(text):
		// "whenever it is on a different line": the condition is the rule's own,
		// visible on the line
		return TagNamedEnd
	case (tagVarRE.MatchString(text) || tagBlockRE.MatchString(text) || tagBarRE.MatchString(text)) && tagUnspaceRE.MatchString(text) && tagBarRE.MatchString(text):
		return TagTokenSpacing
	case tagNegRE.MatchString(text):
		return "" // a spacing under a condition heed cannot see
	case tagVarRE.MatchString(text) && tagOneRE.MatchString(text) && !tagBlockRE.MatchString(text):
		return TagVarSpacing
	case tagBlockRE.MatchString(text) && tagOneRE.MatchString(text) && !tagVarRE.MatchString(text):
		return TagBlockSpacing
	}
	return ""
}
