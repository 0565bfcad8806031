package norm

import "testing"

func TestPassiveBanStrength(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"Moment is banned.", "must"},
		{"Raw SQL strings are not allowed.", "must"},
		{"`enzyme` is strictly forbidden", "must"},
		{"Lodash is deprecated in this codebase.", "should"},
		{"This endpoint is deprecated.", ""},                                          // what upstream did, not a ban here
		{"If the lock is not allowed, retry later.", ""},                              // a condition
		{"Why is force push not allowed?", ""},                                        // a question
		{"The team decided that the old client in the billing service is banned", ""}, // no short subject
	} {
		if got := PassiveBanStrength(tc.text); got != tc.want {
			t.Errorf("PassiveBanStrength(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}
