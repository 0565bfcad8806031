package source

import "github.com/heed-dev/heed/internal/engine"

// Construct conventions of the native languages that recur across whole instruction
// files (task cnative, issues 18 and 19; bench/source/cnative-firstsight.md): C#'s
// file-scoped namespaces, catching the base exception type in Java, Kotlin, C# and
// PHP, C++ without exceptions or RTTI (the Google C++ style guide's "No exceptions,
// no RTTI"), Swift's redundant `internal`, and Ruby's hash rockets for symbol keys.
// Each Names reads the phrasings of several independent files and leaves alone a
// sentence that only mentions the construct.

// fileScopedNamed: C#'s file-scoped namespaces asked for ("Use file-scoped namespace
// declarations instead of block namespaces", "C# uses file-scoped namespaces"), or
// block-scoped ones banned.
func fileScopedNamed(s *sentence) bool {
	if !plain(s) {
		return false
	}
	if s.negPhrase(words(`\bblock[- ](?:scoped |bodied )?namespaces?\b|\bnamespace blocks?\b`)) {
		return true
	}
	if !s.has(words(`\bfile[- ]scoped namespaces?(?: declarations?)?\b`)) || s.negPhrase(words(`\bfile[- ]scoped namespaces?\b`)) {
		return false
	}
	// a directive or a stated convention, not a description of one file
	return s.has(words(`^(?:[-*] )?(?:\*\*[^*]+\*\*:? )?(?:always )?(?:use|prefer|write|declare)\b|\b(?:must|should|always|required|prefer(?:red)?|instead of|over|rather than|not block)\b|\b(?:c#|code|files?|we|the project|this project) uses? file[- ]scoped`))
}

var csFileScopedNamespace = &Entry{
	Name:       "cs-file-scoped-namespace",
	Title:      "a block-scoped namespace instead of a file-scoped one",
	Names:      fileScopedNamed,
	Claims:     []string{"namespace MyNamespace;", "namespace MyApp;", "namespace X;", "namespace Foo;", "namespace X { }", "namespace"},
	Message:    "block-scoped namespace `{{match}}`",
	Suggestion: "declare it file-scoped: `namespace {{match}};`",
	Variants: []Variant{{Lang: engine.LangCSharp, Needles: []string{"namespace"},
		Query: `(compilation_unit (namespace_declaration name: (_) @match))`,
		Bad:   []string{"using System;\n\nnamespace «MyApp.Orders»\n{\n    public class Order { }\n}\n"},
		Good: []string{
			"namespace MyApp.Orders;\n\npublic class Order { }\n",
			"// namespace MyApp.Orders { }\nclass C { string s = \"namespace X { }\"; }\n",
		}}},
}

// catchGenericNamed: catching the base exception type banned ("never catch the base
// `\Exception`", "Avoid catching generic `Exception`"), or specific exception types
// asked for in a catch ("Use try/catch blocks with specific exception types").
func catchGenericNamed(s *sentence) bool {
	if !plain(s) || s.has(words(`\b(?:rethrow|re-throw|log(?:ged)? and rethrow|cancellationexception)\b`)) {
		return false
	}
	const base = "(?i:`\\\\?(?:system\\.)?(?:exception|throwable)`|\\b(?:generic|general|broad|base|bare|blanket|top-level|catch-all) (?:`?\\\\?exception`?s?|`?throwable`?|exception (?:class|type)s?))"
	if s.negPhrase(words(`\bcatch(?:ing|es)?\b[^.;]*(?:` + base + `)`)) {
		return true
	}
	// (the "catch" of "catch-all" is no catch: "SessionStart, Stop catch-all")
	if s.negPhrase(words(`\bcatch-all\b|\bpokemon exception`)) && s.has(words(`\bexceptions?\b|\bcatch(?:$|[^-\w])`)) {
		return true
	}
	// Ruby: "Never `rescue Exception`", "don't rescue `Exception`"
	if s.negPhrase(words("`rescue (?:::)?Exception(?: => \\w+)?`|\\brescu(?:e|es|ing)\\b[^.;]*(?:`(?:::)?Exception`|\\bthe base exception\\b)")) {
		return true
	}
	// "Use try/catch blocks with specific exception types", "catch specific exceptions"
	return s.has(words(`\bcatch(?:ing)?\b[^.;]{0,40}\b(?:specific|concrete|narrow(?:est)?|precise) (?:exception|error)s?\b|\b(?:try/catch|try-catch|catch) (?:blocks? )?with (?:the )?(?:specific|concrete|narrow) exception`)) &&
		!s.negated()
}

