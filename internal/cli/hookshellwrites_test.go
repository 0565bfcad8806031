package cli

import (
	"strings"
	"testing"
)

// A file a rule says never to edit is as guarded from the agent's shell as from its
// Write tool (fresh file s54, element-x-ios: "Never edit `Localizable.strings`", which
// `sed -i` and `>>` edited unchallenged): the command is denied with the rule quoted;
// reading the file, and writing others, run.
func TestAgentHookDeniesShellWritesOfAGuardedFile(t *testing.T) {
	dir := commitRepo(t, "# Strings\n\n- Never edit `Localizable.strings` — it is auto-overwritten.\n")
	writeFiles(t, dir, map[string]string{"App/en.lproj/Localizable.strings": "\"a\" = \"b\";\n", "App/en.lproj/Untranslated.strings": "\n"})
	for _, c := range []struct {
		command string
		deny    bool
	}{
		{`sed -i 's/a/b/' App/en.lproj/Localizable.strings`, true},
		{`echo '"c" = "d";' >> App/en.lproj/Localizable.strings`, true},
		{`cd App/en.lproj && tee Localizable.strings < /dev/null`, true},
		{`cp App/en.lproj/Untranslated.strings App/en.lproj/Localizable.strings`, true},
		{`cat App/en.lproj/Localizable.strings`, false},
		{`echo '"c" = "d";' >> App/en.lproj/Untranslated.strings`, false},
		{`grep -c = App/en.lproj/Localizable.strings > /tmp/heed-count.txt`, false},
	} {
		deny, said := claudeBash(t, dir, c.command)
		if deny != c.deny {
			t.Errorf("%s: denied %v, want %v\n%s", c.command, deny, c.deny, said)
			continue
		}
		if deny && (!strings.Contains(said, "Never edit `Localizable.strings`") || !strings.Contains(said, "AGENTS.md:3")) {
			t.Errorf("%s: the denial does not quote the rule:\n%s", c.command, said)
		}
	}
}
