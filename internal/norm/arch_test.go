package norm

import (
	"strings"
	"testing"
)

func TestBoundaryStatement(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"Allowed import direction: `api` -> `service` -> `repository`.", true},
		{"Dependencies flow one way: `app` → `lib` → `utils`.", true},
		{"Layers: `domain` ← `application` ← `infrastructure`", true},
		{"`render` depends only on `model`.", true},
		{"The `core` package imports only from `util`.", true},
		{"Request flow: `extension.ts` → `controller.ts` → `task.ts`.", false},
		{"Run `make` -> `make test` -> `make install`.", false},
		{"`render` depends on `model`.", false},
		{"Imports: `a` -> `b`.", false},
		{"Install dependencies: `npm ci` -> `npm run build` -> `npm test`.", false},
	} {
		if got := BoundaryStatement(c.text); got != c.want {
			t.Errorf("BoundaryStatement(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

func TestCoChanges(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"If you change `package.json`, commit the updated `package-lock.json` with it.", "package.json -> package-lock.json"},
		{"Changes to `proto/` must come with the regenerated code in `gen/`.", "proto/ -> gen/"},
		{"A change to `app/models/` needs a migration in `db/migrate/`.", "app/models/ -> db/migrate/"},
		{"Changes to `src/` should be small.", ""},
		{"If you change `make test`, update `make lint`.", ""},
	} {
		var got []string
		for _, cc := range CoChanges(c.text) {
			got = append(got, strings.Join(cc.If, ",")+" -> "+strings.Join(cc.Then, ","))
		}
		if strings.Join(got, "; ") != c.want {
			t.Errorf("CoChanges(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

func TestCommitsOn(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"Never commit directly on `main`; create a branch first.", "main"},
		{"Never commit to `main` or `master`.", "main master"},
		{"Do not commit directly to the main branch.", "main"},
		{"Always work on a feature branch, never on `main`.", "main"},
		{"Never push to `main`.", ""},
		{"Never force-push to `main`.", ""},
	} {
		var got []string
		for _, n := range Read(c.text, Context{}) {
			got = append(got, CommitsOn(&n)...)
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("CommitsOn(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

func TestWorkOnBranch(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"Create a new branch for your contribution.", ""},
		{"You can create a branch from `main` to try it.", ""},
		{"Fork the repo and create your branch from `main`.", "main"},
		{"Create & push a feature branch", ""},
		{"IMPORTANT: Making changes in `main` is discouraged.", "main"},
		{"It is a good practice to create branches instead of pushing to master.", "master"},
		{"Delete the branch after merging.", ""},
		{"Name your branch after the issue.", ""},
		{"Backport fixes to the release branch.", ""},
		{"The CI runs on every branch.", ""},
	} {
		if got := strings.Join(WorkOnBranch(c.text), " "); got != c.want {
			t.Errorf("WorkOnBranch(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

func TestFormatStatement(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"Commit messages follow `<type>(<scope>): <subject>`, with type one of `feat`, `fix`.", true},
		{"PR titles use Conventional Commits.", true},
		{"Commits follow the style of the project's history.", false},
		{"Commit messages are reviewed by a maintainer.", false},
		{"The CLI uses `<name>` as a placeholder.", false},
	} {
		if got := FormatStatement(c.text); got != c.want {
			t.Errorf("FormatStatement(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

func TestImportColumn(t *testing.T) {
	for _, c := range []struct {
		header string
		want   bool
	}{
		{"Layer | May import", true},
		{"Package | Allowed imports | Notes", true},
		{"Command | What it does", false},
		{"Don't | Do instead", false},
	} {
		if got := ImportColumn(c.header); got != c.want {
			t.Errorf("ImportColumn(%q) = %v, want %v", c.header, got, c.want)
		}
	}
}
