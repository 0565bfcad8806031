package norm

import (
	"strings"
	"testing"
)

// A table row that gives a command and when it runs: a "When" column, or a column
// whose header says the moment's side ("Required before") over a bare moment; the
// command is the column whose cell is one code span, though another column's header
// says "Check". Rows of this session's own writing (own batch 261, T14).
func TestWhenTableRowColumns(t *testing.T) {
	for _, c := range []struct {
		row, header, want string
	}{
		{"Vet | `go vet ./...` | commit", "Check | Command | Required before", "Run `go vet ./...` before commit."},
		{"Format | `ruff format` | push", "Task | Run | Before", "Run `ruff format` before push."},
		{"Lint | `npm run lint` | before each commit", "Check | Command | When", "Run `npm run lint` before each commit."},
		{"Codegen | `make gen` | editing `api/`", "Step | Command | Required after", "Run `make gen` after editing `api/`."},
		{"Lint | `npm run lint` | CI only", "Check | Command | Required before", ""},
		{"Lint | npm run lint | commit", "Check | Command | Required before", ""},
	} {
		got, _ := whenTableRow(c.row, strings.Split(c.header, " | "))
		if got != c.want {
			t.Errorf("%q under %q: %q, want %q", c.row, c.header, got, c.want)
		}
	}
}
