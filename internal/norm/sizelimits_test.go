package norm

import "testing"

func TestSizeLimits(t *testing.T) {
	for _, c := range []struct {
		text      string
		file, fn  int
		approx    bool
		namedFile string
	}{
		{"Keep each module under 300 lines; split it when it grows.", 300, 0, false, ""},
		{"`AGENTS.md` MUST stay <= 250 lines.", 250, 0, false, "AGENTS.md"},
		{"**File size limit:** 3000 lines max", 3000, 0, false, ""},
		{"Max file length: 400 lines", 400, 0, false, ""},
		{"Keep each file under ~150 lines. Split if it grows larger.", 150, 0, true, ""},
		{"Functions should not exceed 40 lines.", 0, 40, false, ""},
		{"No function or method longer than 30 lines.", 0, 30, false, ""},
		{"Attempt to break up complex functions (>20 lines) into smaller, focused functions where it makes sense", 0, 20, true, ""},
		{"For large pull requests (>500 lines changed or >10 files touched), advise splitting.", 0, 0, false, ""},
		{"`dask/array/core.py` — 6,278 lines (Array class + methods)", 0, 0, false, ""},
		{"Keep fixtures minimal (2-3 per model for base cases)", 0, 0, false, ""},
		{"If you struggle to edit files in place, shorten your match string to 1 or 2 lines instead of 3.", 0, 0, false, ""},
		{"Docstrings should be under 10 lines.", 0, 0, false, ""},
		{"File size ≤200 lines target (300 hard limit): Split along feature/responsibility boundaries.", 300, 0, false, ""},
		{"File size: ≤200 lines target", 200, 0, true, ""},
	} {
		fl, fok := FileSizeLimit(c.text)
		nl, nok := FunctionSizeLimit(c.text)
		if got := map[bool]int{true: fl.Lines}[fok]; got != c.file {
			t.Errorf("FileSizeLimit(%q) = %d, want %d", c.text, got, c.file)
		}
		if got := map[bool]int{true: nl.Lines}[nok]; got != c.fn {
			t.Errorf("FunctionSizeLimit(%q) = %d, want %d", c.text, got, c.fn)
		}
		if fok && (fl.Approximate != c.approx || fl.File != c.namedFile) || nok && nl.Approximate != c.approx {
			t.Errorf("%q: approximate %v/%v file %q, want %v %q", c.text, fl.Approximate, nl.Approximate, fl.File, c.approx, c.namedFile)
		}
	}
}

func TestSizeLimitOfNewFiles(t *testing.T) {
	l, ok := FileSizeLimit("Do not add new source files over 800 lines.")
	if !ok || l.Lines != 800 || !l.NewOnly {
		t.Errorf("new files' limit: %+v %v", l, ok)
	}
	if l, _ := FileSizeLimit("Keep each file under 300 lines."); l.NewOnly {
		t.Error("every file's limit read as new files'")
	}
}
