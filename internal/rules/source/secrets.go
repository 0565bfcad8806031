package source

import (
	"bytes"
	"encoding/base64"
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lang"
	"github.com/heed-dev/heed/internal/layout"
	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// A secret written into a file is found two ways (text check "secrets"):
//
//   - "formats": a credential of a published format (an AWS access key id, a GitHub,
//     GitLab, npm, Slack, Stripe, OpenAI, Anthropic, Google or HubSpot token, a PEM
//     private key). The format says what it is: the rule holds at its level.
//   - "assignments": a name that says secret (password, api_key, client_secret,
//     token ...) given a literal value that looks like one: letters and digits, not a
//     placeholder, an environment variable's name, a path or a URL. That is a guess
//     from the name and the value's look, so the rule only warns.
//
// Both leave alone lines that call the value an example, a dummy or a placeholder.

// secretFormatRE matches the credentials of published formats.
var secretFormatRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\b(?:AKIA|ASIA)[0-9A-Z]{16}\b` +
		`|\bgh[pousr]_[A-Za-z0-9]{36,}\b|\bgithub_pat_[A-Za-z0-9_]{50,}\b|\bglpat-[A-Za-z0-9_-]{20,}` +
		`|\bsk-ant-[A-Za-z0-9_-]{32,}|\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{32,}` +
		`|\b[rs]k_live_[A-Za-z0-9]{20,}\b|\bxox[abposr]-[A-Za-z0-9-]{10,}|\bAIza[0-9A-Za-z_-]{35}\b` +
		`|\bpat-(?:na|eu)1-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b` +
		`|\bnpm_[A-Za-z0-9]{36}\b|\bSG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}\b` +
		// a key's header with its body: the header alone is a parser's constant
		`|-----BEGIN (?:RSA |EC |DSA |OPENSSH |ENCRYPTED |PGP )?PRIVATE KEY(?: BLOCK)?-----(?:\\[nr]|\s)*[A-Za-z0-9+/=]{32,}`)
})

// secretNameWords are the words a secret's name holds, for the assignment
// expressions.
const secretNameWords = `(?:secret|passw(?:or)?d|passwd|api[_-]?key|apikey|access[_-]?key|auth[_-]?token|access[_-]?token|refresh[_-]?token|private[_-]?key|client[_-]?secret|signing[_-]?key|bearer[_-]?token|token)`

// secretAssignRE matches a secret's name given a quoted literal: `API_KEY = "..."`,
// `password: '...'`, `"client_secret": "..."`, `apiKey := "..."`, `:token => "..."`.
// Group 1 is the name, group 2 the value.
var secretAssignRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)([A-Za-z0-9_.-]*` + secretNameWords + `[A-Za-z0-9_]*)["']?\s*(?::=|=>|=|:)\s*(?:[A-Za-z]\w*\s*\(\s*)?["'` + "`" + `]([^"'` + "`" + `\s]{8,})["'` + "`" + `]`)
})

// secretBareAssignRE matches a secret's name given an unquoted value on a line of
// its own, as configuration files write them: `POSTGRES_PASSWORD: s3cr3t...`,
// `api_key=...`. A value that refers to a variable (`${X}`, `$X`) is no literal.
var secretBareAssignRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?im)^[ \t]*-?[ \t]*([A-Za-z0-9_.-]*` + secretNameWords + `[A-Za-z0-9_]*)[ \t]*[:=][ \t]*([^"'` + "`" + `\s#$&*|>{\[][^\s#]{7,})[ \t]*$`)
})

// configFile reports whether path is a configuration file, whose values stand
// unquoted (YAML, a properties or ini file, an env file).
func configFile(path string) bool {
	base := strings.ToLower(path[strings.LastIndex(path, "/")+1:])
	for _, ext := range []string{".yml", ".yaml", ".properties", ".ini", ".cfg", ".conf", ".env"} {
		if strings.HasSuffix(base, ext) {
			return true
		}
	}
	return strings.HasPrefix(base, ".env")
}

