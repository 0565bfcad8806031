package norm

import (
	"reflect"
	"testing"
)

// Sentences from whole instruction files sampled for issue 20 (stop 41), cited by
// repository and line, and sentences of our own writing.

func TestTextLanguage(t *testing.T) {
	for lower, want := range map[string]string{
		"commit messages must be in english":               "english", // Innim/Lightning-PM AGENTS.md:77
		"commit message is always in english.":             "english", // InnoSquadCorp/InnoDI developer-guidelines.mdc:61
		"pr description always in korean.":                 "korean",  // InnoSquadCorp/InnoDI developer-guidelines.mdc:13
		"please respond in korean unless i ask otherwise.": "",        // the agent's replies
		"commit messages may be in english or german.":     "",        // a choice
		"do not write commit messages in russian.":         "",        // a ban heed does not read
		"write clear commit messages.":                     "",
	} {
		if got := TextLanguage(lower); got != want {
			t.Errorf("TextLanguage(%q) = %q, want %q", lower, got, want)
		}
	}
}

func TestOneLineMessage(t *testing.T) {
	for lower, want := range map[string]bool{
		"commit messages: single line only, no description body.": true, // Innovation-Labs-Technical-Hub/TablePro CLAUDE.md:289
		", single line, no body.":                                 true, // TablePro CONTRIBUTING.md:74
		"use one-line commit messages.":                           true,
		"prefer a concise one-line summary, add detailed descriptions only for important or big changes.": false, // Innim/Lightning-PM AGENTS.md:79
		"keep the subject line under 72 characters.":                                                      false,
	} {
		if got := OneLineMessage(lower); got != want {
			t.Errorf("OneLineMessage(%q) = %v, want %v", lower, got, want)
		}
	}
}

func TestReadConventionalMessagesAndAside(t *testing.T) {
	for _, tc := range []struct {
		lower string
		spans []string
		frame ConventionalFrame
		want  Conventional
	}{
		// 0-uddeshya-0/BehaviorCI CONTRIBUTING.md:117, item 4 under "## Pull requests"
		{"use conventional commits for messages (, , , , , ).", []string{"feat:", "fix:", "docs:", "test:", "refactor:", "chore:"},
			ConventionalFrame{Around: "contributing to behaviorci / pull requests / "}, Conventional{ForCommits: true, Required: true}},
		// the commit in the aside explains the title rule
		{"pr titles follow conventional commits (we squash-merge, so the title becomes the commit).", nil, ConventionalFrame{},
			Conventional{ForPR: true, Required: true}},
	} {
		if got := ReadConventional(tc.lower, tc.spans, tc.frame); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("ReadConventional(%q) = %+v, want %+v", tc.lower, got, tc.want)
		}
	}
}

func TestReadTrailersAgentCredit(t *testing.T) {
	// "model" speaks of the AI that wrote the change
	d := ReadTrailers("End every commit message with the `Co-authored-by:` trailer naming the model that wrote it.",
		"end every commit message with the trailer naming the model that wrote it.")
	if !d.AI || !d.Asks || len(d.Names) != 1 {
		t.Errorf("ReadTrailers = %+v, want an asked-for Co-authored-by crediting an AI", d)
	}
}
