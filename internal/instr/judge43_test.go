package instr

import (
	"testing"

	"github.com/heed-dev/heed/internal/policy"
)

// "Any" before the kind of artefact states a rule about every one of them, as "every"
// does (own-sentences-351 k4: "Any new functionality needs tests." was a description);
// "any" before anything else stays a description.
func TestAnyArtefactIsUniversal(t *testing.T) {
	for _, tc := range []struct {
		text string
		want policy.Level
	}{
		{"Any new functionality needs tests.", policy.Must},
		{"Any change to `api/` requires a changelog entry.", policy.Must},
		{"Any questions about new features go to the forum.", policy.Info},
		{"Any new contributor is welcome.", policy.Info},
	} {
		if got := levelOf(tc.text); got != tc.want {
			t.Errorf("levelOf(%q) = %s, want %s", tc.text, got, tc.want)
		}
	}
}
