package process

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/shell"
)

func TestPatternMatchingIsArgvAware(t *testing.T) {
	forcePushFlags := []string{"-f", "--force", "--force-with-lease", "--force-if-includes"}
	forcePush := Pattern{Program: []string{"git"}, Args: []string{"push"}, Flags: [][]string{forcePushFlags}}
	hard := Pattern{Program: []string{"git"}, Args: []string{"reset"}, Flags: [][]string{{"--hard"}}}
	clean := Pattern{Program: []string{"git"}, Args: []string{"clean"}, Flags: [][]string{{"-f", "--force"}}}
	compile := Pattern{Program: []string{"npm"}, Args: []string{"run", "compile"}}
	build := Pattern{Program: []string{"pnpm"}, Args: []string{"run", "build"}}
	race := Pattern{Program: []string{"go"}, Args: []string{"test"}, Flags: [][]string{{"-race"}}}
	bin := Pattern{Program: []string{"**/node_modules/.bin/*"}}
	for _, c := range []struct {
		p    Pattern
		line string
		want match
	}{
		{forcePush, "git push --force", matches},
		{forcePush, "git push origin main --force", matches},
		{forcePush, "git push -uf origin x", matches},
		{forcePush, "git push --force-with-lease=main:abc", matches},
		{forcePush, "git -C repo -c core.x=y push -f", matches},
		{forcePush, "git push origin feature", noMatch},
		{forcePush, "git push -- --force", noMatch}, // after --, a refspec named --force
		{forcePush, "git commit -m --force", noMatch},
		{forcePush, "git push --forc", matches},   // git accepts unambiguous prefixes
		{forcePush, "git push $FLAGS", mayMatch},  // a computed word could be --force
		{forcePush, "git $SUB --force", mayMatch}, // the subcommand is computed
		{forcePush, "git status $X", noMatch},     // not push, whatever $X is
		{hard, "git reset --hard HEAD~2", matches},
		{hard, "git reset --soft HEAD~1", noMatch},
		{hard, "git reset --mixed", noMatch},
		{clean, "git clean -fdx", matches},
		{clean, "git clean -xdf", matches},
		{clean, "git clean -n", noMatch},
		{clean, "git clean -e -f", noMatch}, // -e takes a value: -f is the pattern excluded
		{compile, "npm run compile", matches},
		{compile, "npm run-script compile", matches},
		{compile, "npm run compile-check-ts-native", noMatch},
		{compile, "npm test", noMatch},
		{compile, "npm -w build run compile", matches},
		{build, "pnpm build", matches}, // pnpm runs scripts without "run"
		{build, "pnpm --filter web build", matches},
		{build, "pnpm install", noMatch},
		{race, "go test -race ./...", matches},
		{race, "go test --race ./...", matches},
		{race, "go test -run Race ./...", noMatch},
		{race, "go test -racy", noMatch},
		{bin, "./node_modules/.bin/tsc", matches},
		{bin, "/repo/web/node_modules/.bin/eslint .", matches},
		{bin, "tsc", noMatch},
	} {
		cmds := shell.Parse(c.line, shell.Options{})
		got := noMatch
		for _, cmd := range cmds {
			if r := c.p.match(parseArgv(cmd.Argv, cmd.DynamicArgs)); r.m > got {
				got = r.m
			}
		}
		if got != c.want {
			t.Errorf("%s ~ %s: %d, want %d", c.p.String(), c.line, got, c.want)
		}
	}
}

func TestParamsAreValidated(t *testing.T) {
	for _, c := range []struct {
		kind, params, want string
	}{
		{KindCommand, `{}`, "params.forbid"},
		{KindCommand, `{"forbid":[{"program":[]}]}`, "params.forbid[0].program"},
		{KindCommand, `{"forbid":[{"program":["git"],"flags":[[]]}]}`, "params.forbid[0].flags[0]"},
		{KindCommand, `{"forbid":[{"program":["git"],"flags":[["force"]]}]}`, "params.forbid[0].flags[0][0]"},
		{KindCommand, `{"forbid":[{"program":["git"]}],"allow":[{"program":["git"],"args":["[x"]}]}`, "params.allow[0].args[0]"},
		{KindCommand, `{"forbid":[{"program":["git"]}],"nope":1}`, "nope"},
		{KindSequence, `{"then":[{"program":["git"]}]}`, "params.first"},
		{KindSequence, `{"first":[{"program":["make"]}]}`, "params.then"},
	} {
		reg := engine.NewRegistry(Kinds()...)
		_, err := reg.CompileRule(&policy.Rule{ID: "R", Kind: c.kind, Params: json.RawMessage(c.params)})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %s: error %v, want one naming %s", c.kind, c.params, err, c.want)
		}
	}
}
