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
