package source

import (
	"regexp"
	"testing"
)

// TestMentionCondition: the lines that make a project's API convention apply to a
// change: the module itself, not a module of the same name inside the project's own
// package; a method called on any receiver.
func TestMentionCondition(t *testing.T) {
	cases := []struct {
		span, line string
		want       bool
	}{
		{"pytest", "import pytest", true},
		{"pytest", "    with pytest.raises(ValueError):", true},
		{"pytest", "from sympy.testing.pytest import raises", false},
		{".assertRaises()", "        self.assertRaises(ValueError, f)", true},
		{"SymPyDeprecationWarning()", "    raise SymPyDeprecationWarning('x')", true},
		{"SymPyDeprecationWarning()", "    raise SymPyDeprecationWarningX('x')", false},
		{"warnings.warn", "    warnings.warn('old')", true},
	}
	for _, c := range cases {
		m := mentionCondition(c.span)
		if m == nil {
			t.Fatalf("mentionCondition(%q) = nil", c.span)
		}
		if got := regexp.MustCompile(m.Added).MatchString(c.line); got != c.want {
			t.Errorf("mentionCondition(%q) on %q = %v, want %v", c.span, c.line, got, c.want)
		}
	}
	if w := withMention(nil, ""); w != nil {
		t.Errorf("a ban without a name got a condition: %+v", w)
	}
}
