package source

import (
	"regexp"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
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

// A C++ function with C linkage is named for the C code or the FFI that calls it: a
// camelCase rule leaves the functions of an `extern "C"` block alone (wild round 36,
// radio-robot's ctypes exports) and judges the others.
func TestCPPNamingLeavesCLinkageAlone(t *testing.T) {
	rc := &recognize.RepoContext{Languages: []string{engine.LangCPP}}
	res := namingRecognizer{}.Recognize(&policy.Constraint{ID: "a", Text: "Function names are lowerCamelCase.", Level: policy.Must, File: "AGENTS.md", Line: 1}, rc)
	var rules []*policy.Rule
	for i := range res.Rules {
		rules = append(rules, &res.Rules[i])
	}
	if len(rules) == 0 {
		t.Fatalf("no rule: %s", res.Unenforced)
	}
	src := "extern \"C\" {\nint sim_boot() { return 0; }\n}\nextern \"C\" int sim_step() { return 1; }\nint half_track() { return 2; }\nint halfTrack() { return 3; }\n"
	fs, _ := runFiles(t, rules, map[string]string{"src/sim.cpp": src})
	var lines []int
	for _, f := range fs {
		lines = append(lines, f.Line)
	}
	if len(lines) != 1 || lines[0] != 5 {
		t.Errorf("findings on lines %v, want line 5 (half_track) alone", lines)
	}
}
