package norm

import (
	"regexp"
	"strings"
	"sync"
)

// A condition on the branch checked out: "While checked out on `master`, a
// contributor must not run `git merge`, `git add`, `git commit`, or `git rebase`."
// The ban holds on that branch only; read without the clause it would forbid the
// commands everywhere.

var onBranchRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile("(?i)^(?:while|when|whenever) (?:you are |you're |you have |the contributor is |a contributor is )?(?:checked out |working |sitting )?(?:on|in) (?:the )?`?(main|master|develop|development|trunk)`?(?: branch)?(?: checked out)?,\\s*(.+)$")
})

// WhileOnBranch splits a sentence that opens with a condition on the checked-out
// branch into the branches and the rest of the sentence.
func WhileOnBranch(text string) (branches []string, rest string, ok bool) {
	t := strings.TrimSpace(strings.Join(strings.Fields(text), " "))
	m := onBranchRE().FindStringSubmatch(t)
	if m == nil {
		return nil, "", false
	}
	return []string{strings.ToLower(m[1])}, m[2], true
}
