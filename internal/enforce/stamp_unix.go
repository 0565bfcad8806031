//go:build linux || darwin

package enforce

import (
	"fmt"
	"os"
	"syscall"
)

// fileStamp identifies a file's content without reading it: device, inode, size and
// change time, which every write changes and no program can set back. ctime is in
// Unix nanoseconds.
func fileStamp(path string) (stamp string, ctime int64, ok bool) {
	fi, err := os.Stat(path)
	if err != nil {
		return "", 0, false
	}
	st, isStat := fi.Sys().(*syscall.Stat_t)
	if !isStat {
		return "", 0, false
	}
	ctime = changeTime(st)
	return fmt.Sprintf("%d:%d:%d:%d", st.Dev, st.Ino, st.Size, ctime), ctime, true
}
