package lang

import (
	"bytes"
	"fmt"
)

// SkipReason says why heed does not read a file's content as source, or "" when it
// does: files over MaxParseBytes (generated bundles, data) and files with a NUL byte
// (binary). Callers count skipped files rather than judging them.
func SkipReason(content []byte) string {
	if len(content) > MaxParseBytes {
		return fmt.Sprintf("skipped: %d bytes, over the %d MB limit for source files", len(content), MaxParseBytes>>20)
	}
	if bytes.IndexByte(content, 0) >= 0 {
		return "skipped: binary file (it holds a NUL byte)"
	}
	return ""
}