// secretNameRE: a name that ends in the secret it holds (`JWT_SECRET`, `apiKey`,
// `smtp_password`, `token2`); a name that only starts so holds something about one
// (`PASSWORD_FIELD`, `token_url`, `GooglePasswordManager`).
var secretNameRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)(?:secret|passw(?:or)?d|passwd|pwd|api[_-]?key|apikey|access[_-]?key|secret[_-]?key|private[_-]?key|signing[_-]?key|token|credentials?)[0-9_]*$`)
})

// secretPlaceholderRE: the line says its value is no real secret.
var secretPlaceholderRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)example|dummy|fake|placeholder|redacted|sample|changeme|change[-_ ]me|your[-_ ]|xxxx|\*\*\*|\.\.\.|…|<[a-z_ -]+>|\$\{|\{\{|%s|lorem|not[-_ ]a[-_ ]real|do[-_ ]not[-_ ]use|insert[-_ ]`)
})

// hashOfASecret reports whether a name holds a hash of a secret (`hashed_secret`,
// `password_hash`, `token_digest`): a hash reveals nothing of the secret.
func hashOfASecret(name string) bool {
	low := strings.ToLower(name)
	return strings.Contains(low, "hash") || strings.Contains(low, "digest") || strings.Contains(low, "fingerprint")
}

// envNameRE: an environment variable's name given as the value (`api_key_env =
// "OPENAI_API_KEY"`).
var envNameRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Z][A-Z0-9_]*$`) })

// secretLooking reports whether a literal value looks like a secret: letters and
// digits, not the words of a demonstration, no URL, path or environment variable.
func secretLooking(v string) bool {
	if envNameRE().MatchString(v) || strings.Contains(v, "://") || strings.HasPrefix(v, "/") || strings.HasPrefix(v, "./") {
		return false
	}
	if len(v) == 42 && strings.HasPrefix(v, "0x") && isHex(v[2:]) {
		return false // an Ethereum address: public (wild round 22, execution-market)
	}
	if placeholderInBase64(v) {
		return false // "UkVQTEFDRS1XSVRILUFQSS1LRVk=" is "REPLACE-WITH-API-KEY"
	}
	if strings.HasPrefix(v, "eyJ") && !strings.Contains(v, ".") {
		return false // a token's header ({"alg": ...}), no token
	}
	if strings.ContainsAny(v, "| ") {
		return false // a list of rules or words ("required|string|min:8")
	}
	var letters, digits, switches int
	prev := 0 // 1 after a letter, 2 after a digit
	for _, r := range v {
		kind := 0
		switch {
		case unicode.IsDigit(r):
			digits++
			kind = 2
		case unicode.IsLetter(r):
			letters++
			kind = 1
		}
		if kind != 0 && prev != 0 && kind != prev {
			switches++
		}
		if kind != 0 {
			prev = kind
		}
	}
	// random text has digits among its letters; words a person chose (a field, a
	// label, a translation, "min:12") have none, or a number at one end
	return letters > 0 && digits >= 2 && switches >= 3 && !secretWordRE().MatchString(v)
}

// secretWordRE: a value made of the words a demonstration or a test picks
// ("password1234", "expected_token2", "test-secret-1"), not a random secret.
var secretWordRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)pass(?:word)?|secret|token|test|expected|mock|demo|admin|user|default|local|dev|foo|bar|qwerty|letmein`)
})

// secretsIn returns the byte spans of the secrets in text: every published format
// when find is "formats", every secret-looking assignment when it is "assignments".
func secretsIn(text []byte, find, path string) [][]int {
	var out [][]int
	switch find {
	case "formats":
		firebase := firebaseClientConfig(text, path)
		for _, m := range secretFormatRE().FindAllIndex(text, -1) {
			if firebase && bytes.HasPrefix(text[m[0]:], []byte("AIza")) {
				// a Firebase app's web or mobile API key identifies the app to
				// Google and ships inside it; Firebase documents it as no secret
				continue
			}
			if !secretPlaceholderRE().Match(lineAround(text, m[0])) && !secretPlaceholderRE().Match(text[m[0]:m[1]]) && !madeUp(string(text[m[0]:m[1]])) {
				out = append(out, m)
			}
		}
	case "assignments":
		res := []*regexp.Regexp{secretAssignRE()}
		if configFile(path) {
			res = append(res, secretBareAssignRE())
		}
		for _, re := range res {
			for _, m := range re.FindAllSubmatchIndex(text, -1) {
				name, value := string(text[m[2]:m[3]]), string(text[m[4]:m[5]])
				if !secretNameRE().MatchString(name) || hashOfASecret(name) || !secretLooking(value) || secretPlaceholderRE().Match(lineAround(text, m[0])) ||
					secretFormatRE().MatchString(value) { // a format is the other rule's
					continue
				}
				out = append(out, []int{m[4], m[5]})
			}
		}
	}
	return out
}

