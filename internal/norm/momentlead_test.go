package norm

import "testing"

// An order whose leading moment has no comma reads as if it had one; words after the
// moment that are not the reader's duty, or a moment heed does not know, leave the
// text as it is.
func TestCommalessMoment(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Before you push make sure to run the linter:", "Before you push, make sure to run the linter:"},
		{"Before committing please run `npm test`.", "Before committing, please run `npm test`."},
		{"Before you commit be sure to run the following:", "Before you commit, be sure to run the following:"},
		{"Before you run the tests make sure Docker is running.", ""},
		{"Before the release we run the full benchmark suite.", ""},
		{"Before committing, run `npm test`.", ""},
		{"Before `git push` run `make lint`.", ""},
		{"Run `make lint` before you push.", ""},
		{"Our CI checks the format. Before submitting a PR be sure to run the following:", "Our CI checks the format. Before submitting a PR, be sure to run the following:"},
		{"Use `make`. Before the release we run the benchmarks.", ""},
	} {
		got, ok := CommalessMoment(c.in)
		if !ok {
			got = ""
		}
		if got != c.want {
			t.Errorf("CommalessMoment(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// A case style bound to a kind of thing other than files ("PascalCase for
// components") is told from one bound to file names ("snake_case for filenames").
func TestStyleForKind(t *testing.T) {
	for text, want := range map[string]bool{
		"PascalCase for components, camelCase for utilities":       true,
		"Use snake_case for filenames, camelCase for functions":    false,
		"kebab-case for the routes":                                true,
		"Component files use PascalCase":                           false,
		"Use kebab-case for file names and PascalCase for classes": false,
	} {
		if got := StyleForKind(text); got != want {
			t.Errorf("StyleForKind(%q) = %v, want %v", text, got, want)
		}
	}
}
