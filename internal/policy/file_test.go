package policy

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func sample() *Policy {
	r := Rule{ID: "c1.command.1", Domain: DomainProcess, Kind: "command", Params: json.RawMessage(`{"deny":["npm publish"]}`),
		Severity: SeverityError, Exact: true, Origin: "process.never-run",
		Cases: []Case{{Expect: ExpectViolated, Argv: []string{"npm", "publish"}}, {Expect: ExpectSatisfied, Argv: []string{"npm", "test"}}}}
	r.Generated = Fingerprint(&r)
	return &Policy{Version: CurrentVersion,
		Sources: []SourceFile{{Path: "AGENTS.md", SHA256: strings.Repeat("a", 64), Format: "agents"}},
		Entries: []Entry{
			{Constraint: Constraint{ID: "c1", Text: "Never run `npm publish`.", File: "AGENTS.md", Line: 3, Level: Must}, Rules: []Rule{r}},
			{Constraint: Constraint{ID: "c2", Text: "Be nice.", File: "AGENTS.md", Line: 4, Level: Should}, Unenforced: "no checkable claim"},
		}}
}

func TestSaveIsAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, ".heed", "policy.json")
	if err := save(path, sample()); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(path)
	// A write that cannot complete leaves the old file whole and no temporary behind.
	if err := os.Chmod(filepath.Dir(path), 0o500); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(filepath.Dir(path), 0o755)
	if os.Geteuid() != 0 { // root ignores directory permissions
		p := sample()
		p.Entries = nil
		if err := save(path, p); err == nil {
			t.Fatal("save into a read-only folder succeeded")
		}
		after, _ := os.ReadFile(path)
		if !bytes.Equal(before, after) {
			t.Fatal("a failed save changed the policy file")
		}
	}
	os.Chmod(filepath.Dir(path), 0o755)
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Fatalf("temporary files left behind: %v", entries)
	}
	// Saving over a directory fails without touching it.
	if err := save(dir, sample()); err == nil {
		t.Fatal("saving over a directory succeeded")
	}
}

func TestFingerprintSeesEditsNotFormatting(t *testing.T) {
	r := sample().Entries[0].Rules[0]
	if r.Edited() {
		t.Fatal("a rule as generated counts as edited")
	}
	reformatted := r
	reformatted.Params = json.RawMessage("{ \"deny\" : [ \"npm publish\" ] }")
	if reformatted.Edited() {
		t.Fatal("re-indenting params counts as an edit")
	}
	for name, edit := range map[string]func(*Rule){
		"params":   func(r *Rule) { r.Params = json.RawMessage(`{"deny":["npm publish","npm unpublish"]}`) },
		"severity": func(r *Rule) { r.Severity = SeverityWarning },
		"scope":    func(r *Rule) { r.Scope.Dir = "web" },
		"cases":    func(r *Rule) { r.Cases = r.Cases[:1] },
		"message":  func(r *Rule) { r.Message = "no publishing" },
		"manual":   func(r *Rule) { r.Origin = OriginManual },
		"no print": func(r *Rule) { r.Generated = "" },
	} {
		e := r
		e.Cases = append([]Case(nil), r.Cases...)
		edit(&e)
		if !e.Edited() {
			t.Errorf("editing %s is not seen", name)
		}
	}
}

