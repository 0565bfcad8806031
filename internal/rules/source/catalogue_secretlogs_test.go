package source

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
)

// The queries' predicates are the two expressions as a query's strings quote them,
// and the names they take and leave are the ones the entry means.
func TestSecretLogPredicates(t *testing.T) {
	for _, re := range []string{secretArgRE, notSecretArgRE, rustSecretArgRE} {
		if !strings.Contains(secretLogPreds, strconv.Quote(re)) && !strings.Contains(rustVariant().Query, strconv.Quote(re)) {
			t.Errorf("secretLogPreds does not hold %s", strconv.Quote(re))
		}
	}
	secret, not := regexp.MustCompile(secretArgRE), regexp.MustCompile(notSecretArgRE)
	for name, want := range map[string]bool{
		"token": false, "self.api_key": true, "req.headers.authToken": true, "access_token": true, "cfg.APIKey": true, "hasPassword": false, "masked_secret": false, "secret_length": false, "AUTH_TOKEN": true, "clientSecret": true, "password": true,
		"page_token": false, "nextToken": false, "cancellationToken": false, "max_tokens": false, "token_count": false,
		"password_hash": false, "tokenizer": false, "user": false, "passwordLength": false,
	} {
		if got := secret.MatchString(name) && !not.MatchString(name); got != want {
			t.Errorf("%s: secret %v, want %v", name, got, want)
		}
	}
}

func rustVariant() Variant {
	for _, v := range logSecrets.Variants {
		if v.Lang == engine.LangRust {
			return v
		}
	}
	return Variant{}
}

// A Rust macro's token tree passes a secret when a secret-named value is a whole
// argument or a field's value; a field's name and a method on the value are not.
func TestRustSecretArg(t *testing.T) {
	re := regexp.MustCompile(rustSecretArgRE)
	for tree, want := range map[string]bool{
		`("login {}", api_key)`:                      true,
		`(token = %auth_token, "login")`:             true,
		`("k {}", self.client_secret)`:               true,
		`(token_length = token.len(), "validating")`: false,
		`(credential = %rule.name, "injected")`:      false,
		`("login with token {}", token)`:             false,
	} {
		if got := re.MatchString(tree); got != want {
			t.Errorf("%s: %v, want %v", tree, got, want)
		}
	}
}
