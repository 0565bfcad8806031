package policy

import (
	"encoding/json"
	"reflect"
	"testing"
)

func gen(id, kind, params string) Rule {
	r := Rule{ID: id, Domain: DomainProcess, Kind: kind, Params: json.RawMessage(params), Severity: SeverityError, Origin: "rec"}
	r.Generated = Fingerprint(&r)
	return r
}

func entry(id, text string, rules ...Rule) Entry {
	return Entry{Constraint: Constraint{ID: id, Text: text, File: "AGENTS.md", Level: Must}, Rules: rules}
}

func ids(rs []Rule) []string {
	var out []string
	for _, r := range rs {
		out = append(out, r.ID)
	}
	return out
}

func TestMergeKeepsWhatPeopleWrote(t *testing.T) {
	edited := gen("a.command.1", "command", `{"deny":["npm publish"]}`)
	edited.Severity = SeverityWarning // a person relaxed it
	manual := Rule{ID: "a.manual.1", Domain: DomainProcess, Kind: "command", Params: json.RawMessage(`{"deny":["yarn publish"]}`), Severity: SeverityError, Origin: OriginManual}
	stale := gen("b.command.1", "command", `{"deny":["make"]}`)
	lost := gen("gone.command.1", "command", `{"deny":["x"]}`)
	lost.Message = "edited"
	handWritten := Entry{Constraint: Constraint{ID: "mine", Text: "team rule", Level: Must}, Rules: []Rule{{ID: "mine.command.1", Kind: "command", Origin: OriginManual}}}
	old := &Policy{Version: 1, Entries: []Entry{
		entry("a", "Never run `npm publish`.", edited, manual),
		entry("b", "Never run `make`.", stale),
		entry("gone", "Deleted rule.", lost),
		handWritten,
	}}
	fresh := &Policy{Version: 1, Entries: []Entry{
		entry("a", "Never run `npm publish`.", gen("a.command.1", "command", `{"deny":["npm publish"]}`)),
		entry("b", "Never run `make`.", gen("b.command.1", "command", `{"deny":["make","make all"]}`)),
		entry("new", "Never run `rm -rf`.", gen("new.command.1", "command", `{"deny":["rm -rf"]}`)),
		{Constraint: Constraint{ID: "c", Text: "Be nice", File: "AGENTS.md", Level: Should}, Unenforced: "no checkable claim"},
	}}
	got, ch := Merge(old, fresh)
	byID := map[string]Entry{}
	var order []string
	for _, e := range got.Entries {
		byID[e.ID] = e
		order = append(order, e.ID)
	}
	if want := []string{"a", "b", "new", "c", "mine"}; !reflect.DeepEqual(order, want) {
		t.Fatalf("entries %v, want %v (fresh order, hand-written constraints last, deleted ones dropped)", order, want)
	}
	a := byID["a"]
	if !reflect.DeepEqual(ids(a.Rules), []string{"a.command.1", "a.manual.1"}) || a.Rules[0].Severity != SeverityWarning {
		t.Fatalf("constraint a: rules %v severity %s: the edit and the manual rule must survive", ids(a.Rules), a.Rules[0].Severity)
	}
	if b := byID["b"]; string(b.Rules[0].Params) != `{"deny":["make","make all"]}` {
		t.Fatalf("an unedited generated rule must be regenerated, got %s", b.Rules[0].Params)
	}
	if !reflect.DeepEqual(ch.KeptRules, []string{"a.command.1", "a.manual.1", "mine.command.1"}) {
		t.Errorf("kept %v", ch.KeptRules)
	}
	if !reflect.DeepEqual(ch.ChangedRules, []string{"b.command.1"}) || !reflect.DeepEqual(ch.AddedRules, []string{"new.command.1"}) {
		t.Errorf("changed %v added %v", ch.ChangedRules, ch.AddedRules)
	}
	if !reflect.DeepEqual(ch.RemovedConstraints, []string{"gone"}) || !reflect.DeepEqual(ch.LostRules, []string{"gone.command.1"}) {
		t.Errorf("removed %v lost %v: an edited rule of a deleted constraint must be reported as lost", ch.RemovedConstraints, ch.LostRules)
	}
	// Merging the result again changes nothing.
	again, ch2 := Merge(got, fresh)
	if !reflect.DeepEqual(again.Entries, got.Entries) || !ch2.Empty() {
		t.Fatalf("merge is not idempotent: %+v", ch2)
	}
}

