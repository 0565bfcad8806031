package lazyre

import "sync"

// The literals of heed's own expressions are found ahead of time: finding them means
// parsing the expression, and a `heed compile` asks for those of a few hundred
// expressions, about 5% of its CPU time. needs_table.go lists them, written by
// TestNeedTableIsCurrent (`go test ./internal/lazyre -run TestNeedTableIsCurrent
// -update`), which fails on an entry that disagrees with its expression and once a
// quarter of heed's expressions are missing. An expression missing from the table
// (new, or edited since) has its literals found as before: a stale table costs time,
// never an answer.

type needEntry struct {
	expr string
	need []string
}

var (
	needOnce sync.Once
	needMap  map[string][]string
)

// knownNeed returns the literals the table lists for expr, and whether it lists expr.
func knownNeed(expr string) ([]string, bool) {
	needOnce.Do(func() {
		t := needTable()
		needMap = make(map[string][]string, len(t))
		for _, e := range t {
			needMap[e.expr] = e.need
		}
	})
	n, ok := needMap[expr]
	return n, ok
}
