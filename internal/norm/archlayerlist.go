package norm

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// Layers given as a list: a lead-in that says the list is the layering and which way
// it runs ("Keep the layering, from top to bottom:" over "- `web/` - HTTP handlers",
// ...), or a sentence after a list that says each layer depends only on those below
// (or above) it ("1. `presentation` 2. `application` 3. `domain`" + "Each layer may
// depend only on the layers below it.").

// archEachLayerRE: "each layer may (only) depend on (only) the layers below it".
var archEachLayerRE = lazyre.New(`^(?:each|every) layer (?:may|can|must|should|is allowed to) (?:only )?(?:depend (?:only )?on |import (?:only )?(?:from )?|use (?:only )?)(?:only )?(?:the )?(?:layers? )?(below|beneath|under|after|above|before) it\b`)

// archLayerWordsRE: the words that make a lead-in's list a layering.
var archLayerWordsRE = lazyre.New(`\blayer(?:s|ed|ing)?\b`)

// ArchLayerListLead reports whether a lead-in introduces its list as the layering,
// and whether the list runs from the top (the highest layer first).
func ArchLayerListLead(text string) (topFirst, ok bool) {
	t := strings.ToLower(strings.TrimSpace(text))
	if !strings.HasSuffix(t, ":") || !archLayerWordsRE.MatchString(t) {
		return false, false
	}
	m := ArchListOrderRE.FindStringSubmatch(t)
	if m == nil {
		return false, false
	}
	return m[2] != "", true
}

// ArchEachLayerBelow reads a sentence that makes the list before it a layering, and
// whether the list runs from the top.
func ArchEachLayerBelow(text string) (topFirst, ok bool) {
	ss := ArchSentences(text)
	if len(ss) == 0 {
		return false, false
	}
	m := archEachLayerRE.FindStringSubmatch(ss[0].Prose)
	if m == nil {
		return false, false
	}
	switch m[1] {
	case "below", "beneath", "under", "after":
		return true, true
	}
	return false, true
}

// archLayerItemNameRE: a list item that names one layer by a span, perhaps with a
// description after a dash or colon.
var archLayerItemNameRE = lazyre.New(`^(?:\d+[.)] )?§0(?:(?: ?(?:-|–|—|:) .*)|[.;]?)$`)

// ArchLayerItem returns the span a layer list's item names the layer by.
func ArchLayerItem(text string) (string, bool) {
	ss := ArchSentences(text)
	if len(ss) == 0 || len(ss[0].Spans) == 0 || !archLayerItemNameRE.MatchString(ss[0].Prose) {
		return "", false
	}
	return ss[0].Spans[0], true
}
