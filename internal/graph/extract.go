package graph

import (
	"fmt"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lang"
)

// ExtractorVersion changes whenever extraction changes what it reads, so that cached
// facts from an older heed are not reused.
const ExtractorVersion = "2"

// MaxScanBytes bounds the files the scanners read (JavaScript, TypeScript, Java, Go,
// Swift); Tree-sitter languages have lang.MaxParseBytes. Larger files are generated
// output: they get an Err and rules judge them undetermined.
const MaxScanBytes = 16 << 20

// Sourced reports whether heed extracts imports from files of the language.
func Sourced(l string) bool {
	switch l {
	case engine.LangPython, engine.LangJavaScript, engine.LangTypeScript, engine.LangTSX,
		engine.LangGo, engine.LangRust, engine.LangJava,
		engine.LangKotlin, engine.LangCSharp, engine.LangRuby, engine.LangC, engine.LangCPP, engine.LangPHP, engine.LangSwift:
		return true
	}
	return false
}

// Extract reads the imports of one file. It never panics on bad input: a file it
// cannot read gets Facts.Err.
func Extract(l string, src []byte) (facts Facts) {
	defer func() {
		if r := recover(); r != nil {
			facts = Facts{Lang: l, Err: fmt.Sprintf("internal error reading imports: %v", r)}
		}
	}()
	switch l {
	case engine.LangJavaScript, engine.LangTypeScript, engine.LangTSX:
		if len(src) > MaxScanBytes {
			return Facts{Lang: l, Err: fmt.Sprintf("file is %d bytes, over the %d-byte limit for import extraction (generated?)", len(src), MaxScanBytes)}
		}
		return Facts{Lang: l, Imports: scanJS(src)}
	case engine.LangJava:
		if len(src) > MaxScanBytes {
			return Facts{Lang: l, Err: fmt.Sprintf("file is %d bytes, over the %d-byte limit for import extraction (generated?)", len(src), MaxScanBytes)}
		}
		return extractJava(src)
	case engine.LangSwift:
		if len(src) > MaxScanBytes {
			return Facts{Lang: l, Err: fmt.Sprintf("file is %d bytes, over the %d-byte limit for import extraction (generated?)", len(src), MaxScanBytes)}
		}
		return extractSwift(src)
	case engine.LangGo:
		if len(src) > MaxScanBytes {
			return Facts{Lang: l, Err: fmt.Sprintf("file is %d bytes, over the %d-byte limit for import extraction (generated?)", len(src), MaxScanBytes)}
		}
		return extractGo(src)
	case engine.LangPython, engine.LangRust, engine.LangKotlin, engine.LangCSharp, engine.LangRuby, engine.LangC, engine.LangCPP, engine.LangPHP:
		tree, err := lang.Parse(l, src)
		if err != nil {
			return Facts{Lang: l, Err: err.Error()}
		}
		defer tree.Close()
		root := tree.Root()
		f := Facts{Lang: l, Partial: root.HasError()}
		switch l {
		case engine.LangPython:
			f.Imports = extractPython(root, src)
		case engine.LangRust:
			f.Imports = extractRust(root, src)
		case engine.LangKotlin:
			extractKotlin(root, src, &f)
		case engine.LangCSharp:
			extractCSharp(root, src, &f)
		case engine.LangRuby:
			f.Imports = extractRuby(root, src)
		case engine.LangC, engine.LangCPP:
			f.Imports = extractC(root, src)
		case engine.LangPHP:
			extractPHP(root, src, &f)
		}
		return f
	}
	return Facts{Lang: l}
}
