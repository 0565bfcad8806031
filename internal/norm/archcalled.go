package norm

import "github.com/heed-dev/heed/internal/lazyre"

// A call boundary whose callers are named in words: "The auth service (`src/services/
// auth.ts`) should never be called directly from UI components", "API client methods
// are located in `frontend/src/api` and should never be called directly from UI
// components". The callers are a part of the code named by words ("UI components"),
// placed by the repository's folders (internal/rules/arch); the target is the span.
// The words end the clause: "from components in `src/components`" is
// archCalledFromRE's.
var archCalledFromWordsRE = lazyre.New(`^(?:(?:the |all |any )?(?:[a-z][\w-]* ){1,4}(?:are|is) (?:located|kept|defined|found) (?:in|under) )?(?:the |all |any )?(` + archSpanList + `)` + archNoun + archAside + `,? (?:and )?(?:must|should|may|shall|can)(?: not| never|not ever)(?: ever)? be (?:called|imported|used|accessed|referenced|invoked)(?: directly)? (?:from|by|in|inside) (?:the |any )?((?:[a-z][\w-]* ){0,2}[a-z][\w-]*?)(?: directly)?(?:[.;,:]| -| –| —|$)`)

// calledFromWords reads a call boundary whose callers are named in words (see
// archCalledFromWordsRE): the callers' words must not import the spans.
func calledFromWords(p string) (Boundary, bool) {
	m := archCalledFromWordsRE.FindStringSubmatch(p)
	if m == nil {
		return Boundary{}, false
	}
	return Boundary{Form: BoundaryWordForbid, FromWord: m[2], To: ArchSpanIndexes(m[1])}, true
}

// archNounFirstRE: a part named with its kind before its span, "package §0", "the
// module §1", as Go and Python write them.
var archNounFirstRE = lazyre.New(`\b(?:the )?(package|module|crate|folder|directory|layer) (§\d+)`)

// nounFirst writes "package §0" as "§0 package", the order the boundary readers know.
func nounFirst(p string) string {
	return archNounFirstRE.ReplaceAllString(p, "$2 $1")
}
