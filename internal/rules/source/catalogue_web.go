package source

import (
	"strings"

	"github.com/heed-dev/heed/internal/engine"
)

// Construct conventions of TypeScript, JavaScript and Python web code that recur in
// whole instruction files (task cweb, issues 18 and 19): SQL text built from values
// where the rule asks for parameterized queries, `require()` where the rule asks for
// ES modules, and relative imports without the `.js` extension that ES modules in
// Node need. Catalogue lists them in one line.

// sqlStart: the first text of a string that is SQL (a query, not a message about one).
const sqlStart = `"^\\s*(?i:select\\s+\\S|insert\\s+into|update\\s+\\S+\\s+set|delete\\s+from|with\\s+\\w+\\s+as)"`

// sqlStructuralSub is a substitution of SQL text the code chose, by its name
// ("${whereSql}", "${placeholders}", "${columns}"): a part of the statement, not a
// value (wild round 38, ptah-extension binds its values as parameters).
const sqlStructuralSub = `"^\\$\\{\\s*(?:this\\.)?\\w*(?i:sql|clause|clauses|where|placeholders?|columns?|cols|fields|conditions|orderby|joins?|tablename)\\s*\\}$"`

// sqlQueryMethods are the calls that run SQL text: DB-API cursors, SQLAlchemy,
// pandas, node-postgres, mysql2, better-sqlite3, Prisma's unsafe raw queries.
const sqlQueryMethods = `"execute" "executemany" "executescript" "exec_driver_sql" "read_sql" "read_sql_query" "query" "raw" "run" "all" "get" "prepare" "exec" "$queryRawUnsafe" "$executeRawUnsafe"`

var (
	askSQLRE    = words(`\bparameteri[sz]ed (?:sql )?(?:queries|query|statements?|sql)\b|\bprepared statements?\b|\bbound parameters\b|\bbind (?:parameters|variables)\b`)
	demandSQLRE = words(`^(?:[-*] )?(?:\*\*)?(?:use|always|only)\b|\b(?:must|should|always|only|required?|prefer|use)\b`)
)

// parameterizedNamed: the rule asks for parameterized queries (prepared statements,
// bound parameters, placeholders), or bans building SQL from strings
// (concatenation, interpolation, f-strings, template literals).
func parameterizedNamed(s *sentence) bool {
	// the demand and the technique in one clause ("Always use parameterized queries
	// (`$1`, `$2`, etc.)"); not a test title that mentions query parameters
	for _, cl := range s.clauses() {
		loc := askSQLRE.FindStringIndex(cl)
		if loc != nil && demandSQLRE.MatchString(cl[:loc[0]]) && !negRE.MatchString(cl[:loc[0]]) {
			return true
		}
	}
	// "never build SQL with string concatenation", "no f-strings in SQL queries"
	return s.has(words(`\b(?:never|don't|do not|no|avoid)\b[^.;]*\b(?:concatenat\w*|interpolat\w*|f-strings?|string formatting|template (?:literals?|strings?)|format strings?)\b[^.;]*\b(?:sql|quer(?:y|ies))\b|\b(?:never|don't|do not|avoid)\b (?:build|construct|assemble|format|concatenate|interpolate)\w* (?:raw )?(?:sql|quer(?:y|ies))\b`))
}

