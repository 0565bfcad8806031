package shell

import "testing"

// Claude Code commits with a message of several lines as
// git commit -m "$(cat <<'EOF' ... EOF)": the message is the here-document's text.
func TestCatHeredocReadsTheMessageAnAgentPasses(t *testing.T) {
	line := "git commit -m \"$(cat <<'EOF'\nfeat(parser): handle x\n\nThe parser dropped x.\nEOF\n)\" && git log -1"
	var word string
	for _, c := range Parse(line, Options{}) {
		if len(c.Argv) == 4 && c.Argv[1] == "commit" {
			word = c.Argv[3]
		}
	}
	got, ok := CatHeredoc(word)
	if !ok || got != "feat(parser): handle x\n\nThe parser dropped x." {
		t.Fatalf("CatHeredoc(%q) = %q, %v", word, got, ok)
	}
	for _, w := range []string{
		"\"$(cat <<EOF\nfix: $VERSION\nEOF\n)\"",      // expanded by the shell
		"\"$(cat <<EOF\nfix: `date`\nEOF\n)\"",        // likewise
		"\"$(cat notes.txt <<'EOF'\nfix: x\nEOF\n)\"", // cat prints the file
		"\"$(cat <<'EOF' | tr a b\nfix: x\nEOF\n)\"",  // a pipeline
		"$(cat <<'EOF'\nfix: x\nEOF\n)",               // unquoted: split into words
		"\"$(git log -1 --format=%s)\"",               // no here-document
	} {
		if got, ok := CatHeredoc(w); ok {
			t.Errorf("CatHeredoc(%q) = %q, want not read", w, got)
		}
	}
	if got, ok := CatHeredoc("\"$(cat <<EOF\nfix: plain text\nEOF\n)\""); !ok || got != "fix: plain text" {
		t.Errorf("an unquoted delimiter over plain text: %q, %v", got, ok)
	}
}
