package compile_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/rules"
)

// compileAll46 compiles a document as a repository's AGENTS.md and returns the rules of
// every domain.
func compileAll46(doc string) []policy.Rule {
	rc := &recognize.RepoContext{Tools: []string{"git", "cargo", "pnpm", "gradle", "mvn", "python3", "pip"}, Dirs: []string{"src", "tests"}}
	return rulesOf(compileAgentsDoc(doc, rc))
}

// writeVerdict judges one written file against the rules as the write hook folds them:
// blocked when an error rule is violated, warned when only a warning is, clean else.
func writeVerdict(t *testing.T, reg *engine.Registry, rs []policy.Rule, path, code string) string {
	t.Helper()
	var written []policy.Rule
	for _, r := range rs {
		if r.Domain != policy.DomainProcess && r.Domain != policy.DomainSemantic {
			written = append(written, r)
		}
	}
	if got := archVerdict(t, reg, written, policy.Case{Path: path, Code: code, Changed: []string{path}}); got != "flagged" {
		return got
	}
	return "blocked"
}

// met46: "flagged" is warned or blocked, "unblocked" is clean or warned.
func met46(want, got string) bool {
	switch want {
	case "flagged":
		return got == "warned" || got == "blocked"
	case "unblocked":
		return got == "clean" || got == "warned" || got == "allowed"
	case "clean":
		return got == "clean" || got == "allowed"
	}
	return want == got
}

type case46 struct {
	name, doc string
	// each expectation: "VERDICT\tcommand" or "VERDICT\tpath\tcode"; a verdict
	// marked "gap:" is a known miss, logged
	expect []string
}

func runBatch46(t *testing.T, cases []case46) (right, total int) {
	t.Helper()
	reg := rules.Registry()
	for _, c := range cases {
		rs := compileAll46(c.doc)
		for _, e := range c.expect {
			f := strings.SplitN(e, "\t", 3)
			var got, at string
			if len(f) == 2 {
				at = "`" + f[1] + "`"
				got = lineVerdict(t, reg, rs, f[1])
				if got == "allowed" {
					got = "clean"
				}
			} else {
				at = f[1]
				got = writeVerdict(t, reg, rs, f[1], f[2])
			}
			total++
			want, gap := strings.CutPrefix(f[0], "gap:")
			if met46(want, got) {
				right++
				if gap {
					t.Errorf("%s: %s is %s as wanted: drop its gap mark", c.name, at, got)
				}
				continue
			}
			if gap {
				t.Logf("known gap, %s: %s: %s, want %s", c.name, at, got, want)
				continue
			}
			var norms []string
			for _, r := range rs {
				norms = append(norms, string(r.Kind)+" "+r.Severity+" "+r.Message+" "+string(r.Params))
			}
			t.Errorf("%s: %s: %s, want %s\n  rules:\n    %s", c.name, at, got, want, strings.Join(norms, "\n    "))
		}
	}
	t.Logf("%d of %d expectations met", right, total)
	return right, total
}

