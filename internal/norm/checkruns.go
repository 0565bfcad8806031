package norm

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// Commands written partly in words, spelled out as the command lines they name, before
// the sentence is read:
//
//   - a tox environment or nox session named in words: "Run the `linting` tox
//     environment", "the tox `docs` environment", "the `lint` nox session" are
//     `tox -e linting`, `tox -e docs`, `nox -s lint` (the name alone is no command:
//     read as one, it made an order no session can meet);
//   - a role run through a tool named in plain words: "Run the test suite through
//     tox", "Run the tests with pytest", "Run the linters via pre-commit": the tool
//     is the command ("through `tox`"), the way a code span would say it.
//
// Only environments in code spans are spelled out ("the relevant tox environment"
// names none), and only tools heed knows by name.

var (
	toxEnvBeforeRE = lazyre.New("(?i)\\bthe\\s+`([A-Za-z0-9][\\w.-]*)`\\s+(tox|nox)\\s+(?:environment|env|session)\\b")
	toxEnvAfterRE  = lazyre.New("(?i)\\b(?:the\\s+)?(tox|nox)\\s+`([A-Za-z0-9][\\w.-]*)`\\s+(?:environment|env|session)\\b")
	toxEnvNamedRE  = lazyre.New("(?i)\\b(?:the\\s+)?(tox|nox)\\s+(?:environment|env|session)\\s+`([A-Za-z0-9][\\w.-]*)`")
	// "the (full) test suite through tox", "the tests with pytest", "the type checks
	// with a bare mypy"
	roleThroughToolRE = lazyre.New(`(?i)\b((?:the\s+)?(?:full\s+|whole\s+|entire\s+|complete\s+)?(?:test\s+suite|tests|unit\s+tests|linters|linter|type\s+checks?|type\s+checker|formatters?|pre-commit\s+hooks|hooks|checks))\s+(?:through|with|via|using)\s+(?:a\s+|the\s+)?(?:bare\s+|plain\s+)?(pytest|tox|nox|pre-commit|prek|ruff|mypy|pyright|pylint|flake8|black|isort|jest|vitest|mocha|eslint|biome|prettier|rspec|phpunit)\b`)
)

// runnerCommands are the command lines a tool named in words runs as (the hooks run
// through `pre-commit run`).
func runnerCommand(tool string) string {
	switch tool {
	case "pre-commit", "prek":
		return tool + " run"
	}
	return tool
}

func envCommand(tool, env string) string {
	if strings.EqualFold(tool, "nox") {
		return "`nox -s " + env + "`"
	}
	return "`tox -e " + env + "`"
}

// spelledRunners rewrites the commands text names partly in words (above) into code
// spans; a text with none is returned as it is.
func spelledRunners(text string) string {
	low := strings.ToLower(text)
	if strings.Contains(low, "tox") || strings.Contains(low, "nox") {
		text = toxEnvBeforeRE.ReplaceAllStringFunc(text, func(m string) string {
			s := toxEnvBeforeRE.FindStringSubmatch(m)
			return envCommand(s[2], s[1])
		})
		text = toxEnvAfterRE.ReplaceAllStringFunc(text, func(m string) string {
			s := toxEnvAfterRE.FindStringSubmatch(m)
			return envCommand(s[1], s[2])
		})
		text = toxEnvNamedRE.ReplaceAllStringFunc(text, func(m string) string {
			s := toxEnvNamedRE.FindStringSubmatch(m)
			return envCommand(s[1], s[2])
		})
	}
	if strings.Contains(low, " through ") || strings.Contains(low, " with ") || strings.Contains(low, " via ") || strings.Contains(low, " using ") {
		text = roleThroughToolRE.ReplaceAllStringFunc(text, func(m string) string {
			s := roleThroughToolRE.FindStringSubmatch(m)
			tool := strings.ToLower(s[2])
			return "`" + runnerCommand(tool) + "`"
		})
	}
	return text
}

// alsoRunRE: the sentence names another way the command already runs ("Run Biome
// against JavaScript changes; it is also run via pre-commit"): a run through that way
// meets the order too, and heed cannot see which commands it runs.
var alsoRunRE = lazyre.New(`(?i)\b(?:it|this|they|which|biome|the linter|the formatter)\s+(?:is|are)\s+also\s+(?:run|executed|invoked|checked)\b|\balso\s+runs?\s+(?:via|in|as\s+part\s+of|through|from)\b`)

// docsChecksRE: checks the documentation passes ("Ensure documentation passes the
// spelling, code-block-format, and lint checks"): the roles named are the
// documentation's checks, not the code's linters the file shows.
var docsChecksRE = lazyre.New(`(?i)\b(?:the\s+)?(?:documentation|docs)\s+(?:must\s+|should\s+|still\s+)?pass(?:es)?\b`)

// otherRuns marks the orders of a sentence that names another way its command runs
// as uncertain (a warning), and gives the documentation's checks a qualifier heed
// cannot resolve to the code's commands.
func otherRuns(ns []Norm, text string) {
	also := alsoRunRE.MatchString(text)
	docs := docsChecksRE.MatchString(text)
	if !also && !docs {
		return
	}
	for i := range ns {
		n := &ns[i]
		if n.Polarity != Require {
			continue
		}
		if also && hasKinds(n.Objects, KCommand) {
			n.Uncertain = append(n.Uncertain, "the command also runs another way the sentence names")
		}
		if docs && hasKinds(n.Objects, KRole) && n.Condition == "" {
			n.Condition = "the documentation's own checks"
		}
	}
}
