package compile_test

import "testing"

// TestCochangeRecipes: a how-to's steps that write a new feature's own code are no
// co-change (each would ask every code change to touch that folder), while a step
// that records the feature in a changelog or documents it still is.
func TestCochangeRecipes(t *testing.T) {
	ownDocuments(t, "testdata/cochange-recipes.txt", 3)
}
