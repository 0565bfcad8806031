package contrib

import (
	"encoding/json"
	"github.com/heed-dev/heed/internal/layout"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
)

func ruleOf(t *testing.T, kind string, params any) *policy.Rule {
	t.Helper()
	b, err := json.Marshal(params)
	if err != nil {
		t.Fatal(err)
	}
	return &policy.Rule{ID: "R", Kind: kind, Domain: policy.DomainContribution, Params: b}
}

func judge(t *testing.T, r *policy.Rule, ev *engine.Evidence) engine.Outcome {
	t.Helper()
	reg := engine.NewRegistry(Kinds()...)
	c, err := reg.CompileRule(r)
	if err != nil {
		t.Fatalf("compile %s: %v", r.Params, err)
	}
	return engine.Run([]engine.Compiled{{Rule: r, Check: c}}, ev, engine.Options{Workers: 1})[0]
}

func commits(msgs ...string) *engine.Evidence {
	ev := &engine.Evidence{Mode: engine.ModeDiff}
	for i, m := range msgs {
		ev.Commits = append(ev.Commits, engine.Commit{Hash: strings.Repeat(string(rune('a'+i)), 40), Message: m, Parents: 1})
	}
	return ev
}

func TestCommitChecks(t *testing.T) {
	for _, tc := range []struct {
		name   string
		params CommitParams
		msg    string
		want   engine.Verdict
		inMsg  string // a piece of the finding's message
	}{
		{"subject at the limit", CommitParams{Check: CheckSubjectLength, Max: 10}, "Fix parser", engine.Satisfied, ""},
		{"subject over the limit", CommitParams{Check: CheckSubjectLength, Max: 10}, "Fix parsers", engine.Violated, "11 characters"},
		{"subject counts characters, not bytes", CommitParams{Check: CheckSubjectLength, Max: 10}, "Fix café ü", engine.Satisfied, ""},
		{"a URL in the body is not wrapped", CommitParams{Check: CheckBodyWidth, Max: 20}, "Fix\n\nhttps://example.com/a/very/long/url/indeed", engine.Satisfied, ""},
		{"a long body line", CommitParams{Check: CheckBodyWidth, Max: 20}, "Fix\n\nthis body line is much too long", engine.Violated, "line 3"},
		{"no body: body width does not apply", CommitParams{Check: CheckBodyWidth, Max: 20}, "Fix", engine.Inapplicable, ""},
		{"CRLF messages", CommitParams{Check: CheckBlankLine}, "Fix\r\n\r\nBody\r\n", engine.Satisfied, ""},
		{"body glued to the subject", CommitParams{Check: CheckBlankLine}, "Fix\nBody", engine.Violated, "blank line"},
		{"conventional, allowed type", CommitParams{Check: CheckConventional, Types: []string{"feat", "fix"}}, "fix(parser)!: drop v1", engine.Satisfied, ""},
		{"conventional, type case folded", CommitParams{Check: CheckConventional, Types: []string{"feat", "fix"}}, "Fix: handle nil", engine.Satisfied, ""},
		{"conventional, unknown type", CommitParams{Check: CheckConventional, Types: []string{"feat", "fix"}}, "feature: add x", engine.Violated, `"feature"`},
		{"conventional, no description", CommitParams{Check: CheckConventional}, "fix: ", engine.Violated, "not a Conventional"},
		{"conventional, fixup is exempt", CommitParams{Check: CheckConventional}, "fixup! fix: x", engine.Inapplicable, ""},
		{"imperative", CommitParams{Check: CheckMood, Mood: "imperative"}, "fix(parser): add week dates", engine.Satisfied, ""},
		{"past instead of imperative", CommitParams{Check: CheckMood, Mood: "imperative"}, "Added week dates", engine.Violated, `"Added"`},
		// wild round 11 (sdk-python's history): verbs of everyday subjects are known
		{"imperative omit", CommitParams{Check: CheckMood, Mood: "imperative"}, "Omit null payload validation details (#1774)", engine.Satisfied, ""},
		{"past of omit", CommitParams{Check: CheckMood, Mood: "imperative"}, "Omitted null payload details", engine.Violated, `"Omitted"`},
		{"third person instead of imperative", CommitParams{Check: CheckMood, Mood: "imperative"}, "Fixes the parser", engine.Violated, "not imperative"},
		{"gerund instead of imperative", CommitParams{Check: CheckMood, Mood: "imperative"}, "Fixing the parser", engine.Violated, "not imperative"},
		{"a word heed does not know", CommitParams{Check: CheckMood, Mood: "imperative"}, "Typo in README", engine.Undetermined, ""},
		{"django past tense after the ticket", CommitParams{Check: CheckMood, Mood: "past"}, "Fixed #123 -- Added whizbang feature.", engine.Satisfied, ""},
		{"django present tense", CommitParams{Check: CheckMood, Mood: "past"}, "Fixes Unicode bug in RSS API.", engine.Violated, `"Fixes"`},
		{"past, irregular verb", CommitParams{Check: CheckMood, Mood: "past"}, "[1.4.x] Made the parser faster.", engine.Satisfied, ""},
		{"period forbidden", CommitParams{Check: CheckPeriod, Period: "forbid"}, "Fix parser.", engine.Violated, "ends with a period"},
		{"an ellipsis is not a period", CommitParams{Check: CheckPeriod, Period: "forbid"}, "Fix parser...", engine.Satisfied, ""},
		{"period required", CommitParams{Check: CheckPeriod, Period: "require"}, "Fixed parser", engine.Violated, "does not end"},
		{"lower-case description", CommitParams{Check: CheckCase, Case: "lower"}, "feat: Accept dates", engine.Violated, "upper-case"},
		{"an acronym keeps its case", CommitParams{Check: CheckCase, Case: "lower"}, "feat: ISO dates", engine.Satisfied, ""},
		{"sign-off present", CommitParams{Check: CheckTrailerRequired, Trailers: []string{"Signed-off-by"}}, "Fix\n\nSigned-off-by: A <a@b.c>", engine.Satisfied, ""},
		{"sign-off in the body is not a trailer", CommitParams{Check: CheckTrailerRequired, Trailers: []string{"Signed-off-by"}}, "Fix\n\nSigned-off-by: A <a@b.c>\nand more text", engine.Violated, "no Signed-off-by"},
		{"an AI co-author", CommitParams{Check: CheckTrailerForbidden, Trailers: []string{"Co-authored-by"}, ValuePattern: ValueAI}, "Fix\n\nCo-Authored-By: Claude <noreply@anthropic.com>", engine.Violated, "Co-Authored-By"},
		{"a human co-author", CommitParams{Check: CheckTrailerForbidden, Trailers: []string{"Co-authored-by"}, ValuePattern: ValueAI}, "Fix\n\nCo-authored-by: Ai Tanaka <ai@example.com>", engine.Satisfied, ""},
		{"AI credit under any key", CommitParams{Check: CheckTrailerForbidden, ValuePattern: ValueAI}, "Fix\n\nGenerated-by: GitHub Copilot", engine.Violated, "Generated-by"},
		{"required AI credit", CommitParams{Check: CheckTrailerRequired, Trailers: []string{"Co-authored-by", "Generated-by"}, ValuePattern: ValueAI}, "Fix\n\nGenerated-by: Codex (gpt-5)", engine.Satisfied, ""},
		{"issue number forbidden", CommitParams{Check: CheckRefForbidden}, "Fix parser (#123)", engine.Violated, "#123"},
		{"a hex colour is not an issue", CommitParams{Check: CheckRefForbidden}, "Use color#fff in the theme", engine.Satisfied, ""},
		{"format with a precondition, applies", CommitParams{Check: CheckFormat, Pattern: `^Fixed #[0-9]+ -- `, AppliesIf: `(?i)\bfix(es|ed)?\b.*#[0-9]+`}, "Fix #12: parser", engine.Violated, "format"},
		{"format with a precondition, does not apply", CommitParams{Check: CheckFormat, Pattern: `^Fixed #[0-9]+ -- `, AppliesIf: `(?i)\bfix(es|ed)?\b.*#[0-9]+`}, "Added parser.", engine.Inapplicable, ""},
		{"breaking marker without footer", CommitParams{Check: CheckBreaking}, "feat!: drop v1", engine.Violated, "BREAKING CHANGE"},
		{"empty message fails a format", CommitParams{Check: CheckConventional}, "", engine.Violated, "empty message"},
		{"empty message has no long subject", CommitParams{Check: CheckSubjectLength, Max: 50}, "   \n", engine.Satisfied, ""},
		{"one line", CommitParams{Check: CheckOneLine}, "fix: x\n\nCo-authored-by: A <a@b.c>", engine.Satisfied, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := judge(t, ruleOf(t, KindCommit, tc.params), commits(tc.msg))
			if o.Verdict != tc.want {
				t.Fatalf("verdict %s, want %s (%+v)", o.Verdict, tc.want, o.Targets)
			}
			if tc.inMsg != "" {
				fs := o.Findings()
				if len(fs) == 0 || !strings.Contains(fs[0].Message, tc.inMsg) {
					t.Fatalf("finding %+v should mention %q", fs, tc.inMsg)
				}
				if fs[0].Commit == "" {
					t.Fatalf("a commit finding must name its commit: %+v", fs[0])
				}
			}
		})
	}
}

