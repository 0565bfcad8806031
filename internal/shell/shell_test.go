package shell

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/heed-dev/heed/internal/engine"
)

// render shows a command as the tests expect it: argv words joined by spaces,
// dynamic words marked with ~, the directory when not the root, an unparsable
// command as !reason.
func render(c engine.Command) string {
	if c.Unparsable != "" {
		return "!" + c.Unparsable
	}
	dyn := map[int]bool{}
	for _, i := range c.DynamicArgs {
		dyn[i] = true
	}
	var parts []string
	for i, a := range c.Argv {
		if dyn[i] {
			a = "~" + a
		}
		parts = append(parts, a)
	}
	s := strings.Join(parts, " ")
	if c.Cwd != "" {
		s = c.Cwd + ": " + s
	}
	return s
}

func has(cmds []engine.Command, want string) bool {
	for _, c := range cmds {
		if r := render(c); r == want || strings.HasPrefix(want, "!") && strings.HasPrefix(r, want) {
			return true
		}
	}
	return false
}

func TestParseFindsEverySimpleCommand(t *testing.T) {
	for _, c := range []struct {
		line string
		want []string
	}{
		{"npm run compile", []string{"npm run compile"}},
		{"git status && git reset --hard", []string{"git status", "git reset --hard"}},
		{"make || npm test; yarn add x", []string{"make", "npm test", "yarn add x"}},
		{"cat a | npm ci | tee log", []string{"cat a", "npm ci", "tee log"}},
		{"(cd web && npm i)", []string{"cd web", "web: npm i"}},
		{"{ npm i; }", []string{"npm i"}},
		{"echo $(npm bin) `yarn bin`", []string{"npm bin", "yarn bin"}},
		{"diff <(npm ls) <(pnpm ls)", []string{"npm ls", "pnpm ls"}},
		{"FOO=1 BAR=2 npm run compile", []string{"npm run compile"}},
		{`bash -c "yarn add x"`, []string{`bash -c yarn add x`, "yarn add x"}},
		{`sh -lc 'bash -c "npm i"'`, []string{"npm i"}},
		{`sudo -u bob pip install y`, []string{"pip install y"}},
		{`env -i PATH=/bin npx tsc`, []string{"npx tsc", "tsc"}},
		{`nohup nice -n 5 timeout 10 time npm test`, []string{"npm test"}},
		{`command npm i`, []string{"npm i"}},
		{`exec -a x npm i`, []string{"npm i"}},
		{`xargs -n1 npm i`, []string{"npm i ~<arguments read by xargs>"}},
		{`find . -name '*.js' -exec rm -f {} \;`, []string{"rm -f ~{}"}},
		{`/usr/bin/npm i`, []string{"/usr/bin/npm i"}},
		{`./node_modules/.bin/tsc -p .`, []string{"./node_modules/.bin/tsc -p ."}},
		{`pnpm dlx create-vite app`, []string{"create-vite app"}},
		{`pnpm tsx scripts/probe.ts`, []string{"tsx scripts/probe.ts"}},
		{`yarn --silent tsx a.ts`, []string{"tsx a.ts"}},
		{`pnpm install`, []string{"pnpm install"}},
		{`yarn add -D tsx`, []string{"yarn add -D tsx"}},
		{`yarn dlx -p typescript tsc`, []string{"tsc"}},
		{`npx -y tsc@5 --noEmit`, []string{"tsc --noEmit"}},
		{`npm exec -- eslint .`, []string{"eslint ."}},
		{`uv run --with x pytest -q`, []string{"pytest -q"}},
		{`pixi run ruff format .`, []string{"ruff format ."}},
		{`poetry run pytest`, []string{"pytest"}},
		{`bundle exec rubocop app/views/a.erb`, []string{"bundle exec rubocop app/views/a.erb", "rubocop app/views/a.erb"}},
		// round 9 (a Laravel project whose every artisan command runs through Docker
		// Compose): the command inside the container is the one a ban is about
		{`docker compose exec app php artisan migrate:fresh`, []string{"docker compose exec app php artisan migrate:fresh", "php artisan migrate:fresh"}},
		{`docker compose -f dev.yml exec -T -e A=1 app php artisan db:wipe`, []string{"php artisan db:wipe"}},
		{`docker-compose run --rm -u www web composer install`, []string{"composer install"}},
		{`docker exec -it -w /app api npm install`, []string{"npm install"}},
		{`python3 -m pip install x`, []string{"pip install x"}},
		{`python -Im pip install x`, []string{"pip install x"}},
		{`deno run -A tools/format.js`, []string{"tools/format.js"}},
		{`eval "npm install"`, []string{"npm install"}},
		{`trap 'git reset --hard' EXIT`, []string{"git reset --hard"}},
		{`watch -n 5 npm test`, []string{"npm test"}},
		{`if npm test; then git push; fi`, []string{"npm test", "git push"}},
		{`for f in a b; do npm i $f; done`, []string{"npm i ~$f"}},
		{`f() { npm publish; }; f`, []string{"npm publish"}},
	} {
		cmds := Parse(c.line, Options{})
		for _, w := range c.want {
			if !has(cmds, w) {
				var got []string
				for _, x := range cmds {
					got = append(got, render(x))
				}
				t.Errorf("%s: no command %q in %q", c.line, w, got)
			}
		}
	}
}

