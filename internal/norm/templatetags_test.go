package norm

import "testing"

// TestTemplateTagForm: Django's template policies (../shared/corpus/swe-cc, by id) and
// sentences of heed's own.
func TestTemplateTagForm(t *testing.T) {
	cases := []struct{ in, want string }{
		{"Use exactly one space inside {{ }} variable tags.", TagVarSpacing},                                                    // DJANGO-C028
		{"Use exactly one space inside {% %} tag delimiters.", TagBlockSpacing},                                                 // DJANGO-C030
		{"Name the block in {% endblock %} whenever it is on a different line from {% block %}.", TagNamedEnd},                  // DJANGO-C031
		{"Space tokens inside {{ }}/{% %} singly, but keep '.' (attribute access) and '|' (filter) unspaced.", TagTokenSpacing}, // DJANGO-C032
		{"Place {% extends %} as the first non-comment line in a template.", ""},                                                // DJANGO-C027: not read
		{"Use one space inside {{ }} tags when the variable is long.", ""},
		{"Keep template text short and friendly.", ""},
	}
	for _, c := range cases {
		if got := TemplateTagForm(c.in); got != c.want {
			t.Errorf("TemplateTagForm(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
