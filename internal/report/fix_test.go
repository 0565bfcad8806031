package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
)

// withFix is a report of one finding whose rule carries its replacement, and one
// whose fix is only a guess (never written as SARIF's fix, never applied).
func withFix() *Report {
	c := &policy.Constraint{ID: "c", Text: "Use yaml.safe_load instead of yaml.load.", File: "AGENTS.md", Line: 3}
	r := &policy.Rule{ID: "yaml", Domain: "source", Kind: "query", Severity: "error", Exact: true}
	edit := engine.TextEdit{Path: "app.py", Start: 20, End: 29, Old: "yaml.load", New: "yaml.safe_load"}
	exact := FromEngine(engine.Finding{Path: "app.py", Line: 2, Column: 5, Message: "`yaml.load` is banned here",
		Fixes: []engine.Fix{{Message: "replace `yaml.load` with `yaml.safe_load`", Edits: []engine.TextEdit{edit}, Exact: true}}}, r, c)
	guess := FromEngine(engine.Finding{Path: "app.py", Line: 3, Column: 5, Message: "`yaml.load` is banned here",
		Fixes: []engine.Fix{{Message: "a guess", Edits: []engine.TextEdit{edit}}}}, r, c)
	return &Report{Findings: []Finding{exact, guess}, Summary: Summary{Mode: "all"}}
}

func TestAnExactFixIsAFixInSARIF(t *testing.T) {
	buf := validSARIF(t, withFix())
	var log struct {
		Runs []struct {
			Results []struct {
				Fixes []sarifFix `json:"fixes"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(buf, &log); err != nil {
		t.Fatal(err)
	}
	rs := log.Runs[0].Results
	if len(rs) != 2 || len(rs[0].Fixes) != 1 || len(rs[1].Fixes) != 0 {
		t.Fatalf("fixes per result: %+v, want the exact one only", rs)
	}
	rep := rs[0].Fixes[0].ArtifactChanges[0].Replacements[0]
	if rep.DeletedRegion != (sarifByteRegion{ByteOffset: 20, ByteLength: 9}) || rep.InsertedContent.Text != "yaml.safe_load" {
		t.Errorf("replacement %+v", rep)
	}
}

func TestTheJSONReportCarriesFixesAndTheTextReportSaysWhichFixIsApplied(t *testing.T) {
	validJSONReport(t, withFix())
	var txt bytes.Buffer
	if err := Write(&txt, "text", withFix(), Options{}); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(txt.String(), "Fix (heed check --fix): replace `yaml.load` with `yaml.safe_load`"); n != 1 || strings.Contains(txt.String(), "Fix (heed check --fix): a guess") {
		t.Errorf("text report shows the exact fix %d times, or the guess as one --fix applies:\n%s", n, txt.String())
	}
	if !strings.Contains(txt.String(), "Fix to review (--fix leaves it): a guess") {
		t.Errorf("text report does not show the fix to review as one:\n%s", txt.String())
	}
}

// validSARIF writes r as SARIF and fails the test unless it is valid SARIF 2.1.0.
func validSARIF(t *testing.T, r *Report) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteSARIF(&buf, r, Options{Version: "1.2.3"}); err != nil {
		t.Fatal(err)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if err := loadSARIFSchema(t).Validate(inst); err != nil {
		t.Fatalf("not valid SARIF 2.1.0: %v\n%s", err, buf.String())
	}
	return buf.Bytes()
}

// validJSONReport writes r as the JSON report and fails the test unless it is valid
// against docs/report.schema.json.
func validJSONReport(t *testing.T, r *Report) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteJSON(&buf, r); err != nil {
		t.Fatal(err)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if err := loadSchema(t, "../../docs/report.schema.json").Validate(inst); err != nil {
		t.Fatalf("the JSON report breaks docs/report.schema.json: %v\n%s", err, buf.String())
	}
	return buf.Bytes()
}
