package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
)

// sample is a report with one finding of each shape: on a file, on a commit message,
// about the change as a whole, plus a suppressed one and a file that did not parse.
func sample() *Report {
	exports := &policy.Constraint{ID: "c-exports", Text: "Use named exports only; never `export default`.", File: ".github/copilot-instructions.md", Line: 14, HeaderPath: []string{"Code style", "Modules"}}
	exportsRule := &policy.Rule{ID: "src-named-exports", Domain: "source", Kind: "query", Severity: "error", Exact: true, Suggestion: "export the function by name"}
	commits := &policy.Constraint{ID: "c-commits", Text: "Commit messages follow Conventional Commits: feat, fix, docs, chore.", File: "AGENTS.md", Line: 30, HeaderPath: []string{"Commits"}}
	commitRule := &policy.Rule{ID: "contrib-commit-type", Domain: "contribution", Kind: "commit", Severity: "warning"}
	tests := &policy.Constraint{ID: "c-tests", Text: "Every change to src/ comes with a test.", File: "AGENTS.md", Line: 40}
	testRule := &policy.Rule{ID: "contrib-tests", Domain: "contribution", Kind: "cochange", Severity: "error", Message: "the change has no test"}

	f1 := FromEngine(engine.Finding{Path: "src/features/Day Card,v2.tsx", Line: 9, Column: 1, EndLine: 9, EndColumn: 40, Message: "default export of DayCard", Snippet: "export default function DayCard() {"}, exportsRule, exports)
	f1.Fingerprint = Fingerprint(f1.Rule, f1.File, "export default function DayCard() {", 1)
	f2 := FromEngine(engine.Finding{Commit: "0123456789abcdef0123456789abcdef01234567", Message: "commit type \"feature\" is not one of feat, fix, docs, chore"}, commitRule, commits)
	f3 := FromEngine(engine.Finding{Change: true}, testRule, tests)
	hidden := FromEngine(engine.Finding{Path: "src/lib/dates.ts", Line: 14, Message: "default export"}, exportsRule, exports)
	r := &Report{
		Findings: []Finding{f1, f2, f3},
		Summary: Summary{Mode: "diff", Base: "1d2c3b4a5f6e7d8c9b0a1f2e3d4c5b6a7f8e9d0c", Files: 4, Commits: 1, Rules: 3, Suppressed: 1, DurationMS: 12.5,
			Skipped:      map[string]int{"generated": 1},
			Undetermined: []Undetermined{{Files: []string{"src/broken.py"}, FileCount: 1, Reason: "parse python: timed out", Rules: []string{"py-no-print"}}},
			Partial:      []Partial{{File: "src/lib/sql.ts", Line: 12, Reason: "syntax error", LeftOut: 1, Rules: []string{"src-named-exports"}}}},
		Rules: []RuleInfo{
			{ID: exportsRule.ID, Domain: "source", Kind: "query", Severity: "error", Exact: true, Instruction: Instruction{File: exports.File, Line: exports.Line, Text: exports.Text, HeaderPath: exports.HeaderPath}},
			{ID: commitRule.ID, Domain: "contribution", Kind: "commit", Severity: "warning", Instruction: Instruction{File: commits.File, Line: commits.Line, Text: commits.Text}},
			{ID: testRule.ID, Domain: "contribution", Kind: "cochange", Severity: "error", Instruction: Instruction{File: tests.File, Line: tests.Line, Text: tests.Text}},
		},
		Hidden: []Hidden{{Finding: hidden, Kind: "inSource", Justification: "legacy module"}},
	}
	r.Tally()
	return r
}

