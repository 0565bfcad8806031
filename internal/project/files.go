package project

import (
	"github.com/heed-dev/heed/internal/instr"
	"github.com/heed-dev/heed/internal/repo"
)

// ListFiles returns the repository's files, repository-relative: what git tracks or
// would track, else a walk (internal/repo decides).
func ListFiles(root string) ([]string, error) {
	r, err := repo.Open(root)
	if err != nil {
		return nil, err
	}
	return r.ListFiles()
}

// loadInstructions reads the repository's instruction set.
func loadInstructions(root string) (*instr.Set, error) { return instr.Load(root) }
