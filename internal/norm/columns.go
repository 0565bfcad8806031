package norm

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// Table headers that say what their columns are, beyond the fixed words of
// columnRoles: "Never run", "Don't do", "Avoid using" head a column of what is
// forbidden, in the header's own words.

// negatedVerbColumn reports a header that is a negation and one verb of doing ("Never
// run", "Do not use", "Don't call", "Avoid running"): its column holds what is
// forbidden. A header that says more ("Never run on CI") is a column of its own kind.
func negatedVerbColumn(h string) bool {
	f := strings.Fields(strings.ToLower(strings.Trim(strings.TrimSpace(h), "*_:`")))
	switch {
	case len(f) == 2 && (f[0] == "never" || f[0] == "don't" || f[0] == "dont" || f[0] == "avoid"):
		return columnVerb(f[1])
	case len(f) == 3 && f[0] == "do" && f[1] == "not":
		return columnVerb(f[2])
	}
	return false
}

// NegatedVerbColumn reports a table header that forbids its column with a verb ("Don't
// use", "Never run", "❌ Do not call"): its rows are bans, as firm as a "must". A bare
// "Don't" beside "Do" names forms to avoid, which it leaves to the row.
func NegatedVerbColumn(h string) bool {
	return negatedVerbColumn(strings.TrimLeft(strings.TrimSpace(h), "❌ "))
}

// columnVerb: a verb a forbidding header names its column's doing with.
func columnVerb(w string) bool {
	switch w {
	case "run", "running", "use", "using", "call", "calling", "invoke", "invoking", "do", "doing",
		"type", "execute", "executing":
		return true
	}
	return false
}

// TableHeader is the header of the table a row's context holds, cells joined by
// " | ": the context after the section's own framing, which the extractor joins to it
// with " — ".
func TableHeader(context string) string {
	if i := strings.LastIndex(context, " — "); i >= 0 {
		return context[i+len(" — "):]
	}
	return context
}

// TableSection is the section's own framing of a table row's context, without the
// table's header: "" when the context is the header alone.
func TableSection(context string) string {
	if i := strings.LastIndex(context, " — "); i >= 0 {
		return context[:i]
	}
	return ""
}

// RowBranch is the branch a table row is about when the table's first column is the
// branch ("| Branch | Never |" over "| `main` | force-push, rebase |"): the row's bans
// hold on that branch. "" for any other row.
func RowBranch(context, row string) string {
	first, _, ok := strings.Cut(TableHeader(context), " | ")
	if !ok {
		return ""
	}
	switch strings.ToLower(strings.Trim(strings.TrimSpace(first), "*")) {
	case "branch", "branches":
	default:
		return ""
	}
	cell, _, ok := strings.Cut(row, " | ")
	cell = strings.TrimSpace(cell)
	if !ok || len(cell) < 3 || cell[0] != '`' || cell[len(cell)-1] != '`' || strings.Count(cell, "`") != 2 {
		return ""
	}
	b := cell[1 : len(cell)-1]
	if b == "" || strings.ContainsAny(b, " *") {
		return ""
	}
	return b
}

// SubstitutionColumns reports a table header (cells joined by " | ") with a column of
// what is forbidden and one of what to do instead ("Instead of | Use", "❌ | ✅",
// "Avoid | Prefer", "Don't | Do instead"): each row is a form to avoid and its
// replacement. How strongly is the header's to say ("Instead of" asks for a
// preference; "Don't", "Never" for a ban).
func SubstitutionColumns(header string) bool {
	ban, alt := false, false
	for _, h := range strings.Split(TableHeader(header), " | ") {
		switch columnRole(h) {
		case mForbid:
			ban = true
		case mRequire:
			alt = true
		}
	}
	return ban && alt
}

var (
	// banColumnRE and doColumnRE: a header of a column of what not to write ("Don't",
	// "❌ Avoid", "Anti-pattern") and of what to write instead ("Do", "✅ Prefer",
	// "Replacement"), in lower case.
	banColumnRE = lazyre.New(`^(?:❌\s*)?(?:don'?t|don’t|do not|avoid|bad|wrong|incorrect|never|instead of|not this|deprecated|old|legacy|before|banned|forbidden|anti-?patterns?)\b|^❌`)
	doColumnRE  = lazyre.New(`^(?:✅\s*)?(?:do|prefer|use|good|correct|right|instead|new|after|recommended|preferred|replacement|use instead)\b|^✅`)
)

// BanAndDoColumns finds, among a table's header cells, the one column of what not to
// write and the one of what to write instead ("| Don't | Do |", "| Concern | Use |
// Avoid |"); ok is false for any other table, and for a table that compares two
// versions of a thing aspect by aspect ("| Field | OLD | NEW |"), which bans none.
func BanAndDoColumns(heads []string) (banCol, doCol int, ok bool) {
	if len(heads) < 2 {
		return 0, 0, false
	}
	banCol, doCol = -1, -1
	for i, h := range heads {
		h = strings.ToLower(strings.Trim(strings.TrimSpace(h), "*_ "))
		switch {
		case banColumnRE.MatchString(h):
			if banCol >= 0 {
				return 0, 0, false
			}
			banCol = i
		case doColumnRE.MatchString(h):
			if doCol >= 0 {
				return 0, 0, false
			}
			doCol = i
		}
	}
	if banCol < 0 || doCol < 0 || len(heads) > 2 && comparisonColumns(heads[banCol], heads[doCol]) {
		return 0, 0, false
	}
	return banCol, doCol, true
}

// comparisonColumns reports a pair of columns that name two versions of a thing (old
// and new, before and after, legacy and current) rather than what to avoid and what
// to use.
func comparisonColumns(ban, do string) bool {
	b := strings.ToLower(strings.Trim(strings.TrimSpace(ban), "*_ "))
	d := strings.ToLower(strings.Trim(strings.TrimSpace(do), "*_ "))
	weak := func(h string, ws ...string) bool {
		for _, w := range ws {
			if h == w || strings.HasPrefix(h, w+" (") {
				return true
			}
		}
		return false
	}
	return weak(b, "old", "legacy", "before") && weak(d, "new", "after", "current")
}
