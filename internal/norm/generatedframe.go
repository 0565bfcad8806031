package norm

import "github.com/heed-dev/heed/internal/lazyre"

var (
	// genFrameRE: a heading or lead-in that says its files are generated.
	genFrameRE    = lazyre.New(`\b(re-?generat\w*|(auto-?)?generated|codegen|hand-?edit\w*|by hand)\b`)
	genDirectlyRE = lazyre.New(`\bdirectly\b`)
)

// GeneratedFrame reports whether a heading, lead-in or sentence (lower case) says its
// files are generated ("Generated Files — Do Not Hand-Edit", "then regenerate").
func GeneratedFrame(lower string) bool { return genFrameRE.MatchString(lower) }

// SaysDirectly reports whether a sentence (lower case) bans editing "directly": under
// a generated-files frame, a ban of hand edits only.
func SaysDirectly(lower string) bool { return genDirectlyRE.MatchString(lower) }
