package check

import (
	"bytes"
	"math/bits"
	"sort"
	"sync"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/repo"
	"github.com/heed-dev/heed/internal/report"
)

// streamedPass takes what the self-validation needs of each file while the file is in
// memory, as the files stream through the rules (engine.StreamWith): its suppression
// comments, its findings fingerprinted, the rules that apply to it, and whether it
// mentions a name a rule bans. Nothing of a file's content outlives its turn but the
// lines its findings and comments sit on.
type streamedPass struct {
	rules []engine.Compiled
	lines *lineIndex
	mu    sync.Mutex
	// dirs are the suppression comments, by file.
	dirs map[string][]*directive
	// found are the findings in the judged file itself, fingerprinted; deferred those a
	// file-by-file rule placed in another file, and the whole-tree rules' (findings).
	found    []seqReport
	deferred []seqFinding
	// paths are the files streamed, by their index; seen marks those judged.
	paths []string
	seen  bitset
	// applies marks, by rule, the files (by index) one of its targets applied to
	// (a verdict other than inapplicable); elsewhere the paths of such targets that
	// are not the file judged (none that heed's checks make).
	applies   []bitset
	elsewhere []map[string]bool
	// mentions holds, by rule that bans names (engine.NameBanner), the judged files
	// whose text holds one of them, by their index in the stream.
	banned   [][]string
	mentions [][]mention
}

type seqReport struct {
	seq report.Seq
	f   report.Finding
}

type mention struct {
	idx        int
	path, lang string
}

// declaration is where a judged file declares a name a rule bans.
type declaration struct {
	name, path string
	line       int
}

// bitset is a set of small integers.
type bitset []uint64

func newBitset(n int) bitset { return make(bitset, (n+63)/64) }
func (b bitset) set(i int)   { b[i/64] |= 1 << (i % 64) }
func (b bitset) each(fn func(int)) {
	for w, word := range b {
		for ; word != 0; word &= word - 1 {
			fn(w*64 + bits.TrailingZeros64(word))
		}
	}
}

// newStreamedPass is the pass of rules over the files at paths, streamed in that order.
func newStreamedPass(rules []engine.Compiled, ev *engine.Evidence, paths []string) *streamedPass {
	p := &streamedPass{rules: rules, lines: newLineIndex(ev), dirs: map[string][]*directive{}, paths: paths, seen: newBitset(len(paths)),
		applies: make([]bitset, len(rules)), elsewhere: make([]map[string]bool, len(rules)),
		banned: make([][]string, len(rules)), mentions: make([][]mention, len(rules))}
	for i, c := range rules {
		p.applies[i] = newBitset(len(paths))
		// (a rule judged on a sample is a sampledCheck, no NameBanner: judged on part
		// of its files, it is not asked whether the project declares its names)
		if nb, ok := c.Check.(engine.NameBanner); ok {
			p.banned[i] = nb.BannedNames()
		}
	}
	return p
}

// judged is engine.StreamOptions.Judged.
func (p *streamedPass) judged(rule, file int, t engine.Target, v engine.Verdict) {
	if t.Kind != engine.TargetFile || v == engine.Inapplicable {
		return
	}
	p.mu.Lock()
	if t.Path == p.paths[file] {
		p.applies[rule].set(file)
	} else {
		if p.elsewhere[rule] == nil {
			p.elsewhere[rule] = map[string]bool{}
		}
		p.elsewhere[rule][t.Path] = true
	}
	p.mu.Unlock()
}

// appliesTo is the number of files rule ri applies to: those the stream marked, and
// the paths of also (targets its outcome holds).
func (p *streamedPass) appliesTo(ri int, also map[string]bool) int {
	n := 0
	p.applies[ri].each(func(int) { n++ })
	if len(also) == 0 && len(p.elsewhere[ri]) == 0 {
		return n
	}
	marked := map[string]bool{}
	p.applies[ri].each(func(i int) { marked[p.paths[i]] = true })
	for _, m := range []map[string]bool{also, p.elsewhere[ri]} {
		for path := range m {
			if !marked[path] {
				marked[path] = true
				n++
			}
		}
	}
	return n
}

// eachJudged calls fn with the path of every file judged, in the stream's order.
func (p *streamedPass) eachJudged(fn func(string)) {
	p.seen.each(func(i int) { fn(p.paths[i]) })
}

