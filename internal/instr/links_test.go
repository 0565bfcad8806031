package instr

import (
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/policy"
)

// An instruction file that sends its reader to a local document ("always read
// `agent_docs/index.md`", "see [the guide](doc/dev.md)") brings that document's rules
// in, with the instruction file's scope; one hop only, and only where a sentence says
// to read it.
func TestLinksToLocalDocsAreFollowed(t *testing.T) {
	root := writeTree(t, map[string]string{
		"AGENTS.md":            "# Agents\n\n- Always read `agent_docs/index.md` before changing code.\n- The [changelog](CHANGES.md) lists releases.\n- Read the [missing page](doc/gone.md).\n",
		"agent_docs/index.md":  "# Index\n\n- Never edit generated files under `gen/`.\n- See [deeper notes](deeper.md) for more.\n",
		"agent_docs/deeper.md": "- A rule two hops away.\n",
		"CHANGES.md":           "- Do not read this as a rule.\n",
		"web/AGENTS.md":        "- Follow [the web guide](../doc/web.md).\n",
		"doc/web.md":           "- Use pnpm in the web app.\n",
		"CONTRIBUTING.md":      "Please read [the development guide](doc/dev.md#setup) and [our site](https://example.com/guide.md).\n",
		"doc/dev.md":           "- Sign off every commit.\n",
	})
	set, err := Load(root)
	if err != nil {
		t.Fatal(err)
	}
	byText := map[string]string{}
	scope := map[string]string{}
	for _, c := range set.Constraints {
		byText[c.Text] = c.File
		scope[c.Text] = c.Scope.Dir
	}
	for text, file := range map[string]string{
		"Never edit generated files under `gen/`.": "agent_docs/index.md",
		"Sign off every commit.":                   "doc/dev.md",
		"Use pnpm in the web app.":                 "doc/web.md",
	} {
		if byText[text] != file {
			t.Errorf("%q: from %q, want %s", text, byText[text], file)
		}
	}
	if scope["Use pnpm in the web app."] != "web" {
		t.Errorf("a document linked from web/AGENTS.md governs web/, got %q", scope["Use pnpm in the web app."])
	}
	for _, text := range []string{"A rule two hops away.", "Do not read this as a rule."} {
		if _, ok := byText[text]; ok {
			t.Errorf("%q was read: a linked document's links, or a link no sentence sends the reader to, are not followed", text)
		}
	}
	if !warned(set.Warnings, "AGENTS.md", "link to doc/gone.md: no such file") {
		t.Errorf("a link to a missing document is not named: %v", set.Warnings)
	}
	// a linked document is marked so, for the live path (policy.SourceFile.Linked);
	// the instruction files themselves are not
	for _, f := range set.Files {
		want := f.Path == "agent_docs/index.md" || f.Path == "doc/web.md" || f.Path == "doc/dev.md"
		if f.Linked != want {
			t.Errorf("%s: linked %v, want %v", f.Path, f.Linked, want)
		}
	}
}

// A link whose name differs from the file's in case only (".changes/readme.md" where
// the file is ".changes/README.md", as tauri's CONTRIBUTING.md writes it) is followed,
// with a warning that says so; two files that match but for case are followed by
// neither.
func TestALinkThatDiffersInCaseIsFollowed(t *testing.T) {
	root := writeTree(t, map[string]string{
		"CONTRIBUTING.md":    "- Follow the instructions in [the changes guide](.changes/readme.md) to log your changes.\n- Read [the notes](notes/guide.md).\n",
		".changes/README.md": "- Add a change file for every user-facing change.\n",
		"notes/Guide.md":     "- One of two.\n",
		"notes/GUIDE.md":     "- The other.\n",
	})
	set, err := Load(root)
	if err != nil {
		t.Fatal(err)
	}
	read := map[string]string{}
	for _, c := range set.Constraints {
		read[c.Text] = c.File
	}
	if got := read["Add a change file for every user-facing change."]; got != ".changes/README.md" {
		t.Errorf("the linked guide was read from %q, want .changes/README.md", got)
	}
	if !warned(set.Warnings, "CONTRIBUTING.md", "followed to .changes/README.md") {
		t.Errorf("no warning names the case difference: %v", set.Warnings)
	}
	for _, text := range []string{"One of two.", "The other."} {
		if _, ok := read[text]; ok {
			t.Errorf("%q was read: two files match the link but for case", text)
		}
	}
	if !warned(set.Warnings, "CONTRIBUTING.md", "link to notes/guide.md: no such file") {
		t.Errorf("an ambiguous link is not named: %v", set.Warnings)
	}
}

