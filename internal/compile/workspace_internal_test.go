package compile

import "testing"

// A crate's name comes from its manifest's [package] table, read as TOML: a comment
// after the value, a name key of another table and a virtual workspace manifest do
// not mislead it.
func TestCargoPackageName(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"[package]\nname = \"acme-core\" # the core\nversion = \"0.1.0\"\n", "acme-core"},
		{"[dependencies]\nserde = { version = \"1\" }\n\n[package]\nversion = \"1.0.0\"\nname = 'acme-cli'\n", "acme-cli"},
		{"[lib]\nname = \"acme\"\n\n[package]\nname = \"acme-lib\"\n", "acme-lib"},
		{"[workspace]\nmembers = [\"crates/*\"]\n", ""},
		{"[package\nname = \"broken\"\n", ""},
	} {
		if got := cargoPackageName(c.text); got != c.want {
			t.Errorf("%q: %q, want %q", c.text, got, c.want)
		}
	}
}