var sqlInterpolated = &Entry{
	Name:       "sql-interpolated-query",
	Title:      "SQL text built from values (concatenation, interpolation, formatting) passed to a query call",
	Names:      parameterizedNamed,
	Claims:     []string{"$1", "$2", "?", "%s", "execute", "query"},
	Message:    "SQL built from values in a query call",
	Suggestion: "pass the values as query parameters (placeholders) instead of building the SQL text",
	// a value heed cannot see may be a trusted identifier (a table name from a constant)
	Warn:    alwaysWarn,
	Inexact: true,
	Variants: append([]Variant{{
		Lang: engine.LangPython,
		Query: `((call function: [(attribute attribute: (identifier) @m) (identifier) @m] arguments: (argument_list . (string . (string_start) @st . (string_content) @c (interpolation)) @match)) (#any-of? @m ` + sqlQueryMethods + ` "text") (#match? @st "^[rRbBuU]*[fF]") (#match? @c ` + sqlStart + `))
((call function: [(attribute attribute: (identifier) @m) (identifier) @m] arguments: (argument_list . (call function: (attribute object: (string . (string_start) . (string_content) @c) attribute: (identifier) @f)) @match)) (#any-of? @m ` + sqlQueryMethods + ` "text") (#eq? @f "format") (#match? @c ` + sqlStart + `))
((call function: [(attribute attribute: (identifier) @m) (identifier) @m] arguments: (argument_list . (binary_operator left: (string . (string_start) . (string_content) @c) operator: ["%" "+"]) @match)) (#any-of? @m ` + sqlQueryMethods + ` "text") (#match? @c ` + sqlStart + `))`,
		Needles: []string{"("},
		Bad: []string{
			"def get(cur, q):\n    cur.execute(«f\"SELECT * FROM history WHERE input LIKE '%{q}%'\"»)\n",
			"def get(cur, uid):\n    cur.execute(«\"SELECT name FROM users WHERE id = {}\".format(uid)»)\n",
			"def get(cur, uid):\n    cur.execute(«\"DELETE FROM users WHERE id = %s\" % uid»)\n    conn.execute(text(«f\"UPDATE users SET name = '{n}'\"»))\n",
		},
		Good: []string{
			"def get(cur, uid):\n    cur.execute(\"SELECT name FROM users WHERE id = %s\", (uid,))\n    cur.execute(\"SELECT name FROM users WHERE id = ?\", (uid,))\n",
			"def log(n):\n    logger.info(f\"selected {n} rows\")\n    print(f\"SELECT {n}\")\n    cur.execute(f\"VACUUM\")\n",
			"# cur.execute(f\"SELECT * FROM t WHERE id = {x}\")\nq = \"cur.execute(f'SELECT {x}')\"\n",
		},
	}}, jsVariants(jsLangs,
		`((call_expression function: [(member_expression property: (property_identifier) @m) (identifier) @m] arguments: (arguments . (template_string . (string_fragment) @c (template_substitution) @sub) @match)) (#any-of? @m `+sqlQueryMethods+`) (#match? @c `+sqlStart+`) (#not-match? @sub `+sqlStructuralSub+`))
((call_expression function: [(member_expression property: (property_identifier) @m) (identifier) @m] arguments: (arguments . (binary_expression left: [(string (string_fragment) @c) (binary_expression left: (string (string_fragment) @c))] operator: "+") @match)) (#any-of? @m `+sqlQueryMethods+`) (#match? @c `+sqlStart+`))`,
		[]string{"("},
		[]string{
			"export async function find(pool, id) {\n  return pool.query(«`SELECT * FROM pets WHERE id = ${id}`»);\n}\n",
			"db.run(«'DELETE FROM pets WHERE id = ' + id»);\nawait prisma.$queryRawUnsafe(«'SELECT * FROM chat WHERE id = ' + id + ' LIMIT 1'»);\n",
		},
		[]string{
			"export async function find(pool, id) {\n  return pool.query('SELECT * FROM pets WHERE id = $1', [id]);\n}\n",
			"const rows = await sql`SELECT * FROM pets WHERE id = ${id}`;\nawait prisma.$queryRaw`SELECT * FROM pets WHERE id = ${id}`;\n",
			"console.log(`SELECT ${n} rows`);\nlogger.info(`selected ${n}`);\npool.query(`SELECT * FROM pets`);\n// pool.query(`SELECT * FROM t WHERE id = ${id}`)\n",
			"db.prepare(`SELECT tier FROM memories ${whereSql} GROUP BY tier`).all(...args);\ndb.prepare(`DELETE FROM t WHERE id IN (${placeholders})`).run(...ids);\n",
		})...),
}

