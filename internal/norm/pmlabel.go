package norm

import (
	"regexp"
	"slices"
	"strings"
	"sync"
)

// A project's package manager is often stated as a fact, not an instruction:
// "Package manager: pnpm", "包管理器：pnpm", "Uses `pnpm` as package manager", "The
// `pnpm` package manager is used for dependency management". Each binds the reader as
// "We use `pnpm` as the package manager" does, and is read as that sentence (a
// statement, so its rule warns). Advice said through "recommend" ("It is
// recommended to use `pnpm` instead of `npm`", "We recommend using X") is read as
// "you should ...", advice that never blocks.

var pmLabelRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)^[\s*_]*(?:package[ -]manager|包管理器|包管理工具|パッケージマネージャー?|gestor de paquetes|paketmanager|gestionnaire de paquets)[\s*_]*[:：][\s*_` + "`" + `]*([a-z][a-z0-9]*)[*_` + "`" + `]*(.*)$`)
})

var pmUsesRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)^[\s*_]*(?:uses|using)\s+[*_` + "`" + `]*([a-z][a-z0-9]*)[*_` + "`" + `]*\s+as\s+(?:the\s+|its\s+|our\s+|a\s+)?(?:package|dependency)\s+manager\b(.*)$`)
})

var pmPassiveRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile("(?i)\\bthe\\s+`?([a-z][a-z0-9]*)`?\\s+package\\s+manager\\s+is\\s+used\\b[^.;]*")
})

var recommendRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(?:it\s+is|it's)\s+(?:strongly\s+|highly\s+)?recommended\s+(?:that\s+you\s+|to\s+)|\bwe\s+(?:strongly\s+|highly\s+)?recommend\s+(?:that\s+you\s+)?(using|running|use|run)\b`)
})

var toolOnlyRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile("(?i)^[\\s*_`]*([a-z][a-z0-9.-]*)[`*_]*\\s+only\\s*[,;:]\\s*(never|not|no)\\b")
})

// packageManagerFacts rewrites the statements of the project's package manager above
// into "We use `X` as the package manager.", and recommendations into "you should".
// Only a package manager heed knows is read so; the rest of the text is kept.
func packageManagerFacts(text string) string {
	if m := pmLabelRE().FindStringSubmatch(text); m != nil && onePackageManager(m[1], m[2]) {
		return "We use `" + strings.ToLower(m[1]) + "` as the package manager." + tailSentence(m[2])
	}
	if m := toolOnlyRE().FindStringSubmatchIndex(text); m != nil {
		// "bun only, never npm": a label, the tool to use and then the ban, not a
		// sentence whose subject is bun
		if _, ok := ToolFamily(strings.ToLower(text[m[2]:m[3]])); ok {
			text = "Use `" + text[m[2]:m[3]] + "` only, " + text[m[4]:]
		}
	}
	if m := pmUsesRE().FindStringSubmatch(text); m != nil && onePackageManager(m[1], m[2]) {
		return "We use `" + strings.ToLower(m[1]) + "` as the package manager." + tailSentence(m[2])
	}
	if strings.Contains(strings.ToLower(text), "package manager is used") {
		text = pmPassiveRE().ReplaceAllStringFunc(text, func(s string) string {
			m := pmPassiveRE().FindStringSubmatch(s)
			if !onePackageManager(m[1], "") {
				return s
			}
			return "We use `" + strings.ToLower(m[1]) + "` as the package manager"
		})
	}
	if strings.Contains(strings.ToLower(text), "recommend") {
		text = recommendRE().ReplaceAllStringFunc(text, func(s string) string {
			low := strings.ToLower(s)
			switch {
			case strings.HasSuffix(low, "using"), strings.HasSuffix(low, " use"):
				return "you should use"
			case strings.HasSuffix(low, "running"), strings.HasSuffix(low, " run"):
				return "you should run"
			}
			return "you should "
		})
	}
	return text
}

