package norm

import (
	"slices"
	"strings"
	"testing"
)

// An item that only names two commands around "instead of" says what its lead-in's
// "use" says; an item with words of its own is left as it stands.
func TestVerblessSubstitution(t *testing.T) {
	for _, c := range []struct {
		text, want string
	}{
		{"- `bun install` instead of `npm install`", "Use `bun install` instead of `npm install`."},
		{"`pnpm dlx tsc` rather than `npx tsc`.", "Use `pnpm dlx tsc` instead of `npx tsc`."},
		{"`yarn add <pkg>` instead of `npm install <pkg>` (same flags)", "Use `yarn add <pkg>` instead of `npm install <pkg>`."},
		{"`cargo nextest run` instead of `cargo test` is what CI runs", ""},
		{"We moved to `bun` instead of `npm` last year.", ""},
		{"Use `bun` instead of `npm`.", ""},
	} {
		got, ok := verblessSubstitution(c.text)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("%q: got %q, %v; want %q", c.text, got, ok, c.want)
		}
	}
}

// A condition that is only an event names its command; one that says more names none.
func TestEventCommand(t *testing.T) {
	for _, c := range []struct {
		cond string
		want []string
	}{
		{"creating commits", []string{"git", "commit"}},
		{"when you commit", []string{"git", "commit"}},
		{"each commit", []string{"git", "commit"}},
		{"you check in code", []string{"git", "commit"}},
		{"pushing", []string{"git", "push"}},
		{"committing to main", nil},
		{"commits that touch docs", nil},
		{"you are on a release branch", nil},
	} {
		if got := EventCommand(c.cond); !slices.Equal(got, c.want) {
			t.Errorf("%q: got %v, want %v", c.cond, got, c.want)
		}
	}
}

// "Run scripts through `uv run`; never bare `python` or `python3`": the bare word
// holds for both commands, and the runner the sentence names is the ban's way.
func TestBareListThroughRunner(t *testing.T) {
	ctx := Context{Command: func(s string) ([]string, bool) { return strings.Fields(s), true }}
	ns := Read("Run scripts through `uv run`; never bare `python` or `python3`.", ctx)
	var ban *Norm
	for i := range ns {
		if ns[i].Polarity == Forbid {
			ban = &ns[i]
		}
	}
	if ban == nil {
		t.Fatalf("no ban read: %v", ns)
	}
	if len(ban.Instead) != 1 || ban.Instead[0].Text != "uv run" {
		t.Errorf("instead = %v, want `uv run`", ban.Instead)
	}
	for _, o := range ban.Objects {
		if o.Alone {
			t.Errorf("%s read as the program with no arguments; bare means without the runner", o.Text)
		}
	}
}

// The forge's name before a practice names the same practice.
func TestWithoutForgeName(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"Never create GitHub Pull Requests.", "Never create Pull Requests."},
		{"Do not open GitLab issues for questions.", "Do not open issues for questions."},
		{"Read the GitHub Actions logs first.", ""},
	} {
		got, ok := withoutForgeName(c.text)
		if ok != (c.want != "") || ok && got != c.want {
			t.Errorf("%q: got %q, %v; want %q", c.text, got, ok, c.want)
		}
	}
}

// A statement of the project's tool that names the one it replaces reads as advice,
// with a statement's doubt; one that names nothing replaced reads as nothing more.
func TestToolStatement(t *testing.T) {
	ctx := Context{Command: func(s string) ([]string, bool) { return strings.Fields(s), true }}
	ns := toolStatement(nil, "`crlfmt` is the project's custom formatter (not `gofmt`); it wraps at 100 columns.", ctx)
	if len(ns) != 1 || ns[0].Polarity != Forbid || len(ns[0].Objects) != 1 || ns[0].Objects[0].Text != "gofmt" || !slices.Contains(ns[0].Uncertain, StatementAdvice) {
		t.Errorf("got %v, want a doubtful ban of gofmt", ns)
	}
	if ns := toolStatement(nil, "`crlfmt` is the project's custom formatter; it wraps at 100 columns.", ctx); len(ns) != 0 {
		t.Errorf("got %v, want nothing", ns)
	}
}

// "instead of `A`, `B` or `C`" replaces all three; "instead of `A`, and run `B`" only A.
func TestInsteadOfAList(t *testing.T) {
	ctx := Context{Command: func(s string) ([]string, bool) { return strings.Fields(s), true }}
	for _, c := range []struct {
		text   string
		banned []string
	}{
		{"Use `./dev` instead of `go build`, `go test` or `bazel`.", []string{"go build", "go test", "bazel"}},
		{"Use `pnpm` instead of `npm`, `yarn`, or `bun`.", []string{"npm", "yarn", "bun"}},
		{"Use `uv` instead of `pip`, and run `make test` before committing.", []string{"pip"}},
	} {
		var got []string
		for _, n := range Read(c.text, ctx) {
			if n.Polarity == Forbid {
				for _, o := range n.Objects {
					got = append(got, o.Text)
				}
			}
		}
		if !slices.Equal(got, c.banned) {
			t.Errorf("%q: banned %v, want %v", c.text, got, c.banned)
		}
	}
}

// "which should be preferred to direct `go (build|test)` or `bazel` invocations":
// each command the span spells, and each of the list.
func TestPreferredTo(t *testing.T) {
	got, ok := preferredTo("We use Bazel, but most operations go through the `./dev` tool, which should be preferred to direct `go (build|test)` or `bazel` invocations.")
	if want := "Prefer `./dev` over `go build`, `go test` or `bazel`."; !ok || got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if _, ok := preferredTo("The `./dev` tool is preferred by most of the team."); ok {
		t.Error("a preference of people read as a rule")
	}
}

// A condition that is what git merge and rebase do, and conditions that are not.
func TestUpdatesFromMain(t *testing.T) {
	for cond, want := range map[string]bool{
		"you need to incorporate the latest changes from the main branch": true,
		"updating your branch":                           false,
		"you update your branch":                         true,
		"you want to bring your PR up to date with main": true,
		"the release is tagged":                          false,
		"you change files under main/":                   false,
	} {
		if got := UpdatesFromMain(cond); got != want {
			t.Errorf("%q: %v, want %v", cond, got, want)
		}
	}
}