// esmRequireNamed: the rule asks for ES modules (`import`/`export`) and sets
// `require()` against them ("Always use ESM: `import/export` syntax, not
// `require()`", "ES modules only, no `require`").
func esmRequireNamed(s *sentence) bool {
	if !s.hasSpan("require", "require()", "require(...)", "require('…')") && !s.has(words(`\brequire\(\)`)) && !s.has(commonJSWordRE) {
		return false
	}
	// ES modules and `require` set against each other in one clause ("`import/export`
	// syntax, not `require()`"), not a note that a host has no `require`
	for _, cl := range s.clauses() {
		if esmWordRE.MatchString(cl) && esmNotRequireRE.MatchString(cl) && !strings.Contains(cl, "try to") {
			return true
		}
	}
	return false
}

var (
	esmWordRE       = words("\\besm\\b|\\bes ?modules?\\b|\\becmascript modules?\\b|`import`|`import ?/ ?export`|\\bimport ?/ ?export\\b|`import` ?/ ?`export`")
	esmNotRequireRE = words("(?:\\b(?:not|never|instead of|rather than|over|avoid|don't use|do not use)\\b|(?:^|[,:;(] ?)no\\b)[^.;]*(?:`require(?:\\(\\))?`|\\brequire\\(\\)|\\bcommonjs\\b)")
	// commonJSWordRE: CommonJS named in words, the module system "ES modules, not
	// CommonJS (require)" sets against ES modules
	commonJSWordRE = words("\\bcommonjs\\b|\\bcjs\\b")
)

var esmRequire = &Entry{
	Name:       "esm-require",
	Title:      "`require()` where the rule asks for ES modules",
	Names:      esmRequireNamed,
	Claims:     []string{"require", "require()", "import/export", "import", "export", "module.exports"},
	Message:    "`require()` call",
	Suggestion: "use `import` (ES modules)",
	// a CommonJS file (.cjs) is where `require` is how a module imports
	Exclude: []string{"commonjs"},
	Variants: jsVariants(jsLangs, `((call_expression function: (identifier) @n) @match (#eq? @n "require") (#not-bound-locally? @n))`, []string{"require"},
		[]string{"«require('express')»;\nconst x = «require('./x.js')»;\n"},
		[]string{"import express from 'express';\nconst m = await import('./x.js');\n// require('x')\nconst s = \"require('x')\";\nobj.require('x');\n"}),
}

// jsExtensionRequiredNamed: relative imports must carry their `.js` extension ("Always
// include `.js` extension in relative imports", "relative imports need the `.js`
// suffix"), not the opposite rule (relative-import-js-extension's).
func jsExtensionRequiredNamed(s *sentence) bool {
	if !s.hasSpan(".js") && !s.has(words(`\.js extensions?\b`)) {
		return false
	}
	if !s.has(words(`\brelative (?:imports?|paths?|specifiers?)\b|\bimports?\b`)) || s.negated() {
		return false
	}
	return s.has(words(`\b(?:always|must|need|needs|include|includes|including|add|use|require[sd]?|keep)\b|\b(?:do not|don't) deviate\b`))
}

var jsExtensionRequired = &Entry{
	Name:       "relative-import-without-extension",
	Title:      "a relative import without its `.js` extension",
	Names:      jsExtensionRequiredNamed,
	Claims:     []string{".js"},
	Message:    "relative import without a file extension",
	Suggestion: "write the `.js` extension in the import path",
	Variants: jsVariants(jsLangs,
		`((import_statement source: (string (string_fragment) @s)) @match (#match? @s "^\\.\\.?/") (#not-match? @s "\\.[A-Za-z0-9]+$"))
((export_statement source: (string (string_fragment) @s)) @match (#match? @s "^\\.\\.?/") (#not-match? @s "\\.[A-Za-z0-9]+$"))`, []string{"from"},
		[]string{"«import { requireAuth } from '../middleware/requireAuth';»\n«export { a } from './a';»\n"},
		[]string{"import { requireAuth } from '../middleware/requireAuth.js';\nimport express from 'express';\nimport './styles.css';\nimport data from './data.json' with { type: 'json' };\n// import x from './x'\n"}),
}
