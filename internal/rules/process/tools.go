package process

import (
	"path"
	"strings"

	"github.com/heed-dev/heed/internal/lazy"
)

// What heed knows about the command-line conventions of common tools: which options
// take a value (so a value is not mistaken for a subcommand or path), whether flags
// use Go's single-dash style, subcommand aliases, and whether long options may be
// abbreviated. A tool heed does not know is read with POSIX conventions and every
// option taken as a switch.

type optSet struct {
	// short lists the single-letter options that take a value.
	short string
	// long lists the long options (with their dashes) that take a value.
	long []string
}

func (o optSet) takesValue(flag string) bool {
	if strings.HasPrefix(flag, "--") {
		for _, l := range o.long {
			if l == flag {
				return true
			}
		}
		return false
	}
	if len(flag) == 2 {
		return strings.IndexByte(o.short, flag[1]) >= 0
	}
	for _, l := range o.long { // Go-style -run
		if l == flag {
			return true
		}
	}
	return false
}

type tool struct {
	// goStyle tools spell long flags with one dash (-run) and never cluster them.
	goStyle bool
	// abbrev: long options may be shortened to any unambiguous prefix (git).
	abbrev bool
	// foldCase: option names are case-insensitive (tsc).
	foldCase bool
	// global are the options before the subcommand; sub the options of a subcommand.
	global optSet
	sub    map[string]optSet
	// aliases maps a subcommand spelling to its canonical name.
	aliases map[string]string
	// implicitRun: `pnpm build` runs the package script build, like `pnpm run build`.
	implicitRun bool
	// builtins are the subcommands an implicitRun tool runs itself, not as a script
	// of that name: `pnpm install` is no `pnpm run install`, `bun build` is bun's
	// bundler.
	builtins map[string]bool
	// assignments: positionals with "=" are variable settings, not targets (make).
	assignments bool
	// scriptSubs are subcommands that run the package script of that name: `npm
	// test` is `npm run test`.
	scriptSubs map[string]bool
}

// The tables are built on first use, each alone: every shim and hook links this
// package, and a command about git should build git's table, not every tool's.
var gitTool = lazy.Value[*tool]{F: func() *tool {
	return &tool{
		abbrev: true,
		global: optSet{short: "Cc", long: []string{"--git-dir", "--work-tree", "--namespace", "--super-prefix", "--config-env", "--exec-path", "--list-cmds", "--attr-source"}},
		sub: map[string]optSet{
			"commit":      {short: "mFCct", long: []string{"--message", "--file", "--reuse-message", "--reedit-message", "--author", "--date", "--template", "--fixup", "--squash", "--trailer", "--cleanup", "--pathspec-from-file"}},
			"push":        {short: "o", long: []string{"--repo", "--push-option", "--receive-pack", "--exec"}},
			"checkout":    {short: "bB", long: []string{"--orphan", "--conflict", "--pathspec-from-file"}},
			"switch":      {short: "cC", long: []string{"--create", "--force-create", "--orphan", "--conflict"}},
			"clean":       {short: "e", long: []string{"--exclude"}},
			"tag":         {short: "mFu", long: []string{"--message", "--file", "--local-user", "--sort", "--format", "--contains", "--no-contains", "--points-at", "--merged", "--no-merged", "--cleanup"}},
			"restore":     {short: "s", long: []string{"--source", "--pathspec-from-file"}},
			"stash":       {short: "m", long: []string{"--message", "--pathspec-from-file"}},
			"rebase":      {short: "sXx", long: []string{"--onto", "--strategy", "--strategy-option", "--exec"}},
			"merge":       {short: "msXF", long: []string{"--message", "--strategy", "--strategy-option", "--file", "--into-name"}},
			"log":         {short: "n", long: []string{"--max-count", "--author", "--committer", "--grep", "--format", "--since", "--until", "--skip"}},
			"branch":      {short: "u", long: []string{"--set-upstream-to", "--contains", "--no-contains", "--merged", "--no-merged", "--points-at", "--sort", "--format"}},
			"reset":       {long: []string{"--pathspec-from-file"}},
			"add":         {long: []string{"--chmod", "--pathspec-from-file"}},
			"fetch":       {short: "j", long: []string{"--depth", "--shallow-since", "--shallow-exclude", "--jobs", "--upload-pack"}},
			"pull":        {short: "sXj", long: []string{"--depth", "--strategy", "--strategy-option", "--jobs"}},
			"cherry-pick": {short: "msX", long: []string{"--mainline", "--strategy", "--strategy-option"}},
			"revert":      {short: "msX", long: []string{"--mainline", "--strategy", "--strategy-option"}},
			"worktree":    {short: "bB", long: []string{"--reason"}},
			"am":          {short: "pC", long: []string{"--directory", "--exclude", "--include"}},
			"notes":       {short: "mFCc", long: []string{"--message", "--file", "--ref"}},
		},
	}
}}

