package source

import (
	"strings"

	"github.com/heed-dev/heed/internal/engine"
)

// Conventions of the C family heed knows by name: C's typedefs of structs and C#'s
// awaits without ConfigureAwait(false).

// typedefStructNamed: a typedef of a struct banned ("Use structs by all means, but do
// not typedef them", "No `typedef struct`").
func typedefStructNamed(s *sentence) bool {
	if !strings.Contains(strings.ToLower(s.norm), "typedef") {
		return false // the cheap test before the expressions
	}
	if s.banned("typedef struct", "typedef") && s.has(words(`\bstruct`)) {
		return true
	}
	return s.has(words(`\bstructs?\b|\bstructures?\b`)) && s.negPhrase(words(`\btypedef(?:s|'d|ed|ing)?\b`))
}

var cTypedefStruct = &Entry{
	Name:       "c-typedef-struct",
	Title:      "a typedef of a struct",
	Names:      typedefStructNamed,
	Claims:     []string{"typedef struct", "typedef", "struct"},
	Message:    "typedef of a struct",
	Suggestion: "declare `struct name` and refer to it as `struct name`",
	Variants: []Variant{{Lang: engine.LangC, Needles: []string{"typedef"},
		Query: `((type_definition type: (struct_specifier)) @match)`,
		Bad: []string{
			"«typedef struct node {\n  int value;\n} node_t;»\n",
			"«typedef struct node node_t;»\n",
		},
		Good: []string{
			"struct node {\n  int value;\n};\ntypedef unsigned int count_t;\ntypedef int (*cb)(void);\n",
			"/* typedef struct node node_t; */\nconst char *s = \"typedef struct\";\n",
		}}},
}

// configureAwaitRequired: every awaited task must call ConfigureAwait(false)
// ("Always call `ConfigureAwait(false)` on awaited tasks"), not the sentences that
// ban it in application code.
func configureAwaitRequired(s *sentence) bool {
	spans := []string{"ConfigureAwait(false)", ".ConfigureAwait(false)", "ConfigureAwait", ".ConfigureAwait()"}
	if !s.hasSpan(spans...) || s.banned(spans...) || s.negPhrase(words(`ConfigureAwait`)) {
		return false
	}
	return s.has(words(`\b(?:always|must|should|use|call|add|pass|append)\b`))
}

var csConfigureAwait = &Entry{
	Name:       "cs-configure-await",
	Title:      "an awaited task without `ConfigureAwait(false)`",
	Names:      configureAwaitRequired,
	Claims:     []string{"ConfigureAwait(false)", ".ConfigureAwait(false)", "ConfigureAwait", ".ConfigureAwait()"},
	Message:    "awaited without `ConfigureAwait(false)`",
	Suggestion: "append `.ConfigureAwait(false)` to the awaited task",
	// `Task.Yield()` returns an awaitable that has no ConfigureAwait.
	Variants: []Variant{{Lang: engine.LangCSharp, Needles: []string{"await"},
		Query: `((await_expression (_) @e) @match (#not-match? @e "\\.ConfigureAwait\\s*\\([^()]*\\)$") (#not-match? @e "^Task\\.Yield\\s*\\("))`,
		Bad: []string{
			"class A {\n    async Task<string> Get(HttpClient c) {\n        return «await c.GetStringAsync(u)»;\n    }\n}\n",
			"class A {\n    async Task Run() {\n        «await Task.Delay(10)»;\n        var x = «await Load()»;\n    }\n}\n",
		},
		Good: []string{
			"class A {\n    async Task<string> Get(HttpClient c) {\n        return await c.GetStringAsync(u).ConfigureAwait(false);\n    }\n}\n",
			"class A {\n    async Task Run() {\n        await Task.Yield();\n        // await Load();\n        var s = \"await Load()\";\n    }\n}\n",
		}}},
}
