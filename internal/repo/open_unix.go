//go:build unix

package repo

import (
	"errors"
	"os"
	"syscall"
)

// openNoFollow opens a file for reading without following a final symlink: heed
// judges the repository's files, not what a link points at (possibly outside it).
func openNoFollow(p string) (*os.File, error) {
	f, err := os.OpenFile(p, os.O_RDONLY|syscall.O_NOFOLLOW, 0)
	if errors.Is(err, syscall.ELOOP) {
		return nil, errNotRegular
	}
	return f, err
}