// The schema must describe every field the Go types write, or a valid policy would
// be rejected (or a typo accepted) on load.
func TestSchemaCoversEveryField(t *testing.T) {
	var schema struct {
		Properties map[string]any `json:"properties"`
		Defs       map[string]struct {
			Properties map[string]any `json:"properties"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(SchemaJSON(), &schema); err != nil {
		t.Fatal(err)
	}
	check := func(typ reflect.Type, props map[string]any, def string) {
		for _, name := range jsonFields(typ) {
			if _, ok := props[name]; !ok {
				t.Errorf("schema $defs/%s lacks %q (field of %s)", def, name, typ)
			}
		}
		if len(props) != len(jsonFields(typ)) {
			t.Errorf("schema $defs/%s has %d properties, %s has %d json fields", def, len(props), typ, len(jsonFields(typ)))
		}
	}
	check(reflect.TypeOf(Policy{}), schema.Properties, "(top)")
	check(reflect.TypeOf(SourceFile{}), schema.Defs["source"].Properties, "source")
	check(reflect.TypeOf(Scope{}), schema.Defs["scope"].Properties, "scope")
	check(reflect.TypeOf(CodeBlock{}), schema.Defs["code"].Properties, "code")
	check(reflect.TypeOf(Case{}), schema.Defs["case"].Properties, "case")
	check(reflect.TypeOf(Rule{}), schema.Defs["rule"].Properties, "rule")
	// (a rule's condition was left out here, and the schema refused every rule
	// about new code for twelve stops)
	check(reflect.TypeOf(Condition{}), schema.Defs["condition"].Properties, "condition")
	if sv, ok := schema.Properties["self_validation"].(map[string]any); ok {
		props, _ := sv["properties"].(map[string]any)
		check(reflect.TypeOf(SelfValidation{}), props, "(top)/self_validation")
	} else {
		t.Error("the schema describes no self_validation")
	}
	check(reflect.TypeOf(Entry{}), schema.Defs["entry"].Properties, "entry")
}

func jsonFields(t reflect.Type) []string {
	var out []string
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Anonymous {
			out = append(out, jsonFields(f.Type)...)
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" || !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out = append(out, name)
	}
	return out
}

// docs/policy.schema.json is the published copy editors fetch: it must be the schema
// heed validates with.
func TestPublishedSchemaIsCurrent(t *testing.T) {
	pub, err := os.ReadFile(filepath.Join("..", "..", "docs", "policy.schema.json"))
	if err != nil {
		t.Fatalf("the published schema is missing: %v", err)
	}
	if !bytes.Equal(pub, SchemaJSON()) {
		t.Fatal("docs/policy.schema.json differs from internal/policy/schema/policy.schema.json: copy it over")
	}
}

// Issue 22: a policy edited around heed (a rule deleted, a severity lowered) is told
// apart from one heed wrote; layout is not content, and the seal survives a
// round trip through heed.
func TestSealTellsAnEditAroundHeedFromLayout(t *testing.T) {
	data, err := Marshal(sample())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(data, []byte(`"integrity": "sha256:`)) {
		t.Fatalf("Marshal wrote no seal:\n%s", data)
	}
	if err := CheckSeal(data); err != nil {
		t.Fatalf("heed's own output: %v", err)
	}
	var compact bytes.Buffer
	json.Compact(&compact, data)
	for name, layout := range map[string][]byte{
		"compacted":       compact.Bytes(),
		"a blank line on": append(append([]byte(nil), data...), '\n'),
	} {
		if err := CheckSeal(layout); err != nil {
			t.Errorf("%s: %v (layout is not an edit)", name, err)
		}
	}
	for name, edit := range map[string]func(string) string{
		"severity lowered": func(s string) string { return strings.Replace(s, `"severity": "error"`, `"severity": "warning"`, 1) },
		"rule emptied":     func(s string) string { return strings.Replace(s, `"deny": [`, `"deny": [], "x": [`, 1) },
		"source rehashed":  func(s string) string { return strings.Replace(s, strings.Repeat("a", 64), strings.Repeat("b", 64), 1) },
	} {
		edited := edit(string(data))
		if edited == string(data) {
			t.Fatalf("%s: the test edit changed nothing", name)
		}
		var se *SealError
		if err := CheckSeal([]byte(edited)); !errors.As(err, &se) || se.Missing {
			t.Errorf("%s: CheckSeal = %v, want a seal mismatch", name, err)
		}
	}
	var p Policy
	json.Unmarshal(data, &p)
	p.Integrity = ""
	var unsealed bytes.Buffer
	enc := json.NewEncoder(&unsealed)
	enc.SetIndent("", "  ")
	enc.Encode(&p)
	var se *SealError
	if err := CheckSeal(unsealed.Bytes()); !errors.As(err, &se) || !se.Missing {
		t.Errorf("no seal: CheckSeal = %v, want it missing", err)
	}
	// heed compile seals what it writes, a kept hand edit included
	p.Entries[0].Rules[0].Severity = SeverityWarning
	again, _ := Marshal(&p)
	if err := CheckSeal(again); err != nil {
		t.Errorf("resealed: %v", err)
	}
}

// save writes the policy as heed compile does: encoded, then written atomically.
func save(path string, p *Policy) error {
	data, err := Marshal(p)
	if err != nil {
		return err
	}
	return WriteAtomic(path, data)
}
