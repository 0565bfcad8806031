package source

import (
	"slices"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lazy"
	"github.com/heed-dev/heed/internal/recognize"
)

// cLibraryCalls are functions of the C standard library (and POSIX) that C and C++
// projects ban by their bare name ("Do not use `strcpy`", "No `malloc` in C++
// code"). A plain lower-case name is read as a call only in a repository of those
// languages: elsewhere `free` or `system` is a word, not a function.
var cLibraryCalls = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return set(
		// strings and memory
		"strcpy", "strncpy", "strcat", "strncat", "strtok", "strdup", "strndup", "strlen", "strcmp", "strncmp",
		"memcpy", "memmove", "memset", "memcmp", "bcopy", "bzero",
		// formatted input and output
		"printf", "fprintf", "sprintf", "vsprintf", "snprintf", "vsnprintf", "scanf", "sscanf", "fscanf",
		"gets", "puts", "fputs", "putchar", "getchar", "perror",
		// allocation
		"malloc", "calloc", "realloc", "free", "alloca",
		// conversions, randomness, process
		"atoi", "atol", "atoll", "atof", "rand", "srand", "abort", "setjmp", "longjmp",
		"tmpnam", "tempnam", "mktemp", "popen", "usleep", "strerror", "localtime", "gmtime", "asctime", "ctime",
	)
}}

// cFamily reports a repository with C or C++ code, where a C library function named
// in plain words is a call.
func cFamily(rc *recognize.RepoContext) bool {
	return rc != nil && (slices.Contains(rc.Languages, engine.LangC) || slices.Contains(rc.Languages, engine.LangCPP))
}