func TestMergeCommitsAreSkippedExceptByNoMerge(t *testing.T) {
	ev := commits("Merge branch 'main' into topic", "fix: x")
	ev.Commits[0].Parents = 2
	o := judge(t, ruleOf(t, KindCommit, CommitParams{Check: CheckConventional}), ev)
	if o.Verdict != engine.Satisfied || len(o.Targets) != 1 {
		t.Fatalf("the merge commit's git-written subject must not be judged: %s %+v", o.Verdict, o.Targets)
	}
	o = judge(t, ruleOf(t, KindCommit, CommitParams{Check: CheckNoMerge}), ev)
	if o.Verdict != engine.Violated || len(o.Targets) != 2 {
		t.Fatalf("no-merge judges every commit and flags the merge: %s %+v", o.Verdict, o.Targets)
	}
}

func TestNoMergeLeavesTheMergesOfAMergedHistory(t *testing.T) {
	// A change that merges a whole branch in (another project's history by a
	// subtree merge) brings that branch's own merges with it: they were made
	// there, not on the change's line, which no-merge judges.
	ev := commits("Merge pull request #21 from someone/fix", "Merge 'lib/1.2' into main", "fix: x")
	ev.Commits[0].Parents, ev.Commits[0].Merged = 2, true
	ev.Commits[1].Parents = 2
	o := judge(t, ruleOf(t, KindCommit, CommitParams{Check: CheckNoMerge}), ev)
	if o.Verdict != engine.Violated || len(o.Targets) != 2 {
		t.Fatalf("no-merge judges the change's own commits and flags its merge: %s %+v", o.Verdict, o.Targets)
	}
	for _, tr := range o.Targets {
		for _, f := range tr.Result.Findings {
			if f.Commit != ev.Commits[1].Hash {
				t.Errorf("finding on %s, want only the change's own merge", f.Commit)
			}
		}
	}
}