// A document linked from a line that is itself no rule ("**Usage**: [README](README.md)"
// in a list of pointers) was written for other readers: its musts bind as shoulds, so
// they warn and never block. A line that binds its reader to the document ("must
// follow [the policy](POLICY.md)") passes the document's own levels on.
func TestAReferencedDocumentBindsAsShould(t *testing.T) {
	root := writeTree(t, map[string]string{
		"pkg/AGENTS.md": "# Agent notes\n\nWhen helping a user with this package:\n\n- **Usage and quick start**: see [`README.md`](./README.md)\n- Contributions must follow [the policy](POLICY.md).\n",
		"pkg/README.md": "# Usage\n\n- Always pass `timeout` to `connect()`.\n",
		"pkg/POLICY.md": "# Policy\n\n- Never commit secrets.\n",
	})
	set, err := Load(root)
	if err != nil {
		t.Fatal(err)
	}
	level := map[string]string{}
	for _, c := range set.Constraints {
		level[c.Text] = string(c.Level)
	}
	if got := level["Always pass `timeout` to `connect()`."]; got != "should" {
		t.Errorf("a must of a document linked from a pointer line: level %q, want should", got)
	}
	if got := level["Never commit secrets."]; got != "must" {
		t.Errorf("a must of a document the reader is bound to follow: level %q, want must", got)
	}
	for _, f := range set.Files {
		if f.Path == "pkg/README.md" && !f.Reference || f.Path == "pkg/POLICY.md" && f.Reference {
			t.Errorf("%s: reference %v", f.Path, f.Reference)
		}
	}
}

// A document named in a code span promises no path ("Path-specific guidance lives
// under `.github/instructions/`: `tests.instructions.md` - ...", "See
// `CONTRIBUTING.md`" from .github/; fresh file s54): when no file is there, heed says
// nothing, where a link's destination that is no file is named.
func TestADocumentNamedInACodeSpanThatIsNoFileIsNoWarning(t *testing.T) {
	root := writeTree(t, map[string]string{
		".github/copilot-instructions.md":            "# Review\n\nPath-specific guidance lives under `.github/instructions/`:\n\n- See `tests.instructions.md` for the tests.\n- See `CONTRIBUTING.md` for the workflow.\n- Read the [missing page](gone.md).\n",
		".github/instructions/tests.instructions.md": "---\napplyTo: \"**/*_test.go\"\n---\n- Use table tests.\n",
		"CONTRIBUTING.md":                            "# Contributing\n\n- Sign off every commit.\n",
	})
	set, err := Load(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"tests.instructions.md", "CONTRIBUTING.md"} {
		if warned(set.Warnings, ".github/copilot-instructions.md", "link to "+name) {
			t.Errorf("a code span naming %s warned: %v", name, set.Warnings)
		}
	}
	if !warned(set.Warnings, ".github/copilot-instructions.md", "link to gone.md: no such file") {
		t.Errorf("a link to a missing document is not named: %v", set.Warnings)
	}
}

