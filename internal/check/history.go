package check

import (
	"fmt"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/repo"
)

// History validation. Source and architecture rules are reviewed against the code as
// it stands; a commit-message or co-change rule has no code to judge, but it has the
// project's own recent commits. A rule read from a sentence that the project's own
// history breaks in most commits it applies to is not how the project works: the
// sentence is about something else (a pull request's title, one kind of change, one
// step of a release), or heed misread it. Such a rule warns for review, with the
// count, as a source rule that flags much of the code does.

// historyCommits is how many recent commits (merges left out) the review reads.
const historyCommits = 60

// historyMin is the least number of commits a rule must apply to before the history
// can speak against it.
const historyMin = 8

// HistoryReview judges the contribution rules of the commit and co-change kinds on
// the repository's recent commits up to head (default HEAD), each commit on its own,
// and returns, for each rule that most applicable commits break, why it is in doubt.
// A repository with too short a history, or outside git, gives none.
func HistoryReview(root, head string, rules []engine.Compiled) (map[string]string, error) {
	var selected []engine.Compiled
	for _, c := range rules {
		if c.Rule.Domain == policy.DomainContribution && c.Has(engine.UseHistory) && !c.Rule.Dropped() {
			selected = append(selected, c)
		}
	}
	if len(selected) == 0 {
		return nil, nil
	}
	r, err := repo.Open(root)
	if err != nil || !r.Git || !r.HasHead() {
		return nil, nil
	}
	commits, err := r.RecentCommits(head, historyCommits)
	if err != nil {
		return nil, fmt.Errorf("read the recent commits: %w", err)
	}
	broken := map[string]int{}
	applies := map[string]int{}
	for _, c := range commits {
		ev := &engine.Evidence{Mode: engine.ModeDiff, Commits: []engine.Commit{c}, Changed: c.Files}
		for _, o := range engine.Run(selected, ev, engine.Options{Workers: 1}) {
			switch o.Verdict {
			case engine.Violated:
				broken[o.Rule.ID]++
				applies[o.Rule.ID]++
			case engine.Satisfied:
				applies[o.Rule.ID]++
			}
		}
		ev.Close()
	}
	out := map[string]string{}
	for id, n := range applies {
		if n >= historyMin && broken[id]*2 > n {
			out[id] = fmt.Sprintf("the project's own history breaks it: %d of the last %d commits it applies to (of %d read)", broken[id], n, len(commits))
		}
	}
	return out, nil
}

// DemoteByHistory runs the history review of rules up to head and demotes the
// generated rules of the freshly compiled policy it doubts, as Apply does for the
// code; a person's rules are left alone. It returns the demoted rules' ids.
func DemoteByHistory(root, head string, rules []engine.Compiled, fresh *policy.Policy) ([]string, error) {
	doubts, err := HistoryReview(root, head, rules)
	if err != nil || len(doubts) == 0 {
		return nil, err
	}
	var demoted []string
	for i := range fresh.Entries {
		for j := range fresh.Entries[i].Rules {
			r := &fresh.Entries[i].Rules[j]
			why, ok := doubts[r.ID]
			if !ok || r.Edited() || r.Severity != policy.SeverityError {
				continue
			}
			Demote(r, why)
			demoted = append(demoted, r.ID)
		}
	}
	return demoted, nil
}