func TestBodyWidthLeavesQuotedText(t *testing.T) {
	long := "warning: defining a type with a flexible array member in a struct that is itself nested inside another"
	for _, tc := range []struct {
		name, msg string
		want      engine.Verdict
	}{
		{"a fenced block of compiler output", "Silence a warning\n\nThe compiler says:\n```\n" + long + "\n```\n\nPR #12.", engine.Satisfied},
		{"a tilde fence", "Silence a warning\n\n~~~\n" + long + "\n~~~", engine.Satisfied},
		{"an indented quote, as git quotes output", "Silence a warning\n\nThe compiler says:\n\n    " + long + "\n", engine.Satisfied},
		{"a tab-indented quote", "Silence a warning\n\n\t" + long, engine.Satisfied},
		{"prose after the fence closes is judged", "Silence a warning\n\n```\n" + long + "\n```\n" + long, engine.Violated},
		{"prose is judged", "Silence a warning\n\n" + long, engine.Violated},
		{"a long trailer is data, not prose", "Silence a warning\n\nWrap the flag.\n\nSigned-off-by: A Contributor With A Very Long Name <a.contributor.with.a.long.name@example.org>", engine.Satisfied},
		{"a long line before the trailers is judged", "Silence a warning\n\n" + long + "\n\nSigned-off-by: A <a@example.org>", engine.Violated},
	} {
		o := judge(t, ruleOf(t, KindCommit, CommitParams{Check: CheckBodyWidth, Max: 72}), commits(tc.msg))
		if o.Verdict != tc.want {
			t.Errorf("%s: %s, want %s", tc.name, o.Verdict, tc.want)
		}
	}
}

