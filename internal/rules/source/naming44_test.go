package source

import (
	"regexp"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
)

// A sentence that only makes room for tests beside a convention does not bring test
// methods under it: the rule keeps skipping tests (own-sentences-400.txt, a39).
func TestBindsTestsOnlyWhereTheStyleIs(t *testing.T) {
	for text, want := range map[string]bool{
		"Method names are lowerCamelCase. Test methods may use underscores to separate the parts.": false,
		"Test methods use snake_case.":                   true,
		"Use snake_case for test functions and methods.": true,
		"Use snake_case for functions and methods.":      false,
	} {
		if got := bindsTests(text); got != want {
			t.Errorf("%q: bindsTests %v, want %v", text, got, want)
		}
	}
}

// A private field's name breaks `_camelCase` without its underscore, with a capital
// after it, or with a second underscore; camelCase fields break it with a capital
// first or an underscore inside.
func TestFieldNameViolations(t *testing.T) {
	under := regexp.MustCompile(nameViolation(styleUnderCamel, kindField, engine.LangCSharp))
	for name, bad := range map[string]bool{"_logger": false, "_userCount": false, "logger": true, "_Logger": true, "_user_count": true, "s_count": true} {
		if under.MatchString(name) != bad {
			t.Errorf("_camelCase: %s breaks it: %v, want %v", name, !bad, bad)
		}
	}
	camel := regexp.MustCompile(nameViolation(styleCamel, kindField, engine.LangJava))
	for name, bad := range map[string]bool{"count": false, "userCount": false, "Count": true, "user_count": true} {
		if camel.MatchString(name) != bad {
			t.Errorf("camelCase: %s breaks it: %v, want %v", name, !bad, bad)
		}
	}
	if nameViolation(stylePascal, kindField, engine.LangCSharp) != "" {
		t.Error("a style heed does not read for fields got a pattern")
	}
}
