package main

import (
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/policy"
)

// TestStaleLabelsFindWhereTheTextMoved: a sealed label whose text is now a constraint
// at another line is stale and found there; one whose line still holds its text is
// not stale; a label whose line holds no constraint at all is not stale either (the
// scorer counts it as not found).
func TestStaleLabelsFindWhereTheTextMoved(t *testing.T) {
	const f = "instructions/a__b__AGENTS.md"
	moved := &Label{File: f, Line: 5, TextSHA: TextSHA("Never pass `--no-verify`.")}
	kept := &Label{File: f, Line: 9, TextSHA: TextSHA("Use uv.")}
	gone := &Label{File: f, Line: 20, TextSHA: TextSHA("Old rule.")}
	cons := map[string][]policy.Constraint{f: {
		{Line: 5, Text: "A heading's lead-in that is now a constraint."},
		{Line: 7, Text: "Never pass  `--no-verify`."},
		{Line: 9, Text: "Use uv."},
	}}
	got := staleLabels([]*Label{moved, kept, gone}, cons)
	if len(got) != 1 || got[0].Label != moved {
		t.Fatalf("stale = %+v, want the moved label only", got)
	}
	if len(got[0].Found) != 1 || got[0].Found[0] != 7 || len(got[0].At) != 1 {
		t.Errorf("found %v with %d constraints at its line, want line 7 and 1", got[0].Found, len(got[0].At))
	}
}

// TestMoveLabelLineKeepsTheRecord: only the line number of the named record changes.
func TestMoveLabelLineKeepsTheRecord(t *testing.T) {
	src := `{"file":"instructions/x.md","line":3,"text_sha":"aa","level":"must","checkable":"no","why":"vague"}
{"file":"instructions/x.md","line":5,"text_sha":"bb","level":"must","checkable":"yes","cases":[{"line":5}]}
`
	out, err := moveLabelLine([]byte(src), 2, "instructions/x.md", 5, 12)
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Replace(src, `"line":5,"text_sha":"bb"`, `"line":12,"text_sha":"bb"`, 1)
	if string(out) != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	if _, err := moveLabelLine([]byte(src), 1, "instructions/x.md", 5, 12); err == nil {
		t.Error("moved a record that is not the label named")
	}
}
