//go:build !linux && !darwin

package enforce

import "os"

// fileStamp is unknown here: the policy is hashed on every read.
func fileStamp(path string) (stamp string, ctime int64, ok bool) { return "", 0, false }

// infoStamp is unknown here too.
func infoStamp(fi os.FileInfo) (stamp string, ctime int64, ok bool) { return "", 0, false }
