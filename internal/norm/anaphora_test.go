package norm

import (
	"strings"
	"testing"
)

// A command named in one sentence and ruled on in the next by a word that points back
// to it (batch 658, paraphrased).
func TestCommandPronouns(t *testing.T) {
	ctx := Context{Command: func(s string) ([]string, bool) {
		return strings.Fields(s), strings.Contains(s, " ") || strings.HasPrefix(s, "./")
	}}
	for text, want := range map[string]string{
		"`make seed-prod` writes to production. Ask before running it.":            "forbid: make seed-prod | ask: the user may approve",
		"`yarn db:wipe` and `yarn db:nuke` erase the shared data. Never run them.": "forbid: yarn db:wipe, yarn db:nuke",
		"`pnpm bench:cloud` costs money per run. Check with the user first.":       "forbid: pnpm bench:cloud | ask: the user may approve",
		"Rebuilding the cache (`./tools/rebuild.sh`) takes hours; don't do that.":  "forbid: ./tools/rebuild.sh",
		"`./publish.sh` lädt das Paket hoch. Führe es nie selbst aus.":             "forbid: ./publish.sh",
		"`pnpm dev` starts the app. Use it while you work on the UI.":              "",
	} {
		var got []string
		for _, n := range Read(text, ctx) {
			if n.Polarity == Forbid {
				got = append(got, n.String())
			}
		}
		if want == "" && len(got) > 0 || want != "" && (len(got) == 0 || !strings.HasPrefix(got[0], want)) {
			t.Errorf("%q:\n  got  %q\n  want %q", text, got, want)
		}
	}
}

// A table with a column that asks for approval: "yes" waits for the user, "no" says
// nothing.
func TestAskColumnRow(t *testing.T) {
	if s, ok := TableRowSentence("`kubectl delete ns` | yes", "Command | Needs approval?"); !ok || s != "Never run `kubectl delete ns` without approval." {
		t.Errorf("yes: %q %v", s, ok)
	}
	if _, ok := TableRowSentence("`kubectl get pods` | no", "Command | Needs approval?"); ok {
		t.Error("no: a sentence")
	}
}