// catchNamesBase: the sentence names the base type it bans, in a code span; a
// sentence that only asks for specific types warns (a top-level handler, a boundary
// that logs and rethrows, is a use it allows and a query cannot tell apart).
func catchNamesBase(s *sentence) bool {
	return !s.hasSpan("Exception", "\\Exception", "System.Exception", "Throwable", "catch (Exception e)", "catch (Exception)", "catch (\\Exception $e)", "catch (e: Exception)", "rescue Exception", "rescue Exception => e", "rescue ::Exception")
}

var catchGeneric = &Entry{
	Name:       "catch-generic-exception",
	Title:      "a catch of the base exception type",
	Names:      catchGenericNamed,
	Claims:     []string{"Exception", "\\Exception", "System.Exception", "Throwable", "catch (Exception e)", "catch (Exception)", "catch (\\Exception $e)", "catch (e: Exception)", "rescue Exception", "rescue Exception => e", "rescue ::Exception"},
	Warn:       catchNamesBase,
	Message:    "catch of the base type `{{match}}`",
	Suggestion: "catch the specific exceptions the code can handle",
	// a test that asserts a failure catches what comes
	NotInTests:     true,
	NotInTestFiles: true,
	Variants: []Variant{
		{Lang: engine.LangJava, Needles: []string{"catch"},
			Query: `((catch_type (type_identifier) @match) (#any-of? @match "Exception" "Throwable"))
((catch_type (scoped_type_identifier) @match) (#any-of? @match "java.lang.Exception" "java.lang.Throwable"))`,
			Bad: []string{"class A {\n  void f() {\n    try {\n      g();\n    } catch («Exception» e) {\n      log(e);\n    }\n  }\n}\n"},
			Good: []string{
				"class A {\n  void f() {\n    try {\n      g();\n    } catch (IOException | IllegalStateException e) {\n      log(e);\n    }\n  }\n}\n",
				"class A {\n  // catch (Exception e)\n  String s = \"catch (Exception e)\";\n  Exception last;\n}\n",
			}},
		{Lang: engine.LangKotlin, Needles: []string{"catch"},
			Query: `((catch_block (user_type) @match) (#any-of? @match "Exception" "Throwable" "kotlin.Exception" "java.lang.Exception"))`,
			Bad:   []string{"fun f() {\n    try {\n        g()\n    } catch (e: «Exception») {\n        log(e)\n    }\n}\n"},
			Good: []string{
				"fun f() {\n    try {\n        g()\n    } catch (e: IOException) {\n        log(e)\n    }\n}\n",
				"// catch (e: Exception)\nval s = \"catch (e: Exception)\"\nfun g(e: Exception) = e\n",
			}},
		{Lang: engine.LangCSharp, Needles: []string{"catch"},
			Query: `((catch_declaration type: (_) @match) (#any-of? @match "Exception" "System.Exception"))
((catch_clause . (block)) @match)`,
			Bad: []string{"class A {\n  void F() {\n    try { G(); } catch («Exception» e) { Log(e); }\n    try { G(); } «catch { }»\n  }\n}\n"},
			Good: []string{
				"class A {\n  void F() {\n    try { G(); } catch (IOException e) { Log(e); }\n    try { G(); } catch (InvalidOperationException) { }\n  }\n}\n",
				"class A {\n  // catch (Exception e)\n  string s = \"catch (Exception e)\";\n}\n",
			}},
		{Lang: engine.LangPython, Needles: []string{"except"},
			// `except Exception:`, `except Exception as e:`, `except (Exception, X):`;
			// a bare `except:` is bare-except's
			Query: `((except_clause [(identifier) @match (as_pattern (identifier) @match) (tuple (identifier) @match) (as_pattern (tuple (identifier) @match))]) (#any-of? @match "Exception" "BaseException"))`,
			Bad:   []string{"try:\n    run()\nexcept «Exception»:\n    pass\ntry:\n    run()\nexcept «BaseException» as e:\n    log(e)\n"},
			Good: []string{
				"try:\n    run()\nexcept (OSError, ValueError):\n    pass\nexcept:\n    raise\n",
				"# except Exception:\ns = \"except Exception\"\n\n\nclass E(Exception):\n    pass\n",
			}},
		{Lang: engine.LangRuby, Needles: []string{"Exception"},
			// `rescue Exception => e`, `rescue ::Exception`; a bare `rescue` catches
			// StandardError only
			Query: `((exceptions [(constant) @match (scope_resolution !scope name: (constant) @match)]) (#eq? @match "Exception"))`,
			Bad:   []string{"def run\n  work\nrescue «Exception» => e\n  log(e)\nend\n\nbegin\n  x\nrescue IOError, ::«Exception»\n  nil\nend\n"},
			Good: []string{
				"def run\n  work\nrescue StandardError => e\n  log(e)\nrescue\n  nil\nend\n",
				"# rescue Exception => e\ns = \"rescue Exception\"\nclass MyError < Exception; end\nraise Exception, \"x\"\n",
			}},
		{Lang: engine.LangPHP, Needles: []string{"catch"},
			Query: `((catch_clause type: (type_list (named_type) @match)) (#match? @match "^\\\\?(Exception|Throwable)$"))`,
			Bad:   []string{"<?php\nfunction f() {\n    try {\n        g();\n    } catch («\\Exception» $e) {\n    }\n}\n"},
			Good: []string{
				"<?php\nfunction f() {\n    try {\n        g();\n    } catch (TransportException $e) {\n    }\n}\n",
				"<?php\n// catch (\\Exception $e)\n$s = 'catch (\\Exception $e)';\n",
			}},
	},
}

