package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
)

// withCycle is a report of an import cycle whose finding lists the cycle's imports.
func withCycle() *Report {
	c := &policy.Constraint{ID: "c", Text: "No circular imports.", File: "AGENTS.md", Line: 7}
	r := &policy.Rule{ID: "cycles", Domain: "architecture", Kind: "cycles", Severity: "error", Exact: true}
	f := FromEngine(engine.Finding{Path: "lib/e.py", Line: 2, Column: 1, Message: "import cycle: lib/e.py → lib/c.py → lib/e.py",
		Related: []engine.Location{
			{Path: "lib/e.py", Line: 2, Column: 1, Message: "lib/e.py imports lib/c.py"},
			{Path: "lib/c.py", Line: 1, Column: 1, Message: "lib/c.py imports lib/e.py"},
		}}, r, c)
	return &Report{Findings: []Finding{f}, Summary: Summary{Mode: "all"}}
}

// Each import of a cycle reaches every format: SARIF's relatedLocations (valid SARIF
// 2.1.0), the JSON report (valid against docs/report.schema.json) and the text.
func TestACycleListsItsImportsInEveryFormat(t *testing.T) {
	sarif := validSARIF(t, withCycle())
	var log struct {
		Runs []struct {
			Results []struct {
				RelatedLocations []sarifRelated `json:"relatedLocations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(sarif, &log); err != nil {
		t.Fatal(err)
	}
	rel := log.Runs[0].Results[0].RelatedLocations
	if len(rel) != 2 || rel[1].PhysicalLocation.ArtifactLocation.URI != "lib/c.py" || rel[1].PhysicalLocation.Region.StartLine != 1 ||
		rel[1].Message == nil || rel[1].Message.Text != "lib/c.py imports lib/e.py" || rel[0].ID == rel[1].ID {
		t.Errorf("relatedLocations %+v", rel)
	}

	js := validJSONReport(t, withCycle())
	if !strings.Contains(string(js), `"message": "lib/c.py imports lib/e.py"`) {
		t.Errorf("JSON report lacks the cycle's imports:\n%s", js)
	}

	var txt bytes.Buffer
	if err := Write(&txt, "text", withCycle(), Options{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(txt.String(), "  At: lib/e.py:2: lib/e.py imports lib/c.py\n  At: lib/c.py:1: lib/c.py imports lib/e.py\n") {
		t.Errorf("text report does not list the cycle's imports:\n%s", txt.String())
	}
}

// A co-change finding is about the change, not a place in the tree; its related
// locations name the files it is made of, without a line. A deletion (trailing white
// space) and an insertion (a final newline) are fixes too. Both stay valid SARIF
// 2.1.0 and a valid JSON report.
func TestAChangeFindingsFilesAndTextFixesAreValidInEveryFormat(t *testing.T) {
	c := &policy.Constraint{ID: "c", Text: "Every change to `src/` must update `CHANGELOG.md`.", File: "AGENTS.md", Line: 9}
	r := &policy.Rule{ID: "changelog", Domain: "contribution", Kind: "cochange", Severity: "error", Exact: true}
	co := FromEngine(engine.Finding{Change: true, CommandIndex: -1, Message: "the change touches src/a.py but not CHANGELOG.md",
		Related: []engine.Location{{Path: "src/a.py", Message: "changed by the change"}, {Path: "CHANGELOG.md", Message: "needed to change with it, and did not"}}}, r, c)
	tc := &policy.Constraint{ID: "t", Text: "No trailing whitespace; end files with a newline.", File: "AGENTS.md", Line: 4}
	tr := &policy.Rule{ID: "text", Domain: "source", Kind: "text", Severity: "error", Exact: true}
	del := FromEngine(engine.Finding{Path: "src/a.py", Line: 1, Column: 6, Message: "trailing white space",
		Fixes: []engine.Fix{{Message: "delete the white space at the end of the line", Exact: true,
			Edits: []engine.TextEdit{{Path: "src/a.py", Start: 5, End: 7, Old: "  "}}}}}, tr, tc)
	ins := FromEngine(engine.Finding{Path: "src/b.py", Line: 1, Column: 6, Message: "no newline at the end of the file",
		Fixes: []engine.Fix{{Message: "end the file with a newline", Exact: true,
			Edits: []engine.TextEdit{{Path: "src/b.py", Start: 5, End: 5, New: "\n"}}}}}, tr, tc)
	rep := func() *Report {
		return &Report{Findings: []Finding{co, del, ins}, Summary: Summary{Mode: "diff"}}
	}
	sarif := validSARIF(t, rep())
	var log struct {
		Runs []struct {
			Results []struct {
				RelatedLocations []sarifRelated `json:"relatedLocations"`
				Fixes            []sarifFix     `json:"fixes"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(sarif, &log); err != nil {
		t.Fatal(err)
	}
	rs := log.Runs[0].Results
	if len(rs) != 3 || len(rs[0].RelatedLocations) != 2 || rs[0].RelatedLocations[1].PhysicalLocation.ArtifactLocation.URI != "CHANGELOG.md" {
		t.Fatalf("results %+v", rs)
	}
	if d := rs[1].Fixes[0].ArtifactChanges[0].Replacements[0]; d.DeletedRegion != (sarifByteRegion{ByteOffset: 5, ByteLength: 2}) || d.InsertedContent.Text != "" {
		t.Errorf("deletion %+v", d)
	}
	if i := rs[2].Fixes[0].ArtifactChanges[0].Replacements[0]; i.DeletedRegion != (sarifByteRegion{ByteOffset: 5}) || i.InsertedContent.Text != "\n" {
		t.Errorf("insertion %+v", i)
	}
	js := validJSONReport(t, rep())
	if !strings.Contains(string(js), `"message": "needed to change with it, and did not"`) {
		t.Errorf("JSON report lacks the file that needed to change:\n%s", js)
	}
	var txt bytes.Buffer
	if err := Write(&txt, "text", rep(), Options{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(txt.String(), "  At: CHANGELOG.md: needed to change with it, and did not\n") {
		t.Errorf("text report does not name the file that needed to change:\n%s", txt.String())
	}
}
