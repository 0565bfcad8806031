package norm

import "testing"

// A ban said as a noun phrase in a list of a project's rules (fresh file s55: a
// "Security" list with "No committed `.env` files"), and the phrases it must leave
// alone.
func TestNoCommitted(t *testing.T) {
	for text, want := range map[string]string{
		"No committed `.env` files":                     "Never commit `.env` files.",
		"- No checked-in `secrets.json`.":               "- Never commit `secrets.json`.",
		"No `.env` files in commits.":                   "Never commit `.env` files.",
		"No `dist/` committed":                          "Never commit `dist/`.",
		"No `console.log` in committed code.":           "",
		"No secrets committed.":                         "", // no file named
		"No committed changes to `main`; use a branch.": "",
		// (fresh file s56)
		"PRs should include a summary. Keep generated artifacts out of commits (`*.nvda-addon`, `*.mo`, `*.pot` are ignored by `.gitignore`).": "Never commit `*.nvda-addon`, `*.mo` or `*.pot`.",
		"- Keep `dist/` out of version control.":    "Never commit `dist/`.",
		"Keep the change small and out of the way.": "",
	} {
		got, ok := noCommitted(text)
		if ok != (want != "") || got != want {
			t.Errorf("%q: %q, %v; want %q", text, got, ok, want)
		}
	}
}
