package norm

import "testing"

// Sentences of our own writing, in lower case with code spans taken out.
func TestSubjectReadings(t *testing.T) {
	for _, tc := range []struct {
		lower, heading           string
		blank                    bool
		period, mood, letterCase string
	}{
		{lower: "separate the subject from the body with a blank line.", blank: true},
		{lower: "do not end the subject line with a period.", period: "forbid"},
		{lower: "write the subject in the past tense and end it with a period.", period: "require", mood: "past"},
		// a named line of the body, not the subject
		{lower: "the solution line ends with a period.", period: ""},
		{lower: "use the imperative mood in the subject line.", mood: "imperative"},
		{lower: "use the imperative mood.", heading: "Body", mood: ""},
		{lower: "write release notes entries in the past tense.", mood: ""},
		{lower: "start the subject with a lower-case letter.", letterCase: "lower"},
		{lower: "capitalize the first word of the summary.", letterCase: "upper"},
		{lower: "capitalize the first word of each sentence in comments.", letterCase: ""},
	} {
		if got := SubjectBlankLine(tc.lower); got != tc.blank {
			t.Errorf("SubjectBlankLine(%q) = %v", tc.lower, got)
		}
		if got := SubjectPeriod(tc.lower, "commit messages"); got != tc.period {
			t.Errorf("SubjectPeriod(%q) = %q, want %q", tc.lower, got, tc.period)
		}
		if got := SubjectMood(tc.lower, tc.heading); got != tc.mood {
			t.Errorf("SubjectMood(%q, %q) = %q, want %q", tc.lower, tc.heading, got, tc.mood)
		}
		if got := SubjectCase(tc.lower); got != tc.letterCase {
			t.Errorf("SubjectCase(%q) = %q, want %q", tc.lower, got, tc.letterCase)
		}
	}
}