// cppNoExceptionsNamed: C++ exceptions banned in the words of the Google style guide
// and the projects that follow it ("No exceptions, no RTTI", "Do not use C++
// exceptions", "exceptions are disabled (-fno-exceptions)"). "No exceptions" alone is
// also English for "without exception": it counts only beside RTTI, throw, try/catch
// or the compiler flag, or with "C++" before it.
func cppNoExceptionsNamed(s *sentence) bool {
	if !plain(s) && !s.has(words(`\bno exceptions,`)) {
		return false
	}
	if s.has(words(`-fno-exceptions`)) {
		return true
	}
	if s.has(words(`\bno (?:c\+\+ )?exceptions,? (?:and |or )?(?:no )?rtti\b|\bno rtti,? (?:and |or )?(?:no )?exceptions\b`)) {
		return true
	}
	return s.negPhrase(words(`\bc\+\+ exceptions\b|\bexceptions? (?:handling )?\((?:`+"`throw`|`try`|throw|try"+`)`)) ||
		s.has(words(`\b(?:c\+\+ )?exceptions are (?:disabled|not used|not allowed|forbidden|banned)\b`)) && s.has(words(`\bc\+\+|\bcompil|\bbuild`))
}

var cppNoExceptions = &Entry{
	Name:       "cpp-no-exceptions",
	Title:      "C++ exceptions (`throw`, `try`)",
	Names:      cppNoExceptionsNamed,
	Claims:     []string{"throw", "try", "try/catch", "-fno-exceptions"},
	Message:    "C++ exception (`{{match}}`)",
	Suggestion: "return an error (a status or `std::expected`) instead",
	// "no exceptions" has readings a query cannot settle (third-party code that
	// throws, a wrapper at the boundary): the finding needs a look
	Warn: alwaysWarn,
	Variants: []Variant{{Lang: engine.LangCPP, Needles: []string{"throw", "try"},
		Query: `((throw_statement . "throw" @match))
((try_statement . "try" @match))`,
		Bad: []string{"int parse(const char* s) {\n  if (!s) «throw» 1;\n  «try» { return g(s); } catch (...) { return -1; }\n}\n"},
		Good: []string{
			"int parse(const char* s) {\n  if (!s) return -1;\n  return g(s);\n}\n",
			"// throw 1; try { } catch (...) { }\nconst char* s = \"throw 1;\";\nvoid f() noexcept;\n",
		}}},
}

