package norm

import (
	"reflect"
	"testing"
)

// Sentences of our own writing.
func TestMessageLimits(t *testing.T) {
	for _, tc := range []struct {
		lower, raw string
		want       []MessageLimit
		descOnly   bool
	}{
		{"keep the subject to 50 characters and wrap the body at 72 characters.", "", []MessageLimit{{Max: 50}, {Body: true, Max: 72}}, false},
		{"follow the 50/72 rule.", "", []MessageLimit{{Max: 50}, {Body: true, Max: 72}}, false},
		{"keep lines of the message under 72 chars.", "", []MessageLimit{{Max: 72}, {Body: true, Max: 72}}, false},
		// a number with no line it governs
		{"the changelog may hold 100 characters of prose.", "", nil, false},
		{"use , the subject at most 50 characters.", "Use `<type>(<scope>): <subject>`, the subject at most 50 characters.", []MessageLimit{{Max: 50}}, true},
	} {
		got, desc := MessageLimits(tc.lower, tc.raw)
		if !reflect.DeepEqual(got, tc.want) || desc != tc.descOnly {
			t.Errorf("MessageLimits(%q) = %+v, %v; want %+v, %v", tc.lower, got, desc, tc.want, tc.descOnly)
		}
	}
}

// MessageLimits is MessageLimitsIn for a sentence under no frame.
func MessageLimits(lower, raw string) (limits []MessageLimit, descriptionOnly bool) {
	return MessageLimitsIn(lower, raw, "")
}
