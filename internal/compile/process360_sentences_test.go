package compile_test

import "testing"

// TestOwnCommandSentences360: the first batch of stop 43 (task "process"), written
// before the compiler read it (testdata/own-sentences-360.txt, first sight in its .md).
func TestOwnCommandSentences360(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-360.txt", 23)
}

// TestProcessReadings43: the readings of stop 43 (task "process"): lead-ins that end
// with the rejected alternative, counted nouns, values passed to code, consequence
// arrows, a cadence before a moment, a command and its moment with no verb
// (testdata/process-43-readings.txt).
func TestProcessReadings43(t *testing.T) {
	ownSentences(t, "testdata/process-43-readings.txt", 15)
}

// TestOwnCommandSentences361: the second batch of stop 43, written after its reading
// commits and before the compiler read it (testdata/own-sentences-361.txt, first
// sight in its .md).
func TestOwnCommandSentences361(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-361.txt", 16)
}
