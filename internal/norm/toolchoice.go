package norm

import (
	"regexp"
	"strings"
	"sync"
)

// A tool chosen for a job and its rivals, written the way stack notes write them:
// "Linting uses Biome + oxfmt, not ESLint/Prettier". The reading below takes the
// labelled form ("Linting: Biome and oxfmt, not ESLint or Prettier"); these rewrites
// bring the notes' shorthand to it.

// StatedChoice is the doubt of a ban read from a tool choice stated, not ordered.
const StatedChoice = "the project's choice of tool, stated rather than ordered"

// jobUsesRE: "<job> uses X" at the start of a sentence, the job a noun of work.
var jobUsesRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)^(\W*)(linting|formatting|testing|tests|containers|bundling|type[- ]checking|package management)\s+(?:uses|is done with|runs on|runs with)\s+`)
})

// jobUses is jobUsesRE's match of text, nil for none; the expression runs only on a
// text that says "uses", "runs" or "done with".
func jobUses(text string) []int {
	if !strings.Contains(text, " uses ") && !strings.Contains(text, " runs ") && !strings.Contains(text, "done with") {
		return nil
	}
	return jobUsesRE().FindStringSubmatchIndex(text)
}

// rivalSlashRE: "not ESLint/Prettier": rivals joined by slashes, in plain words.
var rivalSlashRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(not|never|no)\s+([A-Za-z][\w-]*(?:\.js)?)/([A-Za-z][\w-]*(?:\.js)?)(?:/([A-Za-z][\w-]*(?:\.js)?))?\b`)
})

// toolPlusRE: "Biome + oxfmt": tools joined by a plus sign.
var toolPlusRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\b([A-Za-z][\w.-]*)\s+\+\s+([A-Za-z][\w.-]*)\b`)
})

// toolChoiceText rewrites a stack note's tool choice into the labelled form; text
// without a rival ("not", "never") is kept.
func toolChoiceText(text string) string {
	low := strings.ToLower(text)
	if !strings.Contains(low, "not ") && !strings.Contains(low, "never ") && !strings.Contains(low, "no ") {
		return text
	}
	if m := jobUses(text); m != nil {
		text = text[:m[5]] + ": " + text[m[1]:]
	}
	if strings.Contains(text, " + ") {
		text = toolPlusRE().ReplaceAllString(text, "$1 and $2")
	}
	if slashedRival(text) {
		text = rivalSlashRE().ReplaceAllStringFunc(text, func(s string) string {
			m := rivalSlashRE().FindStringSubmatch(s)
			names := []string{m[2], m[3]}
			if m[4] != "" {
				names = append(names, m[4])
			}
			return m[1] + " " + strings.Join(names, " or ")
		})
	}
	return text
}

// jobByMeansRE: "Type-check with `tsc --noEmit`, not with `npm run build`": a job
// and the means to do it, with a rival means; group 1 is the job.
var jobByMeansRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile("(?i)^\\W*(type-?check|check types|lint|format|verify|validate|test|check)\\b[^`]*?\\bwith\\s+`[^`]+`[^.;]*?,?\\s+(?:but\\s+)?not\\s+(?:with\\s+|via\\s+|by\\s+)?`")
})

// ByMeansDoubt is the doubt of a ban of a command named as the wrong means to a job.
const ByMeansDoubt = "banned as the means to a job, which the command may not be run for"

// meansForJob reports a ban of a command that the sentence names as the wrong means
// to a job ("type-check with X, not with `npm run build`"): the command is banned
// for that job only, unless it is a tool whose job that is ("format with Ruff, not
// Black").
func meansForJob(text string, o Object) bool {
	if o.Kind != KCommand && o.Kind != KCode || !strings.Contains(text, "with `") || !strings.Contains(text, "not") {
		return false
	}
	m := jobByMeansRE().FindStringSubmatch(text)
	if m == nil {
		return false
	}
	job := strings.ToLower(m[1])
	prog := strings.Fields(o.Text)
	if len(prog) == 0 {
		return false
	}
	if strings.HasPrefix(job, "type") || job == "check types" {
		// ("type-check with `pyright`, not `mypy`": a type checker is the means)
		switch strings.ToLower(prog[0]) {
		case "mypy", "pyright", "basedpyright", "pytype", "pyre", "tsc", "vue-tsc", "flow", "ty":
			return false
		}
	}
	for _, j := range toolJobs()[strings.ToLower(prog[0])] {
		if strings.HasSuffix(j, "-"+jobOfRole()[job]) {
			return false
		}
	}
	return true
}

// slashedRival: a word after "not", "never" or "no" holds a slash ("not ESLint/Prettier"),
// the only texts rivalSlashRE can change.
func slashedRival(text string) bool {
	low := strings.ToLower(text)
	for _, neg := range []string{"not ", "never ", "no "} {
		for i := strings.Index(low, neg); i >= 0; {
			rest := low[i+len(neg):]
			end := strings.IndexAny(rest, " ,.;:)`")
			if end < 0 {
				end = len(rest)
			}
			if strings.Contains(rest[:end], "/") {
				return true
			}
			j := strings.Index(rest, neg)
			if j < 0 {
				break
			}
			i += len(neg) + j
		}
	}
	return false
}
