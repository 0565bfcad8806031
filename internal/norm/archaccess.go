package norm

import (
	"github.com/heed-dev/heed/internal/lazyre"
)

// Access kept in one place: a sentence that puts every use of a kind of service the
// code reaches through a client library (a database, HTTP, Redis, DynamoDB) in one
// folder or file: "All database access must live in `internal/store`", "All HTTP
// requests must go through `app/clients/http.py`", "If adding new DynamoDB
// operations, add them to `lib/db.js`". The architecture domain turns the kind into
// the client packages the repository uses; the rule is that only the named place
// imports them.

const (
	archAccessKind = `(database|db|sql|dynamodb|redis|http|network)`
	archAccessNoun = `(?:access|calls?|requests?|quer(?:y|ies)|operations?|code|logic|clients?|connections?|i/o|io)`
)

var (
	// "all database access must live in §0", "http requests go through §0", "redis
	// calls are kept in §0 (from §1)"
	archAccessLiveRE = lazyre.New(`^(?:all |any |every )?(?:the )?(?:direct )?` + archAccessKind + ` ` + archAccessNoun + ` (?:must |should |have to |has to |need to |needs to |shall |always )?(?:only )?(?:live|lives|stay|stays|go|goes|happen|happens|be|is|are|be kept|is kept|are kept|be done|is done|are done|be made|are made|be placed|be centralized|is centralized|are centralized|be centralised|is centralised|are centralised) (?:only |exclusively )?(?:in|inside|within|under|through|via) (?:the )?(§\d+)(?: (?:folder|directory|package|module|layer|file))?(?: (?:from|in) (§\d+))?[.;]?$`)
	// "if adding new dynamodb operations, add them to §0 (and mock them in tests)"
	archAccessAddRE = lazyre.New(`^(?:if|when) (?:you are |you're )?(?:adding|writing|creating) (?:new |any |more )?` + archAccessKind + ` ` + archAccessNoun + `,? (?:always )?(?:add|put|place|write|keep) (?:them|it) (?:to|in|into|inside) (?:the )?(§\d+)(?:,? and [^§]*)?[.;]?$`)
	// "keep all database access in §0"
	archAccessKeepRE = lazyre.New(`^(?:always )?keep (?:all |any )?(?:the )?` + archAccessKind + ` ` + archAccessNoun + ` (?:in|inside|within|under) (?:the )?(§\d+)[.;]?$`)
)

// AccessPlacement returns the kind of service an architecture sentence keeps in one
// place ("database", "http", "redis", "dynamodb") and the number of the span that
// names the place. A sentence of the form "… go through §0 from §1" names the place
// by its second span (`api` from `useApi.ts`): both are returned, the folder or
// file first.
func AccessPlacement(s ArchSentence) (kind string, places []int, ok bool) {
	if m := archAccessLiveRE.FindStringSubmatch(s.Prose); m != nil {
		if m[3] != "" {
			places = append(places, spanNumber(m[3]))
		}
		return accessKind(m[1]), append(places, spanNumber(m[2])), true
	}
	for _, re := range []*lazyre.RE{archAccessAddRE, archAccessKeepRE} {
		if m := re.FindStringSubmatch(s.Prose); m != nil {
			return accessKind(m[1]), []int{spanNumber(m[2])}, true
		}
	}
	return "", nil, false
}

// accessKind is the canonical name of a kind of service.
func accessKind(w string) string {
	switch w {
	case "db", "sql":
		return "database"
	case "network":
		return "http"
	}
	return w
}
