package compile_test

import (
	"testing"

	"github.com/heed-dev/heed/internal/rules"
)

// Orders keep the parts of their sentences that limit when they hold (found on
// unseen repositories' files, session 24; the sentences here are heed's own): a
// condition set by an earlier sentence of the paragraph, an alternative named in
// words, a hook installation that an earlier session may have done, a heading that
// names the event, "the code" rather than any file.
func TestOrdersKeepWhatLimitsThem(t *testing.T) {
	reg := rules.Registry()
	for _, c := range []struct {
		name, doc, line, history, want string
	}{
		{"paragraph condition", "## Before opening a PR\n\n1. `make fmt`\n2. If you changed a public option, update the\n   docs. Run `make config-docs` and commit\n   the result.\n",
			"gh pr create --fill", "make fmt", "allowed"},
		{"paragraph condition, the item before still holds", "## Before opening a PR\n\n1. `make fmt`\n2. If you changed a public option, update the\n   docs. Run `make config-docs` and commit\n   the result.\n",
			"gh pr create --fill", "", "blocked"},
		{"alternative in words", "- Verify changes build: run `swift build` or the relevant release lane before considering work done.\n",
			"git commit -m x", "edit Sources/App.swift;;fastlane build", "allowed"},
		{"hooks installed earlier", "Before making any commit, ensure the hooks are installed by running `pnpm install`.\n",
			"git commit -m x", "", "warned"},
		{"heading names the event", "## Before opening a PR\n\n- If you added a `.rs` file, run `hawkeye format`.\n",
			"git commit -m x", "edit src/lib.rs", "allowed"},
		{"heading names the event, at the event", "## Before opening a PR\n\n- If you added a `.rs` file, run `hawkeye format`.\n",
			"gh pr create --fill", "edit src/lib.rs", "warned"},
		{"one of a block", "Before committing, install the hooks by running one of:\n\n```bash\npnpm install\npnpm exec husky\n```\n",
			"git commit -m x", "pnpm exec husky", "allowed"},
		{"a branch named in a code span is no command", "- Branch off `develop`, and set `develop` as the base when you open your pull request.\n",
			"gh pr create --base develop --fill", "edit src/main.rs", "allowed"},
		{"a placeholder path is a form to fill in", "To try your build in another project, run `node /path/to/tool/bin/cli.js` inside that project's directory.\n",
			"node scripts/build.js", "", "allowed"},
		{"a setting kept across sessions", "Set your git identity before your first commit:\n\n```\ngit config --global user.name \"Ada Example\"\n```\n",
			"git commit -m x", "edit src/main.go", "allowed"},
		{"focused tests are some tests", "- Do not use focused tests (`fit`, `fdescribe`).\n",
			"bundle exec rspec spec/models/user_spec.rb", "", "allowed"},
		{"a formatter such as one: no rival banned", "- Always format with a formatter such as `black` before pushing.\n",
			"ruff format .", "", "allowed"},
		{"an example of the linters only warns", "- Run the linters before committing (e.g. `npm run lint`).\n",
			"git commit -m x", "", "warned"},
		{"language of the changed files", "- Always run RuboCop on modified Ruby files before committing: `bundle exec rubocop`\n",
			"git commit -m x", "edit docs/guide.md", "allowed"},
		{"language of the changed files, changed", "- Always run RuboCop on modified Ruby files before committing: `bundle exec rubocop`\n",
			"git commit -m x", "edit app/models/user.rb", "blocked"},
	} {
		rs := compileDoc(c.doc)
		if got := lineVerdict(t, reg, rs, c.line, c.history); got != c.want {
			var norms []string
			for _, r := range rs {
				norms = append(norms, r.Norm+" ["+r.Severity+"]")
			}
			t.Errorf("%s: `%s` after %q: %s, want %s\n  rules: %q", c.name, c.line, c.history, got, c.want, norms)
		}
	}
}
