package instr

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"unicode/utf8"

	"github.com/heed-dev/heed/internal/policy"
)

// Every bad file gives a warning that names it and says why; the good files beside
// it are still read; nothing crashes and nothing is dropped silently.
func TestBadInput(t *testing.T) {
	huge := strings.Repeat("- Use tabs.\n", MaxFileSize/12+10)
	root := writeTree(t, map[string]string{
		"AGENTS.md":                     "- Good rule.\n",
		"latin1/AGENTS.md":              "- Caf\xe9 rule: never use \xff bytes.\n",
		"binary/AGENTS.md":              "- rule\x00\x01\x02 binary\n",
		"empty/AGENTS.md":               "",
		"blank/AGENTS.md":               "\n\n   \n",
		"huge/AGENTS.md":                huge,
		".cursor/rules/broken.mdc":      "---\nglobs: [*.ts\nnot yaml at all\n---\n- Cursor rule.\n",
		".cursor/rules/unclosed.mdc":    "---\nglobs: *.ts\n- Unclosed rule.\n",
		".claude/rules/bad-bracket.md":  "---\npaths:\n  - \"src/{a,b/**\"\n---\n- Bracket rule.\n",
		"cycle/CLAUDE.md":               "@a.md\n",
		"cycle/a.md":                    "- A rule.\n\n@b.md\n",
		"cycle/b.md":                    "- B rule.\n\n@a.md\n",
		"escape/CLAUDE.md":              "@../../etc/passwd.md\n@/etc/hostname\n",
		"unreadable/AGENTS.md":          "- Secret rule.\n",
		"dir/AGENTS.md/placeholder.txt": "AGENTS.md is a directory here\n",
	})
	unreadable := filepath.Join(root, "unreadable", "AGENTS.md")
	if err := os.Chmod(unreadable, 0); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(unreadable, 0o644)
	permsEnforced := true
	if f, err := os.Open(unreadable); err == nil {
		f.Close()
		permsEnforced = false // running as root: permissions do not stop reads
	}
	// A FIFO would block a careless reader forever; a dangling symlink cannot be read.
	if err := syscall.Mkfifo(filepath.Join(root, "fifo", "AGENTS.md"), 0o644); err != nil {
		os.MkdirAll(filepath.Join(root, "fifo"), 0o755)
		if err := syscall.Mkfifo(filepath.Join(root, "fifo", "AGENTS.md"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.MkdirAll(filepath.Join(root, "dangling"), 0o755)
	if err := os.Symlink("nowhere.md", filepath.Join(root, "dangling", "AGENTS.md")); err != nil {
		t.Fatal(err)
	}

	set, err := Load(root)
	if err != nil {
		t.Fatalf("Load must not fail for bad files: %v", err)
	}
	for _, w := range []struct{ file, msg string }{
		{"latin1/AGENTS.md", "not valid UTF-8"},
		{"binary/AGENTS.md", "binary"},
		{"empty/AGENTS.md", "empty"},
		{"blank/AGENTS.md", "empty"},
		{"huge/AGENTS.md", "larger than the 5 MB limit"},
		{".cursor/rules/broken.mdc", "not closed by ]"},
		{".cursor/rules/broken.mdc", "cannot read"},
		{".cursor/rules/unclosed.mdc", "never closed"},
		{".claude/rules/bad-bracket.md", "unbalanced brackets"},
		{"cycle/b.md", "import cycle"},
		{"escape/CLAUDE.md", "leaves the repository"},
		{"escape/CLAUDE.md", "outside the repository"},
	} {
		if !warned(set.Warnings, w.file, w.msg) {
			t.Errorf("no warning %q for %s; warnings: %v", w.msg, w.file, set.Warnings)
		}
	}
	if permsEnforced && !warned(set.Warnings, "unreadable/AGENTS.md", "cannot read") {
		t.Errorf("no warning for the unreadable file: %v", set.Warnings)
	}
	if !warned(set.Warnings, "fifo/AGENTS.md", "not a regular file") {
		t.Errorf("no warning for the FIFO: %v", set.Warnings)
	}
	if !warned(set.Warnings, "dangling/AGENTS.md", "cannot read") {
		t.Errorf("no warning for the dangling symlink: %v", set.Warnings)
	}
	for _, want := range []string{"Good rule.", "Cursor rule.", "Unclosed rule.", "Bracket rule.", "A rule.", "B rule."} {
		if !hasText(set.Constraints, want) {
			t.Errorf("lost %q next to a bad file", want)
		}
	}
	// Invalid bytes are replaced, the rest of the text kept.
	var latin *policy.Constraint
	for i := range set.Constraints {
		if set.Constraints[i].File == "latin1/AGENTS.md" {
			latin = &set.Constraints[i]
		}
	}
	if latin == nil || !utf8.ValidString(latin.Text) || !strings.Contains(latin.Text, "never use") {
		t.Errorf("non-UTF-8 file: %+v", latin)
	}
	if hasText(set.Constraints, "binary") {
		t.Errorf("binary file was read as text")
	}
	// Every file found is listed, read or not.
	listed := map[string]bool{}
	for _, f := range set.Files {
		listed[f.Path] = true
	}
	for _, p := range []string{"binary/AGENTS.md", "huge/AGENTS.md", "empty/AGENTS.md", "latin1/AGENTS.md"} {
		if !listed[p] {
			t.Errorf("%s is not listed in Files", p)
		}
	}
}

func TestLoadRootErrors(t *testing.T) {
	if _, err := Load(filepath.Join(t.TempDir(), "missing")); err == nil {
		t.Errorf("Load of a missing root must fail")
	}
	f := filepath.Join(t.TempDir(), "file")
	os.WriteFile(f, []byte("x"), 0o644)
	if _, err := Load(f); err == nil || !strings.Contains(err.Error(), "not a directory") {
		t.Errorf("Load of a file: %v", err)
	}
}

// Extract on its own handles the same inputs.
func TestExtractBadBytes(t *testing.T) {
	for name, src := range map[string][]byte{
		"empty":    nil,
		"nul":      []byte("a\x00b"),
		"huge":     bytes.Repeat([]byte("x"), MaxFileSize+1),
		"bom":      []byte("\ufeff# T\n\n- Use tabs.\n"),
		"crlf":     []byte("# T\r\n\r\n- Use tabs.\r\n- Never spaces.\r\n"),
		"invalid":  []byte("- \xc3\x28 bad\n"),
		"only-fm":  []byte("---\nglobs: x\n---\n"),
		"deep":     bytes.Repeat([]byte("> "), 10000),
		"nested":   []byte(strings.Repeat("  ", 0) + strings.Repeat("- a\n", 1) + nestedList(300)),
		"brackets": bytes.Repeat([]byte("["), 50000),
	} {
		cs, ws := Extract("AGENTS.md", src, FormatAgents, policy.Scope{})
		for _, c := range cs {
			if !utf8.ValidString(c.Text) || c.Line < 1 {
				t.Errorf("%s: bad constraint %+v", name, c)
			}
		}
		for _, w := range ws {
			if w.File != "AGENTS.md" || w.Msg == "" {
				t.Errorf("%s: warning without file or reason: %+v", name, w)
			}
		}
	}
	cs, _ := Extract("AGENTS.md", []byte("# T\r\n\r\n- Use tabs.\r\n- Never spaces.\r\n"), FormatAgents, policy.Scope{})
	if len(cs) != 2 || cs[1].Text != "Never spaces." || cs[1].Line != 4 {
		t.Errorf("CRLF: %+v", cs)
	}
}

func nestedList(depth int) string {
	var b strings.Builder
	for i := 0; i < depth; i++ {
		b.WriteString(strings.Repeat("  ", i) + "- level\n")
	}
	return b.String()
}