func TestMergeDropsGeneratedRulesNoLongerProduced(t *testing.T) {
	old := &Policy{Entries: []Entry{entry("a", "x", gen("a.command.1", "command", `{}`), gen("a.command.2", "command", `{"x":1}`))}}
	fresh := &Policy{Entries: []Entry{entry("a", "x", gen("a.command.1", "command", `{}`))}}
	got, ch := Merge(old, fresh)
	if len(got.Entries[0].Rules) != 1 || !reflect.DeepEqual(ch.RemovedRules, []string{"a.command.2"}) {
		t.Fatalf("rules %v removed %v", ids(got.Entries[0].Rules), ch.RemovedRules)
	}
}

// Issue 22: renaming a heading changed every constraint id under it, and a recompile
// dropped the rules a person had edited or added there. A constraint whose id is new
// is matched to the old entry with the same text.
func TestMergeFollowsAConstraintWhoseHeadingWasRenamed(t *testing.T) {
	edited := gen("x1.command.1", "command", `{"deny":["npm publish"]}`)
	edited.Severity = SeverityWarning
	manual := Rule{ID: "x1.manual.1", Domain: DomainProcess, Kind: "command", Params: json.RawMessage(`{"deny":["yarn publish"]}`), Severity: SeverityError, Origin: OriginManual}
	under := func(e Entry, heading ...string) Entry { e.HeaderPath = heading; return e }
	old := &Policy{Version: 1, Entries: []Entry{
		under(entry("x1", "Never run `npm publish`.", edited, manual), "Release"),
		under(entry("d1", "Run the tests.", gen("d1.command.1", "command", `{}`)), "Release"),
		under(entry("d2", "Run the tests.", func() Rule { r := gen("d2.command.1", "command", `{}`); r.Message = "second"; return r }()), "Release"),
		under(entry("moved", "Never run `make clean`.", func() Rule { r := gen("moved.command.1", "command", `{}`); r.Message = "edited"; return r }()), "Build"),
		under(entry("gone", "Deleted rule.", func() Rule { r := gen("gone.command.1", "command", `{}`); r.Message = "edited"; return r }()), "Build"),
	}}
	inCLAUDE := under(entry("moved2", "Never run `make clean`.", gen("moved2.command.1", "command", `{}`)), "Make")
	inCLAUDE.File = "CLAUDE.md"
	fresh := &Policy{Version: 1, Entries: []Entry{
		under(entry("x2", "Never run  `npm publish`.", gen("x2.command.1", "command", `{"deny":["npm publish"]}`)), "Publishing"),
		under(entry("e1", "Run the tests.", gen("e1.command.1", "command", `{}`)), "Shipping"),
		under(entry("e2", "Run the tests.", gen("e2.command.1", "command", `{}`)), "Shipping"),
		inCLAUDE,
	}}
	got, ch := Merge(old, fresh)
	byID := map[string]Entry{}
	for _, e := range got.Entries {
		byID[e.ID] = e
	}
	x := byID["x2"]
	if !reflect.DeepEqual(ids(x.Rules), []string{"x2.command.1", "x2.manual.1"}) || x.Rules[0].Severity != SeverityWarning || x.HeaderPath[0] != "Publishing" {
		t.Fatalf("x2: rules %v severity %s heading %v: the edit and the manual rule follow the renamed heading", ids(x.Rules), x.Rules[0].Severity, x.HeaderPath)
	}
	if r := byID["e2"].Rules; len(r) != 1 || r[0].ID != "e2.command.1" || r[0].Message != "second" {
		t.Errorf("the second of two equal texts pairs with the second: %+v", r)
	}
	if r := byID["moved2"].Rules; len(r) != 1 || r[0].Message != "edited" || byID["moved2"].File != "CLAUDE.md" {
		t.Errorf("a sentence moved to another file keeps its edit: %+v", r)
	}
	want := []Move{{"x1", "x2"}, {"d1", "e1"}, {"d2", "e2"}, {"moved", "moved2"}}
	if !reflect.DeepEqual(ch.MovedConstraints, want) {
		t.Errorf("moved %v, want %v", ch.MovedConstraints, want)
	}
	if !reflect.DeepEqual(ch.LostRules, []string{"gone.command.1"}) || !reflect.DeepEqual(ch.RemovedConstraints, []string{"gone"}) || len(ch.AddedConstraints) != 0 {
		t.Errorf("lost %v removed %v added %v: only the deleted constraint's edit is lost", ch.LostRules, ch.RemovedConstraints, ch.AddedConstraints)
	}
	if !reflect.DeepEqual(ch.KeptRules, []string{"x2.command.1", "x2.manual.1", "e2.command.1", "moved2.command.1"}) {
		t.Errorf("kept %v", ch.KeptRules)
	}
	again, ch2 := Merge(got, fresh)
	if !reflect.DeepEqual(again.Entries, got.Entries) || !ch2.Empty() {
		t.Fatalf("merge is not idempotent: %+v", ch2)
	}
}
