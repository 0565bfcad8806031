package source

import (
	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// templateTagRecognizer lowers norm.TemplateTagForm: the layout of `{{ }}` and `{% %}`
// tags in template files, as pattern rules over the lines of HTML templates. They
// warn: text in a template that only looks like a tag (a string of a tag, inline
// script) is read as one.
type templateTagRecognizer struct{}

func (templateTagRecognizer) Name() string { return "source.templatetags" }

// templateTagPattern: per form, the pattern of a violation, a violating and a
// following template, and the message.
func templateTagPattern(form string) [4]string {
	switch form {
	case norm.TagVarSpacing:
		return [4]string{`\{\{(?:[^\s{]|[ \t]{2,})|(?:[^\s}]|[ \t]{2,})\}\}`,
			"<p>{{user.name}}</p>\n", "<p>{{ user.name }}</p>\n", "a {{ }} tag without one space inside each delimiter"}
	case norm.TagBlockSpacing:
		return [4]string{`\{%(?:[^\s%]|[ \t]{2,})|(?:[^\s%]|[ \t]{2,})%\}`,
			"{%if user %}<p>hi</p>{% endif %}\n", "{% if user %}<p>hi</p>{% endif %}\n", "a {% %} tag without one space inside each delimiter"}
	case norm.TagTokenSpacing:
		return [4]string{`\{[{%][^}%\n]*?(?:\s\||\|\s|[\w)\]'"][ \t]+\.\w|\w\.[ \t]|\S[ \t]{2,}\S)[^}%\n]*?[}%]\}`,
			"<p>{{ user.name | upper }}</p>\n", "<p>{{ user.name|upper }}</p>\n", "a space around a filter's | or an attribute's ., or two between tokens, inside a tag"}
	case norm.TagNamedEnd:
		return [4]string{`^(?:[^{\n]|\{[^%\n])*\{%[ \t]*endblock[ \t]*%\}`,
			"{% block content %}\n<p>hi</p>\n{% endblock %}\n", "{% block content %}\n<p>hi</p>\n{% endblock content %}\n", "an {% endblock %} on its own line that does not name its block"}
	}
	return [4]string{}
}

func (templateTagRecognizer) Recognize(c *policy.Constraint, _ *recognize.RepoContext) recognize.Result {
	form := norm.TemplateTagForm(c.Text)
	if form == "" {
		return recognize.Result{}
	}
	p := templateTagPattern(form)
	sc := c.Scope
	sc.Globs = []string{"**/*.html", "**/templates/**"}
	path := "app/templates/page.html"
	if sc.Dir != "" {
		path = sc.Dir + "/" + path
	}
	r := policy.Rule{Domain: policy.DomainSource, Kind: KindPattern, Severity: policy.SeverityWarning, Scope: sc,
		Params:     marshal(PatternParams{Regex: p[0], Where: "any"}),
		Message:    p[3],
		Suggestion: "lay the tag out as the rule says",
		When:       &policy.Condition{What: "a line the change adds or modifies holds a template tag", Added: `\{[{%]`},
		Cases: []policy.Case{
			{Expect: policy.ExpectViolated, Path: path, Code: p[1], Note: "the tag against the rule"},
			{Expect: policy.ExpectSatisfied, Path: path, Code: p[2], Note: "the tag as the rule lays it out"},
		}}
	return recognize.Result{Rules: []policy.Rule{r}}
}
