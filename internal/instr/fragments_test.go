package instr

import (
	"testing"

	"github.com/heed-dev/heed/internal/policy"
)

// TestTerseFragmentLevels: fragments that state a rule without a modal bind by their
// section and their parentheses; the same words in a section that describes, or a
// parenthesis that states a fact, bind nothing.
func TestTerseFragmentLevels(t *testing.T) {
	for _, tc := range []struct {
		doc  string
		want policy.Level
	}{
		{"## Code Style\n\n- **Styling**: plain CSS (no SCSS)\n", policy.Should},
		{"## Tech Stack\n\n- **Styling**: plain CSS (no SCSS)\n", policy.Info},
		{"## Code Conventions\n\n### JavaScript\n\n- **Modules**: ES modules with `import`/`export`, no `require()`\n", policy.Should},
		{"## Overview\n\n- Entry point is `src/cli.ts` (NOT `src/index.ts`)\n", policy.Info},
		{"## Git Conventions\n\n- **Commits**: Conventional Commits (`feat:`, `fix:`)\n", policy.Should},
		{"## Git Conventions\n\n- **Maintainer**: Jane Doe\n", policy.Info},
		{"## Layout\n\n- `generated/` – API client (do not edit by hand)\n", policy.Must},
		{"## Layout\n\n- `legacy/` – the v1 API (no longer maintained)\n", policy.Info},
		{"## Testing\n\n- Fixtures for test data (avoid `factory_bot`)\n", policy.Should},
		{"## Roadmap\n\n- [ ] No more `any` in `src/api/`\n", policy.Info},
		{"## Notes\n\n- [x] No more `any` in `src/api/`\n", policy.Info},
		{"## Before you push\n\n- [ ] Never commit `.env`\n", policy.Must},
		{"## Formatting\n\n- 4 spaces for indentation in JavaScript/PHP\n", policy.Should},
	} {
		cons, err := Extract("AGENTS.md", []byte(tc.doc), Classify("AGENTS.md"), policy.Scope{})
		if err != nil || len(cons) == 0 {
			t.Fatalf("%q: %v, %d constraints", tc.doc, err, len(cons))
		}
		if got := cons[len(cons)-1].Level; got != tc.want {
			t.Errorf("%q: level %s, want %s", tc.doc, got, tc.want)
		}
	}
}

// TestUnicodeHyphensReadAsHyphens: prose written with a non-breaking hyphen ("4‑space
// indentation", CodexScriba/emailproject AGENTS.md:23) is read as with the ASCII one;
// a code span keeps its text.
func TestUnicodeHyphensReadAsHyphens(t *testing.T) {
	cons, err := Extract("AGENTS.md", []byte("## Style\n\n- Python, PEP 8, 4\u2011space indentation, no `a\u2011b`.\n"), Classify("AGENTS.md"), policy.Scope{})
	if err != nil || len(cons) != 1 {
		t.Fatalf("%v, %d constraints", err, len(cons))
	}
	if got := cons[0].Text; got != "Python, PEP 8, 4-space indentation, no `a\u2011b`." {
		t.Errorf("text %q", got)
	}
}
