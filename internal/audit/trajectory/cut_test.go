package trajectory

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A mini-SWE-agent or OpenHands file cut short at any byte (a run killed while the
// agent wrote it) is read, with --agent auto too, up to the cut: the steps are a
// prefix of the whole file's, the trajectory says it is truncated, and the warning
// says heed read it up to the cut.
func TestTruncatedDocumentsAreReadUpToTheCut(t *testing.T) {
	for _, c := range []struct{ file, format string }{
		{"mini-swe-agent/session.traj.json", MiniSWEAgent},
		{"mini-swe-agent/session-v1.traj.json", MiniSWEAgent},
		{"openhands/events-v1.json", OpenHands},
		{"openhands/events-v0.json", OpenHands},
	} {
		t.Run(c.file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(samples, c.file))
			if err != nil {
				t.Fatal(err)
			}
			whole, err := Parse(data, "auto")
			if err != nil || whole.Truncated || len(whole.Steps) < 3 {
				t.Fatalf("the whole file: %v, truncated %v, %d steps", err, whole.Truncated, len(whole.Steps))
			}
			read := 0
			for cut := len(data) / 4; cut < len(data)-2; cut += 3 {
				part := data[:cut]
				tr, err := Parse(part, "auto")
				if err != nil {
					// only a cut before the first list element is whole may fail
					if cut > len(data)/2 {
						t.Fatalf("cut at byte %d of %d: %v", cut, len(data), err)
					}
					continue
				}
				read++
				if tr.Format != c.format || !tr.Truncated {
					t.Fatalf("cut at byte %d: format %q, truncated %v", cut, tr.Format, tr.Truncated)
				}
				if len(tr.Warnings) == 0 || !strings.Contains(strings.Join(tr.Warnings, "\n"), "read it up to the cut") {
					t.Fatalf("cut at byte %d: the warnings do not say so: %v", cut, tr.Warnings)
				}
				if len(tr.Steps) > len(whole.Steps) {
					t.Fatalf("cut at byte %d: %d steps, more than the whole file's %d", cut, len(tr.Steps), len(whole.Steps))
				}
				for i, s := range tr.Steps {
					w := whole.Steps[i]
					if s.Kind != w.Kind || s.Command != w.Command || s.Path != w.Path {
						t.Fatalf("cut at byte %d: step %d is %+v, the whole file's is %+v", cut, i, s, w)
					}
				}
			}
			if read == 0 {
				t.Fatal("no cut file was read")
			}
			// the cut halfway through keeps some steps and loses others
			tr, err := Parse(data[:len(data)*2/3], "auto")
			if err != nil || len(tr.Steps) == 0 || len(tr.Steps) >= len(whole.Steps)+1 {
				t.Fatalf("two thirds of the file: %v, %d steps of %d", err, len(tr.Steps), len(whole.Steps))
			}
		})
	}
}

// A cut document nested deeper than heed closes is an error, quickly.
func TestCutDocumentTooDeep(t *testing.T) {
	data := []byte(`{"info": {}, "messages": [` + strings.Repeat(`{"a": [`, 3000))
	if _, err := Parse(data, MiniSWEAgent); err == nil {
		t.Fatal("a cut document nested 6,000 levels deep was read")
	}
}
