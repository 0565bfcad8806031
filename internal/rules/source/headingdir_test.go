package source

import (
	"testing"

	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// A heading word names a folder of the repository, unless it names a library the
// repository depends on: "Prisma Query Patterns" is about the library even where a
// `prisma/` folder holds its schema.
func TestHeadingDirLibraryIsTopic(t *testing.T) {
	c := &policy.Constraint{Text: "Never call `findUnique` in a loop.", Level: policy.Must,
		HeaderPath: []string{"Webapp", "Prisma Query Patterns"}}
	rc := &recognize.RepoContext{Dirs: []string{"prisma", "src"}}
	if got := headingDir(newSentence(c), rc); got != "prisma" {
		t.Fatalf("without the package: %q, want prisma", got)
	}
	rc.Packages = []recognize.Package{{Name: "@prisma/client", Ecosystem: "npm"}}
	if got := headingDir(newSentence(c), rc); got != "" {
		t.Fatalf("with @prisma/client declared: %q, want no folder", got)
	}
}