func TestMissingCommitsAreUndetermined(t *testing.T) {
	ev := &engine.Evidence{Mode: engine.ModeDiff, Missing: []string{"commits: base commit 1234abcd is not in the repository"}}
	o := judge(t, ruleOf(t, KindCommit, CommitParams{Check: CheckSubjectLength, Max: 50}), ev)
	if o.Verdict != engine.Undetermined || !strings.Contains(o.Targets[0].Reason, "1234abcd") {
		t.Fatalf("verdict %s reason %q: want undetermined naming why", o.Verdict, o.Targets[0].Reason)
	}
}

func TestScopedCommitRule(t *testing.T) {
	r := ruleOf(t, KindCommit, CommitParams{Check: CheckConventional})
	r.Scope = policy.Scope{Dir: "web"}
	ev := commits("Add x", "Add y")
	ev.Commits[0].Files = []string{"web/app.ts"}
	ev.Commits[1].Files = []string{"server/main.go"}
	o := judge(t, r, ev)
	if len(o.Targets) != 1 || o.Targets[0].Target.Index != 0 {
		t.Fatalf("a rule of web/AGENTS.md judges only the commits touching web/: %+v", o.Targets)
	}
}

func TestCleanupHookMessage(t *testing.T) {
	in := "feat: add x\n\n# Please enter the commit message for your changes. Lines starting\n# with '#' will be ignored.\n#\n# On branch main\n# ------------------------ >8 ------------------------\n# Do not modify or remove the line above.\ndiff --git a/x b/x\n"
	if got := CleanupHookMessage(in, ""); got != "feat: add x\n" {
		t.Fatalf("got %q", got)
	}
	// Without git's template, a line starting with # is the author's (git keeps it).
	if got := CleanupHookMessage("#123 fix\n", ""); got != "#123 fix\n" {
		t.Fatalf("got %q", got)
	}
	if got := CleanupHookMessage("\n\n  \n", ""); got != "" {
		t.Fatalf("an all-blank message is empty, got %q", got)
	}
}

func TestPRChecks(t *testing.T) {
	pr := func(title, body string) *engine.Evidence {
		return &engine.Evidence{Mode: engine.ModeDiff, Changed: []string{"a.go"}, PR: &engine.PR{Title: title, Body: body}}
	}
	for _, tc := range []struct {
		name   string
		params PRParams
		ev     *engine.Evidence
		want   engine.Verdict
	}{
		{"no PR text is undetermined", PRParams{Check: PRDisclosure}, &engine.Evidence{Mode: engine.ModeDiff, Changed: []string{"a.go"}}, engine.Undetermined},
		{"no change and no PR: inapplicable", PRParams{Check: PRDisclosure}, &engine.Evidence{Mode: engine.ModeDiff}, engine.Inapplicable},
		{"disclosure", PRParams{Check: PRDisclosure}, pr("Fix", "Written with Claude Code."), engine.Satisfied},
		{"no disclosure", PRParams{Check: PRDisclosure}, pr("Fix", "Fixes the parser."), engine.Violated},
		{"sections present", PRParams{Check: PRSections, Sections: []string{"Summary", "Test plan"}}, pr("Fix", "## Summary\nx\n\n## Test Plan\ny"), engine.Satisfied},
		{"a section missing", PRParams{Check: PRSections, Sections: []string{"Summary", "Test plan"}}, pr("Fix", "## Summary\nx"), engine.Violated},
		{"ticked checklist", PRParams{Check: PRCheckboxes}, pr("Fix", "- [x] tests\n- [X] docs"), engine.Satisfied},
		{"open checkbox", PRParams{Check: PRCheckboxes}, pr("Fix", "- [x] tests\n- [ ] docs"), engine.Violated},
		{"word limit", PRParams{Check: PRMaxWords, Max: 3}, pr("Fix", "one two three four"), engine.Violated},
		{"title format", PRParams{Check: PRTitleFormat, Pattern: `^(KAFKA-[0-9]+|MINOR|HOTFIX)(\b|:|$)`}, pr("MINOR: fix typo", ""), engine.Satisfied},
		{"title format broken", PRParams{Check: PRTitleFormat, Pattern: `^(KAFKA-[0-9]+|MINOR|HOTFIX)(\b|:|$)`}, pr("Fix typo", ""), engine.Violated},
		{"contains, spacing folded", PRParams{Check: PRContains, Text: "AI Disclosure"}, pr("x", "**AI   disclosure**"), engine.Satisfied},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := judge(t, ruleOf(t, KindPR, tc.params), tc.ev)
			if o.Verdict != tc.want {
				t.Fatalf("verdict %s, want %s (%+v)", o.Verdict, tc.want, o.Targets)
			}
			for _, f := range o.Findings() {
				if !f.Change {
					t.Fatalf("a PR finding is about the change as a whole: %+v", f)
				}
			}
		})
	}
}