// onePackageManager: tool is a package manager heed knows, and the rest of the
// statement names no other one of its family ("Package manager: npm or pnpm" states
// no single one).
func onePackageManager(tool, rest string) bool {
	fam, ok := ToolFamily(strings.ToLower(tool))
	if !ok || fam != "js-pm" && fam != "py-pm" {
		return false
	}
	for _, t := range Tokenize(rest) {
		if f, ok := ToolFamily(t.Low); ok && f == fam && t.Low != strings.ToLower(tool) {
			return false
		}
	}
	return true
}

// tailSentence keeps what follows the statement as a sentence of its own ("Package
// manager: pnpm (never npm)").
func tailSentence(rest string) string {
	rest = strings.TrimSpace(strings.TrimLeft(rest, " .;,:-—–"))
	if rest == "" {
		return ""
	}
	return " " + rest
}

// A project's formatter, linter, test runner or package manager is often stated by
// naming the job next to the tool: "**Formatter:** ruff", "`uv` package manager
// (**required**)", "**Poetry** for dependency management", "`ruff` for linting".
// Each is read as "`ruff` is our formatter." or "We use `uv` as the package manager."
// would be (a statement: the other tools of the job warn, never block). Only a tool
// heed knows for that job is read so.

var jobLabelRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile("(?i)^[\\s*_-]*(formatter|code formatter|formatting|linter|linting|test runner)[\\s*_]*[:：][\\s*_]*(`?)([a-z][a-z0-9]*)(`?)[*_]*(.*)$")
})

var toolJobNounRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile("(?i)^[\\s*_-]*(?:[a-z]+[*_]*[:：][\\s*_]*)?(`?)([a-z][a-z0-9]*)(`?)[*_]*\\s+(package manager|formatter|linter|test runner|for dependency management|for package management|for dependencies|for formatting|for linting|for testing)\\b(.*)$")
})

// jobStatements rewrites the statements above; the rest of the text is kept.
func jobStatements(text string) string {
	// ("Formatting: `black .` and `isort .`" names commands, not a tool)
	if m := jobLabelRE().FindStringSubmatch(text); m != nil && m[2] == m[4] && statementEnds(m[5]) {
		if s := jobToolStatement(m[3], m[1], m[5]); s != "" {
			return s
		}
	}
	if m := toolJobNounRE().FindStringSubmatch(text); m != nil && m[1] == m[3] && statementEnds(m[5]) {
		if s := jobToolStatement(m[2], m[4], m[5]); s != "" {
			return s
		}
	}
	return text
}

// jobToolStatement is the statement that tool does the job the words name, with what
// followed kept as a sentence of its own; "" when tool is not one heed knows for it. A
// rival named in a comparison after it ("(required - faster than pip)") is no second
// tool stated.
func jobToolStatement(tool, job, rest string) string {
	tool = strings.ToLower(tool)
	job = strings.ToLower(job)
	switch {
	case strings.Contains(job, "package") || strings.Contains(job, "dependenc"):
		if !onePackageManager(tool, comparisonRE().ReplaceAllString(rest, "")) {
			return ""
		}
		return "We use `" + tool + "` as the package manager." + tailSentence(comparisonRE().ReplaceAllString(rest, ""))
	case strings.Contains(job, "format"):
		job = "formatter"
	case strings.Contains(job, "lint"):
		job = "linter"
	case strings.Contains(job, "test"):
		job = "test runner"
	default:
		return ""
	}
	if !slices.ContainsFunc(toolJobs()[tool], func(j string) bool { return strings.HasSuffix(j, "-"+jobOfRole()[jobNamed(job)]) }) {
		return ""
	}
	return "`" + tool + "` is our " + job + "." + tailSentence(rest)
}

// comparisonRE: a rival named only to compare ("faster than pip/venv").
var comparisonRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(?:faster|better|simpler|quicker|lighter)\s+than\s+[^)\].;,]*`)
})

// statementEnds: what follows the tool and its job is nothing, or an aside or a new
// sentence ("(required)", ". Run ..."), not more of the same sentence ("npm package
// manager is not supported", "ESLint + Prettier").
func statementEnds(rest string) bool {
	rest = strings.TrimLeft(rest, " *_`")
	return rest == "" || strings.ContainsRune("(.,;:—–-", []rune(rest)[0]) && !strings.HasPrefix(rest, "--")
}
