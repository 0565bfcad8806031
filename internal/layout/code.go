package layout

import (
	"path"
	"slices"
)

// codeGlobs are the files of code in the languages projects write, by extension: what
// "a change to the code" covers when a sentence names no language.
var codeGlobs = []string{"**/*.py", "**/*.js", "**/*.jsx", "**/*.mjs", "**/*.cjs", "**/*.ts", "**/*.tsx",
	"**/*.mts", "**/*.cts", "**/*.go", "**/*.rs", "**/*.java", "**/*.kt", "**/*.scala", "**/*.c",
	"**/*.h", "**/*.cc", "**/*.cpp", "**/*.hpp", "**/*.cs", "**/*.rb", "**/*.php", "**/*.swift",
	"**/*.vue", "**/*.svelte", "**/*.ex", "**/*.exs", "**/*.pyx", "**/*.zig", "**/*.dart", "**/*.lua",
	"**/*.hs", "**/*.ml", "**/*.cxx", "**/*.hh", "**/*.m", "**/*.mm", "**/*.fs", "**/*.erl", "**/*.jl"}

// CodeGlobs are the globs of code files, a copy the caller may change.
func CodeGlobs() []string { return slices.Clone(codeGlobs) }

// CodeFile reports whether a path is a code file by its extension, as CodeGlobs match.
func CodeFile(p string) bool {
	ext := path.Ext(p)
	return ext != "" && slices.Contains(codeGlobs, "**/*"+ext)
}
