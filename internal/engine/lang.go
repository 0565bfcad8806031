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
	LangShell      = "shell"
)

var extLang = map[string]string{
	".py": LangPython, ".pyi": LangPython,
	".js": LangJavaScript, ".mjs": LangJavaScript, ".cjs": LangJavaScript, ".jsx": LangJavaScript,
	".ts": LangTypeScript, ".mts": LangTypeScript, ".cts": LangTypeScript,
	".tsx": LangTSX,
	".go":  LangGo, ".rs": LangRust, ".java": LangJava, ".cs": LangCSharp,
	".sh": LangShell, ".bash": LangShell,
}

// LangOf detects a file's language from its extension, or from the shebang of an
// extensionless script. It returns "" for text files heed has no grammar for.
func LangOf(p string, content []byte) string {
	ext := strings.ToLower(path.Ext(p))
	if l, ok := extLang[ext]; ok {
		return l
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
	case bytes.Contains(first, []byte("sh")):
		return LangShell
	}
	return ""
}
