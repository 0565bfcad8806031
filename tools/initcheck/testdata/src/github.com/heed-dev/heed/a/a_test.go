package a

import "regexp"

// Test files are not part of the binaries: not flagged.
func init() {}

var testRE = regexp.MustCompile(`t`)
