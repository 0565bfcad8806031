package audit

import (
	"github.com/heed-dev/heed/internal/audit/trajectory"
	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/report"
)

// The session's own writes judged by the rules that guard which files may be written
// ("never edit `docs/api/` by hand", "do not modify `localazy.xml`"), as the live hook
// judges them before they land (engine.WriteGuard): a Write, Edit or apply_patch of
// such a file breaks the rule at that step. A rule about editing by hand is satisfied
// by a change that holds the files regenerated, so only these writes can break it; a
// rule about the files themselves already sees the final change, and a write it does
// not hold (undone before the end) is a violation of the session, not of the change.

// sessionWrite is one file the session wrote with an edit tool.
type sessionWrite struct {
	step    int
	path    string // repository-relative
	content []byte // the new content when recorded whole
}

// writes lists the session's edit-tool writes that ran, on files inside the
// repository.
func (b *bundle) writes() []sessionWrite {
	var out []sessionWrite
	for _, s := range b.steps {
		if s.Denied {
			continue
		}
		switch s.Kind {
		case trajectory.KindWrite, trajectory.KindEdit, trajectory.KindPatch:
		default:
			continue
		}
		p := b.rel(s.Path)
		if p == "" {
			continue
		}
		w := sessionWrite{step: s.Index, path: p}
		if s.Content != nil {
			w.content = []byte(*s.Content)
		}
		out = append(out, w)
	}
	return out
}

// judgeWrites judges the session's writes with the rules that guard writes: for each
// rule (by its index in opt.Rules), the writes that break it and that the final change
// holds (all of them when the audit has no diff to compare with), which the engine
// folds into the rule's verdict (engine.SessionVerdict). A write to a file the final
// change no longer holds is listed with the session's violations.
func (b *bundle) judgeWrites() [][]Violation {
	out := make([][]Violation, len(b.opt.Rules))
	ws := b.writes()
	if len(ws) == 0 {
		return out
	}
	final := map[string]bool{}
	for _, p := range b.ev.Changed {
		final[p] = true
	}
	diffKnown := !b.lacks(PartDiff)
	for i := range b.opt.Rules {
		c := &b.opt.Rules[i]
		g, ok := c.Check.(engine.WriteGuard)
		if !ok || !g.GuardsWrites() {
			continue
		}
		for _, w := range ws {
			f, ok := b.judgeWrite(c, w)
			if !ok {
				continue
			}
			v := Violation{Finding: f, Step: w.step}
			switch {
			case !diffKnown:
				// no final change to compare with: the write is what heed saw
			case final[w.path]:
				yes := true
				v.Survived = &yes
			default:
				no := false
				v.Survived = &no
			}
			if v.Survived != nil && !*v.Survived {
				b.rep.Session = append(b.rep.Session, v)
				continue
			}
			out[i] = append(out[i], v)
		}
	}
	return out
}

// judgeWrite runs one guard on one write, as the live hook would have.
func (b *bundle) judgeWrite(c *engine.Compiled, w sessionWrite) (report.Finding, bool) {
	file := &engine.File{Path: w.path, Content: w.content, Lang: engine.LangOf(w.path, w.content)}
	ev := &engine.Evidence{Mode: engine.ModeDiff, Files: []*engine.File{file}, Changed: []string{w.path}, AgentWrite: true}
	defer ev.Close()
	o := engine.Run([]engine.Compiled{*c}, ev, engine.Options{Workers: 1, Timeout: b.opt.Timeout})[0]
	for _, t := range o.Targets {
		if t.Verdict != engine.Violated {
			continue
		}
		for _, f := range t.Findings {
			rf := report.FromEngine(f, o.Rule, o.Constraint)
			if rf.File == "" {
				rf.File = w.path
			}
			return rf, true
		}
	}
	return report.Finding{}, false
}

// lacks reports whether the audit could not read a part of the evidence.
func (b *bundle) lacks(part string) bool {
	for _, m := range b.rep.Missing {
		if len(m) > len(part) && m[:len(part)+1] == part+":" {
			return true
		}
	}
	return false
}
