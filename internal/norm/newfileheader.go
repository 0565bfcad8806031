package norm

import "github.com/heed-dev/heed/internal/lazyre"

// A header every new file must start with: "Add the Apache license header to new Java
// files", "New files start with an SPDX line".

var (
	hdrWordRE    = lazyre.New(`\b(headers?|license|licence|copyright|spdx|notice)\b`)
	hdrNewFileRE = lazyre.New(`\b(new|newly (added|created)|added)\b[^.]*\bfiles?\b|\bfiles? (you|that you|the change) (create|add|created|added)\b`)
	hdrTopRE     = lazyre.New(`\b(headers?|start|starts|begin|begins|top)\b`)
	hdrBanRE     = lazyre.New(`\b(don't|do not|never)\b[^.]*\b(add|rewrite|change|touch)\b[^.]*\bheaders?\b`)
	hdrASFRE     = lazyre.New(`\b(asf|apache software foundation)\b`)
	hdrApacheRE  = lazyre.New(`\bapache license\b|\bapache 2\b|\bapache-2\.0\b`)
	hdrSPDXRE    = lazyre.New(`\bspdx\b`)
	// hdrLangFilesRE: files named by their language ("new Go files", "python source
	// files"); the words are headerLanguages'.
	hdrLangFilesRE = lazyre.New(`\b(c#|go|java|javascript|kotlin|python|rust|scala|typescript)\b (source )?files?\b`)
)

// The licence a header names without quoting it.
const (
	HeaderASF    = "asf"    // the Apache Software Foundation's header
	HeaderApache = "apache" // the Apache License
	HeaderSPDX   = "spdx"   // an SPDX-License-Identifier line
)

// HeaderDemand is what a sentence asks at the top of new files.
type HeaderDemand struct {
	// Globs are the files the sentence names by language ("new Go files": "*.go"),
	// or nil.
	Globs []string
	// License names the header by its licence when the sentence does (HeaderASF,
	// HeaderApache, HeaderSPDX), or "".
	License string
}

// headerLanguages are the language words a sentence names files by, in a fixed
// order, with their files' globs.
func headerLanguages() []struct {
	word  string
	globs []string
} {
	return []struct {
		word  string
		globs []string
	}{
		{"c#", []string{"*.cs"}}, {"go", []string{"*.go"}}, {"java", []string{"*.java"}},
		{"javascript", []string{"*.js", "*.jsx", "*.mjs", "*.cjs"}}, {"kotlin", []string{"*.kt"}},
		{"python", []string{"*.py"}}, {"rust", []string{"*.rs"}}, {"scala", []string{"*.scala"}},
		{"typescript", []string{"*.ts", "*.tsx"}},
	}
}

// ReadNewFileHeader reads a header the sentence (lower case, code spans taken out)
// asks of every new file; ok is false when it asks none, or forbids touching headers.
func ReadNewFileHeader(lower string) (d HeaderDemand, ok bool) {
	if !hdrWordRE.MatchString(lower) || !hdrNewFileRE.MatchString(lower) || !hdrTopRE.MatchString(lower) || hdrBanRE.MatchString(lower) {
		return d, false
	}
	named := map[string]bool{}
	for _, m := range hdrLangFilesRE.FindAllStringSubmatch(lower, -1) {
		named[m[1]] = true
	}
	for _, l := range headerLanguages() {
		if named[l.word] {
			d.Globs = append(d.Globs, l.globs...)
		}
	}
	switch {
	case hdrASFRE.MatchString(lower):
		d.License = HeaderASF
	case hdrApacheRE.MatchString(lower):
		d.License = HeaderApache
	case hdrSPDXRE.MatchString(lower):
		d.License = HeaderSPDX
	}
	return d, true
}
