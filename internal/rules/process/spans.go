package process

import (
	"path"
	"slices"
	"strings"

	"github.com/heed-dev/heed/internal/lazy"
	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/shell"
)

// knownPrograms are command names a code span can start with and be a command.
// Instruction files put all sorts of things in code spans (types, files, flags,
// identifiers): a span is read as a command only when it starts with one of these, a
// tool the repository shows it uses, or a path to a script.
var knownPrograms = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return setOf(
		// version control and forges
		"git", "gh", "glab", "hub", "git-lfs", "svn", "hg",
		// JavaScript
		"npm", "npx", "pnpm", "pnpx", "yarn", "bun", "bunx", "node", "deno", "corepack", "tsc", "tsx", "ts-node",
		"eslint", "prettier", "biome", "oxlint", "jest", "vitest", "mocha", "playwright", "cypress", "webpack", "vite",
		"rollup", "esbuild", "turbo", "nx", "lerna", "changeset", "hereby", "gulp", "grunt", "next", "nuxt", "expo",
		"wrangler", "vercel", "firebase", "netlify",
		// Python
		"python", "python3", "pip", "pip3", "uv", "uvx", "poetry", "pipenv", "pipx", "pdm", "hatch", "rye", "conda",
		"mamba", "pytest", "tox", "nox", "ruff", "black", "isort", "flake8", "mypy", "pyright", "pylint", "twine",
		"pre-commit", "prek", "django-admin", "coverage", "sphinx-build", "mkdocs",
		// Rust, Go, JVM, .NET, C
		"cargo", "rustup", "rustc", "go", "gofmt", "gofumpt", "golangci-lint", "mvn", "mvnw", "gradle", "gradlew",
		"java", "javac", "sbt", "dotnet", "msbuild", "nuget", "make", "gmake", "cmake", "ninja", "bazel", "bazelisk",
		"gcc", "clang", "just", "task",
		// others
		"ruby", "gem", "bundle", "rake", "rails", "rspec", "rubocop", "php", "composer", "swift", "xcodebuild", "pod", "flutter", "dart",
		// version managers that run a tool at the project's version (`fvm flutter test`)
		"fvm", "asdf", "volta",
		"docker", "docker-compose", "podman", "kubectl", "helm", "terraform", "tofu", "ansible", "aws", "gcloud", "az",
		"rm", "mv", "cp", "chmod", "chown", "sudo", "curl", "wget", "ssh", "scp", "rsync", "sed", "find", "xargs",
		"kill", "pkill", "killall", "brew", "apt", "apt-get", "yum", "dnf", "pacman", "psql", "mysql", "sqlite3",
		"redis-cli", "mongo", "bash", "sh", "zsh", "eval", "source", "cd", "export", "env", "timeout", "watch",
		"grep", "rg", "fd", "ls", "cat", "head", "tail", "tee", "less", "more", "sort", "uniq", "wc", "cut", "awk", "jq", "tar", "unzip", "zip", "ln", "touch", "mkdir",
		"rmdir", "dd", "git-filter-repo", "bundle", "bin/rails", "bin/setup",
		// formatters, linters, test runners and version managers instruction files
		// name as tools to use or avoid
		"autopep8", "yapf", "pycodestyle", "pydocstyle", "pyflakes", "bandit", "goimports", "golint", "staticcheck",
		"gotestsum", "markdownlint", "markdownlint-cli2", "stylelint", "tslint", "nvm", "fnm", "pyenv", "rbenv",
		"nodenv", "jupyter", "ipython", "nodemon", "tsup", "babel", "ng", "pio", "platformio",
		// the command-line tools of hosted services, databases and schema migrations
		// that instruction files order around ("run `supabase db diff` before
		// `supabase db push`"; wild round 34)
		"supabase", "prisma", "drizzle-kit", "flyctl", "fly", "heroku", "railway", "render", "doctl", "pulumi", "cdk",
		"sam", "serverless", "sls", "eas", "fastlane", "stripe", "alembic", "dbt", "atlas", "flyway", "liquibase",
		"sqlx", "diesel", "goose", "migrate", "sqlc", "buf", "protoc", "openapi-generator", "moon",
		"skaffold", "tilt", "kind", "minikube", "k3d", "kustomize", "argocd", "vault", "consul", "nomad",
		"mix", "iex", "elixir", "rebar3", "erl", "dune", "opam", "stack", "cabal", "ghc", "zig", "lein", "clj", "kotlin",
		"kotlinc", "swiftlint", "swiftformat", "melos", "storybook", "astro", "svelte-kit",
		"lefthook", "husky", "commitlint", "semantic-release", "release-please", "goreleaser", "act", "hugo", "jekyll",
		// mobile builds and devices (`adb reverse`, `xcrun simctl`, `expo prebuild`)
		"adb", "emulator", "xcrun", "expo", "react-native", "detox", "maestro",
	)
}}

