package lazyre_test

import (
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
