package instr

import "github.com/heed-dev/heed/internal/norm"

// statedRule reports whether a text with no level word states a rule as a fact:
// "Allowed import direction: `api` -> `service` -> `repo`", "Commit messages follow
// `<type>(<scope>): <subject>`", "A change to `app/models/` needs a migration in
// `db/migrate/`". The normative reader knows these forms.
func statedRule(text string) bool {
	return norm.BoundaryStatement(text) || norm.FormatStatement(text) || len(norm.CoChanges(text)) > 0
}
