package contrib

import (
	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/recognize"
)

// The driver contracts the checks implement (engine/capabilities.go).
var (
	_ engine.FileSelector = (*commitCheck)(nil)
	_ engine.FileSelector = (*prCheck)(nil)
	_ engine.FileSelector = (*cochangeCheck)(nil)
	_ engine.FileSelector = (*untouchedCheck)(nil)
	_ engine.FileSelector = (*headerCheck)(nil)
	_ engine.FileByFile   = (*headerCheck)(nil)
)

// Kinds returns the contribution domain's rule kinds.
func Kinds() []engine.Kind {
	return []engine.Kind{commitKind(), prKind(), cochangeKind(), headerKind(), untouchedKind(), newDependencyKind()}
}

// Recognizers returns the contribution domain's recognisers, in the order they are
// tried. Each owns one family of sentences; a constraint may match several (a line
// that sets both a subject and a body limit yields both rules).
func Recognizers() []recognize.Recognizer {
	return []recognize.Recognizer{
		lengthRecognizer{},
		blankLineRecognizer{},
		oneLineRecognizer{},
		languageRecognizer{},
		periodRecognizer{},
		wipRecognizer{},
		aiMentionRecognizer{},
		commitTextRecognizer{},
		moodRecognizer{},
		caseRecognizer{},
		conventionalRecognizer{},
		prefixRecognizer{},
		trailerRecognizer{},
		placeRecognizer{},
		refRecognizer{},
		refRequiredRecognizer{},
		mergeRecognizer{},
		cochangeRecognizer{},
		pairRecognizer{},
		manifestRecognizer{},
		prRecognizer{},
		prTextRecognizer{},
		headerRecognizer{},
		untouchedRecognizer{},
	}
}
