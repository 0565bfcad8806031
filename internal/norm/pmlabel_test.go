package norm

import "testing"

// Statements of the project's package manager, advice through "recommend", "X
// only, never Y" labels and arrow workflows, read as the sentences they stand for
// (the shapes of 0-ROK/RiSA CLAUDE.md:38, 0-v-0/mirror-boost AGENTS.md:11,
// 0000005/DouDouChat AGENTS.md:307 and 0-sayed/wallet CLAUDE.md:106, in words of our
// own).
func TestPackageManagerFactsAndArrowSteps(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Package manager: pnpm", "We use `pnpm` as the package manager."},
		{"**Package manager:** `uv`", "We use `uv` as the package manager."},
		{"包管理器：pnpm", "We use `pnpm` as the package manager."},
		{"Uses `pnpm` as package manager", "We use `pnpm` as the package manager."},
		{"Package manager: npm or pnpm", "Package manager: npm or pnpm"},
		{"Package manager: make", "Package manager: make"},
		{"It is recommended to use `pnpm` instead of `npm`.", "you should use `pnpm` instead of `npm`."},
		{"We recommend using `rg` over `grep`.", "you should use `rg` over `grep`."},
		{"bun only, never npm", "Use `bun` only, never npm"},
		{"tests only, never prod", "tests only, never prod"},
	} {
		if got := packageManagerFacts(c.in); got != c.want {
			t.Errorf("%q: %q, want %q", c.in, got, c.want)
		}
	}
	cmd := Context{Command: func(s string) ([]string, bool) { return []string{s}, true }}
	for _, c := range []struct{ in, want string }{
		{"**Migration workflow:** edit `schema.ts` → `pnpm db:generate` → review SQL → `pnpm db:migrate`",
			"After changing `schema.ts`, run `pnpm db:generate` before `pnpm db:migrate`."},
		{"edit `db/schema.prisma` → `npx prisma migrate dev` → commit the migration.",
			"After changing `db/schema.prisma`, run `npx prisma migrate dev` before committing."},
		{"Request flow: `a.ts` → `b.ts` → `c.ts`", ""},
		{"Dependencies flow one way: `app` → `lib` → `utils`", ""},
	} {
		if got := arrowSteps(c.in, cmd); got != c.want {
			t.Errorf("%q: %q, want %q", c.in, got, c.want)
		}
	}
}