func TestCochange(t *testing.T) {
	p := CochangeParams{If: layout.CodeGlobs(), Unless: append(append([]string(nil), testGlobs()...), notLibraryGlobs...), Then: testGlobs(), Need: "a test"}
	for _, tc := range []struct {
		name    string
		changed []string
		deleted []string
		want    engine.Verdict
	}{
		{"code without test", []string{"src/flask/app.py"}, nil, engine.Violated},
		{"code with test", []string{"src/flask/app.py", "tests/test_app.py"}, nil, engine.Satisfied},
		{"Go code with its test", []string{"internal/x/x.go", "internal/x/x_test.go"}, nil, engine.Satisfied},
		{"C# code with a test in its test project", []string{"Game/Scoring/Score.cs", "Game.Tests/Scoring/ScoringChecks.cs"}, nil, engine.Satisfied},
		{"C# code without one", []string{"Game/Scoring/Score.cs"}, nil, engine.Violated},
		{"deleting a test is not adding one", []string{"src/a.py", "tests/test_a.py"}, []string{"tests/test_a.py"}, engine.Violated},
		{"only tests", []string{"tests/test_app.py"}, nil, engine.Inapplicable},
		{"only docs and examples", []string{"docs/conf.py", "examples/demo.py", "README.md"}, nil, engine.Inapplicable},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ev := &engine.Evidence{Mode: engine.ModeDiff, Changed: tc.changed, DeletedPaths: tc.deleted}
			o := judge(t, ruleOf(t, KindCochange, p), ev)
			if o.Verdict != tc.want {
				t.Fatalf("verdict %s, want %s", o.Verdict, tc.want)
			}
			if o.Verdict == engine.Violated && !o.Findings()[0].Change {
				t.Fatal("a missing co-change is a finding about the change")
			}
		})
	}
	ev := &engine.Evidence{Mode: engine.ModeDiff, Missing: []string{"diff: cannot read the committed diff"}}
	if o := judge(t, ruleOf(t, KindCochange, p), ev); o.Verdict != engine.Undetermined {
		t.Fatalf("an unreadable diff is undetermined, got %s", o.Verdict)
	}
}

func TestCochangeCountsAFileACommitWroteAndALaterOneConsumed(t *testing.T) {
	// A pull request adds its release notes file; the release commit in the same
	// range folds it into the changelog and deletes it.
	p := CochangeParams{If: []string{"src/**"}, Then: []string{"RELEASE.rst"}, Need: "release notes"}
	ev := &engine.Evidence{Mode: engine.ModeDiff, Changed: []string{"src/a.py", "CHANGELOG.rst"}, Commits: []engine.Commit{
		{Hash: strings.Repeat("a", 40), Message: "Fix a", Parents: 1, Files: []string{"src/a.py", "RELEASE.rst"}},
		{Hash: strings.Repeat("b", 40), Message: "Release", Parents: 1, Files: []string{"RELEASE.rst", "CHANGELOG.rst"}},
	}}
	if o := judge(t, ruleOf(t, KindCochange, p), ev); o.Verdict != engine.Satisfied {
		t.Errorf("the change wrote RELEASE.rst: %s, want satisfied", o.Verdict)
	}
	// The base had an earlier pull request's file, which this range's release
	// commits consume: the pull request in the range wrote its own in between.
	ev.DeletedPaths = []string{"RELEASE.rst"}
	if o := judge(t, ruleOf(t, KindCochange, p), ev); o.Verdict != engine.Satisfied {
		t.Errorf("the change wrote RELEASE.rst between two releases: %s, want satisfied", o.Verdict)
	}
	// A file the base had, which the change only deleted, was not written by it.
	ev.Commits = ev.Commits[1:]
	if o := judge(t, ruleOf(t, KindCochange, p), ev); o.Verdict != engine.Violated {
		t.Errorf("the change only deleted RELEASE.rst: %s, want violated", o.Verdict)
	}
}

