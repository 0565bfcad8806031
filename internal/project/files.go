package project

import (
	"github.com/heed-dev/heed/internal/instr"
	"github.com/heed-dev/heed/internal/repo"
)

// ListFiles returns the repository's files, repository-relative: what git tracks or
// would track, else a walk (internal/repo decides). It is the cheap listing (modes from
// the index, no lstat of tracked files): the recognisers' context wants the languages
// and folders of the tree, which a tracked file deleted a moment ago does not change.
func ListFiles(root string) ([]string, error) {
	r, err := repo.Open(root)
	if err != nil {
		return nil, err
	}
	return r.ListCandidates()
}

// loadInstructions reads the repository's instruction set.
func loadInstructions(root string) (*instr.Set, error) { return instr.Load(root) }