// TestOwnSentences490: file-naming conventions of files of one role ("component
// files", "screens", "service classes") shown by an example file name, written before
// the compiler read them (batch 490, 2026-12-06, after pixpilot/supabase-toolkit
// .github/copilot-instructions.md:20 blocked every `.tsx` file not in PascalCase);
// first sight in testdata/own-sentences-490.md. A file of another role (an entry
// point, a hook, an index) is no component: it may warn, never block.
func TestOwnSentences490(t *testing.T) {
	const comp = "export function UserCard() {\n  return <div />;\n}\n"
	const hook = "import { useState } from 'react';\n\nexport function useSession() {\n  return useState(null);\n}\n"
	const entry = "import { createRoot } from 'react-dom/client';\nimport { App } from './App';\n\ncreateRoot(document.getElementById('root')!).render(<App />);\n"
	runBatch46(t, []case46{
		{"n1 bold role label, parenthesised example", "- **Frontend UI Components (React only):** Use PascalCase for component files (e.g., `MyButton.tsx`).\n", []string{
			"unblocked\tsrc/main.tsx\t" + entry,
			"unblocked\tsrc/hooks/use-session.tsx\t" + hook,
			"flagged\tsrc/components/user-card.tsx\t" + comp,
			"clean\tsrc/components/UserCard.tsx\t" + comp,
		}},
		{"n2 role in the subject, example after e.g.", "- React component files are PascalCase, e.g. `OrderList.jsx`.\n", []string{
			"unblocked\tsrc/index.jsx\tconst x = 1;\n",
			"flagged\tsrc/components/order-list.jsx\texport function OrderList() {\n  return <div />;\n}\n",
			"clean\tsrc/components/OrderList.jsx\texport function OrderList() {\n  return <div />;\n}\n",
		}},
		{"n3 one kind PascalCase, everything else kebab", "- Service classes: PascalCase file names, e.g. `PaymentService.ts`; everything else is kebab-case.\n", []string{
			"unblocked\tsrc/utils/date-format.ts\texport const f = 1;\n",
			"unblocked\tsrc/routes/user-routes.ts\texport const r = 1;\n",
		}},
		{"n4 screens under a heading", "## Naming\n\n- **Screens:** one per file, in PascalCase (`SettingsScreen.tsx`).\n", []string{
			"unblocked\tsrc/navigation/index.tsx\texport const x = 1;\n",
			"unblocked\tsrc/theme/use-colors.tsx\texport function useColors() {\n  return null;\n}\n",
		}},
		{"n5 table row of a role", "## File names\n\n| Kind | Style | Example |\n| --- | --- | --- |\n| Components | PascalCase | `UserCard.tsx` |\n", []string{
			"unblocked\tsrc/main.tsx\t" + entry,
		}},
		{"n6 control: every TypeScript file kebab-case", "- Name all TypeScript files in kebab-case: `user-service.ts`.\n", []string{
			// a gap of another family: "Name" is not read as binding, so the rule warns
			"gap:blocked\tsrc/UserService.ts\texport const x = 1;\n",
			"clean\tsrc/user-service.ts\texport const x = 1;\n",
		}},
		{"n7 control: Python file names", "- File names: `snake_case.py`.\n", []string{
			"flagged\tsrc/MyModule.py\tx = 1\n",
			"clean\tsrc/my_module.py\tx = 1\n",
		}},
		{"n8 control: Vue single-file components", "- Vue components: `PascalCase.vue` (`UserProfile.vue`).\n", []string{
			"clean\tsrc/components/UserProfile.vue\t<template><div /></template>\n",
		}},
	})
}

