package compile

import (
	"fmt"

	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// throughLeadIn reads a list item that no recogniser read as it stands through the
// lead-in of its list (norm.LeadInReading): "Never use these APIs:" over "`eval`",
// "Avoid the following in production code:" over "`debugger` statements". Every
// recogniser reads the sentence the two make, so each domain gets the lead-in's ban
// or preference without a reader of its own. The item says nothing of its own; what
// it means comes from its context, so its rules warn and say so for a person to
// review, never block. Judge rules are left to the compiler's own fallback.
func throughLeadIn(c, read *policy.Constraint, lang string, rc *recognize.RepoContext, recs []recognize.Recognizer, perKind map[string]int) ([]policy.Rule, []string) {
	if read.Context == "" {
		return nil, nil
	}
	text, ok := norm.LeadInReading(read.Context, read.Text)
	if !ok {
		return nil, nil
	}
	cc := *read
	cc.Text, cc.Context = text, ""
	// "Never use these APIs:" over "`eval`": an API, not a program to run
	kind := norm.LeadObjectKind(read.Context)
	var out []policy.Rule
	var warnings []string
	for _, rec := range recs {
		res, err := safeRecognize(rec, &cc, rc)
		if err != nil {
			warnings = append(warnings, fmt.Sprintf("recogniser %s on constraint %s (%s:%d) read through its lead-in: %v", rec.Name(), c.ID, c.File, c.Line, err))
			continue
		}
		for _, r := range res.Rules {
			if r.Domain == policy.DomainSemantic || r.Domain == "" ||
				kind == "code" && r.Domain == policy.DomainProcess ||
				kind == "command" && (r.Domain == policy.DomainSource || r.Domain == policy.DomainArchitecture) {
				continue
			}
			if r.When == nil && (r.Domain == policy.DomainSource || r.Domain == policy.DomainContribution) {
				r.When = condition(&cc)
			}
			markNewCode(&cc, &r)
			r = finish(r, c, rec.Name(), perKind)
			review(&cc, &r)
			unreadable(lang, &r)
			if r.Severity == policy.SeverityError || r.Review == "" {
				r.Severity = policy.SeverityWarning
				r.Review = fmt.Sprintf("read through the lead-in of its list (%q), which the item leaves implicit", read.Context)
				r.Generated = ""
				r.Generated = policy.Fingerprint(&r)
			}
			out = append(out, r)
		}
	}
	return out, warnings
}
