package repo

import (
	"errors"
	"io/fs"
	"path/filepath"
	"runtime"
	"strings"
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
// returns the rest as evidence files (every line belongs to the run: ModeAll), with
// the repository's .gitattributes (linguist-generated, linguist-vendored) deciding
// what is generated or vendored.
func (r *Repo) LoadFiles(snap engine.Snapshot, paths []string) *Loaded {
	return load(r.newSource(snap, r.attributesAsync(paths), len(paths), func(i int) (string, *FileChange) { return paths[i], nil }))
}

// LoadChange is the package's LoadChange with the repository's .gitattributes.
func (r *Repo) LoadChange(snap engine.Snapshot, c *Change) *Loaded {
	kept := kept(c)
	paths := make([]string, len(kept))
	for i, fc := range kept {
		paths[i] = fc.Path
	}
	return load(r.newSource(snap, r.attributesAsync(paths), len(kept), func(i int) (string, *FileChange) { return kept[i].Path, kept[i] }))
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
	return load(newSource(snap, noAttrs, len(kept), func(i int) (string, *FileChange) { return kept[i].Path, kept[i] }))
}

func noAttrs() map[string]Attrs { return nil }

// attributesAsync starts reading the attributes of paths and returns a function that
// waits for them: files are read meanwhile, and classified once both are there.
func (r *Repo) attributesAsync(paths []string) func() map[string]Attrs {
	return r.attributesAsyncOf(Selection{All: paths})
}

// attributesAsyncOf is attributesAsync of a selection.
func (r *Repo) attributesAsyncOf(sel Selection) func() map[string]Attrs {
	done := make(chan struct{})
	var attrs map[string]Attrs
	go func() {
		defer close(done)
		attrs = r.attributesOf(sel)
	}()
	return func() map[string]Attrs {
		<-done
		return attrs
	}
}

// Classified is the files of a selection that a run would judge, read once to tell
// and released: Files hold their paths and languages, not their contents.
type Classified struct {
	*Loaded
	r     *Repo
	snap  engine.Snapshot
	attrs func() map[string]Attrs
}

// Classify reads paths from snap in parallel and classifies them as LoadFiles does,
// keeping of each file it would judge only its path and language: a pass that must
// know which files it judges before it judges any (a sample drawn from them) holds
// no contents. Stream reads the chosen ones again.
func (r *Repo) Classify(snap engine.Snapshot, paths []string) *Classified {
	attrs := r.attributesAsync(paths)
	loaded := loadWith(r.newSource(snap, attrs, len(paths), func(i int) (string, *FileChange) { return paths[i], nil }),
		func(f *engine.File) *engine.File { return &engine.File{Path: f.Path, Lang: f.Lang} })
	return &Classified{Loaded: loaded, r: r, snap: snap, attrs: attrs}
}

// Stream is a Source over paths, files Classify kept, read again when the run asks
// for them and not classified again.
func (c *Classified) Stream(paths []string) *Source {
	s := c.r.newSource(c.snap, c.attrs, len(paths), func(i int) (string, *FileChange) { return paths[i], nil })
	s.judgeable = true
	return s
}

func load(src *Source) *Loaded { return loadWith(src, nil) }

// loadWith is load keeping of each file what keep returns (nil keep: the file).
func loadWith(src *Source, keep func(*engine.File) *engine.File) *Loaded {
	n := src.n
	files := make([]*engine.File, n)
	workers := min(runtime.NumCPU(), n)
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				f := src.Load(i)
				if f != nil && keep != nil {
					f = keep(f)
				}
				files[i] = f
			}
		}()
	}
	for i := 0; i < n; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
	out := src.Loaded()
	for _, f := range files {
		if f != nil {
			out.Files = append(out.Files, f)
		}
	}
	return out
}

// Source reads the files of a selection one at a time, for a streamed run
// (engine.StreamWith): what it leaves out, and why, it records for Loaded.
type Source struct {
	snap    engine.Snapshot
	attrsOf func() map[string]Attrs
	n       int
	at      func(int) (string, *FileChange)
	// outcome holds, per candidate, why it was not judged (a byte: a repository's
	// worth of them is read by Loaded once every Load is done); errs the errors.
	outcome []uint8
	mu      sync.Mutex
	errs    map[int]error
	// goModule is the module path of the root go.mod (read once, on the first Go
	// file that carries the Go authors' header).
	goModOnce sync.Once
	goModule  string
	// third judges licence headers naming another project (nil: not judged).
	third *foreignHeaders
	// gen knows the files the repository's code generators write (nil: not judged).
	gen *generatorOutputs
	// judgeable is set for paths Classify read and kept: they are not classified
	// again (the same snapshot, the same contents).
	judgeable bool
}