// TestOwnSentences491: the alternative a sentence prefers is not banned with what it
// bans ("use `gradle`, not `gradlew`", "`python3` rather than `python`", "do not use
// `expect` in favor of `unwrap`"), written before the compiler read them (batch 491,
// 2026-12-06, after fmueller/jarvis AGENTS.md:5 warned on `gradle build` and
// anelson-labs/cgx CLAUDE.md:127 flagged the `unwrap()` it recommends); first sight
// in testdata/own-sentences-490.md.
func TestOwnSentences491(t *testing.T) {
	runBatch46(t, []case46{
		{"a1 the wrapper banned, the plain tool asked", "- Use `gradle`, not `gradlew`.\n", []string{
			"clean\tgradle build",
			"blocked\t./gradlew build",
		}},
		{"a2 never the Maven wrapper", "- Always call `mvn` directly, never `./mvnw`.\n", []string{
			"clean\tmvn test",
			"flagged\t./mvnw test",
		}},
		{"a3 python3 rather than python", "- Run scripts with `python3` rather than `python`.\n", []string{
			"clean\tpython3 scripts/gen.py",
			"flagged\tpython scripts/gen.py",
		}},
		{"a4 pip3 over pip", "- Prefer `pip3` over `pip`.\n", []string{
			"clean\tpip3 install -r requirements.txt",
			"unblocked\tpip install -r requirements.txt",
		}},
		{"a5 make, not gmake", "- Build with `make`, not `gmake`.\n", []string{
			"clean\tmake",
			"flagged\tgmake",
		}},
		{"a6 control: pnpm, not npm", "- Use pnpm, not npm.\n", []string{
			"blocked\tnpm install",
			"clean\tpnpm install",
		}},
		{"a7 control: the wrapper banned alone", "- Do not run `./gradlew`; the wrapper is out of date.\n", []string{
			"blocked\t./gradlew build",
		}},
		{"c1 expect in favor of unwrap, in tests", "## Unit testing\n\n- Do not use `expect` with an error message in favor of `unwrap` unless the message helps. In most cases, `unwrap` is sufficient.\n", []string{
			"clean\tsrc/lib.rs\tpub fn f() -> u32 {\n    \"1\".parse::<u32>().unwrap()\n}\n",
		}},
		{"c5 expect in favor of unwrap, the exception a judgement", "## Unit testing\n\n- Do not use `expect` with a custom message in favor of `unwrap` unless the extra context makes a failing test easier to understand. Usually `unwrap` is enough.\n", []string{
			"clean\ttests/helpers.rs\tpub fn dir() -> std::path::PathBuf {\n    std::env::current_dir().unwrap()\n}\n",
			"unblocked\ttests/helpers.rs\tpub fn dir() -> std::path::PathBuf {\n    std::env::current_dir().expect(\"cwd\")\n}\n",
		}},
		{"c2 unwrap in favor of the question mark", "- Never use `unwrap()` in favor of `?`.\n", []string{
			"flagged\tsrc/lib.rs\tpub fn f() -> u32 {\n    \"1\".parse::<u32>().unwrap()\n}\n",
		}},
		{"c3 expect preferred to unwrap", "- Use `expect()` with a message instead of `unwrap()`.\n", []string{
			"flagged\tsrc/lib.rs\tpub fn f() -> u32 {\n    \"1\".parse::<u32>().unwrap()\n}\n",
			"clean\tsrc/lib2.rs\tpub fn f() -> u32 {\n    \"1\".parse::<u32>().expect(\"a number\")\n}\n",
		}},
		{"c4 control: neither unwrap nor expect", "- Never use `unwrap()` or `expect()` in library code.\n", []string{
			"flagged\tsrc/lib.rs\tpub fn f() -> u32 {\n    \"1\".parse::<u32>().unwrap()\n}\n",
			"flagged\tsrc/lib2.rs\tpub fn f() -> u32 {\n    \"1\".parse::<u32>().expect(\"a number\")\n}\n",
		}},
	})
}

// TestOwnSentences490Descriptions: a case style that describes the files a naming
// sentence is about ("even those whose main export is a PascalCase class") is no
// convention for those declarations (batch 490, second part, written before the
// compiler read it, after pixpilot/supabase-toolkit .github/copilot-instructions.md:18
// gave a rule on type names from a sentence about file names); first sight in
// testdata/own-sentences-490.md.
func TestOwnSentences490Descriptions(t *testing.T) {
	runBatch46(t, []case46{
		{"m1 kebab files, even those exporting a PascalCase class", "- **File names:** kebab-case for nearly every file, even those whose main export is a PascalCase class.\n", []string{
			"clean\tsrc/user-data.ts\texport class user_data {}\n",
		}},
		{"m2 files that export a PascalCase component", "- Files that export a PascalCase component live in `src/components/`.\n", []string{
			"clean\tsrc/components/user-card.tsx\texport function userCard() {\n  return <div />;\n}\n",
		}},
		{"m3 a module that defines a PascalCase type", "- Keep each module that defines a PascalCase type small.\n", []string{
			"clean\tsrc/shapes.ts\texport class shape_base {}\n",
		}},
		{"m4 control: class names", "- Class names are PascalCase.\n", []string{
			"flagged\tsrc/a.ts\texport class user_data {}\n",
		}},
		{"m5 control: files kebab, classes Pascal", "- Name files in kebab-case, and classes in PascalCase.\n", []string{
			"flagged\tsrc/user-data.ts\texport class user_data {}\n",
		}},
	})
}

