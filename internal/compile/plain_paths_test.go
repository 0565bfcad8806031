package compile_test

import "testing"

// TestPlainPathScopes: a ban limited to a folder written as a path without backticks
// holds there when the repository has the folder, and is left unread when it has not.
func TestPlainPathScopes(t *testing.T) {
	ownDocuments(t, "testdata/plain-paths.txt", 2)
}
