package lower

import (
	"slices"
	"testing"
)

// Wild round 11 (supabase-js): a file that runs each package's tests as `nx test
// auth-js`, `nx test storage-js` runs "the package's tests" as a family, so `nx test`
// of any package does the role; a lone command, a bare program and options stay.
func TestPackageFamiliesFoldTheWordThatVaries(t *testing.T) {
	got := packageFamilies([][]string{
		{"nx", "test", "auth-js"}, {"nx", "test", "storage-js"}, {"nx", "test:unit"},
		{"pnpm", "run", "test"}, {"go", "test", "-race"}, {"go", "test", "-v"}, {"make", "a"}, {"make", "b"},
	})
	want := [][]string{{"nx", "test"}, {"nx", "test:unit"}, {"pnpm", "run", "test"}, {"go", "test", "-race"}, {"go", "test", "-v"}, {"make", "a"}, {"make", "b"}}
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("got %q, want %q", got, want)
	}
}
