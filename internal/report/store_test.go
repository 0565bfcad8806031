package report

import (
	"bytes"
	"fmt"
	"math/rand"
	"os"
	"reflect"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
)

// storeFindings are findings of every shape a check reports, several of them tied
// on place and rule (told apart only by the order the run found them in).
func storeFindings() []Finding {
	var out []Finding
	for i := 0; i < 300; i++ {
		f := Finding{
			Rule: fmt.Sprintf("rule-%d", i%7), Constraint: "c1", Domain: "source", Kind: "query", Severity: "error", Exact: i%2 == 0,
			File: fmt.Sprintf("pkg/f%02d.py", i%13), Line: i % 17, Column: i % 3, EndLine: i%17 + 1, EndColumn: 9,
			Message: fmt.Sprintf("found the call number %d", i), Snippet: "print(x)", Suggestion: "use logging",
			Instruction: Instruction{File: "AGENTS.md", Line: 4, Text: "Do not print.", HeaderPath: []string{"Style", "Python"}},
			Fingerprint: fmt.Sprintf("%016x:1", i),
		}
		switch i % 11 {
		case 0:
			f.Severity, f.Domain = "warning", ""
		case 1:
			f.File, f.Line, f.Column, f.Commit = "", 0, 0, "0123456789abcdef"
		case 2:
			f.File, f.Line, f.Column, f.Change = "", 0, 0, true
			f.Instruction.HeaderPath = []string{}
		case 3:
			f.Command, f.Snippet = "rm -rf /", "ünïcode\x00 and\nnewlines"
		case 4:
			// what a spilled finding used to lose: its fixes, related places and the
			// other places its rule is written
			f.Fixes = []engine.Fix{{Message: "use logging", Exact: true, Edits: []engine.TextEdit{{Path: "pkg/a.py", Start: 4, End: 9, Old: "print", New: "log"}}}}
			f.Related = []engine.Location{{Path: "pkg/a.py", Line: 3, Message: "imports pkg/b"}}
			f.Restated = []Instruction{{File: ".junie/guidelines.md", Line: 9, Text: "Do not print.", HeaderPath: []string{}}}
		}
		out = append(out, f)
	}
	return out
}

// A run's findings come in any order (files finish on several workers); the store
// gives them back as Sort would have ordered them in the order they were found, and
// counts them as Tally would: the same whether it holds them or writes them to a file.
func TestStoreGivesFindingsBackInOrderHeldOrSpilled(t *testing.T) {
	all := storeFindings()
	want := append([]Finding(nil), all...)
	Sort(want)
	wantRep := Report{Findings: want}
	wantRep.Tally()

	for _, c := range []struct{ limit, runKeys int }{{-1, 0}, {0, 0}, {50, 0}, {0, 7}, {50, 64}, {10, 1}} {
		limit := c.limit
		s := NewStore(limit)
		if c.runKeys > 0 {
			s.runKeys = c.runKeys // many sorted runs, merged
		}
		order := rand.New(rand.NewSource(int64(limit + 2))).Perm(len(all))
		for _, i := range order {
			s.Add(&all[i], Seq{Rule: 1, Target: uint32(i)})
		}
		got, err := s.Slice()
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			for i := range got {
				if !reflect.DeepEqual(got[i], want[i]) {
					t.Fatalf("limit %d: finding %d is\n%+v\nwant\n%+v", limit, i, got[i], want[i])
				}
			}
			t.Fatalf("limit %d: %d findings, want %d", limit, len(got), len(want))
		}
		if spilled := s.Spilled(); spilled != (limit >= 0) {
			t.Errorf("limit %d: spilled %v", limit, spilled)
		}
		rep := Report{Store: s}
		rep.Tally()
		if !reflect.DeepEqual(rep.Summary, wantRep.Summary) {
			t.Errorf("limit %d: summary %+v, want %+v", limit, rep.Summary, wantRep.Summary)
		}
		if !rep.HasErrors() || rep.Count() != len(all) {
			t.Errorf("limit %d: HasErrors %v, Count %d", limit, rep.HasErrors(), rep.Count())
		}
		name := ""
		if s.spill != nil {
			name = s.spill.Name()
		}
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
		if name != "" {
			if _, err := os.Stat(name); !os.IsNotExist(err) {
				t.Errorf("limit %d: %s is left behind: %v", limit, name, err)
			}
		}
	}
}

// Every writer renders a report from a store byte for byte as from the findings held.
func TestWritersRenderAStoreAsTheFindingsHeld(t *testing.T) {
	all := storeFindings()
	// more than the JSON writer's chunks, so it writes from the store in rounds
	for i := 0; i < 3; i++ {
		all = append(all, storeFindings()...)
	}
	held := append([]Finding(nil), all...)
	Sort(held) // stable: the order found among ties
	for _, format := range Formats {
		s := NewStore(10)
		for i := range all {
			s.Add(&all[i], Seq{Target: uint32(i)})
		}
		var a, b bytes.Buffer
		if err := Write(&a, format, &Report{Findings: held, Summary: Summary{Mode: "all"}}, Options{Version: "1"}); err != nil {
			t.Fatal(err)
		}
		if err := Write(&b, format, &Report{Store: s, Summary: Summary{Mode: "all"}}, Options{Version: "1"}); err != nil {
			t.Fatal(err)
		}
		s.Close()
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Errorf("%s: the report from the store differs from the one held (%d and %d bytes)", format, a.Len(), b.Len())
		}
	}
}

// A stored finding cut short is an error naming the file, never a finding made up.
func TestStoreReportsAFileItCannotReadBack(t *testing.T) {
	s := NewStore(0)
	f := storeFindings()[5]
	s.Add(&f, Seq{})
	s.Add(&f, Seq{Index: 1})
	if err := s.w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(s.spill.Name(), 10); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.Slice(); err == nil || !bytes.Contains([]byte(err.Error()), []byte(s.spill.Name())) {
		t.Fatalf("reading a truncated store: %v", err)
	}
}

// A spilled store whose keys went out in many runs reads back the same in chunks (as
// the JSON writer reads it, on several goroutines) as whole, and a finding added after
// a read is in the next one, in its place.
func TestSpilledStoreReadsRunsInChunksAndAfterMoreFindings(t *testing.T) {
	all := storeFindings()
	s := NewStore(0)
	s.runKeys = 16
	defer s.Close()
	for i := range all[:200] {
		s.Add(&all[i], Seq{Rule: 1, Target: uint32(i)})
	}
	whole, err := s.Slice()
	if err != nil {
		t.Fatal(err)
	}
	want := append([]Finding(nil), all[:200]...)
	Sort(want)
	if !reflect.DeepEqual(whole, want) {
		t.Fatal("spilled in runs of 16: not in Sort's order")
	}
	var chunks []Finding
	for lo := 0; lo < s.Len(); lo += 33 {
		if err := s.Range(lo, lo+33, func(f *Finding) error { chunks = append(chunks, *f); return nil }); err != nil {
			t.Fatal(err)
		}
	}
	if !reflect.DeepEqual(chunks, whole) {
		t.Fatal("read in chunks of 33: not the findings read whole")
	}
	for i := 200; i < len(all); i++ {
		s.Add(&all[i], Seq{Rule: 1, Target: uint32(i)})
	}
	got, err := s.Slice()
	if err != nil {
		t.Fatal(err)
	}
	want = append([]Finding(nil), all...)
	Sort(want)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("after %d more findings: not in Sort's order (%d findings, want %d)", len(all)-200, len(got), len(want))
	}
}
