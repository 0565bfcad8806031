package source

import (
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/policy"
)

// TestBroadSwallowedHandlers: "No broad `except: pass` ... without a stated reason"
// (Victordtesla24/aether-job-career-agent NON-NEGOTIABLE-CONSTRAINTS.md:19, wild round
// 25) judges the handlers of every exception, and a reason in a comment on the
// handler exempts it.
func TestBroadSwallowedHandlers(t *testing.T) {
	rules := rulesOf(t, "No broad `except: pass`, empty `catch {}`, `@ts-nocheck` without a stated reason.", "s", "python")
	var mine []*policy.Rule
	for _, r := range rules {
		if strings.Contains(r.Message, "swallowed") {
			mine = append(mine, r)
		}
	}
	for code, want := range map[string]int{
		"try:\n    f()\nexcept:\n    pass\n":                                          1,
		"try:\n    f()\nexcept Exception:\n    pass\n":                                1,
		"try:\n    f()\nexcept Exception as e:\n    pass\n":                           1,
		"try:\n    f()\nexcept (TypeError, ValueError):\n    pass\n":                  0,
		"try:\n    f()\nexcept Exception:  # best-effort cleanup\n    pass\n":         0,
		"try:\n    f()\nexcept OSError:\n    pass\n":                                  0,
		"try:\n    f()\nexcept Exception:  # noqa: BLE001\n    pass\n":                1,
		"try:\n    f()\nexcept Exception:  # noqa: BLE001 — cron retries\n    pass\n": 0,
	} {
		fs, _ := runFiles(t, mine, map[string]string{"app/a.py": code})
		if len(fs) != want {
			t.Errorf("%q: %d findings, want %d (%d rules)", code, len(fs), want, len(mine))
		}
	}
}