// Why a candidate was not judged: its index in skipReasons, or gone or failed.
const (
	outcomeJudged = iota
	outcomeGone   = 254
	outcomeFailed = 255
)

var skipReasons = [...]string{1: SkipBinary, SkipGenerated, SkipVendored, SkipTooLarge, SkipFixture, SkipRetired}

// skipOutcome is the outcome of a skip reason, 0 for one not in skipReasons.
func skipOutcome(why string) uint8 {
	for i, r := range skipReasons {
		if i > 0 && r == why {
			return uint8(i)
		}
	}
	return 0
}

// skipError carries a skip reason skipReasons lacks.
type skipError struct{ why string }

func (e *skipError) Error() string { return e.why }

func newSource(snap engine.Snapshot, attrsOf func() map[string]Attrs, n int, at func(int) (string, *FileChange)) *Source {
	return &Source{snap: snap, attrsOf: attrsOf, n: n, at: at, outcome: make([]uint8, n), errs: map[int]error{}}
}

// StreamFiles is LoadFiles as a Source: paths are read when the run asks for them.
func (r *Repo) StreamFiles(snap engine.Snapshot, paths []string) *Source {
	return r.newSource(snap, r.attributesAsync(paths), len(paths), func(i int) (string, *FileChange) { return paths[i], nil })
}

// StreamFilesOf is StreamFiles of a selection of a listing.
func (r *Repo) StreamFilesOf(snap engine.Snapshot, sel Selection) *Source {
	if sel.Idx == nil && sel.Packed == nil {
		return r.StreamFiles(snap, sel.All)
	}
	n := sel.Len()
	return r.newSource(snap, r.attributesAsyncOf(sel), n, func(i int) (string, *FileChange) { return sel.At(i), nil })
}

// StreamChange is LoadChange as a Source.
func (r *Repo) StreamChange(snap engine.Snapshot, c *Change) *Source {
	kept := kept(c)
	paths := make([]string, len(kept))
	for i, fc := range kept {
		paths[i] = fc.Path
	}
	return r.newSource(snap, r.attributesAsync(paths), len(kept), func(i int) (string, *FileChange) { return kept[i].Path, kept[i] })
}

// newSource is newSource with the repository's identity for licence headers that
// name another project.
func (r *Repo) newSource(snap engine.Snapshot, attrsOf func() map[string]Attrs, n int, at func(int) (string, *FileChange)) *Source {
	s := newSource(snap, attrsOf, n, at)
	s.third = &foreignHeaders{snap: snap, dirs: []string{r.Root, r.Top}}
	s.gen = newGeneratorOutputs(snap, func(yield func(string) bool) {
		for i := 0; i < n; i++ {
			if p, _ := at(i); !yield(p) {
				return
			}
		}
	})
	if r.commonDir != "" {
		s.third.gitConfig = filepath.Join(r.commonDir, "config")
	}
	return s
}

// Len implements engine.Source.
func (s *Source) Len() int { return s.n }

// Path implements engine.Source.
func (s *Source) Path(i int) string {
	p, _ := s.at(i)
	return p
}