// cppNoRTTINamed: RTTI banned ("no RTTI", "Avoid RTTI", "`dynamic_cast` is not
// allowed").
func cppNoRTTINamed(s *sentence) bool {
	if !plain(s) && !s.has(words(`\bno rtti\b`)) {
		return false
	}
	if s.has(words(`-fno-rtti|\bno (?:c\+\+ )?exceptions,? (?:and |or )?(?:no )?rtti\b|\bno rtti\b`)) {
		return true
	}
	return s.negPhrase(words(`\brtti\b|\brun-?time type (?:information|identification)\b`)) ||
		s.hasSpan("dynamic_cast", "typeid") && (s.banned("dynamic_cast", "typeid") || s.negPhrase(words("`(?:dynamic_cast|typeid)`")))
}

var cppNoRTTI = &Entry{
	Name:       "cpp-no-rtti",
	Title:      "run-time type information (`dynamic_cast`, `typeid`)",
	Names:      cppNoRTTINamed,
	Claims:     []string{"dynamic_cast", "typeid", "-fno-rtti", "RTTI"},
	Message:    "run-time type information (`{{match}}`)",
	Suggestion: "dispatch with a virtual function, or a visitor",
	Warn:       alwaysWarn,
	Variants: []Variant{{Lang: engine.LangCPP, Needles: []string{"dynamic_cast", "typeid"},
		Query: `((template_function name: (identifier) @match) (#eq? @match "dynamic_cast"))
((call_expression function: (identifier) @match) (#eq? @match "typeid"))`,
		Bad:  []string{"bool is_d(B* b) {\n  return «dynamic_cast»<D*>(b) != nullptr && «typeid»(*b) == «typeid»(D);\n}\n"},
		Good: []string{"bool is_d(B* b) {\n  return b->kind() == Kind::D && static_cast<D*>(b) != nullptr;\n}\n// dynamic_cast<D*>(b)\nconst char* s = \"typeid(x)\";\n"}}},
}

// swiftInternalNamed: Swift's `internal` written out banned ("Internal is the default
// access level; do not specify it redundantly", "never write `internal`").
func swiftInternalNamed(s *sentence) bool {
	if !plain(s) {
		return false
	}
	named := s.hasSpan("internal") || s.has(words(`^(?:[-*] )?internal is the default`))
	if !named {
		return false
	}
	if s.banned("internal") || s.negPhrase(words("`internal`")) {
		return true
	}
	// "Internal is the default access level; do not specify it redundantly"
	return s.has(words(`\bdefault (?:access(?: level| control)?|visibility)\b`)) &&
		s.has(words(`\b(?:do not|don't|never|no need to|avoid|omit)\b[^.;]*\b(?:specify|write|add|spell|declare|mark)\b|\bredundant(?:ly)?\b|\bomit (?:it|the keyword)\b`))
}

var swiftRedundantInternal = &Entry{
	Name:       "swift-redundant-internal",
	Title:      "Swift's default `internal` written out",
	Names:      swiftInternalNamed,
	Claims:     []string{"internal"},
	Message:    "redundant `internal`",
	Suggestion: "drop it: `internal` is the default access level",
	Variants: []Variant{{Lang: engine.LangSwift, Where: "code",
		Regex: `\binternal[ \t]+(?:(?:final|static|override|lazy|mutating|nonmutating|convenience|required|weak|unowned|dynamic|indirect|nonisolated)[ \t]+)*(?:func|var|let|class|struct|enum|protocol|extension|init|typealias|actor|subscript)\b`,
		Bad:   []string{"«internal struct» Store {\n    «internal var» items: [String] = []\n}\n"},
		Good:  []string{"struct Store {\n    internal(set) var count = 0\n    var items: [String] = []\n}\n// internal struct X\nlet s = \"internal func f()\"\nlet internalName = 1\n"}}},
}

