package norm

import "testing"

// A library named in prose by a name that ends in ".js" is no file a change adds.
func TestUntouchedLibraryName(t *testing.T) {
	if u, ok := UntouchedFiles("Never add Moment.js — it is huge and not tree-shakeable."); ok {
		t.Errorf("read as files: %+v", u)
	}
	if _, ok := UntouchedFiles("Do not edit App.js by hand."); !ok {
		t.Error("a file named in plain words is still a file")
	}
	if _, ok := UntouchedFiles("Never add `moment.js` to the repository."); !ok {
		t.Error("a file in a code span is still a file")
	}
}
