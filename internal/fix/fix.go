// Package fix applies the exact fixes of findings to the files of a repository: edits
// in, files out, no knowledge of rules. A file is edited only where it still holds,
// at each edit, the text the edit was made for, and it is written whole or not at all.
package fix

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/heed-dev/heed/internal/engine"
)

// Skipped is an edit not applied, and why.
type Skipped struct {
	Edit   engine.TextEdit
	Reason string
}

// Report says what Apply did.
type Report struct {
	// Applied are the edits made, by file, in file order.
	Applied []engine.TextEdit
	// Files lists the files written, sorted.
	Files   []string
	Skipped []Skipped
}

// Reasons an edit is not applied.
const (
	ReasonOverlap = "overlaps another fix of the same file"
	ReasonChanged = "the file no longer holds the text that was judged"
	ReasonPath    = "not a path inside the repository"
)

// Exact lists the edits of the exact fixes among fixes; the others say what to do,
// not what to write, and are never applied.
func Exact(fixes []engine.Fix) []engine.TextEdit {
	var out []engine.TextEdit
	for _, f := range fixes {
		if f.Exact {
			out = append(out, f.Edits...)
		}
	}
	return out
}

// Apply makes the edits to the files under root. Per file, edits are taken in order
// of their start; an edit that overlaps one taken before it is skipped, and a file
// where any edit's text is not where the edit says is left alone (it changed since it
// was judged). Each file is written to a temporary file beside it and renamed into
// place, keeping its mode. An error is an I/O failure; the report says what was done
// before it.
func Apply(root string, edits []engine.TextEdit) (Report, error) {
	var rep Report
	byFile := map[string][]engine.TextEdit{}
	for _, e := range edits {
		if !filepath.IsLocal(filepath.FromSlash(e.Path)) || e.Start < 0 || e.End < e.Start {
			rep.Skipped = append(rep.Skipped, Skipped{Edit: e, Reason: ReasonPath})
			continue
		}
		byFile[e.Path] = append(byFile[e.Path], e)
	}
	paths := make([]string, 0, len(byFile))
	for p := range byFile {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		es := byFile[p]
		sort.SliceStable(es, func(i, j int) bool { return es[i].Start < es[j].Start })
		var taken []engine.TextEdit
		end := -1
		for _, e := range es {
			if e.Start < end || (e.Start == end && e.Start == e.End) {
				rep.Skipped = append(rep.Skipped, Skipped{Edit: e, Reason: ReasonOverlap})
				continue
			}
			taken = append(taken, e)
			end = e.End
		}
		abs := filepath.Join(root, filepath.FromSlash(p))
		content, err := os.ReadFile(abs)
		if err != nil {
			return rep, fmt.Errorf("read %s: %w", p, err)
		}
		if !holds(content, taken) {
			for _, e := range taken {
				rep.Skipped = append(rep.Skipped, Skipped{Edit: e, Reason: ReasonChanged})
			}
			continue
		}
		if err := writeAtomic(abs, edit(content, taken)); err != nil {
			return rep, fmt.Errorf("write %s: %w", p, err)
		}
		rep.Applied = append(rep.Applied, taken...)
		rep.Files = append(rep.Files, p)
	}
	return rep, nil
}

// holds reports whether content has each edit's old text where the edit says.
func holds(content []byte, es []engine.TextEdit) bool {
	for _, e := range es {
		if e.End > len(content) || !bytes.Equal(content[e.Start:e.End], []byte(e.Old)) {
			return false
		}
	}
	return true
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

func writeAtomic(path string, data []byte) error {
	info, err := os.Stat(path)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".heed-fix-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // after a successful rename there is nothing to remove
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(info.Mode().Perm()); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
