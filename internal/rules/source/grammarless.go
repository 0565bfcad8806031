package source

import (
	"slices"
	"strings"

	"github.com/heed-dev/heed/internal/lazy"
	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/uniq"
)

// Languages heed has no grammar for are still text: a line-length rule judges their
// files by extension. grammarless maps such a language's name, as sentences and
// headings write it, to its source extensions.
var grammarless = lazy.Value[[]grammarlessLang]{F: func() []grammarlessLang {
	return []grammarlessLang{
		{lazyre.New(`(?i)\bocaml\b`), []string{".ml", ".mli"}},
		{lazyre.New(`(?i)\bswift\b`), []string{".swift"}},
		{lazyre.New(`(?i)\bscala\b`), []string{".scala", ".sc"}},
		{lazyre.New(`(?i)\belixir\b`), []string{".ex", ".exs"}},
		{lazyre.New(`(?i)\bdart\b|\bflutter\b`), []string{".dart"}},
		{lazyre.New(`(?i)\bhaskell\b`), []string{".hs"}},
		{lazyre.New(`(?i)\blua\b`), []string{".lua"}},
		{lazyre.New(`(?i)\bzig\b`), []string{".zig"}},
		{lazyre.New(`(?i)\berlang\b`), []string{".erl", ".hrl"}},
		{lazyre.New(`(?i)\bclojure\b`), []string{".clj", ".cljs", ".cljc"}},
		{lazyre.New(`(?i)\bobjective-c\b`), []string{".m", ".mm"}},
		{lazyre.New(`(?i)\bf#|\bfsharp\b`), []string{".fs", ".fsi"}},
		{lazyre.New(`(?i)\bjulia\b`), []string{".jl"}},
		{lazyre.New(`(?i)\bperl\b`), []string{".pl", ".pm"}},
		{lazyre.New(`(?i)\bpowershell\b|\bcmdlets?\b`), []string{".ps1", ".psm1", ".psd1"}},
		{lazyre.New(`(?i)\bgroovy\b`), []string{".groovy"}},
		{lazyre.New(`(?i)\bcuda\b`), []string{".cu", ".cuh"}},
	}
}}

type grammarlessLang struct {
	name *lazyre.RE
	exts []string
}

// grammarlessExts are the extensions of languages without a grammar that a rule's
// text should reach: those of the languages the sentence or its heading names, or
// else those among the repository's most common extensions. named reports that the
// sentence named such a language (its rule is about that language alone).
func grammarlessExts(s *sentence, rc *recognize.RepoContext) (exts []string, named bool) {
	text := s.c.Text + " > " + s.headerRaw
	for _, g := range grammarless.Get() {
		if g.name.MatchString(text) {
			exts = append(exts, g.exts...)
		}
	}
	if len(exts) > 0 {
		return exts, true
	}
	if rc == nil {
		return nil, false
	}
	for _, g := range grammarless.Get() {
		for _, e := range g.exts {
			if slices.Contains(rc.Extensions, e) {
				exts = append(exts, g.exts...)
				break
			}
		}
	}
	return uniq.Values(exts), false
}

// mainlyGrammarless reports a repository whose most common code extension is of a
// language heed has no grammar for.
func mainlyGrammarless(rc *recognize.RepoContext) bool {
	if rc == nil {
		return false
	}
	for _, e := range rc.Extensions {
		if _, ok := extLangs[strings.TrimPrefix(e, ".")]; ok {
			return false
		}
		for _, g := range grammarless.Get() {
			if slices.Contains(g.exts, e) {
				return true
			}
		}
	}
	return false
}

// vendoredGlobs are folders of other projects' code kept in the repository.
var vendoredGlobs = []string{"vendor/**", "**/vendor/**", "third_party/**", "**/third_party/**", "node_modules/**", "**/node_modules/**"}

// extGlobsOf are globs for files of the extensions.
func extGlobsOf(exts []string) []string {
	var out []string
	for _, e := range exts {
		out = append(out, "**/*"+e)
	}
	return out
}

// langExtGlobs are globs for the files of heed's languages.
func langExtGlobs(langs []string) []string {
	var out []string
	for ext, ls := range extLangs {
		for _, l := range ls {
			if slices.Contains(langs, l) && !strings.Contains(ext, "/") {
				out = append(out, "**/*."+ext)
			}
		}
	}
	slices.Sort(out)
	return uniq.Values(out)
}
