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

// A package kept behind the project's wrapper, said in two clauses of one item: the
// wrapper and where it lives ("Call the shared `request` from `src/service/request`
// for every HTTP call", "Use the project logger from `app/log.py`"), and a ban of the
// package it wraps used any other way ("do not use `axios` directly", "do not import
// `logging` elsewhere"). The architecture domain keeps the package to the wrapper's
// place (and tests) when the repository uses that package.
var (
	// "do not use §0 directly", "never import §0 elsewhere", "don't call §0
	// outside it"
	archWrapperBanRE = lazyre.New(`^(?:but |and )?(?:do not|don't|never|must not|should not|avoid) (?:use|import|call|using|importing|calling|instantiate|create) (?:the )?(?:raw )?(§\d+)(?: (?:package|library|module|client|directly))* (?:directly|elsewhere|anywhere else|outside (?:of )?(?:it|that|this|the wrapper))[.;!]?$`)
	// "call the shared §0 from §1 for every http call", "use the project logger
	// from §0 (§1)", "always go through §0", "import it from §0"
	archWrapperUseRE = lazyre.New(`^(?:always )?(?:(?:use|call|import)(?: (?:the|our|a|its|it))?(?: (?:shared|project|project's|common|central|centralized|centralised|single|own|configured|wrapped))*(?: [a-z-]+){0,2}?(?: §\d+)?(?: [a-z-]+){0,2}? (?:from|in|through|via|at|defined in|exported from)|(?:go|goes|route [a-z ]{1,40}) through) (?:the )?(§\d+)(?: \(§\d+\))?(?: (?:for|in|on) [^§]*)?[.;:]?$`)
)

// WrapperBan reads the two clauses of a wrapper rule from the sentences of one item:
// the sentence and span of the package banned outside the wrapper, and the sentence
// and span that place the wrapper. ok is false unless both clauses are there, each
// once.
func WrapperBan(ss []ArchSentence) (banS, banSpan, useS, useSpan int, ok bool) {
	banS, useS = -1, -1
	for i, s := range ss {
		if m := archWrapperBanRE.FindStringSubmatch(s.Prose); m != nil {
			if banS >= 0 {
				return 0, 0, 0, 0, false
			}
			banS, banSpan = i, spanNumber(m[1])
			continue
		}
		if m := archWrapperUseRE.FindStringSubmatch(s.Prose); m != nil {
			if useS >= 0 {
				return 0, 0, 0, 0, false
			}
			useS, useSpan = i, spanNumber(m[1])
		}
	}
	return banS, banSpan, useS, useSpan, banS >= 0 && useS >= 0
}