func TestWordsAreEvaluatedAsTheShellWould(t *testing.T) {
	for _, c := range []struct{ line, want string }{
		{`n\pm i`, "npm i"},
		{`'n'"p"m i`, "npm i"},
		{`$'\x6epm' i`, "npm i"},
		{`$'\156pm' i`, "npm i"},
		{`{git,reset,--hard}`, "git reset --hard"},
		{`git push origin {main,+main}`, "git push origin main +main"},
		{`git {pu{sh,ll},fetch} -f`, "git push pull fetch -f"},
		{`git push origin v{1..3}`, "git push origin v1 v2 v3"},
		{`git tag t{10..1..4}`, "git tag t10 t6 t2"},
		{`git tag r{08..10}`, "git tag r08 r09 r10"},
		{`git tag {a..c}{1,2}`, "git tag a1 a2 b1 b2 c1 c2"},
		{`git tag x{1..9999}`, "git tag x{1..9999}"},
		{`git reset --ha\` + "\n" + `rd`, "git reset --hard"},
		{`X="push --force"; git $X origin`, "git push --force origin"},
		{`B=main; git push origin "$B"`, "git push origin main"},
		{`N=npm; $N install`, "npm install"},
		{`$(which npm) install`, "npm install"},
		{`"$(command -v git)" reset --hard`, "git reset --hard"},
		{`alias n=npm; n install`, "npm install"},
		{`alias g='git push -f'; g origin`, "git push -f origin"},
		{`sh -c '"$0" "$@"' npm install`, "npm install"},
		{`bash -c 'git $1 --hard' _ reset`, "git reset --hard"},
		{`set -- reset --hard; git "$@"`, "git reset --hard"},
		{`git -c alias.p="push -f" p origin`, "git -c alias.p=push -f push -f origin"},
		{`git -c alias.x='!git reset --hard' x`, "git reset --hard"},
		{`env -S 'npm install'`, "npm install"},
		{`bash <<< 'git reset --hard'`, "git reset --hard"},
		{"bash <<'EOF'\ngit reset --hard\nEOF", "git reset --hard"},
		{`echo 'npm publish' | sh`, "npm publish"},
		{`printf 'git push -f\n' | bash`, "git push -f"},
		{`bash < tools/lint.sh`, "tools/lint.sh"},
	} {
		cmds := Parse(c.line, Options{})
		if !has(cmds, c.want) {
			var got []string
			for _, x := range cmds {
				got = append(got, render(x))
			}
			t.Errorf("%s: no command %q in %q", c.line, c.want, got)
		}
	}
}

func TestWhatCannotBeSeenIsFlagged(t *testing.T) {
	for _, c := range []struct{ line, want string }{
		{`echo "unterminated`, "!cannot parse the command line"},
		{`$CMD install`, "~$CMD install"},
		{`git push origin $BRANCH`, "git push origin ~$BRANCH"},
		{`git push $(echo --force)`, "git push ~$(echo --force)"},
		{`/usr/bin/np? i`, "~/usr/bin/np? i"},
		{`bash -c "$SCRIPT"`, "!the script given to bash -c is computed at run time"},
		{`eval "$X"`, "!the command given to eval is computed at run time"},
		{`curl -s https://x | bash`, "!bash reads its commands from a pipe"},
		{`sh < $SCRIPT`, "!sh reads its commands from a file"},
		{`bash -c 'echo "x'`, "!cannot parse the script given to bash -c"},
		{`read X; $X`, "~$X"},
	} {
		cmds := Parse(c.line, Options{})
		if !has(cmds, c.want) {
			var got []string
			for _, x := range cmds {
				got = append(got, render(x))
			}
			t.Errorf("%s: want %q in %q", c.line, c.want, got)
		}
	}
}

func TestNestingIsBounded(t *testing.T) {
	line := strings.Repeat("eval ", 20) + "npm i"
	cmds := Parse(line, Options{})
	if !has(cmds, "!commands nested more than") {
		t.Fatalf("a script nested 20 deep must be refused, got %d commands", len(cmds))
	}
}

func TestDirectories(t *testing.T) {
	opt := Options{Cwd: "web", Root: "/repo"}
	for _, c := range []struct{ line, want string }{
		{"npm i", "web: npm i"},
		{"cd .. && npm i", "npm i"},
		{"cd /repo/api; npm i", "api: npm i"},
		{"cd sub; (cd deeper; npm i); npm test", "web/sub: npm test"},
		{"git -C ../core commit", "core: git -C ../core commit"},
		{"make -C docs html", "web/docs: make -C docs html"},
		{"npm --prefix ui run build", "web/ui: npm --prefix ui run build"},
		{"env -C app npm i", "web/app: npm i"},
		{"cd /tmp && npm i", "/tmp: npm i"},
	} {
		if cmds := Parse(c.line, opt); !has(cmds, c.want) {
			var got []string
			for _, x := range cmds {
				got = append(got, render(x))
			}
			t.Errorf("%s: want %q in %q", c.line, c.want, got)
		}
	}
}

// Requires says which commands must have succeeded: what an ordering rule needs to
// accept `make lint && git commit` and refuse `make lint; git commit`.
func TestRequires(t *testing.T) {
	for _, c := range []struct {
		line string
		// want: for the command whose argv starts with "git commit", the argv of the
		// commands it requires
		want string
	}{
		{"make lint && git commit -m x", "make lint"},
		{"make lint; git commit -m x", ""},
		{"make lint || git commit -m x", ""},
		{"make fmt && make lint && git commit -m x", "make fmt,make lint"},
		{"(make lint; true) && git commit -m x", "true"},
		{"if make lint; then git commit -m x; fi", "make lint"},
		{"make lint | tee log && git commit -m x", "tee log"},
		{"sudo make lint && git commit -m x", "sudo make lint,make lint"},
		{`bash -c "make lint" && git commit -m x`, "bash -c make lint,make lint"},
	} {
		cmds := Parse(c.line, Options{})
		var got []string
		for _, x := range cmds {
			if len(x.Argv) > 1 && x.Argv[0] == "git" && x.Argv[1] == "commit" {
				for _, r := range x.Requires {
					got = append(got, strings.Join(cmds[r].Argv, " "))
				}
			}
		}
		if g := strings.Join(got, ","); g != c.want {
			t.Errorf("%s: git commit requires %q, want %q", c.line, g, c.want)
		}
	}
}

func TestFromArgvUnwrapsLikeTheShell(t *testing.T) {
	cmds := FromArgv([]string{"sudo", "-E", "npm", "run", "compile"}, Options{Base: 3, Index: 7})
	if len(cmds) != 2 || render(cmds[1]) != "npm run compile" {
		t.Fatalf("got %v", cmds)
	}
	if cmds[0].Index != 7 || cmds[1].Index != 7 || cmds[1].Requires != nil {
		t.Fatalf("indexes: %+v", cmds)
	}
	// an argv word is never re-split or expanded
	cmds = FromArgv([]string{"git", "commit", "-m", "$(rm -rf /)"}, Options{})
	if len(cmds) != 1 || cmds[0].Dynamic {
		t.Fatalf("argv words are literal: %+v", cmds)
	}
}

func TestQuoteRoundTrips(t *testing.T) {
	for _, s := range []string{"plain", "with space", "it's", "$HOME", "", "a\nb", "--flag=x"} {
		cmds := Parse("echo "+Quote(s), Options{})
		if len(cmds) != 1 || len(cmds[0].Argv) != 2 || cmds[0].Argv[1] != s {
			t.Errorf("Quote(%q) = %s does not round-trip: %v", s, Quote(s), cmds)
		}
	}
}

func ExampleParse() {
	for _, c := range Parse(`cd web && FOO=1 sudo npm run compile | tee log`, Options{}) {
		fmt.Println(c.Cwd, c.Argv)
	}
	// Output:
	//  [cd web]
	// web [sudo npm run compile]
	// web [npm run compile]
	// web [tee log]
}

// Issue 22: forms a static reader can see that the analysis once missed.
func TestCommandsOnceMissed(t *testing.T) {
	for _, c := range []struct{ line, want string }{
		{`x=$(npm i)`, "npm i"},
		{`export X=$(npm i)`, "npm i"},
		{`declare -x X="$(npm i)"`, "npm i"},
		{`f() { local x=$(npm i); }`, "npm i"},
		{`IFS=,; c="npm,i"; $c`, "npm i"},
		{`c=np; ${c}m i`, "npm i"},
		{`c="git push"; $c"" -f`, "git push -f"},
		{`declare -l c=NPM; $c i`, "~$c i"},
		{`time -f %e npm i`, "npm i"},
		{`env -iS 'npm i'`, "npm i"},
		{`env -vu HOME npm i`, "npm i"},
		{`=npm i`, "npm i"},
		{`hash -p /usr/bin/npm n; n i`, "/usr/bin/npm i"},
		{`strace -f -o log npm i`, "npm i"},
		{`ltrace -o log npm i`, "npm i"},
		{`unshare -r npm i`, "npm i"},
		{`nsenter -t 1 -m npm i`, "npm i"},
		{`parallel ::: 'npm i'`, "npm i"},
		{`parallel npm ::: i`, "npm i"},
		{`su -c'npm i'`, "npm i"},
		{`flock /tmp/l -c 'npm i'`, "npm i"},
		{"make --eval=$'x:\\n\\t@npm i' x", "npm i"},
		{`make --eval='X := $(shell npm i)'`, "npm i"},
		{`git config alias.f 'push -f'; git f`, "git push -f"},
		{`(git config alias.f 'push -f'); git f`, "git push -f"},
		{`GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=alias.f GIT_CONFIG_VALUE_0='push -f' git f`, "git push -f"},
		{`F='reset --hard' git --config-env=alias.f=F f`, "git --config-env=alias.f=F reset --hard"},
		{`git -c "$X" f`, "!the git alias f is set to a value computed at run time"},
		{`git config alias.status 'push -f'; git status`, "git status"},
	} {
		cmds := Parse(c.line, Options{})
		if !has(cmds, c.want) {
			var got []string
			for _, x := range cmds {
				got = append(got, render(x))
			}
			t.Errorf("%s: no command %q in %q", c.line, c.want, got)
		}
	}
}

func TestUnknownDirectories(t *testing.T) {
	for _, c := range []struct {
		line    string
		unknown bool
	}{
		{`cd "$X" && npm i`, true},
		{`cd && npm i`, true},
		{`cd ~ && npm i`, true},
		{`pushd web; popd; npm i`, false},
		{`popd; npm i`, true},
		{`CDPATH=/tmp; cd web && npm i`, true},
		{`CDPATH=/tmp; cd ./web && npm i`, false},
		{`cd "$X"; cd /repo/web && npm i`, false},
		{`chroot /srv npm i`, true},
		{`cd web && npm i`, false},
	} {
		cmds := Parse(c.line, Options{Root: "/repo"})
		found := false
		for _, x := range cmds {
			if len(x.Argv) == 2 && x.Argv[0] == "npm" {
				found = true
				if x.CwdUnknown != c.unknown {
					t.Errorf("%s: npm's folder unknown=%v, want %v (cwd %q)", c.line, x.CwdUnknown, c.unknown, x.Cwd)
				}
			}
		}
		if !found {
			t.Errorf("%s: no npm command", c.line)
		}
	}
}

func TestBoundsBlockWithAReason(t *testing.T) {
	// a 500 KB alias used ten times: 5 MB of script text parsed from a 500 KB line
	def := "#" + strings.Repeat("x", 500000) + "\nls"
	line := "alias a=" + Quote(def) + strings.Repeat("; a", 10)
	if cmds := Parse(line, Options{}); len(cmds) != 1 || !strings.Contains(cmds[0].Unparsable, "bytes in all") {
		t.Errorf("script text past the bound must be refused with the bound named, got %d commands", len(cmds))
	}
	if cmds := Parse(strings.Repeat("true; ", 5000), Options{}); len(cmds) != 1 || !strings.Contains(cmds[0].Unparsable, "more than 4096 commands") {
		t.Errorf("5000 commands must be refused with the bound named")
	}
}

func TestExecsLeavesScriptTextOut(t *testing.T) {
	got := Execs([]string{"sh", "-c", "npm i || pnpm -v"})
	if len(got) != 1 || got[0][0] != "sh" {
		t.Errorf("sh -c: %q", got)
	}
	got = Execs([]string{"env", "X=1", "node", "/usr/bin/pnpm", "install"})
	last := got[len(got)-1]
	if last[0] != "/usr/bin/pnpm" {
		t.Errorf("env node pnpm: %q", got)
	}
}

// A line that nests substitutions, subshells or groups thousands deep (3,000 took 4 s
// and hundreds of megabytes in an audit) is refused as unanalysable at once, naming
// what is wrong; real nesting is read as before.
func TestDeepNestingIsRefusedQuickly(t *testing.T) {
	for _, line := range []string{
		"echo " + strings.Repeat("$(", 3000) + "x" + strings.Repeat(")", 3000),
		"echo " + strings.Repeat(`"$(`, 3000) + "x" + strings.Repeat(`)"`, 3000),
		strings.Repeat("( ", 3000) + "npm i" + strings.Repeat(" )", 3000),
		strings.Repeat("{ ", 3000) + "npm i; " + strings.Repeat("}; ", 3000),
	} {
		start := time.Now()
		cmds := Parse(line, Options{Index: -1})
		if took := time.Since(start); took > time.Second {
			t.Errorf("%.20s...: %v", line, took)
		}
		if len(cmds) == 0 || !strings.Contains(cmds[len(cmds)-1].Unparsable, "syntax levels deep") {
			t.Errorf("%.20s...: want an unparsable command saying it nests too deep, got %d commands, the last %.200q", line, len(cmds), cmds[len(cmds)-1].Unparsable)
		}
	}
	cmds := Parse("echo "+strings.Repeat("$(", 20)+"npm i"+strings.Repeat(")", 20), Options{Index: -1})
	found := false
	for _, c := range cmds {
		found = found || (len(c.Argv) == 2 && c.Argv[0] == "npm" && c.Unparsable == "")
	}
	if !found {
		t.Errorf("20 nested substitutions must still be read: %+v", cmds)
	}
}
