//go:build linux || darwin

package enforce

import (
	"os"
	"strconv"
	"syscall"
)

// fileStamp identifies a file's content without reading it: device, inode, size,
// modification and change time ("DEV:INO:SIZE:MTIME:CTIME", times in Unix ns). A
// write changes the size or the times; a file put in its place by a rename has
// another inode, or another change time; and while a program can set the mtime
// back (touch -r, a checkout that restores times), it cannot set the ctime, which
// every write, rename and utimes moves to the present. A file system that reports
// no times (zero) has no stamp: such a file is hashed. ctime is returned apart for
// the slack test (stampTrusted).
func fileStamp(path string) (stamp string, ctime int64, ok bool) {
	fi, err := os.Stat(path)
	if err != nil {
		return "", 0, false
	}
	return infoStamp(fi)
}

// infoStamp is fileStamp of a file's FileInfo (an open file's, say).
func infoStamp(fi os.FileInfo) (stamp string, ctime int64, ok bool) {
	if !fi.Mode().IsRegular() {
		return "", 0, false
	}
	st, isStat := fi.Sys().(*syscall.Stat_t)
	if !isStat {
		return "", 0, false
	}
	ctime, mtime := changeTime(st), fi.ModTime().UnixNano()
	if ctime <= 0 || mtime <= 0 {
		return "", 0, false
	}
	b := make([]byte, 0, 80)
	b = strconv.AppendUint(b, uint64(st.Dev), 10)
	b = append(b, ':')
	b = strconv.AppendUint(b, uint64(st.Ino), 10)
	b = append(b, ':')
	b = strconv.AppendInt(b, st.Size, 10)
	b = append(b, ':')
	b = strconv.AppendInt(b, mtime, 10)
	b = append(b, ':')
	b = strconv.AppendInt(b, ctime, 10)
	return string(b), ctime, true
}
