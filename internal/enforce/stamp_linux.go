package enforce

import "syscall"

// changeTime is a file's ctime in Unix nanoseconds.
func changeTime(st *syscall.Stat_t) int64 { return st.Ctim.Sec*1e9 + st.Ctim.Nsec }
