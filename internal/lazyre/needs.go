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
	fold []string
}

var (
	needOnce sync.Once
	needMap  map[string]needEntry
)

// knownNeed returns the literals the table lists for expr (exact, and in any ASCII
// case), and whether it lists expr.
func knownNeed(expr string) (need, fold []string, ok bool) {
	needOnce.Do(func() {
		t := needTable()
		needMap = make(map[string]needEntry, len(t))
		for _, e := range t {
			needMap[e.expr] = e
		}
	})
	e, ok := needMap[expr]
	return e.need, e.fold, ok
}
