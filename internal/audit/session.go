package audit

import (
	"fmt"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
)

// scrapedCommit is a commit message the session wrote on a `git commit` command line.
type scrapedCommit struct {
	step    int
	line    string
	message string
	// amend is true for `git commit --amend`, which replaces the commit before it.
	amend bool
}

// effective returns the commits the scraped commands leave: an amend replaces the
// commit before it.
func effective(all []scrapedCommit) []scrapedCommit {
	var out []scrapedCommit
	for _, s := range all {
		if s.amend && len(out) > 0 {
			out[len(out)-1] = s
			continue
		}
		out = append(out, s)
	}
	return out
}

// scrapeCommits reads the messages of the session's successful `git commit -m ...`
// commands (SWE-CC's "trajectory shim"). Messages given with -F, an editor, --amend
// --no-edit or a here-document are not on the command line and are not read.
func (b *bundle) scrapeCommits() []scrapedCommit {
	var out []scrapedCommit
	for _, c := range b.ev.Commands {
		if !isGitCommit(c.Argv) || (c.Exit != nil && *c.Exit != 0) {
			continue
		}
		var parts []string
		amend := false
		argv := c.Argv
		for i := 1; i < len(argv); i++ {
			a := argv[i]
			switch {
			case a == "--amend":
				amend = true
			case a == "-m" || a == "--message":
				if i+1 < len(argv) {
					parts = append(parts, argv[i+1])
					i++
				}
			case strings.HasPrefix(a, "--message="):
				parts = append(parts, strings.TrimPrefix(a, "--message="))
			case strings.HasPrefix(a, "-m") && len(a) > 2 && !strings.HasPrefix(a, "--"):
				parts = append(parts, a[2:])
			case len(a) > 1 && a[0] == '-' && a[1] != '-' && strings.HasSuffix(a, "m") && i+1 < len(argv):
				// Combined short flags: -am "msg".
				parts = append(parts, argv[i+1])
				i++
			}
		}
		if len(parts) == 0 {
			continue
		}
		line := c.Line
		if line == "" {
			line = strings.Join(c.Argv, " ")
		}
		out = append(out, scrapedCommit{step: c.Index, line: line, message: strings.Join(parts, "\n\n"), amend: amend})
	}
	return out
}

// useScrapedCommits stands in for a missing history with the session's commit
// commands, so commit-message rules still judge what the agent wrote.
func (b *bundle) useScrapedCommits() {
	var why string
	kept := b.rep.Missing[:0]
	for _, m := range b.rep.Missing {
		if strings.HasPrefix(m, PartCommits+":") {
			why = strings.TrimSpace(strings.TrimPrefix(m, PartCommits+":"))
			continue
		}
		kept = append(kept, m)
	}
	if why == "" {
		return // the history was read
	}
	scraped := effective(b.scrapeCommits())
	if len(scraped) == 0 {
		b.rep.Missing = append(kept, PartCommits+": "+why)
		return
	}
	b.rep.Missing = kept
	b.rep.Warnings = append(b.rep.Warnings, fmt.Sprintf("commits: %d commit(s) read from the session's `git commit -m` commands, since the history could not be read (%s)", len(scraped), why))
	b.commitSteps = b.commitSteps[:0]
	for _, s := range scraped {
		b.ev.Commits = append(b.ev.Commits, engine.Commit{Hash: fmt.Sprintf("step-%d", s.step), Message: s.message, Parents: 1})
		b.commitSteps = append(b.commitSteps, s.step)
	}
	b.rep.Run.Commits = len(b.ev.Commits)
}

// sessionCommits judges the commit messages the session wrote that are not in the
// final history (amended, reset or rebased away): violations that did not survive.
func (b *bundle) sessionCommits() []Violation {
	if b.rep.Run.Base == "" {
		return nil // no real history: the scraped commits are the history
	}
	final := map[string]bool{}
	for _, c := range b.ev.Commits {
		subject, _, _ := strings.Cut(c.Message, "\n")
		final[strings.TrimSpace(subject)] = true
	}
	var gone []scrapedCommit
	for _, s := range b.scrapeCommits() {
		subject, _, _ := strings.Cut(s.message, "\n")
		if !final[strings.TrimSpace(subject)] {
			gone = append(gone, s)
		}
	}
	if len(gone) == 0 {
		return nil
	}
	var rules []engine.Compiled
	for _, c := range b.opt.Rules {
		if c.Rule.Kind == "commit" {
			rules = append(rules, c)
		}
	}
	ev := &engine.Evidence{Mode: engine.ModeDiff}
	for _, s := range gone {
		ev.Commits = append(ev.Commits, engine.Commit{Hash: fmt.Sprintf("step-%d", s.step), Message: s.message, Parents: 1})
	}
	defer ev.Close()
	no := false
	var out []Violation
	for _, o := range engine.Run(rules, ev, engine.Options{Workers: 1, Timeout: b.opt.Timeout}) {
		for _, t := range o.Targets {
			if t.Verdict != engine.Violated || t.Target.Index < 0 || t.Target.Index >= len(gone) {
				continue
			}
			s := gone[t.Target.Index]
			for _, f := range t.Findings {
				v := b.place(&o, t, f)
				v.Step, v.Survived = s.step, &no
				v.Finding.Commit = ""
				v.Finding.Command = s.line
				out = append(out, v)
			}
		}
	}
	return out
}
