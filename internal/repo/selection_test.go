package repo

import (
	"reflect"
	"strings"
	"testing"
)

func TestSelectionOfAListing(t *testing.T) {
	all := []string{"a.go", "b.md", "c.go", "d.go"}
	sel := SelectionOf(all, func(p string) bool { return strings.HasSuffix(p, ".go") })
	var got []string
	for i := range sel.Len() {
		got = append(got, sel.At(i))
	}
	if !reflect.DeepEqual(got, []string{"a.go", "c.go", "d.go"}) {
		t.Errorf("selected %v", got)
	}
	if every := SelectionOf(all, func(string) bool { return true }); every.Idx != nil || every.Len() != 4 {
		t.Errorf("every path selected: %+v, want the listing itself", every)
	}
	if none := SelectionOf(all, func(string) bool { return false }); none.Len() != 0 {
		t.Errorf("no path selected: %d", none.Len())
	}
}