func TestNewFileHeader(t *testing.T) {
	asf := HeaderParams{Contains: "Licensed to the Apache Software Foundation"}
	javaASF := "/*\n * Licensed to the Apache Software Foundation (ASF) under one\n * or more contributor license agreements.\n */\npackage org.x;\n"
	tmpl := HeaderParams{Header: []string{"Copyright (c) YYYY <name of copyright owner>", "SPDX-License-Identifier: MIT"}, Globs: []string{"*.py", "*.go"}}
	for _, tc := range []struct {
		name   string
		params HeaderParams
		path   string
		code   string
		isNew  bool
		want   engine.Verdict
		line   int
	}{
		{"ASF block comment", asf, "core/src/X.java", javaASF, true, engine.Satisfied, 0},
		{"ASF missing", asf, "core/src/X.java", "package org.x;\n", true, engine.Violated, 1},
		{"old files are not judged", asf, "core/src/X.java", "package org.x;\n", false, engine.Inapplicable, 0},
		{"a markdown file is not source", asf, "docs/x.md", "# Title\n", true, engine.Inapplicable, 0},
		{"template, Python comments", tmpl, "a.py", "#!/usr/bin/env python3\n# Copyright (c) 2026 Jane Doe\n# SPDX-License-Identifier: MIT\nx = 1\n", true, engine.Satisfied, 0},
		{"template, Go comments", tmpl, "a.go", "// Copyright (c) 2026 Jane Doe\n// SPDX-License-Identifier: MIT\npackage a\n", true, engine.Satisfied, 0},
		{"template, wrong licence on line 2", tmpl, "a.go", "// Copyright (c) 2026 Jane Doe\n// SPDX-License-Identifier: Apache-2.0\npackage a\n", true, engine.Violated, 2},
		{"the text in code, not a comment", tmpl, "a.py", "Copyright = 1\nSPDX = 2\n", true, engine.Violated, 1},
		{"generated files are exempt", tmpl, "a.go", "// Code generated by protoc-gen-go. DO NOT EDIT.\npackage a\n", true, engine.Inapplicable, 0},
		{"binary is not judged", tmpl, "a.go", "\x00\x01\x02", true, engine.Inapplicable, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ev := &engine.Evidence{Mode: engine.ModeDiff, Files: []*engine.File{{Path: tc.path, Content: []byte(tc.code), New: tc.isNew}}}
			o := judge(t, ruleOf(t, KindNewFileHeader, tc.params), ev)
			if o.Verdict != tc.want {
				t.Fatalf("verdict %s, want %s (%+v)", o.Verdict, tc.want, o.Targets)
			}
			if tc.line > 0 {
				if f := o.Findings(); len(f) != 1 || f[0].Line != tc.line || f[0].Path != tc.path {
					t.Fatalf("finding %+v, want %s:%d", f, tc.path, tc.line)
				}
			}
		})
	}
}

