package norm

import (
	"regexp"
	"slices"
	"strings"
	"sync"
)

// Checks a change must pass, stated as a property of the code rather than as a
// command to run: "Make type hints pass mypy's static type check", "Keep the code free
// of ruff lint violations", "Ensure the full test suite passes before submission",
// "Format code with ruff so that `ruff format` reports no changes", "Commit only after
// the test suite passes". Heed cannot run the tools; what it can see is whether the
// session ran them after its last change and before the work left it, which is the
// order "run X before E" states. PassingOrder rewrites such a sentence into that order,
// for Read to read.

// passTools are the checkers a sentence may name in words, with the command each means
// when the sentence speaks of checking (lint) and of formatting.
var passTools = sync.OnceValue(func() map[string][2]string {
	return map[string][2]string{
		"ruff":         {"ruff check", "ruff format"},
		"black":        {"black", "black"},
		"blacken-docs": {"blacken-docs", "blacken-docs"},
		"flake8":       {"flake8", "flake8"},
		"isort":        {"isort", "isort"},
		"mypy":         {"mypy", "mypy"},
		"pylint":       {"pylint", "pylint"},
		"pre-commit":   {"pre-commit run", "pre-commit run"},
		"prek":         {"prek run", "prek run"},
		"codespell":    {"codespell", "codespell"},
		"zizmor":       {"zizmor", "zizmor"},
		"pyright":      {"pyright", "pyright"},
		"prettier":     {"prettier", "prettier"},
		"eslint":       {"eslint", "eslint"},
		"biome":        {"biome check", "biome format"},
		"rustfmt":      {"cargo fmt", "cargo fmt"},
		"gofmt":        {"gofmt", "gofmt"},
	}
})

func passRE(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}

var (
	passToolWordRE = passRE(`(?i)\b(ruff|black|blacken-docs|flake8|isort|mypy|pylint|pre-commit|prek|codespell|zizmor|pyright|prettier|eslint|biome|rustfmt|gofmt)\b`)
	// "Ensure code passes X", "Make type hints pass X", "Get the X checks passing",
	// "Make the code pass the repository's configured X checks"
	passVerbRE = passRE(`(?i)^(?:ensure|make sure|make|get|verify|confirm|check)\b.{0,60}?\b(?:pass|passes|passing|satisfy|satisfies)\b`)
	// "Keep the code free of X violations"
	passFreeRE = passRE(`(?i)^keep (?:the |all |your )?(?:code|changes?|files?)\b.{0,30}?\bfree of\b`)
	// "Format code with X", "Format all Python files with X"
	passFormatRE = passRE(`(?i)^format (?:the |all |your |changed )?(?:python )?(?:code|files|sources?|changes?)\b.{0,30}?\bwith\b`)
	// "Make `tox -e test` run without failures"
	passRunCleanRE = passRE("(?i)^make (`[^`]+`) (?:run|pass|succeed)(?: without (?:failures|errors))?[.]?$")
	// "Ensure the full test suite passes", "Commit only after the test suite passes"
	// "Verify documentation builds cleanly with `make html`", "Check that the code
	// compiles with `cargo check`": the command that shows it
	passBuildsWithRE = passRE("(?i)^(?:ensure|make sure|verify|confirm|check)(?: that)? (?:the |your |all )?(?:[\\w-]+ ){0,3}?(?:builds?|compiles?|pass|passes|succeeds?)(?: (?:cleanly|successfully|still|locally|without (?:any )?(?:errors|warnings|failures)))*,? (?:with|using|via|by running|through) (`[^`]+`)")
	// "Sort imports with isort", "Order imports the way ruff's isort rules require",
	// "Keep imports sorted with isort", "Imports must be sorted according to isort"
	passImportsRE = passRE(`(?i)^(?:(?:sort|order|organi[sz]e|keep)(?: the| all| your| module| python)? imports\b(?: (?:sorted|ordered|organi[sz]ed))?|imports (?:must|should) be (?:sorted|ordered|organi[sz]ed))\b.{0,30}?\b(?:with|using|via|by|the way|according to|as)\b`)
	// "Format Python code to PEP 8 as enforced by ruff", "Follow PEP 8, as checked by
	// flake8", "Format all Python code according to black", "Follow the style enforced
	// by `prettier`"
	passEnforcedRE = passRE(`(?i)^(?:(?:format|follow|write|keep)\b.{0,60}?\b(?:enforced by|checked by|according to)|(?:the |all |your )?(?:code|changes?|files?|sources?)\b.{0,20}?\b(?:conforms?|adheres?|compl(?:y|ies)|match(?:es)?) (?:to |with )?.{0,50}?\b(?:enforced|checked) by)\b`)
	// "the default format enforced by `rustfmt`": what the tool enforces is a format
	passFormatWordRE = passRE(`(?i)\bformat(?:ting)?\b.{0,20}\b(?:enforced|checked) by\b`)
	// "ruff's isort rules": the second tool is a part of the first
	passPartRE   = passRE(`(?i)\b(ruff|pylint|flake8|prek|pre-commit)['’]s (isort|black|flake8|pylint|mypy)\b`)
	passSuiteRE  = passRE(`(?i)^(?:ensure|make sure|verify|confirm|commit only after)\b.{0,12}?\b(?:the )?(?:full |whole |entire |complete )?(?:test suite|tests)\b (?:passes|pass)\b`)
	passBeforeRE = passRE(`(?i)\bbefore (?:(?:a |the )?(?:pr|pull request) can be merged|merg(?:e|ing)|(?:final )?submission|submitting(?: (?:it|them|the (?:change|pull request|pr)|your (?:change|changes|work)))?|opening (?:a |the )?(?:pr|pull request)|committing|pushing|you (?:submit|commit|push|open a (?:pr|pull request)))\b`)
	// conditions and scopes heed cannot place: "when you add or change public API"
	passHiddenRE = passRE(`(?i)\b(?:when|if|unless|whenever|except where|except)\b`)
	passSpanRE   = passRE("`([^`]+)`")
	// a command in parentheses, given as how the project runs the check
	passAsideRE = passRE("\\(`([^`]+)`\\)")
)