func setOf(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

var (
	placeholderRE = lazyre.New(`<[^<>]+>|\{[^{}]*\}|\[(?:options|flags|args|arguments|OPTIONS|ARGS|\.\.\.)\]|(?:^|\s)(?:…|\.\.\.)(?:\s|$)|(?:^|\s)[A-Z][A-Z0-9_]{2,}(?:\s|$)`)
	scriptExtRE   = lazyre.New(`\.(sh|bash|js|mjs|cjs|ts|py|rb|pl|ps1|cmd|bat)$`)
)

// anyWord stands for a placeholder (<file>) in a span.
const anyWord = "*"

// AnyWord is anyWord for the packages that build patterns: a last argument that
// stands for the command a launcher runs.
const AnyWord = anyWord

// gitRefs are upper-case words that are literal arguments, not placeholders.
func isGitRef(w string) bool {
	switch w {
	case "HEAD", "ORIG_HEAD", "FETCH_HEAD", "MERGE_HEAD":
		return true
	}
	return false
}

// SpanArgv reads a code span as a command: its words, with placeholders as "*".
// ok is false when the span is not a single simple command.
func SpanArgv(span string) ([]string, bool) {
	s := placeholderRE.ReplaceAllStringFunc(span, func(m string) string {
		if t := strings.TrimSpace(m); t == "…" || t == "..." {
			return " "
		}
		if isGitRef(strings.TrimSpace(m)) {
			return m // HEAD is a literal ref, not a placeholder
		}
		if strings.ContainsAny(m[:1], "<{[") {
			// `<filename>.go`: the placeholder and what it is glued to are one word
			return "__heed_any__"
		}
		return " __heed_any__ "
	})
	s = strings.TrimSpace(s)
	if s == "" || shellMeta(s) {
		return nil, false
	}
	cmds := shell.Parse(s, shell.Options{})
	if len(cmds) == 0 || cmds[0].Unparsable != "" || len(cmds[0].Argv) == 0 {
		return nil, false
	}
	argv := append([]string(nil), cmds[0].Argv...)
	for i, a := range argv {
		// `rspec spec/path/to/relevant_spec.rb`: an example path stands for any
		if strings.Contains(a, "__heed_any__") || strings.Contains(a, "path/to/") || strings.HasPrefix(a, "path/to") {
			argv[i] = anyWord
		}
	}
	if argv[0] == anyWord {
		return nil, false
	}
	return argv, true
}

// shellMeta reports whether a span holds shell syntax beyond one simple command: a
// newline, an operator or a redirection outside quotes, or an expansion outside
// single quotes (`-run '^TestName$'` is one word; `echo $HOME` expands).
func shellMeta(s string) bool {
	var quote rune
	for _, r := range s {
		switch {
		case r == '\n':
			return true
		case quote == '\'':
			if r == '\'' {
				quote = 0
			}
		case quote == '"':
			if r == '"' {
				quote = 0
			} else if r == '$' || r == '`' {
				return true
			}
		case r == '\'' || r == '"':
			quote = r
		case strings.ContainsRune("|&;<>()$`", r):
			return true
		}
	}
	return quote != 0
}

// IsCommand reports whether argv (read from a code span) names a command: a known
// program, one of the repository's tools, or a path to a script or binary.
func IsCommand(argv []string, tools []string) bool {
	if len(argv) == 0 {
		return false
	}
	p := argv[0]
	if isPathProgram(p) {
		return true
	}
	if p != strings.ToLower(p) || strings.ContainsAny(p, "=:@#%*{}[]") || strings.HasPrefix(p, "-") || strings.HasPrefix(p, ".") {
		return false
	}
	if knownPrograms.Get()[p] || isPython(p) {
		return true
	}
	for _, t := range tools {
		if t == p {
			return true
		}
	}
	return false
}

// isPathProgram: ./x, ../x, tools/x.js, bin/x, node_modules/.bin/*.
func isPathProgram(p string) bool {
	if strings.Contains(p, "*.") || strings.Contains(p, "**") {
		// `server/tools/hubspot/*.js`: a pattern of files, no program (where
		// `./node_modules/.bin/*` is any program of that folder)
		return false
	}
	if strings.HasPrefix(p, "./") || strings.HasPrefix(p, "../") {
		return len(p) > 2
	}
	if !strings.Contains(p, "/") || strings.HasPrefix(p, "/") || strings.HasSuffix(p, "/") {
		return false
	}
	if dataFileRE.MatchString(p) {
		return false // "scripts/error-codes/codes.json" is data, not a program
	}
	if strings.Contains(p, "node_modules/.bin") || strings.HasPrefix(p, "bin/") || strings.Contains(p, "/bin/") || strings.HasPrefix(p, "scripts/") ||
		strings.HasPrefix(p, "script/") || strings.HasPrefix(p, "tools/") || strings.HasPrefix(p, "hack/") {
		// (`vendor/bin/pint`: an executable in a bin folder)
		return true
	}
	return scriptExtRE.MatchString(p)
}

// dataFileRE: files no one runs as a program.
var dataFileRE = lazyre.New(`(?i)\.(json|jsonc|ya?ml|toml|lock|md|mdx|txt|csv|xml|ini|cfg|sql|proto|graphql|png|svg)$`)

func isPython(name string) bool {
	rest, ok := strings.CutPrefix(name, "python")
	if !ok {
		return false
	}
	for _, r := range rest {
		if (r < '0' || r > '9') && r != '.' {
			return false
		}
	}
	return true
}

// programAliases are the other names of a program: a rule about pip is about pip3.
var programAliases = lazy.Value[map[string][]string]{F: func() map[string][]string {
	return map[string][]string{
		"pip":            {"pip", "pip3", "pip3.*"},
		"pip3":           {"pip", "pip3", "pip3.*"},
		"python":         {"python", "python3", "python3.*"},
		"python3":        {"python", "python3", "python3.*"},
		"make":           {"make", "gmake"},
		"docker-compose": {"docker-compose"},
		"gradlew":        {"gradlew", "gradle"},
		"mvnw":           {"mvnw", "mvn"},
	}
}}

// programSpec turns a span's program into the pattern's program list, anchored at the
// instruction's directory for relative paths.
func programSpec(p, scopeDir string) []string {
	if isPathProgram(p) {
		clean := strings.TrimPrefix(path.Clean(p), "./")
		if strings.Contains(clean, "node_modules/.bin") {
			i := strings.Index(clean, "node_modules/.bin")
			return []string{"**/" + clean[i:]}
		}
		if strings.HasPrefix(p, "../") || scopeDir == "" {
			return []string{clean}
		}
		return []string{path.Join(scopeDir, clean)}
	}
	if strings.HasPrefix(p, "./") {
		p = p[2:]
	}
	if al, ok := programAliases.Get()[p]; ok {
		return append([]string(nil), al...)
	}
	return []string{p}
}

// flagSynonyms gives the other spellings of an option, per program and subcommand.
var flagSynonyms = lazy.Value[map[string][][]string]{F: func() map[string][][]string {
	return map[string][][]string{
		"git push":     {{"-f", "--force"}, {"-n", "--dry-run"}, {"-d", "--delete"}, {"-u", "--set-upstream"}},
		"git clean":    {{"-f", "--force"}, {"-n", "--dry-run"}, {"-i", "--interactive"}, {"-q", "--quiet"}},
		"git commit":   {{"-n", "--no-verify"}, {"-a", "--all"}, {"-m", "--message"}, {"-s", "--signoff"}},
		"git checkout": {{"-f", "--force"}, {"-b"}, {"-p", "--patch"}},
		"git tag":      {{"-a", "--annotate"}, {"-d", "--delete"}, {"-l", "--list"}, {"-f", "--force"}, {"-s", "--sign"}},
		"git branch":   {{"-D"}, {"-d", "--delete"}, {"-f", "--force"}},
		"git rebase":   {{"-i", "--interactive"}},
		"git stash":    {{"-u", "--include-untracked"}},
		"git add":      {{"-A", "--all"}, {"-f", "--force"}, {"-n", "--dry-run"}},
		"git reset":    {{"--hard"}},
		"git restore":  {{"-S", "--staged"}, {"-W", "--worktree"}, {"-s", "--source"}},
		"npm":          {{"-g", "--global"}, {"-f", "--force"}, {"-D", "--save-dev"}, {"-E", "--save-exact"}},
		"pnpm":         {{"-g", "--global"}, {"-D", "--save-dev"}, {"-r", "--recursive"}, {"-w", "--workspace-root"}},
		"yarn":         {{"-D", "--dev"}, {"-W", "--ignore-workspace-root-check"}},
		"rm":           {{"-r", "-R", "--recursive"}, {"-f", "--force"}},
		"pip":          {{"-U", "--upgrade"}, {"-e", "--editable"}, {"-r", "--requirement"}},
		"cargo":        {{"-p", "--package"}, {"-F", "--features"}, {"-r", "--release"}},
		"docker":       {{"-f", "--force"}},
	}
}}

// synonyms returns the spellings of an option for a program and subcommand.
func synonyms(prog, sub, opt string) []string {
	for _, key := range []string{prog + " " + sub, prog} {
		for _, g := range flagSynonyms.Get()[key] {
			for _, f := range g {
				if f == opt {
					return append([]string(nil), g...)
				}
			}
		}
	}
	return []string{opt}
}

// PatternFrom makes the pattern of a command span: its program, its positional words
// (a trailing placeholder dropped: patterns match prefixes), its options (each with
// its other spellings; a value given in the span is not required).
func PatternFrom(argv []string, scopeDir string) Pattern { return patternFrom(argv, scopeDir, false) }

// BanPatternFrom is PatternFrom for a forbidden form: an option's literal value in the
// span is part of what is forbidden ("never `pnpm run build --filter webapp`" bans
// that filter, not every build), where a prerequisite's value is only an example.
func BanPatternFrom(argv []string, scopeDir string) Pattern { return patternFrom(argv, scopeDir, true) }

func patternFrom(argv []string, scopeDir string, keepValues bool) Pattern {
	prog := progName(argv[0])
	p := Pattern{Program: programSpec(argv[0], scopeDir)}
	t := toolFor(prog)
	sub := ""
	afterDD := false
	for i := 1; i < len(argv); i++ {
		a := argv[i]
		switch {
		case afterDD || a == anyWord || !strings.HasPrefix(a, "-") || a == "-":
			if !afterDD && len(p.Args) == 0 && strings.HasPrefix(a, "+") && (prog == "cargo" || prog == "rustup") {
				continue
			}
			if t.assignments && strings.Contains(a, "=") {
				continue
			}
			p.Args = append(p.Args, a)
			if len(p.Args) == 1 {
				sub = t.canonical(a)
			}
		case a == "--":
			afterDD = true
		case strings.HasPrefix(a, "--") || t.goStyle:
			name, val, hasVal := strings.Cut(a, "=")
			takes := t.subOpts(sub).takesValue(name) || t.global.takesValue(name)
			if keepValues {
				// read the option as the command line will be: a global option takes
				// its value only before the subcommand
				takes = len(p.Args) == 0 && t.global.takesValue(name) || len(p.Args) > 0 && t.subOpts(sub).takesValue(name)
			}
			if !hasVal && takes && i+1 < len(argv) {
				i++ // the value in the span is an example, or for a ban what it bans
				val, hasVal = argv[i], true
			}
			if keepValues && hasVal && val != anyWord && val != "" {
				var g []string
				for _, syn := range synonyms(prog, sub, name) {
					if strings.HasPrefix(syn, "--") || t.goStyle {
						g = append(g, syn+"="+val)
					}
				}
				if len(g) > 0 {
					p.Flags = append(p.Flags, g)
					continue
				}
			}
			p.Flags = append(p.Flags, synonyms(prog, sub, name))
		default:
			for j := 1; j < len(a); j++ {
				o := "-" + a[j:j+1]
				p.Flags = append(p.Flags, synonyms(prog, sub, o))
				if t.subOpts(sub).takesValue(o) || t.global.takesValue(o) {
					val := a[j+1:]
					if j == len(a)-1 {
						if i+1 < len(argv) {
							val = argv[i+1]
						}
						i++
					}
					if keepValues && val != "" && val != anyWord {
						// `-p driver-cpp`: the value is part of the form, as for long options
						g := p.Flags[len(p.Flags)-1]
						withVal := make([]string, len(g))
						for k, syn := range g {
							withVal[k] = syn + "=" + val
						}
						p.Flags[len(p.Flags)-1] = withVal
					}
					break
				}
			}
		}
	}
	for len(p.Args) > 0 && p.Args[len(p.Args)-1] == anyWord {
		p.Args = p.Args[:len(p.Args)-1]
	}
	return p
}

// dryRunFlags are the options that make a command only show what it would do.
var dryRunFlags = lazy.Value[map[string][]string]{F: func() map[string][]string {
	return map[string][]string{
		"git clean": {"-n", "--dry-run"},
		"git push":  {"-n", "--dry-run"},
		"git add":   {"-n", "--dry-run"},
		"git rm":    {"-n", "--dry-run"},
		"git mv":    {"-n", "--dry-run"},
		"make":      {"-n", "--dry-run", "--just-print", "--recon"},
		"rsync":     {"-n", "--dry-run"},
	}
}}

// DryRunAllows returns the exceptions that let a forbidden command run as a dry run:
// `cargo publish --dry-run` does not publish.
func DryRunAllows(ps []Pattern) []Pattern {
	var out []Pattern
	seen := map[string]bool{}
	for _, p := range ps {
		if len(p.Program) == 0 || strings.Contains(p.Program[0], "/") {
			continue
		}
		prog := p.Program[0]
		sub := ""
		if len(p.Args) > 0 {
			sub = p.Args[0]
		}
		if len(p.Args) > 1 || prog == "gh" {
			continue // nested subcommands (gh release create) have no common dry run
		}
		flags, ok := dryRunFlags.Get()[prog+" "+sub]
		if !ok {
			flags, ok = dryRunFlags.Get()[prog]
		}
		if !ok {
			if !dryRunnable(prog, sub) {
				continue
			}
			flags = []string{"--dry-run"}
		}
		a := Pattern{Program: p.Program, Flags: [][]string{flags}}
		if sub != "" {
			a.Args = []string{sub}
		}
		key := a.String()
		if !seen[key] {
			seen[key] = true
			out = append(out, a)
		}
	}
	return out
}

// dryRunnable: subcommands whose --dry-run is a real dry run.
func dryRunnable(prog, sub string) bool {
	switch sub {
	case "publish", "release", "deploy", "upload", "push", "install", "update", "upgrade", "uninstall", "remove", "clean", "prune", "version", "pack", "package", "apply", "delete", "sync", "lock", "add", "rm":
		return true
	}
	switch prog {
	case "twine", "changeset", "helm", "kubectl", "terraform", "rsync":
		return true
	}
	return false
}

// example instantiates a pattern as a concrete argv (for authored cases).
func example(p Pattern) []string {
	prog := p.Program[0]
	switch {
	case strings.HasPrefix(prog, "**/"):
		prog = "./" + strings.ReplaceAll(strings.TrimPrefix(prog, "**/"), "*", "tool")
	case strings.Contains(prog, "/"):
		prog = "./" + strings.ReplaceAll(prog, "*", "x")
	case strings.ContainsAny(prog, "*?["):
		prog = strings.NewReplacer("*", "12", "?", "x", "[", "", "]", "").Replace(prog)
	}
	argv := []string{prog}
	for i, a := range p.Args {
		if i == 0 && len(p.Args) > 0 && strings.ContainsAny(a, "*?[") {
			argv = append(argv, instantiate(a))
			continue
		}
		argv = append(argv, instantiate(a))
	}
	for _, g := range p.Flags {
		argv = append(argv, g[0])
	}
	return argv
}

func instantiate(glob string) string {
	switch glob {
	case ".":
		return "."
	case "*":
		return "x"
	case "+*":
		return "+main"
	case "v*":
		return "v1.2.3"
	}
	return strings.NewReplacer("*", "1", "?", "x", "[", "", "]", "").Replace(glob)
}

// FlagSynonyms returns the spellings of an option for a program and subcommand
// (`-n` and `--no-verify` for git commit).
func FlagSynonyms(prog, sub, opt string) []string { return synonyms(prog, sub, opt) }

// ProgramsOf returns the programs a tool stands for (npm: npm and npx; pip: pip,
// pip3, pip3.*), or the tool's own name.
func ProgramsOf(tool string) []string {
	if ps, ok := toolPrograms.Get()[tool]; ok {
		return append([]string(nil), ps...)
	}
	return programSpec(tool, "")
}

// JudgeArgv is the verdict the rule's params give one command (satisfied, violated or
// inapplicable): what the compiler uses to review a rule against the commands its
// instruction file shows as normal use.
func JudgeArgv(p CommandParams, argv []string) string { return judgeArgv(p, argv) }

// SpanEnv returns the environment assignments a command span writes before its
// program (`CI=1 NX_DAEMON=false pnpm nx run`: CI=1, NX_DAEMON=false), as NAME=value,
// sorted; those computed at run time are left out.
func SpanEnv(span string) []string {
	s := strings.TrimSpace(span)
	if s == "" || strings.ContainsAny(s, "\n|&;<>()`") {
		return nil
	}
	cmds := shell.Parse(placeholderRE.ReplaceAllString(s, " x "), shell.Options{})
	if len(cmds) == 0 || cmds[0].Unparsable != "" {
		return nil
	}
	var out []string
	for name, v := range cmds[0].Env {
		if !slices.Contains(cmds[0].DynamicEnv, name) {
			out = append(out, name+"="+v)
		}
	}
	slices.Sort(out)
	return out
}
