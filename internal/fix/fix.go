// Package fix applies the exact fixes of findings to the files of a repository: fixes
// in, files out, no knowledge of rules. A fix is applied whole or not at all; two fixes
// whose edits overlap are both refused (which one is right is not heed's to guess); a
// file is edited only where it still holds, at each edit, the text the edit was made
// for, and it is written whole or not at all.
package fix

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/rogpeppe/go-internal/diff"

	"github.com/heed-dev/heed/internal/engine"
)

// Skipped is a fix not applied, and why. Path and Line say where its first edit is
// (Line is 0 when the file could not be read).
type Skipped struct {
	Fix    engine.Fix
	Path   string
	Line   int
	Reason string
}

// Change is a file a plan rewrites: its content as read, and as the fixes leave it.
type Change struct {
	Path     string
	Old, New []byte
}

// Report says what Plan would do, or what Apply did.
type Report struct {
	// Applied are the fixes made (or, of a plan, to make), in file order.
	Applied []engine.Fix
	// Files lists the files written (or to write), sorted.
	Files   []string
	Skipped []Skipped
	// Changes are the files' contents before and after, in the order of Files.
	Changes []Change
}

// Reasons a fix is not applied.
const (
	ReasonOverlap = "overlaps another fix of the same text: neither is applied"
	ReasonChanged = "the file no longer holds the text that was judged"
	ReasonPath    = "not a regular file inside the repository"
	ReasonInvalid = "its own edits overlap or are out of order"
)

// Exact lists the exact fixes among fixes, each once; the others say what to do,
// not what to write, and are never applied.
func Exact(fixes []engine.Fix) []engine.Fix {
	var out []engine.Fix
	for _, f := range fixes {
		if f.Exact && len(f.Edits) > 0 {
			out = append(out, f)
		}
	}
	return out
}

// Plan works out what Apply would write, and writes nothing. Fixes that are the same
// edits are taken once (two findings on one span may carry one fix). A fix is refused
// whole when any of its edits names no regular file inside root (a symbolic link is
// not followed out of it), when its edits overlap each other, when it overlaps a
// different fix (both are refused: the conflict is reported), or when a file it edits
// no longer holds an edit's text where the edit says (the file changed since it was
// judged: every fix of that file is refused, and the file is left alone). An error is
// an I/O failure other than those.
func Plan(root string, fixes []engine.Fix) (Report, error) {
	var rep Report
	fixes = distinct(fixes)
	refused := make([]string, len(fixes)) // the reason each fix is refused, "" when kept
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		return rep, fmt.Errorf("read %s: %w", root, err)
	}
	ok := map[string]bool{} // whether each path is a regular file inside root, asked once
	for i, f := range fixes {
		for _, e := range f.Edits {
			in, seen := ok[e.Path]
			if !seen {
				in = inside(realRoot, root, e.Path)
				ok[e.Path] = in
			}
			if e.Start < 0 || e.End < e.Start || !in {
				refused[i] = ReasonPath
				break
			}
		}
		if refused[i] == "" && !wellFormed(f) {
			refused[i] = ReasonInvalid
		}
	}
	// overlaps between different fixes: both are refused
	type at struct {
		e   engine.TextEdit
		fix int
	}
	byFile := map[string][]at{}
	for i, f := range fixes {
		if refused[i] != "" {
			continue
		}
		for _, e := range f.Edits {
			byFile[e.Path] = append(byFile[e.Path], at{e, i})
		}
	}
	for _, es := range byFile {
		sort.SliceStable(es, func(i, j int) bool { return es[i].e.Start < es[j].e.Start })
		for a := range es {
			// sorted by start: only the edits that start before this one ends can meet it
			for b := a + 1; b < len(es) && es[b].e.Start <= es[a].e.End; b++ {
				x, y := es[a], es[b]
				if x.fix != y.fix && x.e != y.e && overlap(x.e, y.e) {
					refused[x.fix], refused[y.fix] = ReasonOverlap, ReasonOverlap
				}
			}
		}
	}
	// each file read once; a file that no longer holds an edit's text refuses every
	// fix that touches it
	contents := map[string][]byte{}
	changed := map[string]bool{}
	for p, es := range byFile {
		b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(p)))
		if err != nil {
			return rep, fmt.Errorf("read %s: %w", p, err)
		}
		contents[p] = b
		for _, x := range es {
			if refused[x.fix] == "" && !holds(b, x.e) {
				changed[p] = true
			}
		}
	}
	for i, f := range fixes {
		if refused[i] != "" {
			continue
		}
		for _, e := range f.Edits {
			if changed[e.Path] {
				refused[i] = ReasonChanged
			}
		}
	}
	for i, f := range fixes {
		if refused[i] != "" {
			s := Skipped{Fix: f, Reason: refused[i]}
			if len(f.Edits) > 0 {
				s.Path = f.Edits[0].Path
				if b, ok := contents[s.Path]; ok && f.Edits[0].Start <= len(b) {
					s.Line = 1 + bytes.Count(b[:f.Edits[0].Start], []byte("\n"))
				}
			}
			rep.Skipped = append(rep.Skipped, s)
		}
	}
	paths := make([]string, 0, len(byFile))
	for p := range byFile {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		var es []engine.TextEdit
		for _, x := range byFile[p] {
			if refused[x.fix] == "" && !containsEdit(es, x.e) {
				es = append(es, x.e)
			}
		}
		if len(es) == 0 {
			continue
		}
		sortEdits(es)
		rep.Files = append(rep.Files, p)
		rep.Changes = append(rep.Changes, Change{Path: p, Old: contents[p], New: edit(contents[p], es)})
	}
	for i, f := range fixes {
		if refused[i] == "" {
			rep.Applied = append(rep.Applied, f)
		}
	}
	sort.SliceStable(rep.Applied, func(i, j int) bool {
		a, b := rep.Applied[i].Edits[0], rep.Applied[j].Edits[0]
		return a.Path < b.Path || a.Path == b.Path && a.Start < b.Start
	})
	return rep, nil
}