// hashRocketNamed: Ruby's 1.9 hash syntax asked for, or hash rockets banned for
// symbol keys.
func hashRocketNamed(s *sentence) bool {
	if !plain(s) {
		return false
	}
	if s.negPhrase(words(`\bhash ?rockets?\b|`+"`=>`")) && s.has(words(`\bhash|\bsymbol|\bkeys?\b|\bruby\b|`+"`=>`")) {
		return true
	}
	if !s.has(words(`\bhash(?: literal)? syntax\b|\bhashes\b`)) {
		return false
	}
	return s.has(words(`\b(?:ruby )?1\.9\b|\bnew(?:er)? (?:style )?hash|\bmodern hash|\bjson-style\b|`+"`key: value`|`a: 1`|`foo: bar`"+`|\bhash ?rockets?\b`)) && !s.negated() ||
		s.hasSpan("key: value", "a: 1", "foo: bar") && s.has(words(`\b(?:use|prefer|always|must|should)\b`))
}

// hashRocketSoft: unless the sentence bans the rockets in so many words; a preference for
// the other syntax alone warns.
func hashRocketSoft(s *sentence) bool {
	return !s.negPhrase(words(`\bhash ?rockets?\b|`+"`=>`"+`|\bold(?:er)? (?:style )?hash syntax\b`)) && !s.has(words(`,? not (?:the )?(?:old(?:er)? )?hash ?rockets?\b`))
}

var rubyHashRocket = &Entry{
	Name:       "ruby-hash-rocket",
	Title:      "a hash rocket for a symbol key",
	Names:      hashRocketNamed,
	Claims:     []string{"=>", "key: value", ":key => value", "a: 1", "foo: bar"},
	Warn:       hashRocketSoft,
	Message:    "hash rocket for the symbol key `{{match}}`",
	Suggestion: "write the key as `name: value`",
	Variants: []Variant{{Lang: engine.LangRuby, Needles: []string{"=>"},
		Query: `((pair key: (simple_symbol) @match))`,
		Bad:   []string{"OPTS = { «:verbose» => true }\nrender(«:json» => data)\n"},
		Good:  []string{"OPTS = { verbose: true, \"x-y\" => 1, 1 => :one }\n# { :a => 1 }\ns = \":a => 1\"\n"}}},
}

// swiftIfLetShorthandNamed: Swift 5.7's optional-binding shorthand asked for ("Use
// modern optional-binding (`if let customer`) rather than verbose `if let customer =
// customer`", "Prefer `if let value {` shorthand").
func swiftIfLetShorthandNamed(s *sentence) bool {
	if !plain(s) || s.negPhrase(words(`\bshorthand\b`)) {
		return false
	}
	var short, long bool
	for _, sp := range s.spans {
		if m := ifLetSpanRE.FindStringSubmatch(sp); m != nil {
			if m[2] == "" {
				short = true
			} else if m[1] == m[2] {
				long = true
			}
		}
	}
	if long && (short || s.has(words(`\bshorthand|\bmodern|\bconcise|\bverbose|\bredundant`))) {
		return true
	}
	return short && s.has(words(`\bshorthand\b|\b(?:modern|new|concise) (?:optional[- ])?(?:binding|unwrap)`))
}

// ifLetSpanRE: a code span of an optional binding, `if let x` or `if let x = y`.
var ifLetSpanRE = words(`^(?:if|guard|while) (?:let|var) (\w+)(?: = (\w+))?(?: \{| else)?(?: \.\.\.| …)?(?: \})?$`)

var swiftIfLetShorthand = &Entry{
	Name:          "swift-if-let-shorthand",
	Title:         "an optional binding that repeats its name (`if let x = x`)",
	Names:         swiftIfLetShorthandNamed,
	ClaimPrefixes: []string{"if let ", "guard let "},
	Message:       "`let {{match}}` repeats the name",
	Suggestion:    "write the shorthand: `if let x {`",
	Variants: []Variant{{Lang: engine.LangSwift, Where: "code",
		Regex:       `(?:\b(?:if|guard|while)|,)[ \t]*(?:let|var)[ \t]+(\w+)[ \t]*=[ \t]*(\w+)[ \t]*(?:,|\{|\belse\b)`,
		EqualGroups: []int{1, 2},
		Bad:         []string{"func f(name: String?, age: Int?) {\n    «if let name = name,» let age = age {\n        print(name, age)\n    }\n    «guard let age = age else» { return }\n}\n"},
		Good:        []string{"func f(name: String?, other: String?) {\n    if let name {\n        print(name)\n    }\n    if let n = other { print(n) }\n    let x = name\n}\n// if let name = name {\nlet s = \"if let name = name {\"\n"}}},
}
