package norm

import (
	"strings"
	"testing"
)

// Orders of issue 18 read from the shapes whole files use (own phrasings, in the
// shapes of mongodb/mongo-go-driver AGENTS.md:65 and moonrepo/moon AGENTS.md:38, :99).
func TestOrderQuestionsRoleListsAndNamedFiles(t *testing.T) {
	for _, c := range []struct{ text, want, not string }{
		// a condition asked as a question holds the order to its folders, and warns
		{"Changed the public API (`api/`, `sdk/`)? Run `make api-diff` and paste the output in the PR.", "require: make api-diff | before: event:pr | after: api/, sdk/ | uncertain: the condition is asked as a question", ""},
		{"Did you add a migration under `db/migrate/`? Run `make migrate` before committing.", "after: db/migrate/", ""},
		// a question heed cannot tie to files is a condition it cannot see
		{"Changed the schema? Run `pnpm codegen`.", "if: you changed the schema", ""},
		// no question, no condition
		{"Why pnpm? It is faster. Run `pnpm install`.", "", "if:"},
		// a question naming a thing is a condition heed cannot see: the order holds
		// under it, never on every commit
		{"Breaking change? Run `make api-docs` before committing.", "uncertain: the condition is asked as a question", ""},
		// role verbs in a list name the roles, and the reading warns
		{"Always run format, lint, and test before finishing a change.", "require: role:format, role:lint, role:test | before: event:finish | uncertain: the roles are named by their verbs", ""},
		{"Make sure the build passes locally (format, lint, test for both Rust and JS) before opening a PR.", "role:format, role:lint, role:test | before: event:pr", "role:build"},
		// one verb alone stays a verb
		{"Always test your changes before pushing.", "", "role:format"},
		// a build file without an extension is a file whose change the order follows
		{"Rebuild the image (`docker compose build`) after changing the `Dockerfile` or `requirements.txt`.", "after: Dockerfile, requirements.txt", ""},
		// the end of the work named by marking a task complete
		{"Run `pnpm tsc --noEmit` before you mark a task complete.", "before: event:finish", ""},
	} {
		var got []string
		for _, n := range Read(c.text, Context{}) {
			got = append(got, n.String())
		}
		all := strings.Join(got, "\n")
		if c.want != "" && !strings.Contains(all, c.want) || c.not != "" && strings.Contains(all, c.not) {
			t.Errorf("%q:\n got  %s\n want %q, not %q", c.text, all, c.want, c.not)
		}
	}
	for _, s := range []string{"Dockerfile", "Dockerfile.dev", "Makefile", "Gemfile"} {
		if !pathLike(s) {
			t.Errorf("pathLike(%q) = false", s)
		}
	}
	for _, s := range []string{"make", "docker", "Dockerfiles are big"} {
		if pathLike(s) {
			t.Errorf("pathLike(%q) = true", s)
		}
	}
}

// A section's heading that names one folder gives the folder an order in it is about.
func TestHeadingFolder(t *testing.T) {
	for _, c := range []struct {
		heading []string
		want    string
	}{
		{[]string{"Development", "Frontend (`web/`)"}, "web"},
		{[]string{"`packages/cli`"}, "packages/cli"},
		{[]string{"Frontend (`web/`) and API (`api/`)"}, ""},
		{[]string{"Running `pnpm test`"}, ""},
		{[]string{"Editing `schema.graphql`"}, ""},
		{[]string{"Frontend"}, ""},
		{nil, ""},
	} {
		if got := HeadingFolder(c.heading); got != c.want {
			t.Errorf("HeadingFolder(%q) = %q, want %q", c.heading, got, c.want)
		}
	}
}
