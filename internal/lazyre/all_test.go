package lazyre_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	_ "github.com/heed-dev/heed/internal/audit/trajectory"
	_ "github.com/heed-dev/heed/internal/compile"
	_ "github.com/heed-dev/heed/internal/instr"
	"github.com/heed-dev/heed/internal/lazyre"
	_ "github.com/heed-dev/heed/internal/rules"
)

// The recognisers' expressions compile on first use, so a broken one would surface
// only when some sentence reaches it: link every package that makes them and compile
// them all here.
func TestEveryExpressionOfHeedCompiles(t *testing.T) {
	if err := lazyre.Check(); err != nil {
		t.Fatal(err)
	}
}

// The literal prefilter never changes an answer: over every line of the real
// instruction corpus (lowered too, as recognisers match lowered sentences), each of
// heed's expressions matches exactly where the plain compiled expression does.
func TestPrefilterAgreesWithTheExpression(t *testing.T) {
	files, _ := filepath.Glob("../../../shared/corpus/instructions/*")
	if len(files) == 0 {
		t.Skip("corpus not found next to the repository")
	}
	var lines []string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		for _, l := range strings.Split(string(data), "\n") {
			if l = strings.TrimSpace(l); l != "" {
				lines = append(lines, l, strings.ToLower(l))
			}
		}
	}
	// every 7th line keeps the test quick and still covers thousands of sentences
	var sample []string
	for i := 0; i < len(lines); i += 7 {
		sample = append(sample, lines[i])
	}
	for _, re := range lazyre.All() {
		plain := regexp.MustCompile(re.String())
		for _, l := range sample {
			if got, want := re.MatchString(l), plain.MatchString(l); got != want {
				t.Fatalf("%q on %q: prefiltered %v, plain %v", re.String(), l, got, want)
			}
		}
	}
}
