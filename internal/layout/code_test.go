package layout

import "testing"

func TestCodeFile(t *testing.T) {
	for p, want := range map[string]bool{"app/di/AppModule.kt": true, "src/a.ts": true, "CHANGELOG.md": false, "Makefile": false, "docs/x.rst": false} {
		if got := CodeFile(p); got != want {
			t.Errorf("CodeFile(%q) = %v, want %v", p, got, want)
		}
	}
}
