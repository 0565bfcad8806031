package norm

// Bans of secrets written into the repository: "Never hard-code API keys", "Do not
// commit credentials", "No secrets in the repository", "Secrets belong in `.env`,
// never in source", "Prefer environment variables over hard-coded credentials". The
// ban is of the secret's value in a file; logging a secret, committing the `.env`
// file, or where configuration comes from are other rules.

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// secretNounRE names a secret: the noun a ban of secrets in files is about.
var secretNounRE = lazyre.New(`(?i)\b(?:secrets?|credentials?|api[ -]?keys?|access[ -]keys?|secret[ -]keys?|private[ -]keys?|signing[ -]keys?|client[ -]secrets?|(?:auth|access|api|bearer|session|bot|github|npm|personal\s+access)[ -]tokens?|passwords?|passphrases?)\b`)

// secretWeakNounRE: "tokens" and "keys" alone are secrets only where nothing in the
// sentence makes them another thing's (design tokens, translation keys, cache keys).
var secretWeakNounRE = lazyre.New(`(?i)\b(?:tokens?|keys)\b`)

// notSecretRE: the words that make "tokens" or "keys" something else.
var notSecretRE = lazyre.New(`(?i)\b(?:design|colou?rs?|css|s[ac]ss|less|stylesheets?|patternfly|theme|styles?|styling|spacing|typography|fonts?|lexer|parser|syntax|translations?|i18n|locales?|locali[sz]ation|cache|caching|primary|foreign|sort|react|props?|dictionar(?:y|ies)|json|yaml|map|query|registry|feature|flags?|llm|prompt|context)\b`)

// secretEmbed: "embed ... in the code", the verb ("connection strings with embedded
// credentials" describes the strings).
const secretEmbed = `\bembed(?:s|ded|ding)?\s+(?:\w+\s+){0,3}?in(?:to)?\s+(?:the\s+|your\s+)?(?:code|source|files?|binar(?:y|ies)|repo(?:sitory)?)\b`

// secretPlaceRE: the secret is written into the repository's files: hard-coded,
// committed, embedded, stored or put in code, source or the repository.
var secretPlaceRE = lazyre.New(`(?i)\bhard[- ]?cod(?:e|ed|es|ing)\b|\bcommit(?:s|ted|ting)?\b|\bcheck(?:ed|ing)?[- ]in\b|` + secretEmbed + `|\b(?:in(?:to)?|from)\s+(?:the\s+|your\s+|any\s+)?(?:source(?:\s+code|\s+files?|\s+control)?|code(?:base)?|repo(?:sitory)?|git|version\s+control|config(?:uration)?\s+files?|files?)\b`)

var secretEmbedRE = lazyre.New(`(?i)` + secretEmbed)

// secretBanRE: the sentence forbids it ("never", "do not", "no", "must not", "avoid")
// or prefers something to it ("prefer env vars over hard-coded credentials").
var secretBanRE = lazyre.New(`(?i)\b(?:never|don'?t|do\s+not|does\s+not\s+belong|must\s+not|mustn'?t|should\s+not|shouldn'?t|cannot|can'?t|no|avoid|forbidden|prohibited|not\s+allowed|not\s+permitted)\b`)

// secretPreferRE: a preference for where secrets come from over hard-coding them.
var secretPreferRE = lazyre.New(`(?i)\b(?:prefer|rather\s+than|instead\s+of|over)\b`)

// secretOtherActRE: the ban is of something else done with secrets: logging,
// printing or showing them, sending them somewhere.
var secretOtherActRE = lazyre.New(`(?i)\b(?:log(?:s|ged|ging)?|print(?:s|ed|ing)?|echo(?:es|ed|ing)?|display(?:s|ed|ing)?|expos(?:e|es|ed|ing)|shar(?:e|es|ed|ing)|send(?:s|ing)?|leak(?:s|ed|ing)?\s+(?:in|into|to)\s+(?:logs?|errors?|output|urls?))\b`)

// HardcodedSecretsBan reports whether text bans writing secrets into the
// repository's files, and whether it only prefers their absence (a warning).
func HardcodedSecretsBan(text string) (ok, preferred bool) {
	low := strings.ToLower(text)
	if !strings.Contains(low, "secret") && !strings.Contains(low, "credential") && !strings.Contains(low, "key") &&
		!strings.Contains(low, "token") && !strings.Contains(low, "password") && !strings.Contains(low, "passphrase") {
		return false, false
	}
	if !containsAny(low, "hard", "commit", "check", "embed", " in ", " from ") ||
		!containsAny(low, "never", "not", "n't", "no ", "no\u00a0", "avoid", "forbid", "prohibit", "prefer", "instead", "over", "rather") {
		return false, false // no place in the repository, or no ban: the expressions need not run
	}
	prose := stripSpans(text) // "never commit `.env`", "`api_key` ...": a span is no noun
	prose = mainClauseAfterCondition(prose)
	if !secretNounRE.MatchString(prose) && !(weakSecretBanned(prose) && !notSecretRE.MatchString(prose)) {
		return false, false
	}
	if !secretPlaceRE.MatchString(prose) && len(SecretFiles(text)) == 0 {
		return false, false
	}
	hard := strings.Contains(low, "hard") || secretEmbedRE.MatchString(prose)
	if secretOtherActRE.MatchString(prose) && !hard && !strings.Contains(low, "commit") {
		return false, false // "never log secrets or tokens", "don't expose keys in the UI"
	}
	if secretBanRE.MatchString(prose) {
		return true, false
	}
	if hard && secretPreferRE.MatchString(prose) {
		return true, true
	}
	return false, false
}

