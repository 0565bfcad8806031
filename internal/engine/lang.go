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
	LangShell      = "shell"
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
