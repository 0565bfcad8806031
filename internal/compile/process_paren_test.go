package compile_test

import "testing"

// TestProcessParentheticalConditions: an order whose condition is in parentheses
// beside a list item's label holds only under it: a push after no change to the code
// needs no gate, and a condition heed cannot see leaves the order unread.
func TestProcessParentheticalConditions(t *testing.T) {
	ownSentences(t, "testdata/process-paren-conditions.txt", 2)
}