// firebaseClientConfig reports a Firebase client configuration: Android's
// google-services.json, Apple's GoogleService-Info.plist, or a web app's config object
// (an apiKey beside its authDomain and projectId).
func firebaseClientConfig(text []byte, path string) bool {
	base := path[strings.LastIndex(path, "/")+1:]
	if strings.HasPrefix(base, "google-services") && strings.HasSuffix(base, ".json") || strings.HasPrefix(base, "GoogleService-Info") && strings.HasSuffix(base, ".plist") {
		return true
	}
	return bytes.Contains(text, []byte("authDomain")) && bytes.Contains(text, []byte("projectId")) && bytes.Contains(text, []byte("firebase"))
}

// madeUp reports a credential a person typed to show the format: its body runs
// through the alphabet or the digits ("sk-proj-AbCdEfGhIj...", "ghp_1234567890abc...").
func madeUp(secret string) bool {
	low := strings.ToLower(secret)
	if strings.Contains(low, "abcdefg") || strings.Contains(low, "1234567") || strings.Contains(low, "qwerty") {
		return true
	}
	// words joined by dashes after the format's prefix ("sk-permanent-token-leaked-
	// in-git-history", in a design document): a person wrote it to name one
	words := 0
	for _, w := range strings.FieldsFunc(low, func(r rune) bool { return r == '-' || r == '_' }) {
		if len(w) >= 2 && strings.Trim(w, "abcdefghijklmnopqrstuvwxyz") == "" {
			words++
		} else if len(w) > 4 {
			return false
		}
	}
	return words >= 4
}

// isHex reports whether s is hexadecimal digits.
func isHex(s string) bool {
	return s != "" && strings.Trim(s, "0123456789abcdefABCDEF") == ""
}

// placeholderInBase64 reports a base64 value whose text is a placeholder
// (a Kubernetes secret's "REPLACE-WITH-API-KEY", encoded).
func placeholderInBase64(v string) bool {
	if len(v) < 12 || len(v)%4 != 0 {
		return false
	}
	b, err := base64.StdEncoding.DecodeString(v)
	if err != nil {
		return false
	}
	for _, c := range b {
		if c < 0x20 || c > 0x7e {
			return false
		}
	}
	return secretPlaceholderRE().Match(b) || strings.Contains(strings.ToLower(string(b)), "replace")
}

// lineAround is the line of text that holds offset off.
func lineAround(text []byte, off int) []byte {
	start := off
	for start > 0 && text[start-1] != '\n' {
		start--
	}
	end := off
	for end < len(text) && text[end] != '\n' {
		end++
	}
	return text[start:end]
}

func (c *textCheck) judgeSecrets(ev *engine.Evidence, f *engine.File, li lineIndex) engine.Result {
	var fs []engine.Finding
	var regions *lang.Regions
	regionsLoaded := false
	for _, m := range secretsIn(f.Content, c.p.Secrets, f.Path) {
		if c.p.Secrets == "assignments" {
			// a guess from a name is not made in a comment, where code is quoted
			if !regionsLoaded {
				regions, regionsLoaded = regionsFor(ev, f), true
			}
			if regions != nil && regions.At(m[0]) == lang.Comment {
				continue
			}
		}
		line, col := li.pos(f.Content, m[0])
		fd := c.at(f, li, line, col)
		if endLine, endCol := li.pos(f.Content, m[1]); endLine == line {
			fd.EndColumn = endCol
		}
		fs = append(fs, fd)
	}
	return violated(fs)
}

// secretsRecognizer lowers norm.HardcodedSecretsBan into the two text checks.
type secretsRecognizer struct{}

func (secretsRecognizer) Name() string { return "source.secrets" }

