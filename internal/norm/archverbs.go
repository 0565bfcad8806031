package norm

import (
	"strings"
	"sync"

	"github.com/heed-dev/heed/internal/lazyre"
)

// Boundaries come in many verbs. "`handler` must never reach into `db`", "the `domain`
// layer knows nothing about `http`", "`parser` is independent of `render`",
// "controllers never touch `repository`", "`core` must stay free of `django`" and
// "`gateway` is the only package that talks to `stripe`" say what "must not import"
// and "only ... may import" say; the sentence patterns are written for those two, so
// a sentence's verb is read into them first. Only a verb between two code spans (or
// a span and the end of a modal phrase) is rewritten: "never touch the database" names
// no part of the code and stays as it is.

var (
	// negVerbRE: a prohibition with a verb of reaching, touching or knowing.
	negVerbRE = lazyre.New(`\b(` + archNeg + `) (?:directly |ever )?(?:reach(?:es)? (?:directly )?(?:into|across to|over to)|touch(?:es)?|talk(?:s)? (?:directly )?to|call(?:s)? into|pull(?:s)? in|know(?:s)? about|couple(?:s)? to|be coupled to|rely on|relies on|access(?:es)?)( (?:directly )?(?:the |any |a |an )?§)`)
	// knowsNothingRE: "knows nothing about §", "has no knowledge of §", "is unaware of §".
	knowsNothingRE = lazyre.New(`(§\d+(?: [\w-]+)?) (?:knows? nothing (?:about|of)|(?:has|have) no knowledge of|(?:is|are) (?:completely |fully |entirely |totally )?(?:unaware of|independent of|agnostic (?:of|to)|decoupled from))( (?:the |any )?§)`)
	// stayFreeRE: "must stay free of §", "should remain independent of §", "must be
	// unaware of §"; the modal is kept ("should" stays a warning).
	stayFreeRE = lazyre.New(`\b(must|should|shall|has to|have to|needs to|need to)(?: always)? (?:stay|remain|be|be kept|keep|be left) (?:completely |fully |entirely |totally )?(?:free (?:of|from)|independent (?:of|from)|unaware of|agnostic (?:of|to)|decoupled from|clear of|clean of)( (?:the |any )?§)`)
	// onlyTalksRE: "§0 is the only package that talks to §1": only §0 may import §1;
	// "the CLI (§0) is the only place that may import §1" names it in parentheses.
	onlyTalksRE = lazyre.New(`^(?:the )?(?:[\w-]+ \()?(§\d+)\)?((?: [\w-]+)?) (?:is|are) the only (?:[\w-]+ )?(?:package|module|folder|directory|layer|place|file|code|one|ones|crate|class|component|part|code path)s?(?: of the code(?:base)?)? (?:that|which|allowed to|permitted to|where (?:code|we|you) (?:may |can )?)? ?(?:talks? to|imports?|uses?|calls?|depends? on|may import|can import|may use|can use|touch(?:es)?|reach(?:es)? into|accesses|access|speaks? to|knows? about)( (?:the )?§\d+)`)
	// onlyUsesPackageRE: "only §0 may use the §1 crate": the verb and the package.
	onlyUsesPackageRE = lazyre.New(`\b((?:may|can|is allowed to|are allowed to)(?: directly)?) use (?:the )?(§\d+) (?:crate|package|library|module|gem|sdk|dependency)\b`)
	// keepFreeRE: the imperative "keep §0 free of §1 (imports)".
	keepFreeRE = lazyre.New(`^(?:always )?keep (§\d+) (?:completely |fully |entirely )?(?:free (?:of|from)|independent (?:of|from)|clear of|clean of)( (?:the |any )?§\d+)`)
	// importWhatFromRE: "import server code from §0": what is imported, named in
	// words, from a part of the code, is all of its imports from there.
	importWhatFromRE = lazyre.New(`\bimport (?:any |the )?(?:[a-z-]+ )?(?:code|modules?|components?|files?|utilities|utils|helpers|logic|internals|anything) (from §\d+)`)
	// thenCanonRE: what a rewrite leaves behind after the span: " directly", " at all".
	canonTailRE = lazyre.New(`(§\d+) (?:directly|at all|in any way|imports?|code|dependencies)\b`)
	// freeOfWordRE: a library named as a word in "free of Django imports".
	freeOfWordRE = lazyre.New(`(?i)\b(free (?:of|from)|clear of|clean of) ([A-Za-z][\w.-]*) (imports?|dependencies|code)\b`)
	// noWordImportsRE: a library named as a word in "no React imports".
	noWordImportsRE = lazyre.New(`(?i)\b(no) ([A-Za-z][\w.-]*) (imports?|dependencies)\b`)
	// folderNoImportsRE: "§0 is framework-agnostic: no §1 imports there": what the
	// folder before the colon must not import.
	folderNoImportsRE = lazyre.New(`^(§\d+) [^§:;]{0,60}: no (§\d+) (?:imports?|dependencies)(?: (?:there|in it|here|inside it|anywhere in it))?\b`)
)

