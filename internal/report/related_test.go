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