// Load implements engine.Source: the i-th file, or nil when it is skipped (binary,
// vendored, generated, too large, a fixture), gone from the snapshot or unreadable.
func (s *Source) Load(i int) *engine.File {
	p, fc := s.at(i)
	res := &s.outcome[i]
	if fc != nil && fc.Err != nil {
		*res = outcomeFailed
		s.mu.Lock()
		s.errs[i] = fc.Err
		s.mu.Unlock()
		return nil
	}
	if fc != nil && fc.Binary {
		*res = skipOutcome(SkipBinary)
		return nil
	}
	if s.judgeable {
		content, err := s.snap.Read(p)
		if err != nil {
			*res = outcomeFailed
			s.mu.Lock()
			s.errs[i] = err
			s.mu.Unlock()
			return nil
		}
		return &engine.File{Path: strings.Clone(p), Content: content, Lang: engine.LangOf(p, content)}
	}
	var a Attrs
	if Vendored(p) {
		// Vendored files are not read at all (node_modules can be huge), unless
		// .gitattributes says they are not vendored.
		if a = s.attrsOf()[p]; a.Vendored == nil || *a.Vendored {
			*res = skipOutcome(SkipVendored)
			return nil
		}
	}
	content, err := s.snap.Read(p)
	if err != nil {
		var tl *TooLargeError
		var nf *engine.NotFoundError
		switch {
		case errors.As(err, &tl):
			*res = skipOutcome(SkipTooLarge)
		case errors.As(err, &nf) || errors.Is(err, fs.ErrNotExist) || IsNotRegular(err):
			// Gone, or a symlink or folder where the index has a file.
			*res = outcomeGone
		default:
			*res = outcomeFailed
			s.mu.Lock()
			s.errs[i] = err
			s.mu.Unlock()
		}
		return nil
	}
	a = s.attrsOf()[p]
	why := classifyWith(p, content, a)
	if why == "" && a.Vendored == nil && GoAuthorsCopy(p, content) && !s.goProject() {
		why = SkipVendored
	}
	if why == "" && a.Vendored == nil && s.third != nil {
		why = s.third.foreign(p, content)
	}
	if why == "" && a.Generated == nil && s.gen != nil && s.gen.covers(p) {
		why = SkipGenerated
	}
	if why != "" {
		if *res = skipOutcome(why); *res == 0 {
			*res = outcomeFailed
			s.mu.Lock()
			s.errs[i] = &skipError{why}
			s.mu.Unlock()
		}
		return nil
	}
	// (a copy of the path: the listing's paths share one string, which a finding
	// kept for the report must not hold whole)
	f := &engine.File{Path: strings.Clone(p), Content: content, Lang: engine.LangOf(p, content)}
	if fc != nil {
		f.New = fc.New()
		f.Touched = fc.Touched
		f.Deleted = fc.Deleted
		f.Replaced = fc.Replaced
		if f.New {
			f.Touched, f.Deleted, f.Replaced = nil, nil, nil
		}
	}
	return f
}

// goProject reports whether the repository is the Go project's own (module std, cmd
// or golang.org/x/...), where the Go authors' header is the repository's own.
func (s *Source) goProject() bool {
	s.goModOnce.Do(func() {
		// The Go repository's own go.mod is src/go.mod (module std).
		for _, f := range []string{"go.mod", "src/go.mod"} {
			if b, err := s.snap.Read(f); err == nil {
				if s.goModule = GoModulePath(b); s.goModule != "" {
					break
				}
			}
		}
	})
	return GoOwnModule(s.goModule)
}

// ToolWritten implements engine.Source: the i-th candidate was skipped as written by a
// tool or another project (binary, generated, vendored, a fixture), not for its size
// nor because it could not be read. Call it after Load(i) returned nil.
func (s *Source) ToolWritten(i int) bool {
	switch r := s.outcome[i]; r {
	case outcomeJudged, outcomeGone:
		return false
	case outcomeFailed:
		s.mu.Lock()
		se, ok := s.errs[i].(*skipError) // a skip reason skipReasons lacks (third-party code)
		s.mu.Unlock()
		return ok && se.why != SkipTooLarge
	default:
		return skipReasons[r] != SkipTooLarge
	}
}

// Loaded is what the loads left out, and why; its Files are empty (the run has them).
// Call it once every Load has returned.
func (s *Source) Loaded() *Loaded {
	out := &Loaded{Skipped: map[string][]string{}, Unreadable: map[string]error{}}
	for i, r := range s.outcome {
		switch r {
		case outcomeJudged:
		case outcomeGone:
			out.Missing = append(out.Missing, strings.Clone(s.Path(i)))
		case outcomeFailed:
			if se, ok := s.errs[i].(*skipError); ok {
				out.Skipped[se.why] = append(out.Skipped[se.why], strings.Clone(s.Path(i)))
				continue
			}
			out.Unreadable[strings.Clone(s.Path(i))] = s.errs[i]
		default:
			out.Skipped[skipReasons[r]] = append(out.Skipped[skipReasons[r]], strings.Clone(s.Path(i)))
		}
	}
	return out
}
