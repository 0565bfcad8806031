package norm

import "testing"

func TestLeadInCondition(t *testing.T) {
	for _, c := range []struct{ lead, want string }{
		// a part of the work: the items hold only then
		{"**All surfaces must be WCAG AA compliant.** When working on UI changes:", "When working on UI changes"},
		{"If you touch the API:", "If you touch the API"},
		{"Whenever you modify the database schema:", "Whenever you modify the database schema"},
		{"When working on the frontend (`web/`):", "When working on the frontend (`web/`)"},
		{"If you are preparing a hotfix:", "If you are preparing a hotfix"},
		// the moment, or any work: no condition
		{"When committing:", ""},
		{"When you are ready to commit:", ""},
		{"When you open a pull request:", ""},
		{"When making changes:", ""},
		{"When implementing features:", ""},
		{"When modifying files within this repository you must:", ""},
		{"When you are satisfied with the changes, we suggest you run:", ""},
		{"When merging a pull request:", ""},
		{"Before committing:", ""},
		// not a lead-in
		{"When working on UI changes, run the audit.", ""},
	} {
		if got := LeadInCondition(c.lead); got != c.want {
			t.Errorf("LeadInCondition(%q) = %q, want %q", c.lead, got, c.want)
		}
	}
}
