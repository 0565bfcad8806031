package audit

import (
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/heed-dev/heed/internal/audit/trajectory"
	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lazyre"
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
// commands (SWE-CC's "trajectory shim"), and of `git commit -F FILE` where the session
// shows the file's text: a here-document on the same line (`-F - <<'EOF'`), or a file
// the session wrote before (a write step, `cat > FILE <<'EOF'`). Messages given with
// an editor, --amend --no-edit or a file the session never shows are not read.
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
			case a == "-F" || a == "--file" || (len(a) > 1 && a[0] == '-' && a[1] != '-' && strings.HasSuffix(a, "F")):
				if i+1 < len(argv) {
					if m, ok := b.messageFile(c, argv[i+1]); ok {
						parts = append(parts, m)
					}
					i++
				}
			case strings.HasPrefix(a, "--file="):
				if m, ok := b.messageFile(c, strings.TrimPrefix(a, "--file=")); ok {
					parts = append(parts, m)
				}
			case strings.HasPrefix(a, "-F") && len(a) > 2:
				if m, ok := b.messageFile(c, a[2:]); ok {
					parts = append(parts, m)
				}
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
		// the rules a commit's message alone decides: they read the commits and
		// nothing of the change's files, which these rewritten commits do not have
		if reads := c.Reads(); slices.Contains(reads, engine.PartCommits) && !slices.Contains(reads, engine.PartDiff) {
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
	for i, o := range engine.Run(rules, ev, engine.Options{Workers: 1, Timeout: b.opt.Timeout}) {
		for _, t := range o.Targets {
			if t.Verdict != engine.Violated || t.Target.Index < 0 || t.Target.Index >= len(gone) {
				continue
			}
			s := gone[t.Target.Index]
			for _, f := range t.Findings {
				v := b.place(&o, rules[i].Reads(), t, f)
				v.Step, v.Survived = s.step, &no
				v.Finding.Commit = ""
				v.Finding.Command = s.line
				out = append(out, v)
			}
		}
	}
	return out
}

// heredocRE finds a here-document: its delimiter (quoted or not) and its body.
var heredocRE = lazyre.New(`<<-?[ \t]*(?:'([A-Za-z_][A-Za-z0-9_]*)'|"([A-Za-z_][A-Za-z0-9_]*)"|([A-Za-z_][A-Za-z0-9_]*))[^\n]*\n`)

// heredocs lists the here-documents of a shell line with the text before each (which
// says where the body goes: `git commit -F -`, `cat > msg.txt`).
func heredocs(line string) (before, body []string) {
	rest := line
	for {
		loc := heredocRE.FindStringSubmatchIndex(rest)
		if loc == nil {
			return
		}
		delim := ""
		for g := 1; g <= 3; g++ {
			if loc[2*g] >= 0 {
				delim = rest[loc[2*g]:loc[2*g+1]]
			}
		}
		start := loc[1]
		text := rest[start:]
		end := -1
		for off := 0; off <= len(text); {
			nl := strings.IndexByte(text[off:], '\n')
			l := text[off:]
			if nl >= 0 {
				l = text[off : off+nl]
			}
			if strings.TrimLeft(l, "\t") == delim {
				end = off
				break
			}
			if nl < 0 {
				break
			}
			off += nl + 1
		}
		if end < 0 {
			return
		}
		head := rest[:loc[0]]
		if i := strings.LastIndexAny(head, "\n;&|"); i >= 0 {
			head = head[i+1:]
		}
		before = append(before, head)
		body = append(body, strings.TrimSuffix(text[:end], "\n"))
		rest = text[end:]
	}
}

// messageFile finds the text of a commit message file the session shows: for "-",
// the here-document the commit reads; else the last write of that file before the
// commit (a write step, or `cat > FILE <<EOF`).
func (b *bundle) messageFile(c engine.Command, file string) (string, bool) {
	if file == "-" {
		before, body := heredocs(c.Line)
		for i := range body {
			if gitCommitWords(before[i]) {
				return body[i], true
			}
		}
		return "", false
	}
	same := func(p string) bool {
		if p == "" {
			return false
		}
		p, f := path.Clean(filepath.ToSlash(p)), path.Clean(filepath.ToSlash(file))
		return p == f || (!path.IsAbs(f) && strings.HasSuffix(p, "/"+f)) || (path.IsAbs(p) && path.IsAbs(f) && p == f)
	}
	for i := len(b.steps) - 1; i >= 0; i-- {
		st := b.steps[i]
		if st.Index >= c.Index || st.Denied {
			continue
		}
		if st.Kind == trajectory.KindWrite && st.Content != nil && same(st.Path) {
			return *st.Content, true
		}
		if st.Kind == trajectory.KindCommand {
			before, body := heredocs(st.Command)
			for j := len(body) - 1; j >= 0; j-- {
				if to := redirectTarget(before[j]); to != "" && same(to) {
					return body[j], true
				}
			}
		}
	}
	return "", false
}

// gitCommitWords reports whether a shell fragment runs `git ... commit`.
func gitCommitWords(s string) bool {
	f := strings.Fields(s)
	for i, w := range f {
		if path.Base(w) == "git" {
			for _, x := range f[i+1:] {
				if x == "commit" {
					return true
				}
			}
		}
	}
	return false
}

// redirectTarget is the file `cat > FILE` (or `tee FILE`) writes, in a fragment.
func redirectTarget(s string) string {
	f := strings.Fields(s)
	for i, w := range f {
		switch {
		case w == ">" && i+1 < len(f):
			return strings.Trim(f[i+1], `'"`)
		case strings.HasPrefix(w, ">") && len(w) > 1 && w[1] != '>' && w[1] != '&':
			return strings.Trim(w[1:], `'"`)
		case path.Base(w) == "tee" && i+1 < len(f) && !strings.HasPrefix(f[i+1], "-"):
			return strings.Trim(f[i+1], `'"`)
		}
	}
	return ""
}