func TestParamErrorsNameTheParameter(t *testing.T) {
	reg := engine.NewRegistry(Kinds()...)
	for _, tc := range []struct {
		kind   string
		params string
		want   string
	}{
		{KindCommit, `{"check":"subject-length"}`, "params.max"},
		{KindCommit, `{"check":"format","pattern":"("}`, "params.pattern"},
		{KindCommit, `{"check":"mood","mood":"future"}`, "params.mood"},
		{KindCommit, `{"check":"nope"}`, "params.check"},
		{KindCommit, `{"check":"conventional","types":["fe at"]}`, "params.types"},
		{KindCommit, `{"check":"trailer-required"}`, "params.trailers"},
		{KindCommit, `{"check":"subject-length","max":5,"maxx":1}`, "maxx"},
		{KindPR, `{"check":"sections"}`, "params.sections"},
		{KindPR, `{"check":"title-format","pattern":"[a"}`, "params.pattern"},
		{KindCochange, `{"if":["src/**"]}`, "params.then"},
		{KindCochange, `{"if":["src/[**"],"then":["x"]}`, "params.if"},
		{KindNewFileHeader, `{}`, "params.header"},
		{KindNewFileHeader, `{"header":["a"],"contains":"b"}`, "params.contains"},
	} {
		_, err := reg.CompileRule(&policy.Rule{ID: "R", Kind: tc.kind, Params: json.RawMessage(tc.params)})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s %s: error %v should name %s", tc.kind, tc.params, err, tc.want)
		}
	}
}

func TestVerbForms(t *testing.T) {
	for w, want := range map[string]verbForm{
		"add": formBase, "added": formPast, "adds": formThird, "adding": formGerund,
		"stop": formBase, "stopped": formPast, "apply": formBase, "applied": formPast, "applies": formThird,
		"edit": formBase, "edited": formPast, "open": formBase, "opened": formPast, "set": formAmbiguous,
		"wrote": formPast, "rewritten": formPast, "optimized": formPast, "refactoring": formGerund,
		"need": formUnknown, "string": formUnknown, "readme": formUnknown,
	} {
		if got := formOf(w); got != want {
			t.Errorf("formOf(%q) = %v, want %v", w, got, want)
		}
	}
	if got := baseOf("Added"); got != "Add" {
		t.Errorf("baseOf(Added) = %q", got)
	}
	if got := pastOf("Fixes"); got != "Fixed" {
		t.Errorf("pastOf(Fixes) = %q", got)
	}
}

// FuzzCommitMessage: no message makes a commit check panic, and every verdict is one
// of the four.
func FuzzCommitMessage(f *testing.F) {
	for _, m := range []string{"", "\n\n", "feat(x)!: y\n\nBREAKING CHANGE: z", "Fixed #1 -- Added x.", "a\nb\n\nCo-authored-by: Claude <x>\n continued", "[1.4.x] Fixed #2 -- x", "Revert \"x\"", "\xff\xfe: ü"} {
		f.Add(m)
	}
	reg := engine.NewRegistry(Kinds()...)
	var checks []engine.Compiled
	for _, p := range []CommitParams{
		{Check: CheckSubjectLength, Max: 50}, {Check: CheckBodyWidth, Max: 72}, {Check: CheckBlankLine}, {Check: CheckConventional, Types: []string{"feat"}},
		{Check: CheckMood, Mood: "imperative"}, {Check: CheckMood, Mood: "past"}, {Check: CheckPeriod, Period: "forbid"}, {Check: CheckCase, Case: "lower"},
		{Check: CheckTrailerRequired, Trailers: []string{"Signed-off-by"}}, {Check: CheckTrailerForbidden, ValuePattern: ValueAI}, {Check: CheckRefForbidden},
		{Check: CheckBreaking}, {Check: CheckOneLine}, {Check: CheckFormat, Pattern: `^x`, AppliesIf: `#`},
	} {
		b, _ := json.Marshal(p)
		r := &policy.Rule{ID: p.Check, Kind: KindCommit, Params: b}
		c, err := reg.CompileRule(r)
		if err != nil {
			f.Fatal(err)
		}
		checks = append(checks, engine.Compiled{Rule: r, Check: c})
	}
	f.Fuzz(func(t *testing.T, msg string) {
		ev := &engine.Evidence{Mode: engine.ModeDiff, Commits: []engine.Commit{{Hash: "h", Message: msg, Parents: 1}}}
		for _, o := range engine.Run(checks, ev, engine.Options{Workers: 1}) {
			for _, tr := range o.Targets {
				if tr.Internal {
					t.Fatalf("%s crashed on %q: %s", o.Rule.ID, msg, tr.Reason)
				}
			}
		}
		_ = CleanupHookMessage(msg, "#")
	})
}

