package arch

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
)

// An external-package ban tells self-validation what it bans (engine.ImportBanner), so
// heed check's review knows it by its check, not by its kind's name.
func TestAnExternalBanSaysWhatItBans(t *testing.T) {
	rule := &policy.Rule{ID: "r", Domain: policy.DomainArchitecture, Kind: KindExternal, Severity: policy.SeverityError,
		Params: json.RawMessage(`{"banned":["requests","lodash/fp"]}`)}
	check, err := engine.NewRegistry(Kinds()...).CompileRule(rule)
	if err != nil {
		t.Fatal(err)
	}
	b, ok := check.(engine.ImportBanner)
	if !ok || !slices.Equal(b.BannedImports(), []string{"requests", "lodash/fp"}) {
		t.Fatalf("the check is no ImportBanner of what it bans (%v)", ok)
	}
}
