package norm

import (
	"strings"
	"testing"
)

// Own sentences 571 (wild round 11, supabase-js's CLAUDE.md and realtime README): a
// use banned for a purpose ("DON'T USE for: basic generator syntax (`nx g ...`)",
// under "## When to use nx_docs"; "don't use it for one-off scripts like `x`") bans
// the heading's tool or the pronoun's, never the command the purpose names; "No
// Docker or Postgres instance required!" says what is not needed. The bans beside
// them stay.
func TestAUseBannedForAPurposeOrNotRequiredBansNoCommand(t *testing.T) {
	for _, text := range []string{
		"DON'T USE for: quick previews (`docker compose up`), local builds",
		"Don't use it for one-off scripts like `make seed`.",
		"No Docker or Postgres instance required! The tests use mocked connections.",
		"No `make build` needed before the tests.",
	} {
		for _, n := range Read(text, Context{Command: commands}) {
			if n.Polarity == Forbid && len(n.Objects) > 0 {
				t.Errorf("%q read as a ban: %s", text, n.String())
			}
		}
	}
	for text, want := range map[string]string{
		"Don't use `npm` for installing packages.":             "forbid: npm",
		"No `docker compose down -v`: it deletes the volumes.": "forbid: docker compose down -v",
		"Never use `git push --force` for release branches.":   "forbid: git push --force",
	} {
		ns := Read(text, Context{Command: commands})
		if len(ns) == 0 || len(ns[0].String()) < len(want) || ns[0].String()[:len(want)] != want {
			t.Errorf("%q: %v, want %s...", text, ns, want)
		}
	}
}

// Wild round 11 (supabase-js's CLAUDE.md "Pitfall 2"): "❌ Wrong:" over a block line
// `cd packages/x && npm test` banned the whole line as one command, program `cd`, a
// ban nothing ever matches. It bans the command where the line runs it; any other
// line of several commands is no one command to ban (as a span of one is not). A
// block line of one command stays banned.
func TestABannedBlockLineOfSeveralCommandsIsNoCommand(t *testing.T) {
	for block, want := range map[string]string{
		"cd web && npm test":         "forbid: npm test in web",
		"cd web && npm test || true": "",
		"cd ../x && npm test":        "",
		"npm test || true":           "",
		"docker compose down":        "forbid: docker compose down",
	} {
		ns := Read("❌ Wrong:", Context{Command: commands, Block: []string{block}})
		got := ""
		for _, n := range ns {
			if n.Polarity == Forbid && len(n.Objects) > 0 {
				got = n.String()
				if d := n.Objects[0].Cwd; d != "" {
					got = "forbid: " + n.Objects[0].Text + " in " + d
				}
			}
		}
		if want == "" && got != "" || want != "" && !strings.HasPrefix(got, want) {
			t.Errorf("%q: %q, want %q", block, got, want)
		}
	}
}