// Apply makes the fixes Plan keeps. Each file is written to a temporary file beside
// it and renamed into place, keeping its mode; just before the rename the file is read
// again, and one that changed since it was planned from is left alone (its fixes are
// reported as skipped). An error is an I/O failure; the report says what was done
// before it.
func Apply(root string, fixes []engine.Fix) (Report, error) {
	plan, err := Plan(root, fixes)
	if err != nil {
		return plan, err
	}
	rep := Report{Skipped: plan.Skipped}
	lost := map[string]bool{}
	for _, c := range plan.Changes {
		abs := filepath.Join(root, filepath.FromSlash(c.Path))
		ok, err := writeAtomic(abs, c.Old, c.New)
		if err != nil {
			return rep, fmt.Errorf("write %s: %w", c.Path, err)
		}
		if !ok {
			lost[c.Path] = true
			continue
		}
		rep.Files = append(rep.Files, c.Path)
		rep.Changes = append(rep.Changes, c)
	}
	for _, f := range plan.Applied {
		if touches(f, lost) {
			rep.Skipped = append(rep.Skipped, Skipped{Fix: f, Path: f.Edits[0].Path, Reason: ReasonChanged})
			continue
		}
		rep.Applied = append(rep.Applied, f)
	}
	return rep, nil
}

// Diff is the plan as a unified diff, file by file (a/PATH, b/PATH, as git shows).
func (r Report) Diff() []byte {
	var b bytes.Buffer
	for _, c := range r.Changes {
		b.Write(diff.Diff("a/"+c.Path, c.Old, "b/"+c.Path, c.New))
	}
	return b.Bytes()
}

// distinct drops a fix whose edits are those of one before it.
func distinct(fixes []engine.Fix) []engine.Fix {
	var out []engine.Fix
	seen := map[string]bool{}
	for _, f := range fixes {
		var k strings.Builder
		for _, e := range f.Edits {
			fmt.Fprintf(&k, "%q %d %d %q %q;", e.Path, e.Start, e.End, e.Old, e.New)
		}
		if !seen[k.String()] {
			seen[k.String()] = true
			out = append(out, f)
		}
	}
	return out
}

