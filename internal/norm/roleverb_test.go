package norm

import "testing"

// A role said by its verb alone, with the reader's code as its object and a moment,
// is the order to run that role; any other shape is left as written.
func TestRoleVerbOrder(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Format your code before committing.", "Run the formatter before committing."},
		{"Always lint your changes before you push.", "Always run the linter before you push."},
		{"Type-check the code before opening a pull request.", "Run the type checker before opening a pull request."},
		{"  Please format all code prior to a release.", "  Please run the formatter prior to a release."},
		// the sentence names what does the work, or no moment, or another object
		{"Lint the code before every push with:", "Lint the code before every push with:"},
		{"Format your code with `black` before committing.", "Format your code with `black` before committing."},
		{"Format your code.", "Format your code."},
		{"Format commit messages before pushing.", "Format commit messages before pushing."},
		{"Lint rules live in `eslint.config.js`.", "Lint rules live in `eslint.config.js`."},
	} {
		if got := roleVerbOrder(c.in); got != c.want {
			t.Errorf("roleVerbOrder(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
