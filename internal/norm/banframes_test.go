package norm

import (
	"strings"
	"testing"
)

func TestBanFrames(t *testing.T) {
	for in, want := range map[string]string{
		"Replace `moment()` calls with `dayjs()`.":                                         "use `dayjs()` instead of `moment()` calls.",
		"`GlobalScope.launch` should be replaced by a structured `viewModelScope.launch`.": "use `viewModelScope.launch` instead of `GlobalScope.launch`.",
		"We no longer use `ioutil.ReadFile`":                                               "do not use `ioutil.ReadFile`",
		"Migrate away from `Newtonsoft.Json`":                                              "do not use `Newtonsoft.Json`",
		"Prefer `structuredClone()` to `JSON.parse(JSON.stringify(x))`":                    "prefer `structuredClone()` over `JSON.parse(JSON.stringify(x))`",
		"Since Java 9, `new Integer(x)` is deprecated":                                     "`new Integer(x)` is deprecated",
		// not frames of a ban
		"Replace `YOUR_API_KEY` with your own key":                    "Replace `YOUR_API_KEY` with your own key",
		"In v2 the `Client.Do` method was replaced by `Client.Send`.": "In v2 the `Client.Do` method was replaced by `Client.Send`.",
		"Use `prefer-const` to catch reassignments":                   "Use `prefer-const` to catch reassignments",
	} {
		if got := BanFrames(in); got != want {
			t.Errorf("BanFrames(%q) = %q, want %q", in, got, want)
		}
	}
	if !MixingBan("Do not mix `async/await` with `.then()` chains") || MixingBan("Do not use `.then()`; use `await`") {
		t.Error("MixingBan: a ban of mixing two things is no ban of either, and only such a ban is one")
	}
	if !AddsToContainer("never add to `_GRANDFATHERED`") || !AddsToContainer("Do not append new entries to `ALLOWED_HOSTS`") ||
		AddsToContainer("Don't add `lodash` to `package.json`") || AddsToContainer("Never call `eval()`") {
		t.Error("AddsToContainer: the span is the container only after \"add to\"")
	}
}

func TestNamesValues(t *testing.T) {
	for text, want := range map[string]bool{
		"Never create a `bodha.*` or `ganita.*` id.":                    true,
		"Never write to the `users` table directly.":                    true,
		"Don't use `os.Getenv`; read the `APP_` keys through `config`.": false,
		"Never call `eval`.":                                            false,
		"Avoid `any` types.":                                            false,
	} {
		if got := NamesValues(text); got != want {
			t.Errorf("NamesValues(%q) = %v, want %v", text, got, want)
		}
	}
}

func TestNoNeed(t *testing.T) {
	for text, want := range map[string]bool{
		"`checkAuth` runs in developer mode, so no `NODE_ENV` flip is needed: click Edit.": true,
		"Sign a JWT and POST it — again no `NODE_ENV` change.":                             true,
		"`jq` is not required for the scripts.":                                            true,
		"`handleKeyDown` drives it; no `Highlightable` interface required":                 true,
		"No `eval` is allowed; a review is required.":                                      false,
		"No `console.log` in production code.":                                             false,
		"No `any`.":                                                                        false,
		"Never change `NODE_ENV` in tests.":                                                false,
	} {
		if got := NoNeed(text); got != want {
			t.Errorf("NoNeed(%q) = %v, want %v", text, got, want)
		}
	}
}

func TestElidedBans(t *testing.T) {
	for in, want := range map[string]string{
		"Tests may use `any`; production code may not.":                         "Do not use `any` in production code.",
		"`scripts/` may call `print()`; nothing else may.":                      "Do not call `print()` outside `scripts/`.",
		"`eval` is used once, in `src/sandbox.ts`, on purpose; don't add more.": "Do not use `eval` outside `src/sandbox.ts`.",
		// left as they are
		"Tests may use `any`; nothing else may.":           "Tests may use `any`; nothing else may.",
		"You may use `sudo`, but you should not.":          "You may use `sudo`, but you should not.",
		"`eval` is used in `src/sandbox.ts`.":              "`eval` is used in `src/sandbox.ts`.",
		"Tests may use `any` and production code may too.": "Tests may use `any` and production code may too.",
	} {
		if got := ElidedBans(in); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
}

func TestRemovedStateLead(t *testing.T) {
	for in, want := range map[string]bool{
		"DECIDED — The plugin ABI is deleted": true,
		"the v1 client has been removed":      true,
		"Never call the removed API":          false,
		"Removed files go to the archive":     false,
	} {
		if got := RemovedStateLead(in); got != want {
			t.Errorf("%q: %v, want %v", in, got, want)
		}
	}
}

func TestBanFramesTypeAs(t *testing.T) {
	for in, want := range map[string]string{
		"Do not type anything as `mixed`.":        "Do not use `mixed`.",
		"Never declare props as `any`":            "Never use `any`",
		"Don't annotate the parameters as `any`.": "Don't use `any`.",
		"Cast the result as `number`.":            "Cast the result as `number`.",
	} {
		if got := BanFrames(in); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
}

func TestDirNamesBanned(t *testing.T) {
	for in, want := range map[string]string{
		"Never create directories named `misc`, `temp` or `new`.": "misc temp new",
		"No folders called `utils/`.":                             "utils",
		"Folders named `docs` hold the guides.":                   "",
		"Never create a directory named `src/new`.":               "",
	} {
		if got := strings.Join(DirNamesBanned(in), " "); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
}

func TestSubjectRegion(t *testing.T) {
	for in, want := range map[string]string{
		"Hot loops never use CODE or CODE.":    "hot loops",
		"In tight loops, avoid CODE.":          "tight loops",
		"Never use CODE in the hot loop code.": "",
		"Real-time code must not allocate.":    "real-time code",
	} {
		if got := SubjectRegion(in); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
}