// TestOwnSentences491Misses: Rust constructs and git steps a file forbids that heed
// read as nothing (batch 491, second part, written before the compiler read it, after
// anelson-labs/cgx CLAUDE.md:39-41, 118-123 and 134 gave no rule); first sight in
// testdata/own-sentences-490.md.
func TestOwnSentences491Misses(t *testing.T) {
	runBatch46(t, []case46{
		{"r1 crate-level allow banned, item-level asked", "- Never suppress warnings at the crate or module level with `#![allow(...)]`; put `#[allow(...)]` on the item, with a comment.\n", []string{
			"flagged\tsrc/lib.rs\t#![allow(dead_code)]\n\npub fn f() {}\n",
			"clean\tsrc/lib.rs\t// kept for the next release\n#[allow(dead_code)]\nfn g() {}\n\npub fn f() {}\n",
		}},
		{"r2 in words, with an exception by instruction", "- Suppressing warnings for a whole module or crate is never acceptable unless you were told to.\n", []string{
			"flagged\tsrc/lib.rs\t#![allow(unused)]\n\npub fn f() {}\n",
		}},
		{"r3 assert is_ok in tests", "## Tests\n\n- Do not write `assert!(result.is_ok())`; call `unwrap()` on the result instead.\n", []string{
			"flagged\ttests/api.rs\t#[test]\nfn t() {\n    let r: Result<u8, ()> = Ok(1);\n    assert!(r.is_ok());\n}\n",
			"clean\ttests/api.rs\t#[test]\nfn t() {\n    let r: Result<u8, ()> = Ok(1);\n    r.unwrap();\n}\n",
		}},
		{"r4 assert is_err, match the variant", "- Never `assert!(res.is_err())`: match the error variant with `assert_matches!`.\n", []string{
			"flagged\ttests/api.rs\t#[test]\nfn t() {\n    let r: Result<u8, ()> = Err(());\n    assert!(r.is_err());\n}\n",
		}},
		// r5 was written after the fix for r1 and r2, when cgx's own sentence, which
		// opens with "when suppressing warnings", still let a written `#![allow]`
		// through the write hook: not first sight
		{"r5 when suppressing warnings, never at the crate level", "- When suppressing warnings, keep the suppression as narrow as possible and explain it in a comment. It is never acceptable to suppress warnings at the crate or module level unless you are asked to.\n", []string{
			"flagged\tsrc/lib.rs\t#![allow(dead_code)]\n\npub fn f() {}\n",
		}},
		{"g1 never stage, unstage, commit or revert unless asked", "- You may use `git` as needed, but you must never stage, unstage, commit or revert files unless you are asked to.\n", []string{
			"flagged\tgit add -A",
			"flagged\tgit commit -m wip",
			// "revert" is no practice heed reads: "do not revert changes you did not
			// make" is about edits, not `git revert`
			"gap:flagged\tgit revert HEAD",
			"clean\tgit status",
			"clean\tgit diff",
		}},
		{"g2 do not stage or commit yourself", "- Do not stage or commit anything yourself; the maintainer commits.\n", []string{
			"flagged\tgit add .",
			"flagged\tgit commit -m wip",
			"clean\tgit log --oneline",
		}},
	})
}

// A sentence that opens with "when suppressing warnings" holds for a change that adds
// the attribute that suppresses them, not only for one whose lines say "warn" (cgx
// CLAUDE.md:39-41: the write hook let `#![allow(dead_code)]` through).
func TestCrateAllowAppliesToTheAttributeAdded(t *testing.T) {
	doc := "- When suppressing warnings, keep the suppression as narrow as possible and explain it in a comment. It is never acceptable to suppress warnings at the crate or module level unless you are asked to.\n"
	found := false
	for _, r := range compileAll46(doc) {
		if !strings.Contains(r.Message, "#![allow") {
			continue
		}
		found = true
		if r.When != nil && !regexp.MustCompile(r.When.Added).MatchString("#![allow(dead_code)]") {
			t.Errorf("the rule holds only for %s (%s), which the added attribute does not show", r.When.What, r.When.Added)
		}
	}
	if !found {
		t.Errorf("no rule about #![allow]")
	}
}
