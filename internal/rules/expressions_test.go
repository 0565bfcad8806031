package rules

import (
	"testing"

	_ "github.com/heed-dev/heed/internal/audit/trajectory"
	_ "github.com/heed-dev/heed/internal/compile"
	_ "github.com/heed-dev/heed/internal/instr"
	"github.com/heed-dev/heed/internal/lazyre"
)

// The recognisers' expressions compile on first use (lazyre), so a broken one would
// surface only when some sentence reaches it: compile them all here.
func TestEveryExpressionCompiles(t *testing.T) {
	if err := lazyre.Check(); err != nil {
		t.Fatal(err)
	}
}
