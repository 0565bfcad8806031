package trajectory

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"
)

// Read, which reads JSON lines a record at a time, must give what Parse gives on the
// whole file, for every format, forced or detected, and every way a file can be
// damaged: cut, blank lines, CRLF, lines that are not records, lines longer than
// the reader's buffer.
func TestReadAgreesWithParse(t *testing.T) {
	var inputs [][]byte
	ents, _ := filepath.Glob(filepath.Join(samples, "*", "*"))
	ents = append(ents, filepath.Join(samples, "unknown.jsonl"))
	for _, e := range ents {
		data, err := os.ReadFile(e)
		if err != nil {
			continue
		}
		inputs = append(inputs, data, data[:len(data)/2], data[:len(data)*2/3], append([]byte("\n\n"), data...),
			bytes.ReplaceAll(data, []byte("\n"), []byte("\r\n")), bytes.TrimRight(data, "\n"))
		if lines := bytes.Split(data, []byte("\n")); len(lines) > 3 {
			bad := append([][]byte{}, lines...)
			bad[1] = []byte("not json {")
			inputs = append(inputs, bytes.Join(bad, []byte("\n")), bytes.Join(lines[:1], []byte("\n")))
		}
	}
	long := `{"type":"assistant","uuid":"u1","message":{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"Bash","input":{"command":"echo ` + strings.Repeat("x", 200<<10) + `"}}]}}` + "\n" +
		`{"type":"user","uuid":"u2","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"` + strings.Repeat("y", 100<<10) + `"}]}}` + "\n"
	inputs = append(inputs, []byte(long), []byte(""), []byte("\n \n"), []byte("{"), []byte(`{"a":1}`), []byte("[1,2]\n{\"a\":1}\n"),
		[]byte("garbage\n"+long), []byte(long+"{\"type\":\"user\""))
	for i, data := range inputs {
		for _, f := range []string{"auto", Claude, Codex, Heed, MiniSWEAgent, OpenHands, "cursor"} {
			want, werr := Parse(data, f)
			got, gerr := Read(iotest.HalfReader(bytes.NewReader(data)), f)
			if (werr == nil) != (gerr == nil) || werr != nil && werr.Error() != gerr.Error() {
				t.Fatalf("input %d, %s: Parse error %v, Read error %v", i, f, werr, gerr)
			}
			if !reflect.DeepEqual(want, got) {
				t.Fatalf("input %d, %s: Read differs from Parse\n got %+v\nwant %+v", i, f, got, want)
			}
		}
	}
}

// FuzzRead: Read and Parse agree on any input.
func FuzzRead(f *testing.F) {
	ents, _ := filepath.Glob(filepath.Join(samples, "*", "*"))
	for _, e := range ents {
		if data, err := os.ReadFile(e); err == nil {
			f.Add(data, "auto")
		}
	}
	f.Fuzz(func(t *testing.T, data []byte, format string) {
		want, werr := Parse(data, format)
		got, gerr := Read(bytes.NewReader(data), format)
		if (werr == nil) != (gerr == nil) || !reflect.DeepEqual(want, got) {
			t.Fatalf("Read differs from Parse: %v / %v", gerr, werr)
		}
	})
}
