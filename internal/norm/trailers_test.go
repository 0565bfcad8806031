package norm

import (
	"reflect"
	"strings"
	"testing"
)

// Sentences of our own writing (in lower case as they are: none has a code span
// that matters).
func TestReadTrailers(t *testing.T) {
	for _, tc := range []struct {
		raw  string
		want TrailerDemand
	}{
		{"Sign off every commit (DCO).", TrailerDemand{SignOff: true}},
		{"Do not add a Co-authored-by trailer that names an AI assistant.",
			TrailerDemand{Names: []string{"Co-authored-by"}, Forbid: true, AI: true, Asks: true}},
		{"Never include session links; `Co-Authored-By:` is fine.", TrailerDemand{Permitted: true}},
		{"AI agents must add an Assisted-by trailer naming the tool.",
			TrailerDemand{Names: []string{"Assisted-by"}, AI: true, Agents: true, Asks: true}},
		{"You may add a Generated-by trailer for AI tools.",
			TrailerDemand{Names: []string{"Generated-by"}, AI: true, Agents: true}},
	} {
		if got := ReadTrailers(tc.raw, strings.ToLower(tc.raw)); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("ReadTrailers(%q) = %+v, want %+v", tc.raw, got, tc.want)
		}
	}
}
