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
		// a custom kind of xUnit fact (EveTogether, wild round 28)
		{"PascalCase: Classes, methods, properties, public fields (`SampleService`, `CreateSample()`)", cs,
			"tests/Ui.Tests/OrderingTests.cs", "public class OrderingTests\n{\n    [AvaloniaFact]\n    public async Task NewCharacters_AppendInOrder() { }\n}\n", false},
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

// TestLowerPrefixes: a class name's leading underscore banned, and the prefix the
// functions of one folder carry; a prefix of every function of the repository, or of
// the functions a clause picks, gives no rule.
func TestLowerPrefixes(t *testing.T) {
	py := &recognize.RepoContext{Languages: []string{engine.LangPython}, Extensions: []string{".py"}, Dirs: []string{"app", "app/database", "app/routes"}}
	ts := &recognize.RepoContext{Languages: []string{engine.LangTypeScript}, Extensions: []string{".ts"}, Dirs: []string{"src", "src/db"}}
	goRC := &recognize.RepoContext{Languages: []string{engine.LangGo}, Extensions: []string{".go"}, Dirs: []string{"internal", "internal/db"}}
	cases := []struct {
		text    string
		rc      *recognize.RepoContext
		path    string
		code    string
		flagged bool
	}{
		// ALittleMoron/my-site backend/AGENTS.md:14's shape
		{"No Python class name may start with a leading underscore anywhere, including tests and scripts.", py, "app/models.py", "class _Helper:\n    pass\n", true},
		{"No Python class name may start with a leading underscore anywhere, including tests and scripts.", py, "app/models.py", "class Helper:\n    def _load(self):\n        pass\n", false},
		{"Class names must never start with an underscore.", ts, "src/a.ts", "export class _Cache {}\n", true},
		{"Class names must never start with an underscore.", ts, "src/a.ts", "export class Cache {}\n", false},
		// AOSSIE-Org/PictoPy backend/AGENTS.md:13's convention in a sentence
		{"Every function in `app/database/` is prefixed with `db_`.", py, "app/database/orders.py", "def get_orders():\n    return []\n", true},
		{"Every function in `app/database/` is prefixed with `db_`.", py, "app/database/orders.py", "def db_get_orders():\n    return []\n\ndef _connect():\n    pass\n\nclass Row:\n    def get(self):\n        pass\n", false},
		{"Every function in `app/database/` is prefixed with `db_`.", py, "app/routes/orders.py", "def get_orders():\n    return []\n", false},
		{"Every function in `src/db/` is prefixed with `db_`.", ts, "src/db/orders.ts", "export function getOrders() {\n  return 1;\n}\n", true},
		{"Every function in `internal/db/` is prefixed with `db_`.", goRC, "internal/db/orders.go", "package db\n\nfunc db_Orders() {}\n", false},
	}
	for _, c := range cases {
		res := namingRecognizer{}.Recognize(&policy.Constraint{Text: c.text, Level: policy.Must, File: "AGENTS.md"}, c.rc)
		var rules []*policy.Rule
		for i := range res.Rules {
			r := res.Rules[i]
			r.ID = "r"
			rules = append(rules, &r)
		}
		if len(rules) == 0 {
			t.Errorf("%q: no rule", c.text)
			continue
		}
		fs, _ := runFiles(t, rules, map[string]string{c.path: c.code})
		if got := len(fs) > 0; got != c.flagged {
			t.Errorf("%q on %s: flagged %v, want %v", c.text, c.path, got, c.flagged)
		}
	}
	for _, text := range []string{
		"Functions are prefixed with `db_`.",                        // no place: not every function
		"SQLite. Every function that touches it is prefixed `db_`.", // a clause picks them
		"Functions start with `get_` when they read.",
		"Private class names start with an underscore.",
	} {
		if res := (namingRecognizer{}).Recognize(&policy.Constraint{Text: text, Level: policy.Must, File: "AGENTS.md"}, py); len(res.Rules) > 0 {
			t.Errorf("%q: want no rule, got %d", text, len(res.Rules))
		}
	}
}

// TestNestedFilePlaces: a nested instruction file's "in `app/database/`" is the folder
// under its own (AOSSIE-Org/PictoPy keeps its backend rules in backend/AGENTS.md).
func TestNestedFilePlaces(t *testing.T) {
	rc := &recognize.RepoContext{Languages: []string{engine.LangPython}, Extensions: []string{".py"}, Dirs: []string{"backend", "backend/app", "backend/app/database"}}
	c := &policy.Constraint{Text: "Every function in `app/database/` is prefixed with `db_`.", Level: policy.Must, File: "backend/AGENTS.md"}
	c.Scope.Dir = "backend"
	res := namingRecognizer{}.Recognize(c, rc)
	if len(res.Rules) != 1 {
		t.Fatalf("%d rules, want 1", len(res.Rules))
	}
	r := res.Rules[0]
	r.ID = "r"
	fs, _ := runFiles(t, []*policy.Rule{&r}, map[string]string{
		"backend/app/database/orders.py": "def get_orders():\n    return []\n",
		"backend/app/routes/orders.py":   "def get_orders():\n    return []\n",
	})
	if len(fs) != 1 || fs[0].Path != "backend/app/database/orders.py" {
		t.Errorf("findings %v, want one in backend/app/database/orders.py", located(fs))
	}
}
