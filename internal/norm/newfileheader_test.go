package norm

import (
	"reflect"
	"testing"
)

// Sentences of our own writing, in lower case with code spans taken out.
func TestReadNewFileHeader(t *testing.T) {
	for _, tc := range []struct {
		lower string
		ok    bool
		want  HeaderDemand
	}{
		{"add the apache license header to new java files.", true, HeaderDemand{Globs: []string{"*.java"}, License: HeaderApache}},
		{"new python and go files start with an spdx line.", true, HeaderDemand{Globs: []string{"*.go"}, License: HeaderSPDX}},
		{"new go files and new python files must start with the asf header.", true, HeaderDemand{Globs: []string{"*.go", "*.py"}, License: HeaderASF}},
		{"do not change the license headers of new files you add.", false, HeaderDemand{}},
		{"the license of the project is mit.", false, HeaderDemand{}},
	} {
		got, ok := ReadNewFileHeader(tc.lower)
		if ok != tc.ok || ok && !reflect.DeepEqual(got, tc.want) {
			t.Errorf("ReadNewFileHeader(%q) = %+v, %v; want %+v, %v", tc.lower, got, ok, tc.want, tc.ok)
		}
	}
}