// inside reports whether p names a regular file under root, without following a
// symbolic link out of it: the file itself must not be a link (the rename would
// replace the link), and the folders on its way must resolve inside root.
func inside(realRoot, root, p string) bool {
	local := filepath.FromSlash(p)
	if p == "" || !filepath.IsLocal(local) {
		return false
	}
	abs := filepath.Join(root, local)
	info, err := os.Lstat(abs)
	if err != nil || !info.Mode().IsRegular() {
		return false
	}
	dir, err := filepath.EvalSymlinks(filepath.Dir(abs))
	if err != nil {
		return false
	}
	rel, err := filepath.Rel(realRoot, dir)
	return err == nil && (rel == "." || filepath.IsLocal(rel))
}

// wellFormed reports a fix whose edits of each file do not overlap each other.
func wellFormed(f engine.Fix) bool {
	for i, a := range f.Edits {
		for _, b := range f.Edits[i+1:] {
			if a.Path == b.Path && overlap(a, b) {
				return false
			}
		}
	}
	return true
}

// overlap reports two edits of one file that cannot both be made: their ranges share
// a byte, one inserts strictly inside the other's range, or both insert at one point
// (which text goes first is not known).
func overlap(a, b engine.TextEdit) bool {
	if a.Path != b.Path {
		return false
	}
	if a.Start == a.End && b.Start == b.End {
		return a.Start == b.Start
	}
	if a.Start == a.End {
		return b.Start < a.Start && a.Start < b.End
	}
	if b.Start == b.End {
		return a.Start < b.Start && b.Start < a.End
	}
	return a.Start < b.End && b.Start < a.End
}

func containsEdit(es []engine.TextEdit, e engine.TextEdit) bool {
	for _, x := range es {
		if x == e {
			return true
		}
	}
	return false
}

// sortEdits orders edits by their start, an insertion before a replacement that
// starts where it does.
func sortEdits(es []engine.TextEdit) {
	sort.SliceStable(es, func(i, j int) bool {
		if es[i].Start != es[j].Start {
			return es[i].Start < es[j].Start
		}
		return es[i].End < es[j].End
	})
}

func touches(f engine.Fix, paths map[string]bool) bool {
	for _, e := range f.Edits {
		if paths[e.Path] {
			return true
		}
	}
	return false
}

// holds reports whether content has the edit's old text where the edit says.
func holds(content []byte, e engine.TextEdit) bool {
	return e.End <= len(content) && bytes.Equal(content[e.Start:e.End], []byte(e.Old))
}

// edit applies sorted, non-overlapping edits.
func edit(content []byte, es []engine.TextEdit) []byte {
	var b bytes.Buffer
	at := 0
	for _, e := range es {
		b.Write(content[at:e.Start])
		b.WriteString(e.New)
		at = e.End
	}
	b.Write(content[at:])
	return b.Bytes()
}

// writeAtomic puts data in place of the file at path, through a temporary file
// renamed over it, when the file still holds was; it reports false, writing nothing,
// when it does not.
func writeAtomic(path string, was, data []byte) (bool, error) {
	info, err := os.Stat(path)
	if err != nil {
		return false, err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".heed-fix-*")
	if err != nil {
		return false, err
	}
	defer os.Remove(tmp.Name()) // after a successful rename there is nothing to remove
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return false, err
	}
	if err := tmp.Chmod(info.Mode().Perm()); err != nil {
		tmp.Close()
		return false, err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return false, err
	}
	if err := tmp.Close(); err != nil {
		return false, err
	}
	now, err := os.ReadFile(path)
	if err != nil {
		return false, err
	}
	if !bytes.Equal(now, was) {
		return false, nil
	}
	return true, os.Rename(tmp.Name(), path)
}
