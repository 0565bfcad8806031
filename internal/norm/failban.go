package norm

import (
	"regexp"
	"strings"
	"sync"
)

// A ban of a moment while a check fails: "If tests fail, do not commit", "Never push
// if the linter fails", "Don't open a PR when the build is failing". The ban holds
// exactly when the check has not passed since the last change, which is the order
// "the tests must pass before committing": read so, it is checkable; read as a ban of
// every commit under a condition heed cannot see, it is not.

// failBanLeadRE: the condition first ("If tests fail, do not commit"): the check and
// the moment.
var failBanLeadRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)^\s*(?:if|when|while|whenever)\s+` + failCheck + `\s*,\s*(?:then\s+)?(?:do not|don't|never|you must not|you mustn't|must not)\s+` + failMoment + `\s*[.!]?\s*$`)
})

// failBanTrailRE: the ban first ("Never commit if the tests fail").
var failBanTrailRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)^\s*(?:do not|don't|never|you must not|you mustn't|must not)\s+` + failMoment + `\s+(?:if|when|while|whenever)\s+` + failCheck + `\s*[.!]?\s*$`)
})

const (
	// failCheck: the check (group "check") and its failing.
	failCheck = `(?:the\s+|any\s+|your\s+)?(?P<check>tests?|test suite|unit tests|linter|lint|lint checks|build|type ?checks?|type checker|type-check)\s+(?:fail|fails|failed|are failing|is failing|do not pass|don't pass|does not pass|doesn't pass|are red|is red|are broken|is broken)`
	// failMoment: the moment banned (group "moment").
	failMoment = `(?P<moment>commit|push|merge|open (?:a |the )?(?:pr|pull request)|create (?:a |the )?(?:pr|pull request)|submit (?:a |the )?(?:pr|pull request))(?:\s+(?:anything|your changes|the changes|code))?`
)

// failBanOrder rewrites such a ban as the order it is ("The tests must pass before
// committing."); text is returned as it was otherwise.
func failBanOrder(text string) string {
	for _, re := range []*regexp.Regexp{failBanLeadRE(), failBanTrailRE()} {
		m := re.FindStringSubmatch(text)
		if m == nil {
			continue
		}
		check := strings.ToLower(m[re.SubexpIndex("check")])
		moment := strings.ToLower(m[re.SubexpIndex("moment")])
		subject := "The tests must pass"
		switch {
		case strings.HasPrefix(check, "lint"):
			subject = "The linter must pass"
		case check == "build":
			subject = "The build must pass"
		case strings.HasPrefix(check, "type"):
			subject = "The type checker must pass"
		}
		gerund := "committing"
		switch {
		case moment == "push":
			gerund = "pushing"
		case moment == "merge":
			gerund = "merging"
		case strings.HasSuffix(moment, "pr") || strings.HasSuffix(moment, "pull request"):
			gerund = "opening a pull request"
		}
		return subject + " before " + gerund + "."
	}
	return text
}
