// Package processgen writes the instruction file of the live-path benchmarks
// (bench/process, bench/live): 100 process rules of the kinds the corpus has.
package processgen

import (
	"fmt"
	"strings"
)

// AgentsMD is an AGENTS.md with 100 process rules: forbidden commands, substitutions,
// named practices and ordering rules, over a dozen programs.
func AgentsMD() string {
	var b strings.Builder
	b.WriteString("# AGENTS.md\n\n## Commands\n\n")
	n := 0
	add := func(format string, args ...any) {
		fmt.Fprintf(&b, "- "+format+"\n", args...)
		n++
	}
	add("Never force push.")
	add("Never amend commits.")
	add("Do not run `git reset --hard`.")
	add("Do not run `git clean` with `-f`.")
	add("Don't create `v*` tags.")
	add("Use `pnpm`, not npm or yarn.")
	add("Always use `uv` instead of `pip`.")
	add("Never run `cargo publish`.")
	add("Run `make lint` before committing.")
	add("Run `make fmt` before pushing.")
	for i := 0; n < 100; i++ {
		switch i % 6 {
		case 0:
			add("NEVER use `npm run task-%d`.", i)
		case 1:
			add("Never run `git rebase-%d`.", i)
		case 2:
			add("Do not run `cargo xtask-%d`.", i)
		case 3:
			add("Never run `make deploy-%d`.", i)
		case 4:
			add("Do not use `docker push` with `--tag-%d`.", i)
		case 5:
			add("Never run `./scripts/release-%d.sh`.", i)
		}
	}
	return b.String()
}
