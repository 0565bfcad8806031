package source

import (
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/recognize"
)

func TestKnownLibrary(t *testing.T) {
	js := &recognize.RepoContext{Languages: []string{engine.LangTypeScript}, Packages: []recognize.Package{{Name: "date-fns", Ecosystem: "npm", Manifest: "package.json"}}}
	kt := &recognize.RepoContext{Languages: []string{engine.LangKotlin}}
	for _, tc := range []struct {
		name string
		rc   *recognize.RepoContext
		mod  string
	}{
		{"Moment.js", js, "moment"},
		{"moment", js, "moment"},
		{"Redux", js, "redux"},
		{"Hilt", kt, "dagger.hilt"},
		{"requests", js, ""}, // a PyPI name in a repository of TypeScript
		{"Hilt", js, ""},
		{"classes", js, ""}, // no library
	} {
		refs, _ := knownLibrary(tc.name, tc.rc)
		got := ""
		if len(refs) > 0 {
			got = refs[0].mod
		}
		if got != tc.mod {
			t.Errorf("knownLibrary(%q) = %q, want %q", tc.name, got, tc.mod)
		}
	}
}

func TestLibrariesTableWellFormed(t *testing.T) {
	for name, libs := range knownLibraries.Get() {
		for _, l := range libs {
			if recognize.EcosystemLanguages(l.eco) == nil || len(l.modules) == 0 {
				t.Errorf("%q: registry %q, modules %v", name, l.eco, l.modules)
			}
		}
	}
}
