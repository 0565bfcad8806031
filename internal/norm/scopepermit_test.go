package norm

import "testing"

// The readers of permissions that free a place, the tests or printing from a ban,
// and of the one place allowed what a ban forbids elsewhere (prose in lower case,
// spans as CODE, as the source rules read it).
func TestScopePermissions(t *testing.T) {
	for _, c := range []struct {
		prose string
		perm  bool // PermissionAt finds a permission
	}{
		{"generated files in CODE may use it.", true},
		{"rake tasks in CODE may print to stdout.", true},
		{"scripts under CODE are one-off tools, so CODE is fine there.", true},
		{"components in CODE may use only CODE tokens.", false},
		{"code in CODE may not use CODE.", false},
		{"never use CODE in CODE.", false},
	} {
		if got := PermissionAt(c.prose) >= 0; got != c.perm {
			t.Errorf("PermissionAt(%q) >= 0 = %v, want %v", c.prose, got, c.perm)
		}
	}
	for _, c := range []struct {
		prose string
		want  bool
	}{
		{"do not use CODE; use CODE instead (allowed in tests).", true},
		{"test classes are the exception.", true},
		{"tests may use CODE freely.", true},
		{"CODE is fine in test code", true},
		{"never use CODE in tests.", false},
		{"tests must not call CODE.", false},
		{"write tests for every exception path.", false},
	} {
		if got := TestsPermitted(c.prose); got != c.want {
			t.Errorf("TestsPermitted(%q) = %v, want %v", c.prose, got, c.want)
		}
	}
	for _, c := range []struct {
		prose string
		want  bool
	}{
		{"cli entry points (CODE) may write to the console.", true},
		{"rake tasks in CODE may print to stdout.", true},
		{"printing is fine in CODE.", true},
		{"the cli may output json.", true},
		{"never print secrets to the console.", false},
		{"use CODE for console output.", false},
	} {
		if got := PermitsOutput(c.prose); got != c.want {
			t.Errorf("PermitsOutput(%q) = %v, want %v", c.prose, got, c.want)
		}
	}
	for _, c := range []struct {
		prose string
		want  bool
	}{
		{"don't use CODE directly; only CODE may read it.", true},
		{"CODE is the only file allowed to call it.", true},
		{"the only place that reads it is CODE.", true},
		{"only CODE and CODE may import CODE.", true},
		{"use only CODE for http calls.", false},
		{"the only way to build is CODE.", false},
	} {
		if got := OnlyPlace(c.prose); got != c.want {
			t.Errorf("OnlyPlace(%q) = %v, want %v", c.prose, got, c.want)
		}
	}
}

func TestPlaceSubject(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"dataplane packages: Must not depend on controller, core, events, k8s, templating", true},
		{"The core layer must not import the web layer.", true},
		{"Core packages should never call `os.Exit`.", true},
		{"Don't use lodash.", false},
		{"Never depend on `moment`; use `date-fns`.", false},
		{"Tests must not hit the network.", false},
	} {
		if got := PlaceSubject(c.text); got != c.want {
			t.Errorf("PlaceSubject(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

func TestBehaviourSubject(t *testing.T) {
	for text, want := range map[string]bool{
		"NEW never calls `finishEventEntry`.":              true,
		"The poller does not use `time.sleep`.":            true,
		"Python code never calls `print()`.":               false,
		"Handlers never call `panic`.":                     false,
		"**NEW never calls `finishEventEntry`.** The flow": true,
		"Never call `finishEventEntry`.":                   false,
		"You never call `eval`.":                           false,
		"Do not use `eval`.":                               false,
		"Components must not call `fetch` directly.":       false,
		"We never use `var`.":                              false,
		"Always avoid `any`; it never helps.":              false,
		// how a part works, and what it does not use (wild round 31)
		"Auth uses `getAuthContext()`, NOT `getTenantContext()` -- the school may not exist yet.": true,
		"The client reads `env.ts`, not `process.env`.":                                           true,
		"Use `getAuthContext()`, not `getTenantContext()`.":                                       false,
		"Python code uses `ruff`, not `black`.":                                                   false,
	} {
		if got := BehaviourSubject(text); got != want {
			t.Errorf("BehaviourSubject(%q) = %v, want %v", text, got, want)
		}
	}
}