// A document the reader is asked to read before some work, described as background (a
// comparison, an audit), is a reference: its musts warn. One the line asks to follow,
// or calls rules, binds (wild round 17: badman's "Read before touching enrollment" link
// to a comparison of two frontends made its findings bans).
func TestADocumentToReadIsAReference(t *testing.T) {
	root := writeTree(t, map[string]string{
		"AGENTS.md":          "# Agents\n\n- [`docs/old-vs-new.md`](docs/old-vs-new.md) — a side-by-side comparison of the two apps. Read before touching enrollment.\n- Read [the style rules](docs/style.md) before writing code.\n",
		"docs/old-vs-new.md": "# Comparison\n\n- NEW never calls `finishEventEntry`.\n- The old flow must send the mail.\n",
		"docs/style.md":      "# Style\n\n- Never use `var`.\n",
	})
	set, err := Load(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range set.Files {
		if f.Path == "docs/old-vs-new.md" && !f.Reference || f.Path == "docs/style.md" && f.Reference {
			t.Errorf("%s: reference %v", f.Path, f.Reference)
		}
	}
}

// A line that binds its reader and names a changelog or a licence ("Update
// `/CHANGELOG.md` for user-visible changes") names a file to edit: the record's old
// imperatives, said to the project's users of the time, are no rules of the work.
func TestRecordDocumentsAreNotFollowed(t *testing.T) {
	root := writeTree(t, map[string]string{
		"AGENTS.md":     "# Agents\n\n- Always update [the changelog](CHANGELOG.md) for user-visible changes.\n- You must follow [the licence](LICENSE.md).\n- Always follow [the style guide](docs/style.md).\n",
		"CHANGELOG.md":  "## 2.0\n\n- Rename your `Globals` files; never import `globals` again.\n",
		"LICENSE.md":    "- You must not remove this notice.\n",
		"docs/style.md": "- Never use `var`.\n",
	})
	set, err := Load(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range set.Files {
		if f.Path == "CHANGELOG.md" || f.Path == "LICENSE.md" {
			t.Errorf("%s was read as rules", f.Path)
		}
	}
	found := false
	for _, c := range set.Constraints {
		found = found || c.File == "docs/style.md"
	}
	if !found {
		t.Error("a style guide linked beside them was not followed: the test judges nothing")
	}
	for _, name := range []string{"CHANGELOG.md", "docs/CHANGES.rst", "HISTORY.md", "release-notes.md", "LICENSE", "NOTICE.txt", "TODO.md", "ROADMAP.md",
		"docs/PURNATA_CLOSE_REPORT_v1_0.md", "00_ARCHITECTURE/CURRENT_STATE_v1_0.md", "L2_CAMPAIGN_HANDOFF_v1_0.md", "docs/incident-2024-03.md",
		"server/DATABASE_MODELS_REVIEW.md", "server/PAYMENT_LIFECYCLE_AUDIT.md", "server/IMPLEMENTATION_PLAN.md", "docs/security-assessment.md", "docs/memory.md"} {
		if !recordDocument(name) {
			t.Errorf("%s is a record", name)
		}
	}
	for _, name := range []string{"docs/style.md", "CONTRIBUTING.md", "docs/changelog-guidelines.md", "docs/STATE_MANAGEMENT.md", "docs/reporting.md", "docs/CODE_REVIEW_GUIDELINES.md", "docs/review-checklist.md"} {
		if recordDocument(name) {
			t.Errorf("%s is no record", name)
		}
	}
	// descriptions of the system (wild round 32), and documents of rules that are none
	for _, name := range []string{"SYSTEM_DOCUMENTATION.md", "doc/API.md", "docs/api-reference.md", "docs/OVERVIEW.md", "README_SERVER_DEPLOY.md", "docs/installation.md"} {
		if !descriptiveDocument(name) {
			t.Errorf("%s describes the system", name)
		}
	}
	for _, name := range []string{"docs/style.md", "CONTRIBUTING.md", "ARCHITECTURE.md", "docs/testing.md", "DESIGN.md", "docs/api-guidelines.md", "README.md"} {
		if descriptiveDocument(name) {
			t.Errorf("%s is no description of the system", name)
		}
	}
}

// A document that opens by saying which code its rules are for ("Read when writing
// or editing code under `Backend/` or `Backend.Tests/`") governs that code only (wild
// round 19, learn-ai: a .NET rules file's ban flagged a vendored copy under
// `references/`).
func TestOpeningSentenceScopesTheDocument(t *testing.T) {
	doc := "# .NET rules\n\nTargets .NET 10. Read when writing or editing code under `Backend/` or `Backend.Tests/`.\n\n## Logging\n\n- Never use `Console.WriteLine`.\n"
	res := extract(".claude/rules/dotnet.md", []byte(doc), Classify(".claude/rules/dotnet.md"), policy.Scope{})
	var ban *policy.Constraint
	for i := range res.constraints {
		if strings.Contains(res.constraints[i].Text, "Console.WriteLine") {
			ban = &res.constraints[i]
		}
	}
	if ban == nil {
		t.Fatal("the ban was not extracted: the test judges nothing")
	}
	if got := strings.Join(ban.Scope.Globs, ","); got != "Backend/**,Backend.Tests/**" {
		t.Errorf("scope %q, want the two folders", got)
	}
	res = extract("AGENTS.md", []byte("# Guide\n\nRead `docs/style.md` before writing code.\n\n- Never use `eval`.\n"), "agents", policy.Scope{})
	for _, c := range res.constraints {
		if len(c.Scope.Globs) > 0 {
			t.Errorf("%q: scoped to %v by a sentence that names no code's place", c.Text, c.Scope.Globs)
		}
	}
}

// A rules file that opens with the language its rules are for ("This rule applies
// globally to all TypeScript files") governs that language's files only (wild round
// 38, relay: its `node:` prefix rule flagged `.mjs` scripts).
func TestOpeningSentenceScopesTheDocumentToALanguage(t *testing.T) {
	doc := "# TypeScript Conventions\n\nThis rule applies globally to all TypeScript files.\n\n## Modules\n\n- Import Node.js built-ins with the `node:` prefix.\n"
	res := extract(".claude/rules/typescript.md", []byte(doc), Classify(".claude/rules/typescript.md"), policy.Scope{})
	found := false
	for _, c := range res.constraints {
		if strings.Contains(c.Text, "node:") {
			found = true
			if got := strings.Join(c.Scope.Globs, ","); got != "**/*.ts,**/*.tsx,**/*.mts,**/*.cts" {
				t.Errorf("scope %q, want the TypeScript files", got)
			}
		}
	}
	if !found {
		t.Fatal("the rule was not extracted: the test judges nothing")
	}
}
