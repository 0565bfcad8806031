package norm

import "strings"

// runnerForm: the command is a runner named with its running subcommand and nothing
// else (`uv run`, `poetry run`, `bundle exec`, `pnpm exec`), the way a sentence names
// the wrapper every tool must go through ("Run scripts through `uv run`; never bare
// `python`").
func runnerForm(argv []string) bool {
	if len(argv) != 2 {
		return false
	}
	switch argv[0] + " " + argv[1] {
	case "uv run", "poetry run", "pipenv run", "pdm run", "hatch run", "rye run", "pixi run",
		"bundle exec", "pnpm exec", "npm exec", "yarn exec", "bun run", "mise exec", "asdf exec", "devbox run", "nix develop":
		return true
	}
	return false
}

// coordinated: the tokens between two objects only join them into one list ("`a` or
// `b`", "`a`, `b` and `c`", "`a`, or `b`").
func coordinated(between []Token) bool {
	if len(between) == 0 || len(between) > 2 {
		return false
	}
	for _, t := range between {
		switch strings.ToLower(t.Text) {
		case "or", "and", "nor", ",", "/":
		default:
			return false
		}
	}
	return true
}
