package norm

import "testing"

// TestReadCallForm: SWE-CC's call-form policies (../shared/corpus/swe-cc, by id) and
// sentences of heed's own; a keyword required under a condition, and sentences that
// only describe, are none.
func TestReadCallForm(t *testing.T) {
	cases := []struct {
		in   string
		want CallForm
		ok   bool
	}{
		{"A `sympy_deprecation_warning(...)` call must set `stacklevel` so the console warning points to the user's calling line.", CallForm{Form: "keyword", Callee: "sympy_deprecation_warning", Keyword: "stacklevel", Inferred: true}, true},       // SYMPY-C250: a purpose a default may serve
		{"Code that emits a warning must set `stacklevel` so the warning identifies the user's calling line.", CallForm{Form: "keyword", Callee: "warnings.warn", Keyword: "stacklevel", Inferred: true}, true},                                        // SYMPY-C089
		{"Call super-class methods through ``super()``.", CallForm{Form: "super", Inferred: true}, true},                                                                                                                                               // ASTROPY-C111
		{"When calling `sympy.testing.pytest.raises(ExceptionType, ...)`, the tested expression must be wrapped in `lambda`, unless the context-manager form is required.", CallForm{Form: "lambda-arg", Callee: "sympy.testing.pytest.raises"}, true}, // SYMPY-C085
		{"To display a `None` result in a doctest, the example must call `print(<expression>)` so the expected output contains `None`.", CallForm{Form: "doctest-none", Inferred: true}, true},                                                         // SYMPY-C126
		{"Every `emit_warning(...)` call must pass `stacklevel`.", CallForm{Form: "keyword", Callee: "emit_warning", Keyword: "stacklevel"}, true},
		{"A `connect(...)` call must set `timeout` when the server is remote.", CallForm{}, false},
		{"A deprecation call or decorator must set `deprecated_since_version` to the version in `sympy/release.py`.", CallForm{}, false},
		{"A doctest shows nothing for a `None` result.", CallForm{}, false},
		{"Use `super()` in new classes only.", CallForm{}, false},
	}
	for _, c := range cases {
		got, ok := ReadCallForm(c.in)
		if got != c.want || ok != c.ok {
			t.Errorf("ReadCallForm(%q) = %+v, %v; want %+v, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

// The keyword or the warning class asked for in other orders of words (session 42):
// "pass `kw` to `callee`", a warning named by a leading clause, the callee written
// without parentheses, and the class as the second argument of `warnings.warn`.
func TestReadCallForm42(t *testing.T) {
	for _, c := range []struct {
		text string
		want CallForm
		ok   bool
	}{
		{"Every `warnings.warn` call must pass `stacklevel`.", CallForm{Form: "keyword", Callee: "warnings.warn", Keyword: "stacklevel"}, true},
		{"Always pass `stacklevel` to `warnings.warn`.", CallForm{Form: "keyword", Callee: "warnings.warn", Keyword: "stacklevel"}, true},
		{"Pass `stacklevel=2` to every `warnings.warn()` call so the warning points at the caller.", CallForm{Form: "keyword", Callee: "warnings.warn", Keyword: "stacklevel", Inferred: true}, true},
		{"When emitting a `DeprecationWarning`, pass `stacklevel=2` so the warning points at the caller.", CallForm{Form: "keyword", Callee: "warnings.warn", Keyword: "stacklevel", Inferred: true}, true},
		{"Emit warnings with ``warnings.warn(message, warning_class)``.", CallForm{Form: "category", Callee: "warnings.warn"}, true},
		{"Emit warnings with `warnings.warn(message, category)`: always pass an explicit warning class.", CallForm{Form: "category", Callee: "warnings.warn"}, true},
		{"All calls to `warnings.warn()` should set `stacklevel`.", CallForm{Form: "keyword", Callee: "warnings.warn", Keyword: "stacklevel"}, true},
		{"Always give `warnings.warn` an explicit category.", CallForm{Form: "category", Callee: "warnings.warn"}, true},
		{"Pass a warning category to every `warnings.warn()` call.", CallForm{Form: "category", Callee: "warnings.warn"}, true},
		{"Pass `timeout` to `requests.get` when the server is remote.", CallForm{}, false},
		{"Emit warnings with `warnings.warn(message)`.", CallForm{}, false},
		{"The helper passes `stacklevel` to `warnings.warn` for you.", CallForm{}, false},
	} {
		got, ok := ReadCallForm(c.text)
		if ok != c.ok || got != c.want {
			t.Errorf("ReadCallForm(%q) = %+v, %v; want %+v, %v", c.text, got, ok, c.want, c.ok)
		}
	}
}

// Session 43: a keyword's value banned in calls, and a module's calls that must pass a
// keyword (phrasings of our own, in the forms security sections use).
func TestReadCallForm43(t *testing.T) {
	for _, c := range []struct {
		text string
		want CallForm
		ok   bool
	}{
		{"Never pass `shell=True` to `subprocess` calls.", CallForm{Form: "no-keyword", Callee: "subprocess", Keyword: "shell", Value: "True"}, true},
		{"Do not pass `shell=True` to `subprocess.run`.", CallForm{Form: "no-keyword", Callee: "subprocess.run", Keyword: "shell", Value: "True"}, true},
		{"Never call `subprocess.Popen` with `shell=True`.", CallForm{Form: "no-keyword", Callee: "subprocess.Popen", Keyword: "shell", Value: "True"}, true},
		{"Don't disable TLS certificate verification (`verify=False`) in HTTP calls.", CallForm{Form: "no-keyword", Keyword: "verify", Value: "False"}, true},
		{"Avoid passing `check=False` to `subprocess.run()`.", CallForm{Form: "no-keyword", Callee: "subprocess.run", Keyword: "check", Value: "False"}, true},
		{"Every `requests` call must pass a `timeout`.", CallForm{Form: "keyword", Callee: "requests", Keyword: "timeout"}, true},
		// an MSBuild property (microsoft/PowerToys cmdpal.instructions.md:46, dev):
		// Python's literals are capitalised
		{"Never set `CIBuild=true` or `GeneratePackageLocally=true` for normal iteration.", CallForm{}, false},
		// the span alone: read by the source reader from the span itself
		{"Never use `shell=True`.", CallForm{}, false},
		// a condition heed cannot see
		{"Never pass `shell=True` to `subprocess.run` unless the command is a constant.", CallForm{}, false},
		{"Don't pass `shell=True` to `subprocess.run` when the input comes from users.", CallForm{}, false},
	} {
		got, ok := ReadCallForm(c.text)
		if ok != c.ok || got != c.want {
			t.Errorf("ReadCallForm(%q) = %+v, %v; want %+v, %v", c.text, got, ok, c.want, c.ok)
		}
	}
}

// A call banned without one argument (batch 641): the argument may be given by
// position, so the form keeps the number of positional arguments its span shows.
func TestReadCallWithout(t *testing.T) {
	for _, c := range []struct {
		text string
		want CallForm
		ok   bool
	}{
		{"Datetimes must be timezone-aware: never call `datetime.now()` without a `tz` argument.", CallForm{Form: "keyword", Callee: "datetime.now", Keyword: "tz", LimitsPositional: true}, true},
		{"`requests.get(url)` must never be called without `timeout`.", CallForm{Form: "keyword", Callee: "requests.get", Keyword: "timeout", LimitsPositional: true, MaxPositional: 1}, true},
		{"Don't call `open(...)` without an explicit `encoding=` argument.", CallForm{Form: "keyword", Callee: "open", Keyword: "encoding", LimitsPositional: true}, true},
		{"Never call `connect()` without a `timeout` argument when the server is remote.", CallForm{}, false},
		{"The helper works without a `tz` argument.", CallForm{}, false},
	} {
		got, ok := ReadCallForm(c.text)
		if got != c.want || ok != c.ok {
			t.Errorf("ReadCallForm(%q) = %+v, %v; want %+v, %v", c.text, got, ok, c.want, c.ok)
		}
	}
}
