package norm

import "testing"

func TestPronounSubject(t *testing.T) {
	for text, want := range map[string]bool{
		"They must not call `useFieldProps`, `useFormProps` or `useField`.": true,
		"It must never import `fs`.":                                        true,
		"These components should not use `useState`.":                       true,
		"Such helpers never call `process.exit`.":                           true,
		"They're documented in `docs/`.":                                    false,
		"Never call `useFieldProps` in a base component.":                   false,
		"The base components must not call `useFieldProps`":                 false,
		"Theme tokens must be used.":                                        false,
		"Items must be sorted.":                                             false,
	} {
		if got := PronounSubject(text); got != want {
			t.Errorf("%q: got %v, want %v", text, got, want)
		}
	}
}

// A ban inside a description of one thing (wild round 36's nested instruction files,
// paraphrased) against rules written as statements.
func TestDescribedBan(t *testing.T) {
	for text, want := range map[string]bool{
		"`SessionContext` exposes no `writeRecords`":                                                         true,
		"saved drafts hold either nothing or a full target config, never `target: null`.":                    true,
		"Its schema check rejects an empty list and sends the caller to the list settings, never `addRows`.": true,
		"New money fields reuse this helper, never a bare `z.number()`.":                                     true,
		"so their cleanup queries filter `(tenant, kind)` ONLY — no `user_id`.":                              true,
		"Use `pnpm`, never `npm`.":                                                                    false,
		"Handlers never call `panic`.":                                                                false,
		"Construct objects through their constructor, never `.allocate`.":                             false,
		"This project uses `uv`, never `pip`.":                                                        false,
		"The API layer uses `httpx`, never `requests`.":                                               false,
		"An adapter that speaks the protocol calls `self.prepare()` — never `_prepare_raw` directly.": false,
	} {
		if got := DescribedBan(text); got != want {
			t.Errorf("%q: got %v, want %v", text, got, want)
		}
	}
}

func TestSpanAsVerb(t *testing.T) {
	for _, c := range []struct {
		text, span string
		want       bool
	}{
		{"Never `createPortal` a fixed-position element to `body`.", "createPortal", true},
		{"Never `console.log` in production code.", "console.log", false},
		{"Never `await` the result.", "await", true},
		{"Never use `createPortal` here.", "createPortal", false},
	} {
		if got := SpanAsVerb(c.text, c.span); got != c.want {
			t.Errorf("%q %q: got %v, want %v", c.text, c.span, got, c.want)
		}
	}
}

// A type's API said to lack a member is no ban of the member's name (wild round 36,
// paraphrased); a ban said of the reader is.
func TestMemberAbsence(t *testing.T) {
	for text, want := range map[string]bool{
		"`SessionContext` exposes no `writeRecords`/`writeStages`; guards check the imports.": true,
		"The `Api` module has no `legacy` export.":                                            false,
		"Don't add `legacy` to `Api`.":                                                        false,
		"`Store` has no `reset()` method in production builds.":                               true,
	} {
		if got := MemberAbsence(text); got != want {
			t.Errorf("%q: %v, want %v", text, got, want)
		}
	}
}