// notLibraries are words "free of X imports" uses that name no library.
var notLibraries = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"any": true, "all": true, "third-party": true, "external": true, "internal": true,
		"framework": true, "circular": true, "relative": true, "wildcard": true, "star": true, "unused": true, "new": true,
		"other": true, "side-effect": true, "dynamic": true, "lazy": true, "type": true, "platform": true, "runtime": true,
		"ui": true, "io": true, "network": true, "database": true, "vendor": true, "global": true, "default": true,
		"barrel": true, "deep": true, "direct": true, "cross-feature": true, "cross-module": true, "nested": true,
		"absolute": true, "parent": true, "such": true, "more": true, "extra": true, "additional": true, "unnecessary": true,
		"heavy": true, "optional": true, "peer": true, "dev": true, "transitive": true, "these": true, "those": true, "such-like": true}
})

// quoteFreeOf writes the library of "must stay free of Django imports" as code, the
// way "must stay free of `django`" names it, so that the boundary readers see it.
func quoteFreeOf(text string) string {
	quote := func(re *lazyre.RE) func(string) string {
		return func(m string) string {
			g := re.FindStringSubmatch(m)
			if notLibraries()[strings.ToLower(g[2])] {
				return m
			}
			return g[1] + " `" + strings.ToLower(g[2]) + "` " + g[3]
		}
	}
	text = freeOfWordRE.ReplaceAllStringFunc(text, quote(freeOfWordRE))
	if strings.Contains(text, "no ") || strings.Contains(text, "No ") {
		// "no React imports there"
		text = noWordImportsRE.ReplaceAllStringFunc(text, quote(noWordImportsRE))
	}
	return text
}

// canonVerbs rewrites the verbs of a sentence's prose (lower case, spans as §N) into
// the ones the boundary patterns read.
func canonVerbs(prose string) string {
	out := prose
	if m := onlyTalksRE.FindStringSubmatch(out); m != nil {
		out = "only " + m[1] + m[2] + " may import" + m[3] + out[len(m[0]):]
	}
	if strings.Contains(out, " use ") && strings.HasPrefix(out, "only ") {
		// "only §0 may use the §1 crate": a package used is a package imported
		out = onlyUsesPackageRE.ReplaceAllString(out, "$1 import $2")
	}
	if strings.Contains(out, ": no ") {
		if m := folderNoImportsRE.FindStringSubmatch(out); m != nil {
			out = m[1] + " must not import " + m[2] + out[len(m[0]):]
		}
	}
	if strings.HasPrefix(out, "keep §") || strings.HasPrefix(out, "always keep §") {
		if m := keepFreeRE.FindStringSubmatch(out); m != nil {
			out = m[1] + " must not import" + m[2] + out[len(m[0]):]
		}
	}
	if strings.Contains(out, "import ") && strings.Contains(out, " from §") && !strings.Contains(out, "import from") {
		out = importWhatFromRE.ReplaceAllString(out, "import $1")
	}
	out = negVerbRE.ReplaceAllString(out, "$1 import$2")
	out = knowsNothingRE.ReplaceAllString(out, "$1 must not import$2")
	out = stayFreeRE.ReplaceAllStringFunc(out, func(s string) string {
		m := stayFreeRE.FindStringSubmatch(s)
		modal := "must"
		if m[1] == "should" {
			modal = "should"
		}
		return modal + " not import" + m[2]
	})
	if out != prose {
		out = canonTailRE.ReplaceAllString(out, "$1")
	}
	return out
}
