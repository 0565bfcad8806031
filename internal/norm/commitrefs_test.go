package norm

import "testing"

// Sentences of our own writing, in lower case with code spans taken out.
func TestCommitReferenceReadings(t *testing.T) {
	if !RequiresIssueRef("every commit message must reference the issue it fixes.") {
		t.Error("a reference every commit message must carry was not read")
	}
	for _, s := range []string{
		"if the commit fixes an issue, reference it in the commit message.",
		"reference the issue in the pull request and the commit message.",
		// a fresh file (s53, pekko's CONTRIBUTING.md): an example of a good message,
		// whose ticket reference the reader is told to note, is no demand
		"once your feature is complete, prepare the commit following our guide. for example, a good commit message would be: (note the reference to the ticket it aimed to resolve).",
	} {
		if RequiresIssueRef(s) {
			t.Errorf("RequiresIssueRef(%q): a conditional or PR reference read as every commit's", s)
		}
	}
	b, ok := ReadRefBans("never write a bare anywhere in commit messages.", "never write a bare `#nnn` anywhere in commit messages.")
	if !ok || !b.InCommits || !b.BareIssue || b.BareMention {
		t.Errorf("a bare #NNN ban: %+v, %v", b, ok)
	}
	b, ok = ReadRefBans("do not put issue numbers in commit messages.", "")
	if !ok || !b.IssueNumbers || !b.Mentions || b.InPR {
		t.Errorf("an issue number ban: %+v, %v", b, ok)
	}
	// A negation of another verb, and "never commits" said of a workflow, ban no
	// number (round 9: a paragraph describing a read-only helper workflow).
	for _, s := range []string{
		"use it when you don't remember a pr number or a branch sha. it's read-only ( ), never commits anything.",
		"the bot never commits; it only comments with the pr number.",
	} {
		if b, _ := ReadRefBans(s, ""); b.IssueNumbers {
			t.Errorf("ReadRefBans(%q): a number no negation governs read as banned: %+v", s, b)
		}
	}
	for _, s := range []string{
		"never reference internal issue numbers in commit messages.",
		"no issue numbers in commit messages.",
		"never put internal ticket ids ( , ) into commit messages.",
		"commit messages must not contain issue numbers.",
		"commit messages should not have the related ticket ids in them.",
		"avoid prefixing commit messages with jira ticket ids.",
	} {
		if b, _ := ReadRefBans(s, ""); !b.IssueNumbers {
			t.Errorf("ReadRefBans(%q): the ban of numbers not read", s)
		}
	}
	if _, ok := ReadRefBans("reference issue numbers in commit messages.", ""); ok {
		t.Error("a sentence that forbids nothing read as a ban")
	}
	for s, want := range map[string]bool{
		"do not add merge commits to your branch.":             true,
		"keep a linear history.":                               true,
		"you can keep a linear history if you prefer.":         false,
		"merge commits are created by the merge queue.":        false,
		"rebase your branch rather than merging main into it.": true,
		// round 9 (a Graphite rule file's NEVER / ALWAYS / WHY rows): the reason
		// names what `gt sync` prevents; the ban is of `git pull`
		"never: on tracked branches always: why: prevents merge commits, maintains linear history": false,
		"never add merge commits because they break bisect.":                                       true,
		"don't merge main into your branch because it creates merge commits.":                      true,
		// a mention of merge commits the ban keeps, not one it forbids
		"never rebase  onto  — it contains intentional merge commits that must stay.":    false,
		"don't squash release branches: their history keeps a merge commit per release.": false,
		"prs must not contain merge commits.":                                            true,
	} {
		if got := MergeBan(s); got != want {
			t.Errorf("MergeBan(%q) = %v, want %v", s, got, want)
		}
	}
}