func TestJSONReportHasTheDocumentedShape(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteJSON(&buf, sample()); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Findings []map[string]any `json:"findings"`
		Summary  map[string]any   `json:"summary"`
	}
	if err := json.Unmarshal(buf.Bytes(), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, buf.String())
	}
	if len(got.Findings) != 3 {
		t.Fatalf("%d findings, want 3", len(got.Findings))
	}
	file := got.Findings[0]
	for _, k := range []string{"rule", "constraint", "domain", "severity", "file", "line", "column", "end_line", "end_column", "message", "instruction", "suggestion"} {
		if _, ok := file[k]; !ok {
			t.Errorf("file finding lacks %q: %v", k, file)
		}
	}
	in := file["instruction"].(map[string]any)
	for _, k := range []string{"file", "line", "text", "header_path"} {
		if _, ok := in[k]; !ok {
			t.Errorf("instruction lacks %q", k)
		}
	}
	if file["file"] != "src/features/Day Card,v2.tsx" || file["line"] != 9.0 {
		t.Errorf("file finding location = %v:%v", file["file"], file["line"])
	}
	commit := got.Findings[1]
	if commit["commit"] != "0123456789abcdef0123456789abcdef01234567" {
		t.Errorf("commit finding has commit %v", commit["commit"])
	}
	if _, ok := commit["file"]; ok {
		t.Errorf("a commit finding names a commit instead of a file: %v", commit)
	}
	if got.Findings[2]["message"] != "the change has no test" {
		t.Errorf("a finding without a message takes the rule's: %v", got.Findings[2]["message"])
	}
	for k, want := range map[string]float64{"findings": 3, "errors": 2, "warnings": 1, "files_checked": 4, "suppressed": 1} {
		if got.Summary[k] != want {
			t.Errorf("summary.%s = %v, want %v", k, got.Summary[k], want)
		}
	}
	if d := got.Summary["by_domain"].(map[string]any); d["contribution"] != 2.0 || d["source"] != 1.0 {
		t.Errorf("by_domain = %v", d)
	}
}

func TestEmptyJSONReportHasEmptyArraysNotNull(t *testing.T) {
	r := &Report{Summary: Summary{Mode: "all"}}
	var buf bytes.Buffer
	if err := WriteJSON(&buf, r); err != nil {
		t.Fatal(err)
	}
	s := buf.String()
	if !strings.Contains(s, `"findings": []`) || !strings.Contains(s, `"undetermined": []`) {
		t.Fatalf("empty lists must be [] for consumers that iterate them:\n%s", s)
	}
}

func loadSARIFSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	f, err := os.Open("testdata/sarif-2.1.0-subset.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource("sarif.json", doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("sarif.json")
	if err != nil {
		t.Fatal(err)
	}
	return sch
}

func TestSARIFValidatesAgainstTheSchema(t *testing.T) {
	validSARIF(t, sample())
}

func TestSchemaRejectsBrokenSARIF(t *testing.T) {
	// The test above is only worth something if the schema can fail.
	sch := loadSARIFSchema(t)
	for name, doc := range map[string]string{
		"bad version":   `{"version":"2.0.0","runs":[]}`,
		"no driver":     `{"version":"2.1.0","runs":[{"tool":{}}]}`,
		"line zero":     `{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"x"}},"results":[{"message":{"text":"m"},"locations":[{"physicalLocation":{"artifactLocation":{"uri":"a"},"region":{"startLine":0}}}]}]}]}`,
		"bad level":     `{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"x"}},"results":[{"message":{"text":"m"},"level":"fatal"}]}]}`,
		"unknown field": `{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"x"}},"results":[{"message":{"text":"m"},"line":3}]}]}`,
		"dup rules":     `{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"x","rules":[{"id":"a"},{"id":"a"}]}}}]}`,
	} {
		inst, err := jsonschema.UnmarshalJSON(strings.NewReader(doc))
		if err != nil {
			t.Fatal(err)
		}
		if sch.Validate(inst) == nil {
			t.Errorf("%s: the schema accepted %s", name, doc)
		}
	}
}

