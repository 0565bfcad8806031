package source

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The queries' predicates are the two expressions as a query's strings quote them,
// and the names they take and leave are the ones the entry means.
func TestSecretLogPredicates(t *testing.T) {
	for _, re := range []string{secretArgRE, notSecretArgRE} {
		if !strings.Contains(secretLogPreds, strconv.Quote(re)) {
			t.Errorf("secretLogPreds does not hold %s", strconv.Quote(re))
		}
	}
	secret, not := regexp.MustCompile(secretArgRE), regexp.MustCompile(notSecretArgRE)
	for name, want := range map[string]bool{
		"token": true, "self.api_key": true, "req.headers.authToken": true, "AUTH_TOKEN": true, "clientSecret": true, "password": true,
		"page_token": false, "nextToken": false, "cancellationToken": false, "max_tokens": false, "token_count": false,
		"password_hash": false, "tokenizer": false, "user": false, "passwordLength": false,
	} {
		if got := secret.MatchString(name) && !not.MatchString(name); got != want {
			t.Errorf("%s: secret %v, want %v", name, got, want)
		}
	}
}
