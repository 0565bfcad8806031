package policyfile

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/policy"
)

func sample() *policy.Policy {
	r := policy.Rule{ID: "c1.command.1", Domain: policy.DomainProcess, Kind: "command", Params: json.RawMessage(`{"deny":["npm publish"]}`),
		Severity: policy.SeverityError, Exact: true, Origin: "process.never-run",
		Cases: []policy.Case{{Expect: policy.ExpectViolated, Argv: []string{"npm", "publish"}}, {Expect: policy.ExpectSatisfied, Argv: []string{"npm", "test"}}}}
	r.Generated = policy.Fingerprint(&r)
	return &policy.Policy{Version: policy.CurrentVersion,
		Sources: []policy.SourceFile{{Path: "AGENTS.md", SHA256: strings.Repeat("a", 64), Format: "agents"}},
		Entries: []policy.Entry{
			{Constraint: policy.Constraint{ID: "c1", Text: "Never run `npm publish`.", File: "AGENTS.md", Line: 3, Level: policy.Must}, Rules: []policy.Rule{r}},
			{Constraint: policy.Constraint{ID: "c2", Text: "Be nice.", File: "AGENTS.md", Line: 4, Level: policy.Should}, Unenforced: "no checkable claim"},
		}}
}

func TestMarshalRoundTripIsDeterministic(t *testing.T) {
	a, err := policy.Marshal(sample())
	if err != nil {
		t.Fatal(err)
	}
	p, err := Parse(a, "policy.json")
	if err != nil {
		t.Fatalf("a written policy must load: %v", err)
	}
	b, _ := policy.Marshal(p)
	if !bytes.Equal(a, b) {
		t.Fatalf("round trip changed the file:\n%s\n---\n%s", a, b)
	}
	if !bytes.HasSuffix(a, []byte("}\n")) || !bytes.Contains(a, []byte(`"$schema": "`+policy.SchemaURL+`"`)) {
		t.Fatalf("policy file lacks $schema or trailing newline:\n%s", a)
	}
}

// A repository without instruction files compiles to a policy with no sources and no
// constraints: ValidateEncoded must accept it, since that is what heed compile writes.
func TestValidateEmptyPolicy(t *testing.T) {
	empty := &policy.Policy{Version: policy.CurrentVersion}
	written, err := policy.Marshal(empty)
	if err != nil {
		t.Fatal(err)
	}
	if err := ValidateEncoded(empty, written); err != nil {
		t.Fatalf("an empty policy is valid: %v", err)
	}
	data, err := policy.Marshal(&policy.Policy{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Parse(data, "policy.json"); err != nil {
		t.Fatalf("the empty policy as written must load: %v", err)
	}
}

// Every problem in a hand-edited policy names the JSON path and the rule it is in.
func TestParseErrorsNameThePathAndRule(t *testing.T) {
	good, _ := policy.Marshal(sample())
	edit := func(f func(m map[string]any)) []byte {
		var m map[string]any
		if err := json.Unmarshal(good, &m); err != nil {
			t.Fatal(err)
		}
		f(m)
		b, _ := json.Marshal(m)
		return b
	}
	rule0 := func(m map[string]any) map[string]any {
		return m["constraints"].([]any)[0].(map[string]any)["rules"].([]any)[0].(map[string]any)
	}
	for _, c := range []struct {
		name string
		data []byte
		want []string
	}{
		{"bad JSON", []byte("{\n  \"version\": 1,\n  \"sources\": [}\n"), []string{"policy.json:3:", "invalid JSON"}},
		{"truncated", good[:len(good)/2], []string{"policy.json", "invalid JSON"}},
		{"empty", []byte("  \n"), []string{"empty file"}},
		{"wrong severity", edit(func(m map[string]any) { rule0(m)["severity"] = "fatal" }), []string{"/constraints/0/rules/0/severity", "rule c1.command.1"}},
		{"wrong type", edit(func(m map[string]any) { rule0(m)["exact"] = "yes" }), []string{"/constraints/0/rules/0/exact", "rule c1.command.1", "boolean"}},
		{"case expectation", edit(func(m map[string]any) { rule0(m)["cases"].([]any)[1].(map[string]any)["expect"] = "pass" }), []string{"/constraints/0/rules/0/cases/1/expect", "rule c1.command.1"}},
		{"typo in a field", edit(func(m map[string]any) { rule0(m)["serverity"] = "error" }), []string{"/constraints/0/rules/0", "serverity"}},
		{"missing kind", edit(func(m map[string]any) { delete(rule0(m), "kind") }), []string{"/constraints/0/rules/0", "kind"}},
		{"constraint level", edit(func(m map[string]any) { m["constraints"].([]any)[1].(map[string]any)["level"] = "may" }), []string{"/constraints/1/level", "constraint c2"}},
		{"version", edit(func(m map[string]any) { m["version"] = 7 }), []string{"/version"}},
		{"duplicate rule id", edit(func(m map[string]any) {
			e := m["constraints"].([]any)[1].(map[string]any)
			e["rules"] = []any{rule0(m)}
		}), []string{"/constraints/1/rules/0/id", "duplicate rule id", "c1.command.1"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse(c.data, "policy.json")
			if err == nil {
				t.Fatal("a broken policy loaded")
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not contain %q", err, w)
				}
			}
		})
	}
}

// Every broken place of a policy file is reported at once, each at its own field, so
// one run of `heed compile --check` shows all there is to fix.
func TestParseReportsEveryProblem(t *testing.T) {
	good, _ := json.Marshal(sample())
	var m map[string]any
	if err := json.Unmarshal(good, &m); err != nil {
		t.Fatal(err)
	}
	r := m["constraints"].([]any)[0].(map[string]any)["rules"].([]any)[0].(map[string]any)
	r["severity"] = "fatal"
	r["serverity"] = "error"
	delete(r, "kind")
	m["constraints"].([]any)[1].(map[string]any)["level"] = "may"
	m["version"] = 7
	data, _ := json.Marshal(m)
	_, err := Parse(data, "policy.json")
	var ve *policy.ValidationError
	if !errors.As(err, &ve) {
		t.Fatalf("want a policy.ValidationError, got %v", err)
	}
	var got []string
	for _, e := range ve.Errors {
		got = append(got, e.Path+" "+e.RuleID+e.ConstraintID+": "+e.Msg)
	}
	want := []string{
		"/constraints/0/rules/0 c1.command.1c1: missing required field(s): kind",
		"/constraints/0/rules/0 c1.command.1c1: unknown field(s): serverity",
		`/constraints/0/rules/0/severity c1.command.1c1: value must be one of "error", "warning"; got "fatal"`,
		`/constraints/1/level c2: value must be one of "must", "should", "info"; got "may"`,
		"/version : value must be 1; got 7",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