func (secretsRecognizer) Recognize(c *policy.Constraint, _ *recognize.RepoContext) recognize.Result {
	if c.Level != policy.Must && c.Level != policy.Should {
		return recognize.Result{}
	}
	ok, preferred := norm.HardcodedSecretsBan(c.Text)
	if !ok {
		return recognize.Result{}
	}
	sc := c.Scope
	// tests, fixtures and examples hold keys made up for them
	sc.Exclude = append(append(sc.Exclude, layout.AllGlobs(layout.Any)...),
		"**/testdata/**", "**/fixtures/**", "**/__fixtures__/**", "**/*fixture*", "**/examples/**", "**/example/**", "**/samples/**",
		"**/cypress/**", "**/e2e/**", "**/__tests__/**", "**/__mocks__/**", "**/mocks/**", "**/*.mock.*", "**/*mocks*",
		"**/benchmarks/**", "**/Benchmarks/**",
		"**/*.example", "**/*.sample", "**/*.template", "**/.env.example", "**/.env.test", "**/.env.testing",
		// a module of examples beside the code it shows (`Preview.examples.ts`)
		"**/*.examples.*", "**/*.example.*", "**/*.sample.*", "**/*.fixtures.*", "**/*.fixture.*",
		// templates a developer copies and fills in, and the test environment's
		// settings (`.env.tpl`, `config.yaml.tpl`, `config.yml.dist`, `unittest_env`)
		"**/*.tpl", "**/*.tmpl", "**/*.dist", "**/*test_env*", "**/*.env.test",
		// a secret scanner's baseline holds hashes of the findings it allows, not
		// secrets (detect-secrets, gitleaks, trufflehog, talisman)
		"**/.secrets.baseline", "**/*.secrets.baseline", "**/.gitleaksignore", "**/.gitleaks.toml", "**/.trufflehogignore",
		"**/.talismanrc")
	// a guess from a name reads documentation's examples and the passwords of the
	// containers a developer runs locally as secrets: it leaves both out
	guessScope := sc
	guessScope.Exclude = append(slices.Clone(sc.Exclude), "**/*.md", "**/*.mdx", "**/*.rst", "**/docs/**",
		"**/docker-compose*.yml", "**/docker-compose*.yaml", "**/compose*.yml", "**/compose*.yaml")
	files := norm.SecretFiles(c.Text)
	if len(files) > 0 {
		// "Never put secrets in `docker-compose.yml`": the text names the files, which
		// the guess then reads as well
		sc.Globs = nil
		for _, f := range files {
			sc.Globs = append(sc.Globs, namedFileGlob(sc.Dir, f))
		}
		guessScope = sc
	}
	severity := recognize.Severity(c.Level)
	if preferred {
		severity = policy.SeverityWarning
	}
	path := "src/config.py"
	if len(files) > 0 {
		path = strings.TrimPrefix(files[0], "./")
	}
	if sc.Dir != "" {
		path = sc.Dir + "/" + path
	}
	formats := policy.Rule{Domain: policy.DomainSource, Kind: KindText, Severity: severity, Exact: !preferred, Scope: sc,
		Params:     marshal(TextParams{Check: "secrets", Secrets: "formats"}),
		Message:    "a credential written into the file",
		Suggestion: "read it from the environment or a secret store, and revoke the one written here",
		Cases: []policy.Case{
			{Expect: policy.ExpectViolated, Path: path, Code: "AWS_KEY = \"AKIAZ7QW3ERT5YU2IO4P\"\n", Note: "an AWS access key id"},
			{Expect: policy.ExpectSatisfied, Path: path, Code: "import os\nAWS_KEY = os.environ[\"AWS_ACCESS_KEY_ID\"]\nEXAMPLE = \"AKIAIOSFODNN7EXAMPLE\"\n", Note: "read from the environment; the documentation's example key"},
		}}
	assignments := policy.Rule{Domain: policy.DomainSource, Kind: KindText, Severity: policy.SeverityWarning, Scope: guessScope,
		Params:     marshal(TextParams{Check: "secrets", Secrets: "assignments"}),
		Message:    "what looks like a secret written into the file",
		Suggestion: "read it from the environment or a secret store",
		Cases: []policy.Case{
			{Expect: policy.ExpectViolated, Path: path, Code: "JWT_SECRET = \"b7f3c91e0d2a4e58a6c1f49d\"\n", Note: "a secret's name given a literal"},
			{Expect: policy.ExpectSatisfied, Path: path, Code: "import os\nJWT_SECRET = os.getenv(\"JWT_SECRET\", \"\")\nPASSWORD_FIELD = \"password_input\"\nAPI_KEY = \"<your-api-key>\"\n", Note: "the environment, a field name, a placeholder"},
		}}
	return recognize.Result{Rules: []policy.Rule{formats, assignments}}
}
