package githook

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// The messages an agent's `git commit` command lines would store.
func TestCommandMessages(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "msg.txt"), []byte("Fix the parser\n\nIt read past the end.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		line string
		want []string
	}{
		{`git commit -m "Fix the parser" -m "It read past the end."`, []string{"Fix the parser\n\nIt read past the end.\n"}},
		{`git add . && git commit -am "Fix the parser"`, []string{"Fix the parser\n"}},
		{`git commit -F msg.txt`, []string{"Fix the parser\n\nIt read past the end.\n"}},
		{`git commit -m "Fix the parser" --trailer "Refs=#12"`, []string{"Fix the parser\n\nRefs: #12\n"}},
		// the message comes from elsewhere, or no commit is made
		{`git commit --amend`, nil},
		{`git commit --dry-run -m "Fix the parser"`, nil},
		{`git -C ../other commit -m "Fix the parser"`, nil},
		// a file the same line writes is read before it is written
		{`echo "Fix" > msg.txt && git commit -F msg.txt`, nil},
	} {
		if got := CommandMessages(root, root, tc.line, nil); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("CommandMessages(%q) = %q, want %q", tc.line, got, tc.want)
		}
	}
	if got := CommandMessages(root, root, "", []string{"git", "commit", "-m", "Fix the parser"}); !reflect.DeepEqual(got, []string{"Fix the parser\n"}) {
		t.Errorf("from argv: %q", got)
	}
}
