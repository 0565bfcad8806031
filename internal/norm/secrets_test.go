package norm

import "testing"

func TestHardcodedSecretsBan(t *testing.T) {
	for _, c := range []struct {
		text          string
		ok, preferred bool
	}{
		{"Never hard-code API keys or secrets; read them from environment variables.", true, false},
		{"Do not commit credentials of any kind.", true, false},
		{"Secrets belong in `.env` (gitignored), never in source.", true, false},
		{"No hardcoded passwords, tokens or keys.", true, false},
		{"API keys must never be stored in source code.", true, false},
		{"Don't embed tokens in the code.", true, false},
		{"Prefer environment variables over hard-coded credentials.", true, true},
		// other rules about secrets, or no secrets at all
		{"Never log secrets or tokens.", false, false},
		{"Never commit the `.env` file.", false, false},
		{"Use `os.environ` for configuration.", false, false},
		{"Use design tokens, never hard-coded colours.", false, false},
		{"Never hard-code translation keys; use the `t()` helper.", false, false},
		{"Store secrets in the vault.", false, false},
		{"Never write raw sensitive data to durable artifacts. This includes passwords, API keys, connection strings with embedded credentials.", false, false},
		{"Don't embed API keys in the binary.", true, false},
		{"**SCSS with PF tokens only** when PF has no built-in functionality: must use `var(--pf-t--*)` tokens, not hardcoded values.", false, false},
		{"If truly unavoidable for a dynamic value, reference tokens — never hardcode values:", false, false},
		{"Never hard-code tokens in the code.", true, false},
		// a secret in the sentence's condition is no object of its ban (wild round 16)
		{"If the probe cannot produce a valid live credential after the repair paths, do not commit code, push a branch, or open a PR.", false, false},
		{"If you need a token for local runs, never commit it to the repository; never hard-code secrets.", true, false},
	} {
		ok, preferred := HardcodedSecretsBan(c.text)
		if ok != c.ok || preferred != c.preferred {
			t.Errorf("%q: got %v, %v; want %v, %v", c.text, ok, preferred, c.ok, c.preferred)
		}
	}
}

func TestSecretLoggingBan(t *testing.T) {
	for text, want := range map[string]bool{
		"Never log tokens, passwords or other secrets.":            true,
		"Secrets must never be logged.":                            true,
		"No API keys or passwords in logs or error messages.":      true,
		"Don't print or log credentials.":                          true,
		"Never log PII.":                                           false,
		"Log in with the admin account; never share the password.": false,
		"Never log in with the root password.":                     false,
		"Log the request id; never hardcode secrets.":              false,
		"Never log design tokens to the console.":                  false,
		"Use structured logging for every request.":                false,
	} {
		if got := SecretLoggingBan(text); got != want {
			t.Errorf("SecretLoggingBan(%q) = %v, want %v", text, got, want)
		}
	}
}
