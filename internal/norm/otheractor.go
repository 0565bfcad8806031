package norm

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// A command only someone else runs: "Only the release workflow may run `cargo
// publish`", "`npm publish` is run by CI only", "Publishing (`cargo publish`) is done by
// the release workflow, never by hand" (batch 640). The agent is not that actor: for
// it, the sentence bans the command.

// otherActor names who runs it instead: CI, a workflow or pipeline, maintainers, a
// release manager, a human.
const otherActor = `(?:the\s+)?(?:ci|ci/cd|github\s+actions|(?:\w+\s+){0,2}?(?:workflows?|pipelines?|jobs?|bots?)|maintainers?|(?:a|the)?\s*release\s+managers?|release\s+tooling|automation|humans?|a\s+human|(?:the\s+)?core\s+team|repo(?:sitory)?\s+owners?|admins?)`

var (
	onlyActorRunsRE = lazyre.New("(?i)^\\W*only\\s+" + otherActor + "\\s+(?:may|can|should|is\\s+allowed\\s+to|are\\s+allowed\\s+to|runs?|invokes?)\\s+(?:run\\s+|invoke\\s+|execute\\s+|call\\s+)?((?:`[^`]+`(?:\\s*(?:,|or|and|/)\\s*)?)+)")
	runByActorRE    = lazyre.New("(?i)((?:`[^`]+`(?:\\s*(?:,|or|and|/)\\s*)?)+)\\)?\\s+(?:is|are)\\s+(?:only\\s+)?(?:run|done|executed|invoked|performed|triggered)\\s+(?:only\\s+)?(?:by|in|from|through)\\s+" + otherActor + "\\b")
)

// OtherActorCommands are the commands a sentence leaves to someone other than the
// reader ("Only the release workflow may run `cargo publish`"), nil when it leaves
// none.
func OtherActorCommands(text string) []string {
	low := strings.ToLower(text)
	if !strings.Contains(text, "`") || !strings.Contains(low, "only") && !strings.Contains(low, "never") ||
		!containsAny(low, " ci", "workflow", "pipeline", " job", " bot", "maintainer", "release manager", "release tooling", "automation",
			"human", "core team", "owner", "admin", "github actions") ||
		!containsAny(low, "run", "done", "execut", "invok", "perform", "trigger") {
		return nil
	}
	var list string
	if m := onlyActorRunsRE.FindStringSubmatch(text); m != nil {
		list = m[1]
	} else if m := runByActorRE.FindStringSubmatch(text); m != nil && (strings.Contains(low, "only") || strings.Contains(low, "never by hand") ||
		strings.Contains(low, "never manually") || strings.Contains(low, "never locally") || strings.Contains(low, "not by hand") || strings.Contains(low, "not manually")) {
		list = m[1]
	}
	var out []string
	for _, sp := range codeSpanRE().FindAllString(list, -1) {
		if c := strings.Trim(sp, "`"); commandShaped(c) {
			out = append(out, c)
		}
	}
	return out
}

// OtherActorBans are the norms of a sentence that leaves commands to someone else:
// bans of them for the reader, as "Never run `cmd`" reads, on the sentence as
// written; nil when it leaves none.
func OtherActorBans(text string, ctx Context) []Norm {
	cmds := OtherActorCommands(text)
	if len(cmds) == 0 {
		return nil
	}
	norms := Read("Never run `"+strings.Join(cmds, "` or `")+"`.", ctx)
	for i := range norms {
		norms[i].Sentence = text
	}
	return norms
}