// weakSecretBanned reports whether "tokens" or "keys" stand after the ban's word
// ("never hard-code tokens", "no keys in the code"): "reference tokens — never
// hardcode values" bans values, and uses the tokens.
func weakSecretBanned(prose string) bool {
	loc := secretBanRE.FindStringIndex(prose)
	return loc != nil && secretWeakNounRE.MatchString(prose[loc[0]:])
}

// secretConditionRE: a sentence that opens with a condition.
var secretConditionRE = lazyre.New(`(?i)^\W*(?:if|when|whenever|unless|once|in case)\b`)

// mainClauseAfterCondition drops a leading condition up to the comma before the ban
// ("If the probe cannot produce a valid live credential, do not commit code": the
// credential is the condition's, the ban is of committing code).
func mainClauseAfterCondition(prose string) string {
	if !secretConditionRE.MatchString(prose) {
		return prose
	}
	for i, r := range prose {
		if r != ',' {
			continue
		}
		// the main clause opens with its ban ("..., do not commit code")
		rest := strings.TrimSpace(prose[i+1:])
		if loc := secretBanRE.FindStringIndex(rest); loc != nil && loc[0] == 0 {
			return rest
		}
	}
	return prose
}

// containsAny reports whether s holds one of the substrings.
func containsAny(s string, subs ...string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// secretFilesRE: the files a ban of secrets places them in, in code spans after "in"
// ("Never put secrets in `docker-compose.yml` or `values.yaml`").
var secretFilesRE = lazyre.New("(?i)\\b(?:in(?:to)?|inside)\\s+((?:`[^`]+`(?:\\s*(?:,|or|and|,\\s*or|,\\s*and)\\s*)?)+)")

// SecretFiles are the files a ban of secrets names as the place they must not be
// written in: spans that name a file (a dot in the last part, no space), after the
// ban's word in the same clause ("Secrets belong in `.env`, never in source" places
// them in `.env`). An `.env` file is where secrets are kept: committing it is another
// rule's.
func SecretFiles(text string) []string {
	if !strings.Contains(text, "in `") && !strings.Contains(text, "into `") && !strings.Contains(text, "inside `") {
		return nil
	}
	var out []string
	for _, loc := range secretFilesRE.FindAllStringSubmatchIndex(text, -1) {
		before := text[:loc[0]]
		if i := strings.LastIndexAny(before, ";.:"); i >= 0 {
			before = before[i+1:]
		}
		if !secretBanRE.MatchString(stripSpans(before)) {
			continue
		}
		for _, span := range codeSpanRE().FindAllString(text[loc[2]:loc[3]], -1) {
			f := strings.Trim(span, "`")
			base := f[strings.LastIndex(f, "/")+1:]
			if strings.ContainsAny(f, " ()*") || strings.HasPrefix(base, ".env") || !strings.Contains(base, ".") {
				continue
			}
			out = append(out, f)
		}
	}
	return out
}

// secretLogRE: the secret is written to the logs: "never log tokens", "secrets must
// not be logged", "no passwords in logs", "don't print API keys".
var secretLogRE = lazyre.New(`(?i)\b(?:log(?:s|ged|ging)?|print(?:s|ed|ing)?)\b`)

// logInRE: signing in, not logging ("log in", "logged out").
var logInRE = lazyre.New(`(?i)\blog(?:s|ged|ging)?\s+(?:in|out|on|into)\b`)

// SecretLoggingBan reports whether text bans writing secrets to the logs ("Never log
// tokens, passwords or other secrets", "don't print API keys"). Writing them into the
// repository is HardcodedSecretsBan's.
func SecretLoggingBan(text string) bool {
	low := strings.ToLower(text)
	if !strings.Contains(low, "log") && !strings.Contains(low, "print") ||
		!containsAny(low, "secret", "credential", "key", "token", "password", "passphrase") {
		return false
	}
	prose := mainClauseAfterCondition(stripSpans(text))
	prose = logInRE.ReplaceAllString(prose, " ") // "log in with the admin password"
	if !secretLogRE.MatchString(prose) || !secretBanRE.MatchString(prose) {
		return false
	}
	if !secretNounRE.MatchString(prose) && !(weakSecretBanned(prose) && !notSecretRE.MatchString(prose)) {
		return false
	}
	// the ban's word comes before the logging ("never log", "must not be logged",
	// "no tokens in logs"), not after it ("log in; never share your password")
	ban := secretBanRE.FindStringIndex(prose)
	logs := secretLogRE.FindAllStringIndex(prose, -1)
	if ban == nil || logs[len(logs)-1][0] < ban[0] {
		return false
	}
	return true
}
