package norm

import "testing"

// TestAPIConvention: sentences of projects' API conventions (SWE-CC's policies, by
// id, and sentences of heed's own) restated in the forms the source reader reads;
// sentences of no such shape stay as written.
func TestAPIConvention(t *testing.T) {
	cases := []struct {
		in, want string
		inferred bool
	}{
		// DJANGO-C013 (../shared/corpus/swe-cc/policies.csv)
		{"In tests, prefer assertRaisesMessage() and assertWarnsMessage() over assertRaises() and assertWarns().",
			"In tests, prefer `.assertRaisesMessage()` and `.assertWarnsMessage()` over `.assertRaises()` and `.assertWarns()`.", true},
		// MATPLOTLIB-C261
		{"Raise user-facing warnings through _api.warn_external rather than warnings.warn directly.",
			"Raise user-facing warnings through `_api.warn_external` rather than `warnings.warn` directly in production code.", true},
		// DJANGO-C015
		{"For boolean checks, use assertIs(x, True/False) instead of assertTrue()/assertFalse().",
			"In tests, use `.assertIs(x, True/False)` instead of `.assertTrue()`/`.assertFalse()`.", true},
		{"For identity checks against None, use `assertIsNone(x)` instead of `assertEqual(x, None)`.",
			"In tests, use `.assertIsNone(x)` instead of `.assertEqual(x, None)`.", true},
		// PYDATA-C133
		{"Import dask array helpers from `xarray.tests` in tests instead of importing `dask.array` directly.",
			"In tests, do not import `dask.array`.", true},
		// SYMPY-C084, SYMPY-C152, SYMPY-C258
		{"When testing an expected exception, the test must use `sympy.testing.pytest.raises`.",
			"In tests, use `sympy.testing.pytest.raises` instead of `pytest.raises`.", true},
		{"SymPy tests must use wrappers from `sympy.testing.pytest` instead of calling pytest functions directly.",
			"In tests, do not import `pytest`; use the wrappers in `sympy.testing.pytest`.", true},
		{"Code must not instantiate or emit `SymPyDeprecationWarning` directly; it must use `sympy_deprecation_warning(...)`.",
			"Do not call `SymPyDeprecationWarning()` directly.", true},
		// a wrapper of a name the library does not have, a duty under a condition of
		// its own (SYMPY-C086, SYMPY-C104)
		{"A `SymPyDeprecationWarning` test must use `sympy.testing.pytest.warns_deprecated_sympy()` unless stacklevel checking is explicitly disabled.", "", false},
		{"A test taking more than one minute must be marked with `sympy.testing.pytest.slow` as `@slow`.", "", false},
		// near misses: no code, abbreviations and file names
		{"Prefer composition over inheritance.", "", false},
		{"Prefer small functions over long ones, e.g. split parsing from printing.", "", false},
		{"Put settings in setup.cfg rather than setup.py.", "", false},
		{"Use `X` instead of `Y`.", "", false},
	}
	for _, c := range cases {
		got, inferred := APIConvention(c.in)
		want := c.want
		if want == "" {
			want = c.in
		}
		if got != want || inferred != c.inferred {
			t.Errorf("APIConvention(%q)\n = %q, %v\nwant %q, %v", c.in, got, inferred, want, c.inferred)
		}
	}
}
