package a

import (
	"regexp"
	"strings"

	"github.com/heed-dev/heed/internal/lazy"
	"github.com/heed-dev/heed/internal/lazyre"
)

func init() {} // want `func init runs at every start of the binary`

var word = regexp.MustCompile(`\w+`) // want `regexp.MustCompile in a package-level variable compiles at every start`

var (
	pair, other = regexp.Compile(`a`) // want `regexp.Compile in a package-level`
)

var nested = struct{ re *regexp.Regexp }{regexp.MustCompilePOSIX(`b`)} // want `regexp.MustCompilePOSIX in a package-level`

var verbs = map[string]bool{"run": true} // want `a map literal in a package-level variable is built at every start`

var inSlice = []map[string]int{{"a": 1}} // want `a map literal in a package-level`

var fields = []string{strings.ToUpper("a")} // want `this package-level table calls strings.ToUpper at every start`

// Not flagged: work done on first use, constants laid out by the compiler, an empty
// cache, conversions, lazyre and lazy.
var (
	lazyWord = lazyre.New(`\w+`)
	table    = lazy.Value[map[string]bool]{F: func() map[string]bool { return map[string]bool{"x": true} }}
	names    = []string{"a", "b"}
	cache    = map[string]int{}
	bytes    = [][]byte{[]byte("x")}
	res      = []*lazyre.RE{lazyre.New(`a`), lazyre.New(`b`)}
	lens     = [...]int{len("abc")}
)

// A finding that is meant, with its reason: not reported.
var kept = map[int]string{1: "one"} // initcheck:allow a test of the allow comment

// initcheck:allow the comment may stand on the line above
var keptAbove = map[int]string{1: "one"}

// initcheck:allow
var noReason = map[int]string{1: "one"} // want `initcheck:allow needs a reason after it`

func inside() {
	_ = map[string]int{"in a function": 1}
	_ = regexp.MustCompile(`in a function`)
}

var _, _, _, _, _, _, _, _, _, _, _ = word, pair, other, nested, verbs, inSlice, fields, kept, keptAbove, noReason, lazyWord
var _, _, _, _, _, _ = table, names, cache, bytes, res, lens

func set(words ...string) map[string]bool {
	m := map[string]bool{}
	for _, w := range words {
		m[w] = true
	}
	return m
}

var stopWords = set("a", "the") // want `set builds a map at every start of the binary`

var made = make(map[string]int) // a builtin: an empty map, not flagged

var _, _ = stopWords, made
