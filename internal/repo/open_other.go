//go:build !unix

package repo

import "os"

// openNoFollow opens a file for reading; readLimited rejects what is not a regular
// file after the fact.
func openNoFollow(p string) (*os.File, error) {
	st, err := os.Lstat(p)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, errNotRegular
	}
	return os.Open(p)
}
