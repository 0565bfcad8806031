package enforce

import "syscall"

// changeTime is a file's ctime in Unix nanoseconds.
func changeTime(st *syscall.Stat_t) int64 { return st.Ctimespec.Sec*1e9 + st.Ctimespec.Nsec }