var npmTool = lazy.Value[*tool]{F: func() *tool {
	return &tool{
		global: optSet{short: "wC", long: []string{"--prefix", "--workspace", "--registry", "--loglevel", "--userconfig", "--cache", "--tag", "--otp", "--access"}},
		aliases: map[string]string{
			"i": "install", "in": "install", "ins": "install", "inst": "install", "insta": "install", "instal": "install",
			"isnt": "install", "isnta": "install", "isntal": "install", "isntall": "install", "add": "install",
			"ci": "ci", "clean-install": "ci", "ic": "ci", "install-clean": "ci", "isntall-clean": "ci",
			"run-script": "run", "rum": "run", "urn": "run",
			"t": "test", "tst": "test",
			"un": "uninstall", "remove": "uninstall", "rm": "uninstall", "r": "uninstall", "unlink": "uninstall",
			"x": "exec", "up": "update", "upgrade": "update", "udpate": "update",
			"it": "install-test", "cit": "install-ci-test",
		},
		scriptSubs: map[string]bool{"test": true, "start": true, "stop": true, "restart": true},
	}
}}

var pnpmTool = lazy.Value[*tool]{F: func() *tool {
	return &tool{
		global:      optSet{short: "CF", long: []string{"--dir", "--filter", "--reporter", "--loglevel", "--filter-prod", "--workspace-concurrency", "--test-pattern", "--changed-files-ignore-pattern"}},
		aliases:     map[string]string{"i": "install", "rm": "remove", "uninstall": "remove", "un": "remove", "run-script": "run", "t": "test", "tst": "test", "up": "update", "upgrade": "update", "ln": "link", "ls": "list"},
		implicitRun: true,
		builtins: words("add install update remove link unlink import rebuild rb prune fetch patch patch-commit audit list outdated why licenses exec dlx create " +
			"publish pack init store root bin setup env config server deploy doctor recursive self-update approve-builds"),
	}
}}

var yarnTool = lazy.Value[*tool]{F: func() *tool {
	return &tool{
		global:      optSet{long: []string{"--cwd", "--cache-folder", "--modules-folder", "--registry", "--mutex"}},
		aliases:     map[string]string{"run-script": "run"},
		implicitRun: true,
		builtins: words("add install remove upgrade up info init list publish pack config cache global link unlink audit why version versions workspace " +
			"workspaces dlx exec node bin create login logout owner tag team outdated autoclean check import licenses policies upgrade-interactive set plugin " +
			"constraints npm patch patch-commit rebuild search stage unplug explain"),
	}
}}

var bunTool = lazy.Value[*tool]{F: func() *tool {
	return &tool{
		global:      optSet{long: []string{"--cwd", "--config", "--filter"}},
		aliases:     map[string]string{"i": "install", "a": "add", "rm": "remove"},
		implicitRun: true,
		builtins:    words("install add remove update upgrade build test x exec create init pm link unlink publish outdated patch patch-commit repl audit info why"),
	}
}}

var cargoTool = lazy.Value[*tool]{F: func() *tool {
	return &tool{
		global: optSet{short: "ZC", long: []string{"--config", "--color"}},
		sub: map[string]optSet{
			"*": {short: "pFj", long: []string{"--package", "--manifest-path", "--target", "--features", "--bin", "--example", "--test", "--bench", "--jobs", "--profile", "--target-dir", "--registry", "--index", "--token", "--message-format", "--exclude", "--lockfile-path", "--precise"}},
		},
		aliases: map[string]string{"b": "build", "c": "check", "d": "doc", "t": "test", "r": "run", "rm": "remove"},
	}
}}

var goTool = lazy.Value[*tool]{F: func() *tool {
	return &tool{
		goStyle: true,
		global:  optSet{long: []string{"-C"}},
		sub: map[string]optSet{
			"*": {long: []string{"-run", "-bench", "-count", "-timeout", "-tags", "-o", "-p", "-coverprofile", "-cpu", "-parallel", "-ldflags", "-gcflags", "-asmflags",
				"-mod", "-modfile", "-exec", "-toolexec", "-benchtime", "-cpuprofile", "-memprofile", "-skip", "-covermode", "-coverpkg", "-outputdir", "-shuffle",
				"-blockprofile", "-mutexprofile", "-trace", "-vet", "-fuzz", "-fuzztime", "-json", "-pgo", "-overlay", "-installsuffix", "-compiler", "-buildmode", "-pkgdir"}},
		},
	}
}}

var makeTool = lazy.Value[*tool]{F: func() *tool {
	return &tool{
		global:      optSet{short: "CfoWIl", long: []string{"--directory", "--file", "--makefile", "--what-if", "--new-file", "--assume-new", "--old-file", "--assume-old", "--include-dir", "--load-average", "--eval", "--jobserver-style"}},
		assignments: true,
	}
}}

var uvTool = lazy.Value[*tool]{F: func() *tool {
	return &tool{
		global: optSet{short: "p", long: []string{"--directory", "--project", "--config-file", "--cache-dir", "--color", "--python"}},
		sub: map[string]optSet{
			"*": {short: "pf", long: []string{"--with", "--with-requirements", "--with-editable", "--python", "--package", "--extra", "--group", "--only-group", "--no-group",
				"--env-file", "--index", "--default-index", "--index-url", "--extra-index-url", "--find-links", "--upgrade-package", "--refresh-package", "--exclude-newer", "--from", "--optional", "--rev", "--tag", "--branch"}},
		},
	}
}}