// TestSARIFMeetsGitHubCodeScanning checks what GitHub requires beyond the schema:
// rule descriptions and help, a location with a region and a fingerprint on every
// result, relative URIs, and rule indexes that point at the right rule.
func TestSARIFMeetsGitHubCodeScanning(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteSARIF(&buf, sample(), Options{}); err != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []sarifDescriptor `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []sarifResult `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	if len(log.Runs) != 1 {
		t.Fatalf("%d runs, want 1 (GitHub no longer merges runs)", len(log.Runs))
	}
	run := log.Runs[0]
	for _, r := range run.Tool.Driver.Rules {
		if r.ShortDescription.Text == "" || r.FullDescription.Text == "" || r.Help.Text == "" {
			t.Errorf("rule %s lacks a description or help: %+v", r.ID, r)
		}
	}
	if r := run.Tool.Driver.Rules[indexOf(run.Tool.Driver.Rules, "src-named-exports")]; !strings.Contains(r.FullDescription.Text, "Use named exports only") || !strings.Contains(r.FullDescription.Text, ".github/copilot-instructions.md:14") {
		t.Errorf("the rule's description must be the instruction and where it is written: %q", r.FullDescription.Text)
	}
	if len(run.Results) != 4 {
		t.Fatalf("%d results, want 3 findings + 1 suppressed", len(run.Results))
	}
	for _, res := range run.Results {
		if run.Tool.Driver.Rules[res.RuleIndex].ID != res.RuleID {
			t.Errorf("result %s has ruleIndex %d pointing at %s", res.RuleID, res.RuleIndex, run.Tool.Driver.Rules[res.RuleIndex].ID)
		}
		if len(res.Locations) != 1 || res.Locations[0].PhysicalLocation.Region == nil || res.Locations[0].PhysicalLocation.Region.StartLine < 1 {
			t.Errorf("result %s needs a location with a region: %+v", res.RuleID, res.Locations)
		}
		if res.PartialFingerprints["primaryLocationLineHash"] == "" {
			t.Errorf("result %s has no primaryLocationLineHash", res.RuleID)
		}
		if u := res.Locations[0].PhysicalLocation.ArtifactLocation.URI; strings.HasPrefix(u, "/") || strings.Contains(u, "://") {
			t.Errorf("URI %q must be relative to the checkout", u)
		}
	}
	if u := run.Results[0].Locations[0].PhysicalLocation.ArtifactLocation.URI; u != "src/features/Day%20Card%2Cv2.tsx" {
		t.Errorf("URI %q: a path with a space must be percent-encoded", u)
	}
	if u := run.Results[1].Locations[0].PhysicalLocation.ArtifactLocation.URI; u != "AGENTS.md" {
		t.Errorf("a commit finding points at its instruction, got %q", u)
	}
	if s := run.Results[3].Suppressions; len(s) != 1 || s[0].Kind != "inSource" || s[0].Justification != "legacy module" {
		t.Errorf("a suppressed finding is recorded with its suppression, got %+v", s)
	}
}

