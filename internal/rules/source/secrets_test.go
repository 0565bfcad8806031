package source

import (
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

func TestSecretsIn(t *testing.T) {
	for _, c := range []struct {
		find, text string
		want       []string // the text of each secret found
	}{
		{"formats", `AWS = "AKIAZ7QW3ERT5YU2IO4P"`, []string{"AKIAZ7QW3ERT5YU2IO4P"}},
		{"formats", `AWS = "AKIAIOSFODNN7EXAMPLE"`, nil}, // the documentation's example
		{"formats", "t = 'ghp_1a2B3c4D5e6F7g8H9i0J1k2L3m4N5o6P7q8R'", []string{"ghp_1a2B3c4D5e6F7g8H9i0J1k2L3m4N5o6P7q8R"}},
		{"formats", "Set `OPENAI_API_KEY=sk-...` in your shell.", nil},
		{"formats", `"text": "key sk-proj-AbCdEfGhIjKlMnOpQrStUvWxYz1234567890 and ghp_1234567890abcdefghijklmnopqrstuvwx"`, nil},
		{"formats", "-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA7bq8Jx2mT4QpLz9vW3nR5sY6uH1kD0fG8aE2cB4iJ7lM9oN\n", []string{"-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA7bq8Jx2mT4QpLz9vW3nR5sY6uH1kD0fG8aE2cB4iJ7lM9oN"}},
		{"formats", `static const char *pem_header = "-----BEGIN PRIVATE KEY-----\n";`, nil}, // a parser's constant
		{"formats", `key: "-----BEGIN RSA PRIVATE KEY-----\n...\n-----END RSA PRIVATE KEY-----"`, nil},
		{"assignments", `JWT_SECRET = "b7f3c91e0d2a4e58a6c1f49d"`, []string{"b7f3c91e0d2a4e58a6c1f49d"}},
		{"assignments", `private const string ApiKey = "k3y9f8e7d6c5b4a3";`, []string{"k3y9f8e7d6c5b4a3"}},
		{"assignments", `PASSWORD_FIELD = "password_input"`, nil},
		{"assignments", `api_key_env = "OPENAI_API_KEY"`, nil},
		{"assignments", `MSSQL_SA_PASSWORD: "Password123!"`, nil},
		{"assignments", `token = "expected_token2"`, nil},
		{"assignments", `GooglePasswordManager = "ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4"`, nil},
		{"assignments", `API_KEY = "<your-api-key>"`, nil},
		{"assignments", `DATABASE_URL = "postgres://u:p4ss@db:5432/app"`, nil},
		{"assignments", `'password' => 'required|string|min:12',`, nil},
		{"assignments", `password: "hunter2024"`, nil},
		// a secret scanner's baseline: hashes of allowed findings (wild round 16)
		{"assignments", `"hashed_secret": "5baa61e4c9b93f3f0682250b6cf8331b7ee68fd8",`, nil},
		{"assignments", `password_hash = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822c"`, nil},
		// a contract's public address, a base64 placeholder, a token named in words
		// (wild rounds 20 and 22)
		{"assignments", `payment_token = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'`, nil},
		{"assignments", `OGX_CLIENT_API_KEY: "UkVQTEFDRS1XSVRILUFQSS1LRVk="`, nil},
		{"formats", `MCP_GATEWAY_TOKEN=sk-permanent-token-leaked-in-git-history`, nil},
		{"assignments", `SEARCH_API_KEY = "09zNJI6igIRLJHhNB2YGwgaX0JApQYOL"`, []string{"09zNJI6igIRLJHhNB2YGwgaX0JApQYOL"}},
	} {
		var got []string
		for _, m := range secretsIn([]byte(c.text), c.find, "src/config.ts") {
			got = append(got, c.text[m[0]:m[1]])
		}
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("%s %q: got %q, want %q", c.find, c.text, got, c.want)
		}
	}
}

// A configuration file writes its values unquoted: a secret's name given a
// secret-looking value there is found; a reference to a variable, a placeholder and a
// value in source code (where an unquoted word is an expression) are not (batch 636).
func TestSecretsInConfigFiles(t *testing.T) {
	for _, c := range []struct {
		text   string
		config bool
		want   []string
	}{
		{"    environment:\n      POSTGRES_PASSWORD: s3cr3tP4ss!x9\n", true, []string{"s3cr3tP4ss!x9"}},
		{"      POSTGRES_PASSWORD: ${POSTGRES_PASSWORD}\n", true, nil},
		{"api_key=4f9a8b7c6d5e4f3a\n", true, []string{"4f9a8b7c6d5e4f3a"}},
		{"api_key=changeme12345\n", true, nil},
		{"password: *db_password\n", true, nil},
		{"api_key=4f9a8b7c6d5e4f3a\n", false, nil},
	} {
		var got []string
		path := "src/settings.py"
		if c.config {
			path = "deploy/compose.yml"
		}
		for _, m := range secretsIn([]byte(c.text), "assignments", path) {
			got = append(got, c.text[m[0]:m[1]])
		}
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("%q (config %v): got %q, want %q", c.text, c.config, got, c.want)
		}
	}
}

// Templates a developer copies and fills in, and the test environment's settings, hold
// made-up credentials (wild round 20, blueking-apigateway: `.env.tpl`,
// `config.yaml.tpl`, `unittest_env`).
func TestSecretsLeaveTemplatesOut(t *testing.T) {
	rules := recognizeAll(&policy.Constraint{ID: "x", Text: "Never hardcode secrets.", File: "AGENTS.md", Line: 1, Level: policy.Must}, &recognize.RepoContext{Languages: []string{"python"}})
	if len(rules) == 0 {
		t.Fatal("no rule: the test judges nothing")
	}
	for _, p := range []string{"conf/.env.tpl", "src/core-api/config.yaml.tpl", "conf/unittest_env", "config.yml.dist"} {
		for _, r := range rules {
			if r.Scope.Covers(p) {
				t.Errorf("%s: the %s rule covers it", p, r.Params)
			}
		}
	}
	if !rules[0].Scope.Covers("src/settings.py") {
		t.Error("the rule no longer covers the code")
	}
}

// A Firebase app's API key ships in its client configuration and is no secret
// (wild round 36: an Android app's google-services.json); the same key in other code
// is found.
func TestFirebaseClientKeyIsNoSecret(t *testing.T) {
	key := "AIza" + strings.Repeat("Sy3kQ9x", 5)
	for _, c := range []struct {
		path, text string
		want       int
	}{
		{"apps/mobile/google-services.json", `{"api_key": [{"current_key": "` + key + `"}]}`, 0},
		{"ios/App/GoogleService-Info.plist", "<key>API_KEY</key>\n<string>" + key + "</string>", 0},
		{"src/firebase.ts", `const firebaseConfig = { apiKey: "` + key + `", authDomain: "x.firebaseapp.com", projectId: "x" };`, 0},
		{"src/maps.ts", `const mapsKey = "` + key + `";`, 1},
	} {
		if got := len(secretsIn([]byte(c.text), "formats", c.path)); got != c.want {
			t.Errorf("%s: %d secrets, want %d", c.path, got, c.want)
		}
	}
}
