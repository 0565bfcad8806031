package source

import (
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// TestMethodStylesLeaveTestMethods: a style of methods binds the code's methods, not
// the tests', whose names follow the test framework's convention (a C# project's
// "PascalCase: Classes, methods, properties" flagged every xUnit method named
// `Endpoint_WithoutAuth_Returns401`); a sentence about tests still binds them.
func TestMethodStylesLeaveTestMethods(t *testing.T) {
	cs := &recognize.RepoContext{Languages: []string{engine.LangCSharp}, Extensions: []string{".cs"}}
	java := &recognize.RepoContext{Languages: []string{engine.LangJava}, Extensions: []string{".java"}}
	cases := []struct {
		text    string
		rc      *recognize.RepoContext
		path    string
		code    string
		flagged bool
	}{
		{"PascalCase: Classes, methods, properties, public fields (`SampleService`, `CreateSample()`)", cs,
			"tests/Api.Tests/AuthTests.cs", "public class AuthTests\n{\n    [Fact]\n    public void Endpoint_WithoutAuth_Returns401() { }\n}\n", false},
		{"PascalCase: Classes, methods, properties, public fields (`SampleService`, `CreateSample()`)", cs,
			"src/Api/Orders.cs", "public class Orders\n{\n    public void create_order() { }\n}\n", true},
		{"Methods are verbs in lowerCamelCase.", java,
			"src/test/java/com/acme/OrdersTest.java", "class OrdersTest {\n    @Test\n    void should_reject_empty_order() {}\n}\n", false},
		{"Methods are verbs in lowerCamelCase.", java,
			"src/main/java/com/acme/Orders.java", "class Orders {\n    void Reject_Empty() {}\n}\n", true},
		// the sentence speaks of tests: it binds them
		{"Methods, test methods included, are lowerCamelCase.", java,
			"src/test/java/com/acme/OrdersTest.java", "class OrdersTest {\n    @Test\n    void should_reject_empty_order() {}\n}\n", true},
	}
	for _, c := range cases {
		res := namingRecognizer{}.Recognize(&policy.Constraint{Text: c.text, Level: policy.Should, File: "AGENTS.md"}, c.rc)
		var rules []*policy.Rule
		for i := range res.Rules {
			r := res.Rules[i]
			r.ID = "r"
			rules = append(rules, &r)
		}
		fs, _ := runFiles(t, rules, map[string]string{c.path: c.code})
		if got := len(fs) > 0; got != c.flagged {
			t.Errorf("%q on %s: flagged %v, want %v (%d rules)", c.text, c.path, got, c.flagged, len(rules))
		}
	}
}
