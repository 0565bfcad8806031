package norm

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// What the entries of a pull request's release notes may hold, as projects whose bot
// reads them from the description write it: "A release-note entry must not contain
// issue numbers", "must contain neither a pull-request number nor author names",
// "must omit first-person phrases such as `I have fixed` and pull-request-relative
// phrases such as `this pull request fixes`", "must be a complete sentence beginning
// with a capital letter".

// The things a release-note entry must not hold (ReleaseNoteBans).
const (
	// NoteNumbers: an issue or pull-request number ("#123").
	NoteNumbers = "numbers"
	// NoteFirstPerson: the first person singular ("I fixed", "I've added").
	NoteFirstPerson = "first-person"
	// NoteThisPR: a reference to the pull request itself ("this pull request fixes").
	NoteThisPR = "this-pr"
	// NoteLowercase: an entry that starts with a small letter.
	NoteLowercase = "lowercase"
)

var (
	// releaseNoteSubjectRE: the sentence is about release notes or their entries,
	// not a changelog file ("A changelog entry in `CHANGES.rst` ...").
	releaseNoteSubjectRE = lazyre.New(`(?i)\brelease[- ]notes?\b(?:\s+(?:entry|entries|block))?`)
	// noteNegRE: the sentence bans what follows.
	noteNegRE     = lazyre.New(`(?i)\b(?:must not|mustn't|should not|shouldn't|do not|don't|never|neither|nor|omit|avoid|without|no)\b`)
	noteNumbersRE = lazyre.New(`(?i)\b(?:issue|pull[- ]request|pr|ticket)s?\s+(?:numbers?|references?)\b|\b(?:numbers?)\s+of\s+(?:issues|pull requests)\b`)
	noteFirstRE   = lazyre.New("(?i)\\bfirst[- ]person\\b|`I (?:have |'ve )?[a-z]+`")
	noteThisPRRE  = lazyre.New("(?i)`this (?:pull request|pr)\\b[^`]*`|\\brefer(?:s|ring)? to (?:`)?this (?:pull request|pr)\\b|\\bpull[- ]request[- ]relative\\b")
	noteCapitalRE = lazyre.New(`(?i)\b(?:begin|begins|beginning|start|starts|starting)\s+with\s+an?\s+(?:capital|upper[- ]?case)\s+letter\b`)
	// noteFileRE: a file named in the sentence: its entries are the file's, no
	// pull request's
	noteFileRE = lazyre.New("`[^`]*\\.(?:rst|md|txt)`|\\bchangelog\\b|\\bwhats?[- ]new\\b")
)

// ReleaseNoteBans is what a sentence says the entries of a pull request's release
// notes must not hold (NoteNumbers, NoteFirstPerson, NoteThisPR, NoteLowercase), in
// the order above; nil for a sentence about anything else.
func ReleaseNoteBans(text string) []string {
	if !releaseNoteSubjectRE.MatchString(text) || noteFileRE.MatchString(text) {
		return nil
	}
	var out []string
	neg := noteNegRE.MatchString(text)
	if neg && noteNumbersRE.MatchString(text) {
		out = append(out, NoteNumbers)
	}
	if neg && noteFirstRE.MatchString(text) {
		out = append(out, NoteFirstPerson)
	}
	if noteThisPRRE.MatchString(text) && (neg || strings.Contains(strings.ToLower(text), "rather than")) {
		out = append(out, NoteThisPR)
	}
	if noteCapitalRE.MatchString(text) && !neg {
		out = append(out, NoteLowercase)
	}
	return out
}
