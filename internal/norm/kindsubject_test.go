package norm

import (
	"slices"
	"strings"
	"testing"
)

func TestKindSubject(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string
	}{
		{"Controllers must not call `DB::table()` directly; go through a service.", []string{"controllers"}},
		{"React components should never call `fetch` directly.", []string{"components", "react"}},
		{"Reducers must not call `Date.now()`.", []string{"reducers"}},
		{"HTTP handlers must never `panic`; return an error.", []string{"handlers", "http"}},
		{"Domain entities must not import `sqlalchemy`.", []string{"entities", "domain"}},
		{"Background jobs must not call `sleep`.", []string{"jobs", "background"}},
		{"Repository classes must not throw `RuntimeException`.", []string{"repository"}},
		{"Middleware should never call `res.send()`.", []string{"middleware"}},
		{"**Composables:** never call `localStorage` directly.", []string{"composables"}},
		{"Handlers do not call `panic`.", []string{"handlers"}},
		// the reader, people, constructs and the code as a whole are no kind of code
		{"Tests must not call `time.Sleep`.", nil},
		{"You must not call `panic`.", nil},
		{"Contributors should never use `any`.", nil},
		{"Public functions must have docstrings.", nil},
		{"New code must not use `var`.", nil},
		{"Service code never calls `print()`; use the `logging` module.", nil},
		{"Never use `print()`.", nil},
		{"Use `logger` instead of `print()`.", nil},
		{"Controllers are in `app/Http/Controllers`.", nil},
		{"Jobs can be slow.", nil},
		{"`app/core.py` must not call `print()`.", nil},
	} {
		if got := KindSubject(c.text); !slices.Equal(got, c.want) {
			t.Errorf("KindSubject(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

func TestSpanSubject(t *testing.T) {
	for text, want := range map[string]string{
		"`app/core.py` must not call `print()`; only the CLI prints.": "app/core.py",
		"- `internal/domain` should never import `net/http`.":         "internal/domain",
		"`print()` is fine in scripts.":                               "",
		"`eval` must never be used.":                                  "eval",
		"Never use `eval`.":                                           "",
	} {
		if got := SpanSubject(text); got != want {
			t.Errorf("SpanSubject(%q) = %q, want %q", text, got, want)
		}
	}
}

func TestKindHeading(t *testing.T) {
	for h, want := range map[string][]string{
		"Controllers":           {"controllers"},
		"Background jobs":       {"jobs", "background"},
		"Middleware":            {"middleware"},
		"Error handling":        nil,
		"Security":              nil,
		"Tests":                 nil,
		"TypeScript":            nil,
		"Hot paths":             nil,
		"Critical Patterns":     nil,
		"Code Quality Rules":    nil,
		"Commands":              nil,
		"Prisma Query Patterns": nil,
	} {
		if got := KindHeading(h); !slices.Equal(got, want) {
			t.Errorf("KindHeading(%q) = %q, want %q", h, got, want)
		}
	}
	for h, want := range map[string]string{
		"The `worker` package":           "worker",
		"`billing` module":               "billing",
		"Using `sqlx`":                   "",
		"The `worker` package and `api`": "",
	} {
		if got := HeadingSpanPlace(h); got != want {
			t.Errorf("HeadingSpanPlace(%q) = %q, want %q", h, got, want)
		}
	}
}

func TestDefinitionSubjects(t *testing.T) {
	for text, want := range map[string]string{
		"`RunWorkflow` and `AgentRunnerExecutor` must not access `app.state` or `request.app.state`.": "RunWorkflow AgentRunnerExecutor",
		"`OrderService` should never call `db.query` directly.":                                       "OrderService",
		"`eval` must never be called.":                                                                "",
		"`print` must not be used in `lib/`.":                                                         "",
		"`app/core.py` must not call `print()`.":                                                      "",
		"`OrderService` must call `audit()` on every write.":                                          "",
		"`UserRepository`, `OrderRepository` must not import `requests`.":                             "UserRepository OrderRepository",
		"`Config` is loaded once; never read `os.environ` elsewhere.":                                 "",
		"`handle_request` cannot touch `settings.DEBUG`.":                                             "handle_request",
	} {
		if got := strings.Join(DefinitionSubjects(text), " "); got != want {
			t.Errorf("DefinitionSubjects(%q) = %q, want %q", text, got, want)
		}
	}
}

func TestDefinitionPlaces(t *testing.T) {
	for text, want := range map[string]string{
		"Rule 3 — No `app.state` access from RunWorkflow or AgentRunnerExecutor.": "RunWorkflow AgentRunnerExecutor",
		"No `fetch` calls in `UserCard`; go through the store.":                   "UserCard",
		"Use `app.state` access from RunWorkflow.":                                "",
		"No `any` usage in TypeScript.":                                           "",
		"`OrderService` should never call `db.query` directly.":                   "OrderService",
	} {
		if got := strings.Join(DefinitionPlaces(text), " "); got != want {
			t.Errorf("DefinitionPlaces(%q) = %q, want %q", text, got, want)
		}
	}
}
