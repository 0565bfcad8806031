package main

import (
	"testing"

	"github.com/heed-dev/heed/internal/rules/process"
)

// sweccJudged30 is the precision sample of the round of 2026-12-05 (branch swecc30):
// every dev policy that became executable in that round (7, fewer than the 40 a draw
// would take, so all of them, no seed), each judged by hand with a violating example
// and a near miss of our own writing, as sweccJudged. DJANGO-C103 ("Ensure
// documentation passes the spelling, code-block-format, and lint checks before a PR
// can be merged") compiled on the way as an order to run Biome, the file's JavaScript
// linter: judged wrong, and the documentation's checks are no longer resolved to the
// code's linters (norm.otherRuns).
var sweccJudged30 = []sweccJudgement{
	{id: "DJANGO-C019", right: true, why: "a warning when Python changed and isort never ran before the commit; none after `isort .`",
		violation: run(edits("django/db/models/base.py"), "git", "commit", "-m", "x"),
		nearMiss:  run(append(edits("django/db/models/base.py"), []string{"isort", "."}), "git", "commit", "-m", "x")},
	{id: "DJANGO-C129", right: true, why: "a warning (the sentence says pre-commit runs Biome too) when JavaScript changed and Biome never ran; none after `biome check`",
		violation: run(edits("django/contrib/admin/static/admin/js/core.js"), "git", "commit", "-m", "x"),
		nearMiss:  run(append(edits("django/contrib/admin/static/admin/js/core.js"), []string{"biome", "check", "."}), "git", "commit", "-m", "x")},
	{id: "MATPLOTLIB-C235", right: true, why: "a warning when Python changed and `ruff format` never ran; none after it",
		violation: run(edits("lib/matplotlib/axis.py"), "git", "commit", "-m", "x"),
		nearMiss:  run(append(edits("lib/matplotlib/axis.py"), []string{"ruff", "format", "lib"}), "git", "commit", "-m", "x")},
	{id: "PALLETS-C015", right: true, why: "after a Python change the commit wants a mypy run since; a docs-only change wants none (mypy reads Python only)",
		violation: run(edits("src/flask/app.py"), "git", "commit", "-m", "x"),
		nearMiss:  run(edits("docs/index.rst"), "git", "commit", "-m", "x")},
	{id: "PYDATA-C039", right: true, why: "a warning when Python changed and `ruff check` never ran (ruff's isort rules); none after `ruff check --fix`",
		violation: run(edits("xarray/core/dataset.py"), "git", "commit", "-m", "x"),
		nearMiss:  run(append(edits("xarray/core/dataset.py"), []string{"ruff", "check", "--fix", "xarray"}), "git", "commit", "-m", "x")},
	{id: "PYTEST-DEV-C017", right: true, why: "opening the pull request wants a tox run since the last change; none after `tox`",
		violation: run(edits("src/_pytest/main.py"), "gh", "pr", "create", "--fill"),
		nearMiss:  run(append(edits("src/_pytest/main.py"), []string{"tox"}), "gh", "pr", "create", "--fill")},
	{id: "PYTEST-DEV-C031", right: true, why: "the commit wants the test suite run since the last change, through tox as the file says (PYTEST-DEV-C017); none after `tox`",
		violation: run(edits("src/_pytest/main.py"), "git", "commit", "-m", "x"),
		nearMiss:  run(append(edits("src/_pytest/main.py"), []string{"tox"}), "git", "commit", "-m", "x")},
}

// edits is a session history that changed the files.
func edits(paths ...string) [][]string {
	var out [][]string
	for _, p := range paths {
		out = append(out, []string{process.HistoryEdit, p})
	}
	return out
}

func TestSWECCJudgedSample30(t *testing.T) {
	t.Logf("right %d of %d judged", checkJudged(t, sweccJudged30), len(sweccJudged30))
}
