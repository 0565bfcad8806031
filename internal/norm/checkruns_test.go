package norm

import "testing"

func TestSpelledRunners(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		// pytest-dev's CONTRIBUTING names its lint environment this way (SWE-CC PYTEST-DEV-C018)
		{"Run the `linting` tox environment to perform the coding-style checks.", "Run `tox -e linting` to perform the coding-style checks."},
		{"Run the tox `docs` environment before you open a pull request.", "Run `tox -e docs` before you open a pull request."},
		{"Run the `lint` nox session before committing.", "Run `nox -s lint` before committing."},
		{"Run tox environment `py312` first.", "Run `tox -e py312` first."},
		{"Run the test suite through tox before submitting the change.", "Run `tox` before submitting the change."},
		{"Run the tests with a bare pytest from the repository root.", "Run `pytest` from the repository root."},
		{"Run the linters via pre-commit.", "Run `pre-commit run`."},
		// nothing named: left as written
		{"Run the relevant tox environment.", "Run the relevant tox environment."},
		{"Run the tests with care.", "Run the tests with care."},
		{"Run the tests with `--remote-data` when needed.", "Run the tests with `--remote-data` when needed."},
	} {
		if got := spelledRunners(c.in); got != c.want {
			t.Errorf("%q:\n got %q\nwant %q", c.in, got, c.want)
		}
	}
}