// done is the stream's engine.FileDone: f is in memory until it returns.
func (p *streamedPass) done(f *engine.File, idx int, found []engine.FileFinding) {
	p.mu.Lock()
	p.seen.set(idx)
	p.mu.Unlock()
	ds := parseDirectives(f.Path, f.Lang, f.Content)
	var ms []int
	for ri, names := range p.banned {
		for _, n := range names {
			if n != "" && bytes.Contains(f.Content, []byte(n)) {
				ms = append(ms, ri)
				break
			}
		}
	}
	if len(ds) > 0 || len(ms) > 0 {
		p.mu.Lock()
		if len(ds) > 0 {
			p.dirs[f.Path] = ds
		}
		for _, ri := range ms {
			p.mentions[ri] = append(p.mentions[ri], mention{idx, f.Path, f.Lang})
		}
		p.mu.Unlock()
	}
	if len(found) == 0 {
		return
	}
	p.lines.note(f, found, ds)
	var own []seqReport
	var other []seqFinding
	for k, ff := range found {
		seq := report.Seq{Rule: uint32(ff.Rule), Target: uint32(idx), Sub: uint32(ff.Target), Index: uint32(k)}
		if ff.Path != "" && ff.Path != f.Path {
			other = append(other, seqFinding{ff.Rule, seq, ff.Finding})
			continue
		}
		rf := report.FromEngine(ff.Finding, p.rules[ff.Rule].Rule, p.rules[ff.Rule].Constraint)
		p.lines.fingerprintNoted(&rf)
		own = append(own, seqReport{seq, rf})
	}
	p.mu.Lock()
	p.found = append(p.found, own...)
	p.deferred = append(p.deferred, other...)
	p.mu.Unlock()
	if len(ds) == 0 {
		p.lines.drop(f.Path)
	}
}

// findings are the run's findings, fingerprinted, in the order of its rules and
// targets (the order engine.Run's outcomes give): those the stream handed over, then
// those the outcomes hold (rules that judge the whole tree), without findings in files
// the run skipped.
func (p *streamedPass) findings(outcomes []engine.Outcome, loaded *repo.Loaded, workers int) []report.Finding {
	skipped := map[string]bool{}
	for _, ps := range loaded.Skipped {
		for _, pth := range ps {
			skipped[pth] = true
		}
	}
	all := p.found
	p.found = nil
	var late []seqReport
	add := func(rule int, seq report.Seq, f engine.Finding) {
		if f.Path != "" && skipped[f.Path] {
			return
		}
		late = append(late, seqReport{seq, report.FromEngine(f, p.rules[rule].Rule, p.rules[rule].Constraint)})
	}
	for _, d := range p.deferred {
		add(d.rule, d.seq, d.f)
	}
	p.deferred = nil
	for i := range outcomes {
		if outcomes[i].Taken {
			continue
		}
		for j := range outcomes[i].Targets {
			for k, f := range outcomes[i].Targets[j].Findings {
				add(i, report.Seq{Rule: uint32(i), Target: uint32(j), Index: uint32(k)}, f)
			}
		}
	}
	fs := make([]report.Finding, len(late))
	for i := range late {
		fs[i] = late[i].f
	}
	p.lines.fingerprintAll(fs, workers)
	for i := range late {
		late[i].f = fs[i]
	}
	all = append(all, late...)
	sort.SliceStable(all, func(a, b int) bool { return seqLess(all[a].seq, all[b].seq) })
	out := make([]report.Finding, len(all))
	for i := range all {
		out[i] = all[i].f
	}
	return out
}

// declared is where the first judged file (in the stream's order) that declares a
// name rule ri bans declares it: the files that mention one are read again, one at a
// time, until one declares it.
func (p *streamedPass) declared(ri int) (declaration, bool) {
	nb, ok := p.rules[ri].Check.(engine.NameBanner)
	if !ok || len(p.banned[ri]) == 0 || p.lines.ev.Tree == nil {
		return declaration{}, false
	}
	ms := p.mentions[ri]
	sort.Slice(ms, func(a, b int) bool { return ms[a].idx < ms[b].idx })
	for _, m := range ms {
		content, err := p.lines.ev.Tree.Read(m.path)
		if err != nil {
			continue
		}
		if name, line, ok := nb.Declares(&engine.File{Path: m.path, Lang: m.lang, Content: content}); ok {
			return declaration{name: name, path: m.path, line: line}, true
		}
	}
	return declaration{}, false
}
