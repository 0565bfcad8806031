package engine

import (
	"bytes"
	"path"
	"strings"
)

// Language names used across heed.
const (
	LangPython     = "python"
	LangJavaScript = "javascript"
	LangTypeScript = "typescript"
	LangTSX        = "tsx"
	LangGo         = "go"
	LangRust       = "rust"
	LangJava       = "java"
	LangCSharp     = "csharp"
	LangKotlin     = "kotlin"
	LangRuby       = "ruby"
	LangC          = "c"
	LangCPP        = "cpp"
	LangPHP        = "php"
	LangShell      = "shell"
	// LangSwift has no grammar: heed reads its imports (internal/graph) and judges it
	// with text rules.
	LangSwift = "swift"
)

// extLang is the language of a file extension ("" when none).
func extLang(ext string) string {
	switch ext {
	case ".py", ".pyi":
		return LangPython
	case ".js", ".mjs", ".cjs", ".jsx":
		return LangJavaScript
	case ".ts", ".mts", ".cts":
		return LangTypeScript
	case ".tsx":
		return LangTSX
	case ".go":
		return LangGo
	case ".rs":
		return LangRust
	case ".java":
		return LangJava
	case ".cs":
		return LangCSharp
	case ".kt", ".kts":
		return LangKotlin
	case ".rb", ".rake", ".gemspec":
		return LangRuby
	case ".c", ".h":
		return LangC
	case ".cpp", ".cc", ".cxx", ".c++", ".hpp", ".hh", ".hxx", ".h++", ".ipp", ".tpp", ".inl":
		return LangCPP
	case ".php":
		return LangPHP
	case ".swift":
		return LangSwift
	case ".sh", ".bash":
		return LangShell
	}
	return ""
}

// LangOf detects a file's language from its extension, or from the shebang of an
// extensionless script. It returns "" for text files heed has no grammar for.
func LangOf(p string, content []byte) string {
	ext := strings.ToLower(path.Ext(p))
	if l := extLang(ext); l != "" {
		if l == LangC && ext == ".h" && cppHeader(content) {
			return LangCPP
		}
		return l
	}
	switch path.Base(p) {
	case "Gemfile", "Rakefile", "Guardfile", "Podfile", "Fastfile", "Vagrantfile":
		return LangRuby
	}
	if ext != "" || !bytes.HasPrefix(content, []byte("#!")) {
		return ""
	}
	first, _, _ := bytes.Cut(content, []byte("\n"))
	switch {
	case bytes.Contains(first, []byte("python")):
		return LangPython
	case bytes.Contains(first, []byte("node")), bytes.Contains(first, []byte("deno")):
		return LangJavaScript
	case bytes.Contains(first, []byte("ruby")):
		return LangRuby
	case bytes.Contains(first, []byte("sh")):
		return LangShell
	}
	return ""
}

// cppHeader reports a .h file whose first lines hold C++ that C cannot parse: a
// namespace, a template, a class with a body or a base, an access label, a standard
// library name or an extensionless standard header. A header with no content (a
// listing) is C: a rule compiled for a C++ repository gives C variants too.
func cppHeader(content []byte) bool {
	if len(content) > cppSniffBytes {
		content = content[:cppSniffBytes]
	}
	for len(content) > 0 {
		var line []byte
		line, content, _ = bytes.Cut(content, []byte("\n"))
		line = bytes.TrimSpace(line)
		switch {
		case len(line) == 0 || line[0] == '/' || line[0] == '*':
		case bytes.HasPrefix(line, []byte("namespace ")) && !bytes.HasSuffix(line, []byte(";")),
			bytes.HasPrefix(line, []byte("template<")), bytes.HasPrefix(line, []byte("template <")),
			bytes.HasPrefix(line, []byte("public:")), bytes.HasPrefix(line, []byte("private:")), bytes.HasPrefix(line, []byte("protected:")),
			bytes.HasPrefix(line, []byte("class ")) && (bytes.HasSuffix(line, []byte("{")) || bytes.Contains(line, []byte(" : public "))),
			bytes.Contains(line, []byte("std::")):
			return true
		case bytes.HasPrefix(line, []byte("#include <")) || bytes.HasPrefix(line, []byte("# include <")):
			name := line[bytes.IndexByte(line, '<')+1:]
			if end := bytes.IndexByte(name, '>'); end > 0 && bytes.IndexByte(name[:end], '.') < 0 && bytes.IndexByte(name[:end], '/') < 0 {
				return true // <vector>, <string>: C++'s standard headers have no extension
			}
		}
	}
	return false
}

// cppSniffBytes bounds how much of a header cppHeader reads.
const cppSniffBytes = 16 << 10
