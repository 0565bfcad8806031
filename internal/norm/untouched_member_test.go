package norm

import "testing"

// A ban on changing a part of a file (a key, the version line) is no ban on the file:
// batch s43-1, pixeltable/pixeltable AGENTS.md:9 and singerdmx/flutter-quill
// CONTRIBUTING.md:13 (by repository and line; the sentences below are written here in
// their shape), each compiled to a rule against every edit of the file.
func TestUntouchedMemberOfFile(t *testing.T) {
	for _, s := range []string{
		"Never change `telemetry.enabled` in `config/site.json`; it must stay `true`.",
		"The package version in `pubspec.yaml` should not be modified; CI bumps it.",
		"Do not edit the `version` field of `package.json` by hand.",
	} {
		if u, ok := UntouchedFiles(s); ok {
			t.Errorf("%q: read as a ban on the files %v", s, u.Paths)
		}
	}
	for _, s := range []string{
		"Never edit files in `gen/`.",
		"Do not modify anything in `pubspec.yaml`.",
		"`docs/site.json` should not be edited by hand.",
		"Never change `api/openapi.json` in a pull request.",
	} {
		if _, ok := UntouchedFiles(s); !ok {
			t.Errorf("%q: no ban read", s)
		}
	}
}

// A ban opening a later clause (bailey-medics/quillmedical CLAUDE.md:303, in its shape),
// unless the words before it set a condition.
func TestUntouchedLaterClause(t *testing.T) {
	u, ok := UntouchedFiles("Use `SecretStr` for secrets, never commit `.env` files")
	if !ok || len(u.Paths) != 1 || u.Paths[0] != ".env" || !u.AddedOnly {
		t.Errorf("later clause: %+v %v", u, ok)
	}
	if u, ok := UntouchedFiles("When you deploy, never commit `.env` files"); ok {
		t.Errorf("a conditional ban read as %+v", u)
	}
}
