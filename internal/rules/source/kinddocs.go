package source

// The params docs of the source kinds (engine.Kind.Doc), for a model that writes
// rules.

const queryDoc = `Code constructs found by Tree-sitter queries: every match is a violation. params {"queries": {language: query}, "exclude": ["tests"|"main"|"programs"|"commonjs"], "nolint": [linters], "alternatives": [code prescribed instead, up to its arguments]}. ` +
	`Languages: python, javascript, typescript, tsx, go, rust, java, csharp, kotlin, ruby, c, cpp, php (give typescript and tsx together for TS code). ` +
	`Each query is an S-expression in that grammar's node types with a @match capture on the node to report: ((call_expression function: (selector_expression) @f) @match (#eq? @f "time.Sleep")). ` +
	`Predicates: #eq?, #not-eq?, #match?, #not-match? (RE2), #any-of?, #not-any-of?; and heed's (#inside? @c kind ...), (#not-inside? @c kind ...), (#not-in-test? @c), (#not-in-main? @c), (#inside-def? @c name ...), (#not-inside-def? @c name ...), (#longer-than? @c n). ` +
	`Comments and strings are not code: a name in them never matches. "exclude": "tests" drops matches in test code (test functions, classes and modules), "main" in the entry point, "programs" in command-line programs, "commonjs" in CommonJS modules. ` +
	`A file of another language, or outside the rule's globs, is "inapplicable". Cases: "path" (its extension picks the language) and "code".`

const patternDoc = `A regular expression over the text of each file, in multi-line mode: ^ and $ match at line breaks, and \s or [^x] match a line break too (use [ \t] to stay on one line). params {"regex": RE2, "where": "code"|"comments"|"strings"|"comments+strings"|"code+strings"|"any", "languages": [languages], "ignore_case": bool, "equal_groups": [n, m], "skip_lines": RE2}. ` +
	`Every match is a violation; "where" (default code) says where a match may start: outside comments and strings, in comments, in strings, anywhere but in a comment; "skip_lines" drops a match on a line it matches (a custom property's definition). ` +
	`Prefer a query rule for code constructs; use pattern for text (markers in comments, literal strings, lines of config files). Cases: "path" and "code".`

const textDoc = `Formatting of files. params {"check": ..., its fields, "languages": [languages]}. Checks: "indent" {"indent": "tabs"|"spaces"}; "max_line_length" {"max"}; "trailing_whitespace"; "final_newline"; ` +
	`"header" {"header": [exact lines] or "header_pattern": regex, "new_files_only", "skip_generated"}; "filename" {"naming": "kebab-case"|"snake_case"|"camelCase"|"PascalCase", "forbid": [globs], "declares": "class"|"enum"|"interface"} (only files the change creates or renames; with declares, only files that declare one); "dirname" {"naming"} (only folders the change creates); "secrets" {"secrets": "formats"|"assignments"} (credentials of published formats, or a secret's name given a secret-looking literal). ` +
	`Cases: "path" and "code".`
