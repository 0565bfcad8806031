package norm

import "github.com/heed-dev/heed/internal/lazyre"

// A directory list's item that places the tests and names the folder they must not
// go in: "`test/` - test files (NOT `spec/`)", "`tests/`: unit tests (not
// `__tests__/`)". The aside is what makes the item a rule of the layout, not only its
// description: such an item is read as "tests live in `test/` (not `spec/`)". An item
// without it ("`test/` - test files") describes the tree and stays a description.
var archDirListTestsRE = lazyre.New(`^(§\d+) ?(?:-|–|—|:) (?:all |the )?(?:unit |integration )?(?:tests|test files|test cases|test suites) \((not (?:in |under )?§\d+)[^()]*\)[.;]?$`)

// dirListTests rewrites a directory list's tests item (see archDirListTestsRE) as the
// sentence the tests' placement reader knows; other prose is returned as it is.
func dirListTests(prose string) string {
	if m := archDirListTestsRE.FindStringSubmatch(prose); m != nil {
		return "tests live in " + m[1] + " (" + m[2] + ")"
	}
	return prose
}
