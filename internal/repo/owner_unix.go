//go:build unix

package repo

import (
	"os"
	"syscall"
)

// owner is a file's device and owner.
func owner(st os.FileInfo) (dev uint64, uid uint32, ok bool) {
	s, ok := st.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, 0, false
	}
	return uint64(s.Dev), s.Uid, true
}