// PassingOrder rewrites a sentence that demands a check pass into the order it
// implies ("Run `mypy` before submitting your changes."), or reports false.
func PassingOrder(text string) (string, bool) {
	t := strings.TrimSpace(strings.Join(strings.Fields(strings.ReplaceAll(text, "``", "`")), " "))
	if passHiddenRE().MatchString(t) {
		return "", false
	}
	event := "submitting your changes"
	if m := passBeforeRE().FindString(t); m != "" {
		switch w := strings.ToLower(m); {
		case strings.Contains(w, "merge"):
			event = "merging"
		case strings.Contains(w, "commit"):
			event = "committing"
		case strings.Contains(w, "push"):
			event = "pushing"
		case strings.Contains(w, "opening"), strings.Contains(w, "open a"):
			event = "opening a pull request"
		}
	} else if strings.HasPrefix(strings.ToLower(t), "commit only after") {
		event = "committing"
	}
	var cmds []string
	format := passFormatRE().MatchString(t) || passEnforcedRE().MatchString(t) && (strings.HasPrefix(strings.ToLower(t), "format") || passFormatWordRE().MatchString(t))
	imports := passImportsRE().MatchString(t)
	switch {
	case passRunCleanRE().MatchString(t):
		cmds = append(cmds, passRunCleanRE().FindStringSubmatch(t)[1])
	case passBuildsWithRE().MatchString(t):
		cmds = append(cmds, passBuildsWithRE().FindStringSubmatch(t)[1])
	case passSuiteRE().MatchString(t):
		return "Run the test suite before " + event + ".", true
	case passVerbRE().MatchString(t), passFreeRE().MatchString(t), format, imports, passEnforcedRE().MatchString(t):
		// a command written out wins over the tool's word: "Format code with ruff
		// so that `ruff format` reports no changes"
		for _, sp := range passSpanRE().FindAllStringSubmatch(t, -1) {
			if w := strings.Fields(sp[1]); len(w) > 0 && passTools()[strings.ToLower(w[0])] != [2]string{} {
				cmds = append(cmds, "`"+sp[1]+"`")
			}
		}
		if len(cmds) == 0 {
			words := t
			if m := passPartRE().FindStringSubmatchIndex(t); m != nil {
				// "ruff's isort rules" are ruff's
				words = t[:m[4]] + t[m[5]:]
			}
			for _, w := range passToolWordRE().FindAllString(words, -1) {
				forms := passTools()[strings.ToLower(w)]
				cmd := forms[0]
				if format {
					cmd = forms[1]
				}
				if c := "`" + cmd + "`"; !slices.Contains(cmds, c) {
					cmds = append(cmds, c)
				}
			}
		}
	}
	// "the prek pre-commit checks": prek runs the pre-commit hooks
	if slices.Contains(cmds, "`prek run`") {
		var kept []string
		for _, c := range cmds {
			if c != "`pre-commit run`" {
				kept = append(kept, c)
			}
		}
		cmds = kept
	}
	if len(cmds) == 0 {
		return "", false
	}
	list := cmds[0]
	if m := passAsideRE().FindStringSubmatch(t); len(cmds) == 1 && m != nil && "`"+m[1]+"`" != cmds[0] {
		// "Format your code with black (`make format`)": the project's way to run it
		// is an alternative
		list = cmds[0] + " or `" + m[1] + "`"
	}
	if len(cmds) == 1 && (cmds[0] == "`cargo fmt`" || cmds[0] == "`rustfmt`") {
		// rustfmt run on its own formats as well
		list = "`cargo fmt` or `rustfmt`"
	}
	if len(cmds) > 1 {
		list = strings.Join(cmds[:len(cmds)-1], ", ") + " and " + cmds[len(cmds)-1]
	}
	return "Run " + list + " before " + event + ".", true
}
