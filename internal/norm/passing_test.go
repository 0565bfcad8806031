package norm

import "testing"

// Sentences of our own writing in the forms SWE-CC's policies use for checks a change
// must pass (policies.csv: PYDATA-C037..C040, DJANGO-C069, DJANGO-C071, PYTEST-DEV-C031,
// MATPLOTLIB-C152, ASTROPY-C205).
func TestPassingOrder(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Make the annotations pass pyright.", "Run `pyright` before submitting your changes."},
		{"Keep all code free of flake8 warnings.", "Run `flake8` before submitting your changes."},
		{"Ensure your change passes ruff and mypy before opening a pull request.", "Run `ruff check` and `mypy` before opening a pull request."},
		{"Format the code with ruff.", "Run `ruff format` before submitting your changes."},
		{"Format code with black so that `black --check .` is clean.", "Run `black --check .` before submitting your changes."},
		{"Make `nox -s lint` run without errors.", "Run `nox -s lint` before submitting your changes."},
		{"Make sure the whole test suite passes before you push.", "Run the test suite before pushing."},
		{"Commit only after the tests pass.", "Run the test suite before committing."},
		{"Get the prek pre-commit hooks passing.", "Run `prek run` before submitting your changes."},
		// swecc30: a build verified with a command, imports sorted by a tool, a style a
		// tool enforces
		{"Check that the docs build without warnings using `make html`.", "Run `make html` before submitting your changes."},
		{"Keep imports sorted with isort.", "Run `isort` before submitting your changes."},
		{"Order imports the way ruff's isort rules require.", "Run `ruff check` before submitting your changes."},
		{"Write Python to PEP 8 as checked by flake8.", "Run `flake8` before submitting your changes."},
		{"Format all code according to black before pushing.", "Run `black` before pushing."},
		{"Sort the imports.", ""},
		{"The code should conform to the default format enforced by `rustfmt`.", "Run `cargo fmt` or `rustfmt` before submitting your changes."},
		{"All changes must comply with the lint rules checked by eslint.", "Run `eslint` before submitting your changes."},
		{"Sort imports with isort unless the file is generated.", ""},
		// not a check to pass, or under a condition heed cannot see
		{"Make the error messages helpful.", ""},
		{"Update the mypy stubs when you change the public API.", ""},
		{"Ensure the docs pass review.", ""},
	} {
		got, ok := PassingOrder(tc.in)
		if !ok {
			got = ""
		}
		if got != tc.want {
			t.Errorf("%q: got %q, want %q", tc.in, got, tc.want)
		}
	}
}
