package compile_test

import (
	"testing"

	"github.com/heed-dev/heed/internal/policy"
)

// TestOwnSentencesInOtherLanguages: command rules in Spanish, Portuguese, French,
// German, Chinese and Japanese words (testdata/own-sentences-lang.txt, written before
// the compiler read them; first sight in its .md), and sentences in languages heed
// has no words for, which may warn but never block.
func TestOwnSentencesInOtherLanguages(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-lang.txt", 50)
}

// TestOwnSentencesInOtherLanguages2: the second batch (testdata/own-sentences-lang-2.txt):
// Korean, conditions and exceptions a ban keeps, orders under a heading or a lead-in in
// another language, and languages heed has no words for.
func TestOwnSentencesInOtherLanguages2(t *testing.T) {
	ownSentences(t, "testdata/own-sentences-lang-2.txt", 25)
}

// A sentence in a language heed has no words for compiles to no block, though some
// of its words look like another language's: at first sight a Polish "nie" was read as
// the German one and "Nie używaj `yarn`, tylko `pnpm`" banned both tools.
func TestUnreadableLanguageNeverBlocks(t *testing.T) {
	for _, doc := range []string{
		"- Nie używaj `yarn`, tylko `pnpm`.\n",
		"- Asla `npm publish` çalıştırma.\n",
		"- Gebruik nooit `npm publish`.\n",
		"- Kör aldrig `git push --force`.\n",
	} {
		for _, r := range compileDoc(doc) {
			if r.Severity == policy.SeverityError {
				t.Errorf("%q: %s blocks", doc, r.Norm)
			}
		}
	}
}