var pipTool = lazy.Value[*tool]{F: func() *tool {
	return &tool{
		abbrev: true, // optparse accepts unambiguous prefixes
		global: optSet{long: []string{"--log", "--proxy", "--retries", "--timeout", "--exists-action", "--trusted-host", "--cert", "--client-cert", "--cache-dir", "--python"}},
		sub: map[string]optSet{
			"*": {short: "rcefit", long: []string{"--requirement", "--constraint", "--editable", "--index-url", "--extra-index-url", "--find-links", "--target", "--prefix", "--root", "--src",
				"--upgrade-strategy", "--platform", "--python-version", "--implementation", "--abi", "--only-binary", "--no-binary", "--progress-bar", "--report"}},
		},
	}
}}

var ghTool = lazy.Value[*tool]{F: func() *tool {
	return &tool{
		global: optSet{short: "R", long: []string{"--repo"}},
		sub: map[string]optSet{
			"*": {short: "tbBHlarmFnRw", long: []string{"--title", "--body", "--base", "--head", "--label", "--assignee", "--reviewer", "--milestone", "--body-file", "--notes", "--notes-file", "--target", "--repo", "--json", "--jq", "--template"}},
		},
	}
}}

var dotnetTool = lazy.Value[*tool]{F: func() *tool {
	return &tool{
		sub: map[string]optSet{
			"*": {short: "cfoprvlsa", long: []string{"--filter", "--configuration", "--framework", "--output", "--runtime", "--verbosity", "--logger", "--results-directory", "--settings", "--arch", "--os", "--collect", "--property"}},
		},
	}
}}

var tscTool = lazy.Value[*tool]{F: func() *tool {
	return &tool{
		foldCase: true,
		global:   optSet{short: "p", long: []string{"--project", "--outDir", "--outFile", "--target", "--module", "--lib", "--jsx", "--rootDir", "--declarationDir", "--moduleResolution", "--tsBuildInfoFile"}},
	}
}}

var pytestTool = lazy.Value[*tool]{F: func() *tool {
	return &tool{
		global: optSet{short: "kmnpcorW", long: []string{"--rootdir", "--junitxml", "--junit-xml", "--maxfail", "--durations", "--cov", "--cov-report", "--basetemp", "--log-level", "--deselect", "--ignore", "--tb", "--confcutdir", "--override-ini", "--dist", "--numprocesses", "--record-mode"}},
	}
}}

// gnuTool: GNU programs whose getopt_long accepts any unambiguous prefix of a long option.
var gnuTool = lazy.Value[*tool]{F: func() *tool { return &tool{abbrev: true} }}

// goStyleTool: programs that spell long flags with one dash.
var goStyleTool = lazy.Value[*tool]{F: func() *tool { return &tool{goStyle: true} }}

// toolFor returns the conventions of a program (by base name); unknown programs get
// POSIX defaults.
func toolFor(prog string) *tool {
	switch prog {
	case "git":
		return gitTool.Get()
	case "npm":
		return npmTool.Get()
	case "pnpm":
		return pnpmTool.Get()
	case "yarn":
		return yarnTool.Get()
	case "bun":
		return bunTool.Get()
	case "cargo":
		return cargoTool.Get()
	case "go":
		return goTool.Get()
	case "make", "gmake":
		return makeTool.Get()
	case "uv":
		return uvTool.Get()
	case "pip", "pip3":
		return pipTool.Get()
	case "gh":
		return ghTool.Get()
	case "dotnet":
		return dotnetTool.Get()
	case "tsc":
		return tscTool.Get()
	case "pytest", "py.test":
		return pytestTool.Get()
	case "gofmt", "java", "find", "terraform":
		return goStyleTool.Get()
	case "rm", "cp", "mv", "ln", "chmod", "chown", "chgrp", "rmdir",
		"mkdir", "shred", "truncate", "install", "tar", "sed", "grep",
		"rsync", "touch", "dd", "xargs", "sort", "tee", "kill":
		return gnuTool.Get()
	}
	if strings.HasPrefix(prog, "pip3.") {
		return pipTool.Get()
	}
	return &tool{}
}

func (t *tool) subOpts(sub string) optSet {
	if o, ok := t.sub[sub]; ok {
		return o
	}
	return t.sub["*"]
}

func (t *tool) canonical(sub string) string {
	if c, ok := t.aliases[sub]; ok {
		return c
	}
	return sub
}

// progName is a program's base name as written: /usr/bin/npm and ./npm are npm.
func progName(argv0 string) string {
	return path.Base(strings.TrimSuffix(argv0, ".exe"))
}

// words is a set of the space-separated words of s.
func words(s string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.Fields(s) {
		out[w] = true
	}
	return out
}