// TestSARIFMeetsAzureDevOps checks what the SARIF multitool requires under
// --rule-kind Ado (ADO1014, ADO1015, ADO1017, ADO1018, ADO2012) and its SARIF2012
// advice: a run automationDetails id, a driver fullName, a friendly Pascal-case name
// on every rule, and a region on every physical location, notifications' included.
func TestSARIFMeetsAzureDevOps(t *testing.T) {
	r := sample()
	bad := FromEngine(engine.Finding{Path: "src/a.py", Line: 3, Message: "heed:ignore names no rule"}, &policy.Rule{ID: RuleBadSuppression, Domain: "heed", Severity: "warning"}, nil)
	r.Findings = append(r.Findings, bad)
	var buf bytes.Buffer
	if err := WriteSARIF(&buf, r, Options{Version: "1.2.3"}); err != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct {
			AutomationDetails *struct {
				ID string `json:"id"`
			} `json:"automationDetails"`
			Tool struct {
				Driver struct {
					FullName string            `json:"fullName"`
					Rules    []sarifDescriptor `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Invocations []sarifInvocation `json:"invocations"`
			Results     []sarifResult     `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	if run.AutomationDetails == nil || strings.TrimSpace(run.AutomationDetails.ID) == "" {
		t.Errorf("ADO1014: the run needs automationDetails with an id")
	}
	if run.Tool.Driver.FullName != "heed 1.2.3" {
		t.Errorf("ADO1018: driver fullName = %q, want the name and version", run.Tool.Driver.FullName)
	}
	pascal := regexp.MustCompile(`^(\p{Lu}[\p{Ll}\p{Nd}]+)+$`)
	names := map[string]string{}
	for _, d := range run.Tool.Driver.Rules {
		if !pascal.MatchString(d.Name) {
			t.Errorf("ADO2012/SARIF2012: rule %s has name %q, want a Pascal identifier", d.ID, d.Name)
		}
		names[d.ID] = d.Name
	}
	if names["src-named-exports"] != "SourceQuery" || names[RuleBadSuppression] != "HeedBadSuppression" {
		t.Errorf("rule names say what kind of rule it is: %v", names)
	}
	var locs []sarifLocation
	for _, res := range run.Results {
		if res.RuleID == "" || res.Message.Text == "" || len(res.Locations) == 0 || res.PartialFingerprints == nil {
			t.Errorf("ADO1015: result lacks ruleId, message, locations or partialFingerprints: %+v", res)
		}
		locs = append(locs, res.Locations...)
	}
	for _, inv := range run.Invocations {
		for _, n := range inv.ToolExecutionNotifications {
			locs = append(locs, n.Locations...)
		}
	}
	for _, l := range locs {
		if reg := l.PhysicalLocation.Region; reg == nil || reg.StartLine < 1 {
			t.Errorf("ADO1017: physical location of %s has no region", l.PhysicalLocation.ArtifactLocation.URI)
		}
	}
}

func indexOf(rules []sarifDescriptor, id string) int {
	for i, r := range rules {
		if r.ID == id {
			return i
		}
	}
	return -1
}

func TestFingerprintSurvivesLineShiftsAndReindentation(t *testing.T) {
	a := Fingerprint("R1", "src/a.ts", "  export default   foo;", 1)
	b := Fingerprint("R1", "src/a.ts", "export default foo;", 1)
	if a != b {
		t.Errorf("re-indenting the line changed the fingerprint: %s vs %s", a, b)
	}
	for _, other := range []string{
		Fingerprint("R2", "src/a.ts", "export default foo;", 1),
		Fingerprint("R1", "src/b.ts", "export default foo;", 1),
		Fingerprint("R1", "src/a.ts", "export default bar;", 1),
		Fingerprint("R1", "src/a.ts", "export default foo;", 2),
	} {
		if other == a {
			t.Errorf("different rule, file, content or occurrence must give a different fingerprint")
		}
	}
}

func TestGitHubAnnotationsEscapeEveryField(t *testing.T) {
	r := &Report{Findings: []Finding{{
		Rule: "R:1", Domain: "source", Severity: "error",
		File: "src/a,b:c.ts", Line: 3, Column: 2, EndLine: 3, EndColumn: 9,
		Message: "100% wrong\r\nsecond line", Instruction: Instruction{File: "AGENTS.md", Line: 4, Text: "No default exports"},
	}, {
		Rule: "C1", Domain: "contribution", Severity: "warning", Commit: "abcdef1234567890", Message: "bad type",
	}}}
	r.Tally()
	var buf bytes.Buffer
	if err := WriteGitHub(&buf, r); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	want := "::error file=src/a%2Cb%3Ac.ts,line=3,col=2,endColumn=9,title=heed source rule R%3A1::100%25 wrong second line%0ARule: \"No default exports\" (AGENTS.md:4)"
	if lines[0] != want {
		t.Errorf("annotation\n got %s\nwant %s", lines[0], want)
	}
	if !strings.HasPrefix(lines[1], "::warning title=heed contribution rule C1::bad type (commit abcdef123456)") {
		t.Errorf("commit annotation: %s", lines[1])
	}
	if len(lines) != 3 || strings.HasPrefix(lines[2], "::") {
		t.Errorf("the summary is a plain line after the annotations: %q", lines)
	}
}

// heed's own rules are titled by their id alone: "heed heed: heed/bad-suppression"
// (escaped "heed heed%3A heed/bad-suppression") said heed three times.
func TestGitHubAnnotationTitleOfHeedsOwnRule(t *testing.T) {
	r := &Report{Findings: []Finding{{Rule: RuleBadSuppression, Domain: "heed", Severity: "warning", File: "a.py", Line: 2, Message: "heed:ignore names no rule"}}}
	r.Tally()
	var buf bytes.Buffer
	if err := WriteGitHub(&buf, r); err != nil {
		t.Fatal(err)
	}
	if want := "::warning file=a.py,line=2,title=heed/bad-suppression::"; !strings.HasPrefix(buf.String(), want) {
		t.Errorf("annotation %q, want the prefix %q", buf.String(), want)
	}
}

func TestEscapeDataKeepsEveryByteRecoverable(t *testing.T) {
	for _, s := range []string{"a%0Ab", "x\ny", "%%", "\r\n", "plain"} {
		esc := escapeData(s)
		if strings.ContainsAny(esc, "\r\n") {
			t.Errorf("escaped %q still has a line break: %q", s, esc)
		}
		back := strings.NewReplacer("%0D", "\r", "%0A", "\n", "%25", "%").Replace(esc)
		if back != s {
			t.Errorf("escape(%q) = %q does not decode back (got %q)", s, esc, back)
		}
	}
}

func TestTextReportQuotesTheRuleAndSummarises(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteText(&buf, sample(), Options{}); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{
		"src/features/Day Card,v2.tsx:9:1: error: default export of DayCard [src-named-exports]\n",
		"  Rule: \"Use named exports only; never `export default`.\" (.github/copilot-instructions.md:14, Code style > Modules)\n",
		"  Found: export default function DayCard() {\n",
		"  Instead: export the function by name\n",
		"commit 0123456789ab: warning: commit type \"feature\" is not one of feat, fix, docs, chore [contrib-commit-type]\n",
		"change: error: the change has no test [contrib-tests]\n",
		"note: parse python: timed out: 1 rule undetermined (py-no-print) on src/broken.py\n",
		"note: src/lib/sql.ts:12: syntax error: judged where the syntax tree is sound; 1 match built around it left out (src-named-exports)\n",
		"heed: 3 findings (2 errors, 1 warning): contribution 2, source 1; 4 files and 1 commit checked against 3 rules in 13ms; 1 suppressed; 1 undetermined; 1 file judged in part; 1 file skipped (1 generated)\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("text report lacks\n%q\nin\n%s", want, out)
		}
	}
	if strings.Contains(out, "\x1b[") {
		t.Error("no colour unless asked")
	}
}

func TestSortPutsFilesFirstInOrder(t *testing.T) {
	fs := []Finding{{Commit: "c"}, {File: "b", Line: 1}, {Change: true}, {File: "a", Line: 9}, {File: "a", Line: 2}}
	Sort(fs)
	var got []string
	for _, f := range fs {
		got = append(got, f.Location())
	}
	if strings.Join(got, " ") != "a:2 a:9 b:1 commit c change" {
		t.Errorf("order %v", got)
	}
}

func loadSchema(t *testing.T, path string) *jsonschema.Schema {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	if err := c.AddResource("schema.json", doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("schema.json")
	if err != nil {
		t.Fatal(err)
	}
	return sch
}

// TestJSONReportMatchesItsPublishedSchema holds the writer to docs/report.schema.json,
// the machine-readable form of docs/json.md.
func TestJSONReportMatchesItsPublishedSchema(t *testing.T) {
	sch := loadSchema(t, "../../docs/report.schema.json")
	var buf bytes.Buffer
	if err := WriteJSON(&buf, sample()); err != nil {
		t.Fatal(err)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if err := sch.Validate(inst); err != nil {
		t.Fatalf("the JSON report does not match docs/report.schema.json: %v\n%s", err, buf.String())
	}
	for name, mutate := range map[string]func(f map[string]any){
		"no rule":         func(f map[string]any) { delete(f, "rule") },
		"absolute file":   func(f map[string]any) { f["file"] = "/etc/passwd" },
		"file and commit": func(f map[string]any) { f["commit"] = "0123456789abcdef0123456789abcdef01234567" },
		"line zero":       func(f map[string]any) { f["line"] = 0 },
		"bad severity":    func(f map[string]any) { f["severity"] = "fatal" },
	} {
		var doc map[string]any
		json.Unmarshal(buf.Bytes(), &doc)
		mutate(doc["findings"].([]any)[0].(map[string]any))
		b, _ := json.Marshal(doc)
		inst, _ := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		if sch.Validate(inst) == nil {
			t.Errorf("%s: the schema accepted a broken report", name)
		}
	}
}

// WriteJSON's own indenting must give byte for byte what the encoder's SetIndent gives.
func TestIndentJSONAgreesWithEncoder(t *testing.T) {
	r := &Report{Findings: []Finding{
		{Rule: "r", File: "a \"b\".py", Line: 1, Message: `quote " back \ brackets {[ ]} , : <html> & é`, Snippet: "x\ty\n", Instruction: Instruction{HeaderPath: []string{}}},
		{Rule: "s", Commit: "abc", Message: "", Instruction: Instruction{HeaderPath: []string{"A", "B"}}},
	}}
	var got bytes.Buffer
	if err := WriteJSON(&got, r); err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	enc := json.NewEncoder(&want)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(r); err != nil {
		t.Fatal(err)
	}
	if got.String() != want.String() {
		t.Fatalf("got\n%s\nwant\n%s", got.String(), want.String())
	}
	// Enough findings to be encoded in chunks on workers.
	r.Findings = nil
	for i := 0; i < 3*4096+7; i++ {
		r.Findings = append(r.Findings, Finding{Rule: fmt.Sprint("r", i%7), File: "a.py", Line: i + 1, Message: `m "<&>" ` + strings.Repeat("x", i%5), Instruction: Instruction{HeaderPath: []string{}}})
	}
	got.Reset()
	want.Reset()
	if err := WriteJSON(&got, r); err != nil {
		t.Fatal(err)
	}
	if err := enc.Encode(r); err != nil {
		t.Fatal(err)
	}
	if got.String() != want.String() {
		t.Fatalf("chunked encoding differs from the encoder's (%d vs %d bytes)", got.Len(), want.Len())
	}
	for _, s := range []string{`{}`, `[]`, `{"a":[],"b":{},"c":[1,{"d":"}\"{"}]}`, `"x"`, `[[[]]]`} {
		var w bytes.Buffer
		json.Indent(&w, []byte(s), "", "  ")
		if g := string(indentJSON(nil, []byte(s), 0)); g != w.String() {
			t.Errorf("indentJSON(%s) = %s, want %s", s, g, w.String())
		}
	}
}

func TestNormaliseLineCollapsesWhiteSpace(t *testing.T) {
	for _, s := range []string{"", "   ", "x", "  x = 1  ", "x  =\t1", "\tif a:\r", "a\u00a0 b", "a\u2003b", "é  è", " a b c ", "a\vb", "a \x85b"} {
		if got, want := NormaliseLine(s), strings.Join(strings.Fields(s), " "); got != want {
			t.Errorf("NormaliseLine(%q) = %q, want %q", s, got, want)
		}
	}
}

func TestSARIFWithARuleThatNeedsReviewValidates(t *testing.T) {
	r := sample()
	f := r.Findings[0]
	r.Summary.Condensed = []Condensed{{Rule: f.Rule, Severity: f.Severity, Review: "flags 120 existing sites in 40 files: review", Sites: 120, Files: 40, Shown: 1, Instruction: f.Instruction}}
	out := string(validSARIF(t, r))
	if !strings.Contains(out, `"associatedRule"`) || !strings.Contains(out, "120 sites in 40 files, 1 of them listed") {
		t.Errorf("the notification names the rule and its count:\n%s", out)
	}
}
