package enforce

import (
	"encoding/json"
	"testing"
)

// Journal lines are json.Marshal's bytes, whatever the text.
func TestJournalLineIsJSONMarshal(t *testing.T) {
	exit, neg := 0, -3
	for _, e := range []JournalEntry{
		{},
		{Time: "2026-01-02T03:04:05.123Z", ID: "ab12", Source: "hook:claude", Session: "s", Argv: []string{"git", "push", "<&>", "\u2028\u2029", "\xff\xfe", "tab\tnl\ncr\rbs\\q\"", "\x00\x01\x1f\x7f\b\f"},
			Line: "a && b > c", Cwd: "web", Verdict: "blocked", Rules: []string{"r1", "r2"}, Exit: &exit, State: "st", Edit: []string{"a.go"}},
		{ID: "x", Exit: &neg, Argv: []string{}, Rules: nil, Edit: []string{""}},
	} {
		want, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		if got := e.appendJSON(nil); string(got) != string(want) {
			t.Errorf("\n got %s\nwant %s", got, want)
		}
	}
}

func FuzzJSONString(f *testing.F) {
	for _, s := range []string{"", "plain", "<&>\"\\", "\u2028\xff\x00é", "\xed\xa0\x80"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, _ := json.Marshal(s)
		if got := appendJSONString(nil, s); string(got) != string(want) {
			t.Fatalf("%q:\n got %s\nwant %s", s, got, want)
		}
	})
}
