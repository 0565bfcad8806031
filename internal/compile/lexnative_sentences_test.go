package compile_test

import "testing"

// TestOwnNativeConstructSentences390: construct conventions of the native languages
// (Go, Rust, Java, Kotlin, C#, C and C++, Swift, Ruby, PHP) as instruction files name
// them, written and committed before the compiler read them
// (testdata/own-sentences-390.txt, first sight in own-sentences-390.md).
func TestOwnNativeConstructSentences390(t *testing.T) {
	ownSourceSentences(t, "testdata/own-sentences-390.txt", 50)
}

// TestOwnNativeConstructSentences391: the second batch, written after this task's
// catalogue entries and committed before the compiler read it: new phrasings of the
// concepts built, concepts not built, and sentences that only describe or allow a
// construct (testdata/own-sentences-391.txt, first sight in own-sentences-391.md).
func TestOwnNativeConstructSentences391(t *testing.T) {
	ownSourceSentences(t, "testdata/own-sentences-391.txt", 25)
}