// Every check a commit rule may name is judged: the compiler's list and the judges'
// table are one, and an empty message passes a check about what a message must not
// hold (a long subject, a forbidden trailer) and breaks one about what it must hold.
func TestEveryCommitCheckIsJudged(t *testing.T) {
	mustHold := map[string]bool{CheckFormat: true, CheckConventional: true, CheckMood: true, CheckPeriod: true,
		CheckCase: true, CheckTrailerRequired: true, CheckRefRequired: true}
	for _, check := range commitChecks() {
		r := ruleOf(t, KindCommit, CommitParams{Check: check, Max: 50, Pattern: `^\w`, Mood: "imperative",
			Period: "forbid", Case: "lower", Trailers: []string{"Signed-off-by"}})
		for _, msg := range []string{"fix: add the parser\n", ""} {
			o := judge(t, r, commits(msg))
			if len(o.Targets) != 1 && check != CheckBodyWidth && check != CheckBlankLine && check != CheckBreaking {
				t.Errorf("%s on %q: %d targets", check, msg, len(o.Targets))
			}
			for _, tr := range o.Targets {
				if tr.Result.Internal {
					t.Errorf("%s on %q: %s", check, msg, tr.Result.Reason)
				}
				if msg == "" && check != CheckNoMerge && (tr.Result.Verdict == engine.Violated) != mustHold[check] {
					t.Errorf("%s on an empty message: %s (%s)", check, tr.Result.Verdict, tr.Result.Reason)
				}
			}
		}
	}
}

func TestUntouchedReadsWhichPathsAreNewFromTheChange(t *testing.T) {
	// heed check loads no file an untouched rule reads (it reads paths only): which
	// paths the change added comes from the change itself.
	edits := ruleOf(t, KindUntouched, UntouchedParams{Paths: []string{"docs/v*/**"}, EditsOnly: true})
	adds := ruleOf(t, KindUntouched, UntouchedParams{Paths: []string{"**/.env"}, AddedOnly: true})
	for _, tc := range []struct {
		name  string
		rule  *policy.Rule
		ev    *engine.Evidence
		wantV engine.Verdict
	}{
		{"a new snapshot is no edit", edits, &engine.Evidence{Mode: engine.ModeDiff, Changed: []string{"docs/v2/a.md"}, AddedPaths: []string{"docs/v2/a.md"}}, engine.Satisfied},
		{"an edit of a snapshot", edits, &engine.Evidence{Mode: engine.ModeDiff, Changed: []string{"docs/v1/a.md"}}, engine.Violated},
		{"a committed .env", adds, &engine.Evidence{Mode: engine.ModeDiff, Changed: []string{".env"}, AddedPaths: []string{".env"}}, engine.Violated},
		{"an edit of a tracked .env", adds, &engine.Evidence{Mode: engine.ModeDiff, Changed: []string{".env"}}, engine.Satisfied},
	} {
		if o := judge(t, tc.rule, tc.ev); o.Verdict != tc.wantV {
			t.Errorf("%s: %s, want %s", tc.name, o.Verdict, tc.wantV)
		}
	}
}

// A bot's commits (a translation service's, a dependency updater's) carry the
// program's subject, not a contributor's: the rules about contributors' commit
// messages leave them alone (flameshot's Weblate commits, "Translated using
// Weblate (Basque)", were flagged as not imperative, fresh-eval-6 findings.tsv).
func TestBotCommitsAreNoContributorsMessages(t *testing.T) {
	ev := commits("Translated using Weblate (Basque)", "Bumped the lodash version", "Updated the parser")
	ev.Commits[0].Author = "Weblate (bot) <hosted@weblate.org>"
	ev.Commits[1].Author = "dependabot[bot] <49699333+dependabot[bot]@users.noreply.github.com>"
	ev.Commits[2].Author = "Ada Lovelace <ada@example.org>"
	o := judge(t, ruleOf(t, KindCommit, CommitParams{Check: CheckMood, Mood: "imperative"}), ev)
	if o.Verdict != engine.Violated || len(o.Targets) != 1 {
		t.Fatalf("only the contributor's commit is judged, and flagged: %s %+v", o.Verdict, o.Targets)
	}
	for _, a := range []string{"Robert Abbot <rob@example.org>", "Botond Kiss <bk@example.org>", "Jane Roe <bot-builder@example.org>"} {
		if botAuthor(a) {
			t.Errorf("%q read as a bot", a)
		}
	}
}
