package check

import (
	"encoding/json"
	"fmt"
	"path"
	"strings"

	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
)

// The self-validation's part of the compiler's self-review (internal/compile says
// what the sentence alone shows): what the repository shows of a rule's reading.
// Counting sites says only that the code and the rule disagree, which a right rule
// of a project that does not follow it everywhere does too; these say the rule and
// its own instruction file disagree, which a right rule does not.

// reviewEvidence revises the verdict of one generated rule, in rv, with what its
// sites show against the constraint c it came from.
func reviewEvidence(c *policy.Constraint, r *policy.Rule, rv *RuleValidation) {
	if rv.Complete {
		if why := evidenceDoubt(c, r, rv); why != "" {
			rv.Verdict = ValidDemote
			if rv.Review != "" {
				why += "; " + rv.Review
			}
			rv.Review = why
			return
		}
	}
	if rv.Verdict == ValidDemote && c.Level == policy.Should && r.Severity == policy.SeverityWarning && norm.FeasibilityHedged(c.Text) {
		// "... instead of moment.js when possible": which of the many sites could
		// follow the rule is the reader's judgement, one question for review
		rv.Review += "; the sentence holds only where it can be followed, which heed cannot judge"
		return
	}
	if rv.Verdict == ValidDemote && c.Level == policy.Should && r.Severity == policy.SeverityWarning {
		// A preference ("prefer", "aim to", "should") the existing code does not
		// always follow is what a preference is: the rule warns as it did, and its
		// sites are a baseline, not a doubt about the reading. When the pass
		// stopped with the counts already over the thresholds, the rule is not
		// validated, as any unfinished one: which rules need review must not depend
		// on the machine's load.
		rv.Verdict, rv.Review = ValidBaseline, ""
		if !rv.Complete {
			rv.Verdict = ValidNotValidated
		}
	}
}

// evidenceDoubt says why the rule's sites put its reading in doubt, or "".
func evidenceDoubt(c *policy.Constraint, r *policy.Rule, rv *RuleValidation) string {
	// The instruction file breaks the rule in the very sentence that states it
	// ("spaced em dash `—`" in a sentence that uses one): the writer follows their
	// own rule, so the rule is not theirs.
	for _, f := range rv.Findings {
		if f.File == c.File && f.Line >= c.Line && f.Line <= max(c.Line, c.EndLine) {
			return fmt.Sprintf("it flags the sentence that states it (%s:%d)", c.File, f.Line)
		}
	}
	// A rule of a nested instruction file that judges no file where that file
	// governs: the reading took a name for something the folder does not hold.
	if rv.Applies == 0 && r.Scope.Dir != "" {
		return fmt.Sprintf("it judges no file under %s/, where its instruction file governs", r.Scope.Dir)
	}
	// An import ban whose sites are mostly the project's own code of that name
	// ("never import from the `graphql` layer" against saleor/graphql/ importing the
	// graphql package): the sentence names the project's layer, not the package.
	if names := importBanNames(r, rv); len(names) > 0 && rv.Files >= 3 {
		for _, n := range names {
			base := path.Base(strings.ReplaceAll(n, ".", "/"))
			in := map[string]bool{}
			for _, f := range rv.Findings {
				for _, seg := range strings.Split(path.Dir(f.File), "/") {
					if strings.EqualFold(seg, base) {
						in[f.File] = true
					}
				}
			}
			if 2*len(in) > rv.Files {
				return fmt.Sprintf("%d of the %d files it flags are the project's own `%s` code: the sentence may name that part of the project, not the package", len(in), rv.Files, base)
			}
		}
	}
	return ""
}

// importBanNames are the packages an import ban names: those its check bans
// (engine.ImportBanner), or the needles of a source rule heed wrote for an import.
func importBanNames(r *policy.Rule, rv *RuleValidation) []string {
	if len(rv.importBans) > 0 {
		return rv.importBans
	}
	if r.Domain != policy.DomainSource || !strings.HasPrefix(r.Message, "import of ") {
		return nil
	}
	var p struct {
		Needles []string `json:"needles"`
	}
	if json.Unmarshal(r.Params, &p) != nil {
		return nil
	}
	return p.Needles
}
