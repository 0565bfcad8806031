package repo

import (
	"errors"
	"io/fs"
	"runtime"
	"sync"

	"github.com/heed-dev/heed/internal/engine"
)

// Loaded is the files read for judging, with what was left out and why.
type Loaded struct {
	Files []*engine.File
	// Skipped maps a skip reason (SkipBinary, ...) to the paths left out for it.
	Skipped map[string][]string
	// Unreadable maps a path to the error reading it.
	Unreadable map[string]error
	// Missing lists the paths that were not there to read (a tracked file deleted
	// from the work tree).
	Missing []string
}

// LoadFiles reads paths from snap in parallel, leaves out what Classify rejects, and
// returns the rest as evidence files (every line belongs to the run: ModeAll).
func LoadFiles(snap engine.Snapshot, paths []string) *Loaded {
	return load(snap, noAttrs, len(paths), func(i int) (string, *FileChange) { return paths[i], nil })
}

// LoadFiles is the package's LoadFiles with the repository's .gitattributes
// (linguist-generated, linguist-vendored) deciding what is generated or vendored.
func (r *Repo) LoadFiles(snap engine.Snapshot, paths []string) *Loaded {
	return load(snap, r.attributesAsync(paths), len(paths), func(i int) (string, *FileChange) { return paths[i], nil })
}

// LoadChange is the package's LoadChange with the repository's .gitattributes.
func (r *Repo) LoadChange(snap engine.Snapshot, c *Change) *Loaded {
	kept := kept(c)
	paths := make([]string, len(kept))
	for i, fc := range kept {
		paths[i] = fc.Path
	}
	return load(snap, r.attributesAsync(paths), len(kept), func(i int) (string, *FileChange) { return kept[i].Path, kept[i] })
}

func kept(c *Change) []*FileChange {
	var out []*FileChange
	for i := range c.Files {
		if c.Files[i].Status != Deleted {
			out = append(out, &c.Files[i])
		}
	}
	return out
}

// LoadChange reads the files a change left in place (not deletions) from snap, the
// state after the change, with their touched lines.
func LoadChange(snap engine.Snapshot, c *Change) *Loaded {
	kept := kept(c)
	return load(snap, noAttrs, len(kept), func(i int) (string, *FileChange) { return kept[i].Path, kept[i] })
}

func noAttrs() map[string]Attrs { return nil }

// attributesAsync starts reading the attributes of paths and returns a function that
// waits for them: files are read meanwhile, and classified once both are there.
func (r *Repo) attributesAsync(paths []string) func() map[string]Attrs {
	done := make(chan struct{})
	var attrs map[string]Attrs
	go func() {
		defer close(done)
		attrs = r.Attributes(paths)
	}()
	return func() map[string]Attrs {
		<-done
		return attrs
	}
}

func load(snap engine.Snapshot, attrsOf func() map[string]Attrs, n int, at func(int) (string, *FileChange)) *Loaded {
	type result struct {
		file *engine.File
		skip string
		err  error
		gone bool
	}
	results := make([]result, n)
	workers := min(runtime.NumCPU(), n)
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				p, fc := at(i)
				if fc != nil && fc.Binary {
					results[i].skip = SkipBinary
					continue
				}
				var a Attrs
				if Vendored(p) {
					// Vendored files are not read at all (node_modules can be huge),
					// unless .gitattributes says they are not vendored.
					if a = attrsOf()[p]; a.Vendored == nil || *a.Vendored {
						results[i].skip = SkipVendored
						continue
					}
				}
				content, err := snap.Read(p)
				if err != nil {
					var tl *TooLargeError
					var nf *engine.NotFoundError
					switch {
					case errors.As(err, &tl):
						results[i].skip = SkipTooLarge
					case errors.As(err, &nf) || errors.Is(err, fs.ErrNotExist) || IsNotRegular(err):
						// Gone, or a symlink or folder where the index has a file.
						results[i].gone = true
					default:
						results[i].err = err
					}
					continue
				}
				a = attrsOf()[p]
				if why := classifyWith(p, content, a); why != "" {
					results[i].skip = why
					continue
				}
				f := &engine.File{Path: p, Content: content, Lang: engine.LangOf(p, content)}
				if fc != nil {
					f.New = fc.New()
					f.Touched = fc.Touched
					f.Deleted = fc.Deleted
					if f.New {
						f.Touched, f.Deleted = nil, nil
					}
				}
				results[i].file = f
			}
		}()
	}
	for i := 0; i < n; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
	out := &Loaded{Skipped: map[string][]string{}, Unreadable: map[string]error{}}
	for i, r := range results {
		p, _ := at(i)
		switch {
		case r.file != nil:
			out.Files = append(out.Files, r.file)
		case r.skip != "":
			out.Skipped[r.skip] = append(out.Skipped[r.skip], p)
		case r.gone:
			out.Missing = append(out.Missing, p)
		case r.err != nil:
			out.Unreadable[p] = r.err
		}
	}
	return out
}

// DiffFiles opens the repository at root and returns the files the change base..head
// left in place, read at head, with their touched lines (for audits).
func DiffFiles(root, base, head string) ([]*engine.File, error) {
	r, err := Open(root)
	if err != nil {
		return nil, err
	}
	b, err := r.ResolveRev(base)
	if err != nil {
		return nil, err
	}
	h, err := r.ResolveRev(head)
	if err != nil {
		return nil, err
	}
	c, err := r.DiffRevs(b, h)
	if err != nil {
		return nil, err
	}
	snap, err := r.RevSnapshot(h)
	if err != nil {
		return nil, err
	}
	defer snap.Close()
	return r.LoadChange(snap, c).Files, nil
}
