package graph

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/workers"
)

// Cache stores extraction results by content key, so that a file whose bytes did not
// change is never parsed again. Implementations must be safe for concurrent use.
type Cache interface {
	Get(key Key) (Facts, bool)
	Put(key Key, f Facts)
}

// Key is the cache key of a file's facts: the first half of the SHA-256 of its
// language, its content and the extractor version (two contents share a key once in
// 2^64 pairs).
type Key [16]byte

// FactsKey is the cache key of a file's facts.
func FactsKey(lang string, content []byte) Key {
	h := sha256.New()
	h.Write([]byte(ExtractorVersion + "\x00" + lang + "\x00"))
	h.Write(content)
	var sum [sha256.Size]byte
	return Key(h.Sum(sum[:0]))
}

// Index answers questions about single files of a snapshot without building the
// whole graph: what a changed file imports needs only the resolver, not every other
// file parsed.
type Index struct {
	Snap     engine.Snapshot
	Paths    []string
	Resolver *Resolver
	Cache    Cache

	parsed, cached atomic.Int64
}

// NewIndex indexes a snapshot (paths and project files; no source is parsed). Facts
// are kept in memory for the index's life, over the given cache if any, so rules that
// read single files and rules that need the whole graph parse each file once.
func NewIndex(snap engine.Snapshot, cache Cache) *Index {
	paths := SourcePaths(snap.Paths())
	return &Index{Snap: snap, Paths: paths, Resolver: NewResolver(snap, paths), Cache: &memCache{under: cache}}
}

// memCache keeps facts in memory, in their compact form, unless a persistent cache
// under it keeps them (DiskCache has what a run used, to save it): one copy is
// enough.
type memCache struct {
	mu    sync.Mutex
	m     map[Key][]byte
	under Cache
}

func (c *memCache) Get(key Key) (Facts, bool) {
	if c.under != nil {
		return c.under.Get(key)
	}
	c.mu.Lock()
	b, ok := c.m[key]
	c.mu.Unlock()
	if !ok {
		return Facts{}, false
	}
	f, err := decodeFacts(b)
	return f, err == nil
}

func (c *memCache) Put(key Key, f Facts) {
	if c.under != nil {
		c.under.Put(key, f) // it keeps them for the run: a second copy is not needed
		return
	}
	b := appendFacts(nil, &f)
	c.mu.Lock()
	if c.m == nil {
		c.m = map[Key][]byte{}
	}
	c.m[key] = b
	c.mu.Unlock()
}

// Facts extracts (or fetches from the cache) the facts of one file's content.
func (ix *Index) Facts(lang string, content []byte) Facts {
	if ix.Cache != nil {
		key := FactsKey(lang, content)
		if f, ok := ix.Cache.Get(key); ok {
			ix.cached.Add(1)
			return f
		}
		f := Extract(lang, content)
		ix.parsed.Add(1)
		ix.Cache.Put(key, f)
		return f
	}
	ix.parsed.Add(1)
	return Extract(lang, content)
}

// File builds the graph node of one file from its content.
func (ix *Index) File(p string, content []byte) *File {
	l := engine.LangOf(p, content)
	f := &File{Path: p, Lang: l}
	if !Sourced(l) {
		return f
	}
	facts := ix.Facts(l, content)
	f.Err, f.Partial = facts.Err, facts.Partial
	f.Package = ix.Resolver.FilePackage(p, l)
	f.Edges = ix.Resolver.Resolve(p, l, &facts)
	return f
}

// Options tune a build.
type Options struct {
	// Workers bounds parallel extraction (default: the number of CPUs).
	Workers int
}

// Build builds the import graph of every source file of the index's snapshot.
func (ix *Index) Build(opt Options) (*Graph, error) {
	var srcs []string
	for _, p := range ix.Paths {
		if Sourced(engine.LangOf(p, nil)) {
			srcs = append(srcs, p)
		}
	}
	files := make([]*File, len(srcs))
	workers.Each(len(srcs), opt.Workers, func(i int) {
		p := srcs[i]
		content, err := ix.Snap.Read(p)
		if err != nil {
			var nf *engine.NotFoundError
			if errors.As(err, &nf) {
				return
			}
			// An unreadable file (a symlink loop, a permission) is a hole in the
			// graph: the file is kept, marked, never silently dropped.
			files[i] = &File{Path: p, Lang: engine.LangOf(p, nil), Err: fmt.Sprintf("read %s: %v", p, err)}
			return
		}
		files[i] = ix.File(p, content)
	})
	g := &Graph{Files: make(map[string]*File, len(files))}
	for _, f := range files {
		if f == nil {
			continue
		}
		g.Files[f.Path] = f
		g.Stats.Edges += len(f.Edges)
		if f.Err != "" {
			g.Stats.Skipped++
		}
	}
	g.Stats.Files = len(g.Files)
	g.Stats.Parsed = int(ix.parsed.Load())
	g.Stats.Cached = int(ix.cached.Load())
	return g, nil
}

// Build builds the import graph of a snapshot (a convenience over NewIndex).
func Build(snap engine.Snapshot, cache Cache, opt Options) (*Graph, error) {
	return NewIndex(snap, cache).Build(opt)
}

// Memo keys under which the graph lives in an evidence bundle. They do not start
// with "file:", so the engine keeps them for the whole run.
const (
	memoCache = "graph:cache"
	memoIndex = "graph:index"
	memoGraph = "graph:full"
)

// UseCache attaches an extraction cache to the evidence (call it at the edge, before
// the run: checks stay pure, the cache only spares work).
func UseCache(ev *engine.Evidence, c Cache) {
	_, _ = ev.Memo(memoCache, func() (any, error) { return c, nil })
}

func cacheOf(ev *engine.Evidence) Cache {
	v, _ := ev.Memo(memoCache, func() (any, error) { return nil, nil })
	c, _ := v.(Cache)
	return c
}

// IndexOf returns the evidence's index (built once per run).
func IndexOf(ev *engine.Evidence) (*Index, error) {
	v, err := ev.Memo(memoIndex, func() (any, error) {
		if ev.Tree == nil {
			return nil, errors.New("the evidence has no repository snapshot to resolve imports against")
		}
		return NewIndex(ev.Tree, cacheOf(ev)), nil
	})
	if err != nil {
		return nil, err
	}
	return v.(*Index), nil
}

// Of returns the whole import graph of the evidence's snapshot (built once per run).
func Of(ev *engine.Evidence) (*Graph, error) {
	v, err := ev.Memo(memoGraph, func() (any, error) {
		ix, err := IndexOf(ev)
		if err != nil {
			return nil, err
		}
		return ix.Build(Options{})
	})
	if err != nil {
		return nil, err
	}
	return v.(*Graph), nil
}

// FileOf returns the graph node of one judged file, from its content in the
// evidence, without building the rest of the graph. It is released with the file's
// other memoised values (a streamed run keeps no file's node past its judging).
func FileOf(ev *engine.Evidence, f *engine.File) (*File, error) {
	v, err := ev.Memo("file:"+f.Path+"\x00graph", func() (any, error) {
		ix, err := IndexOf(ev)
		if err != nil {
			return nil, err
		}
		return ix.File(f.Path, f.Content), nil
	})
	if err != nil {
		return nil, err
	}
	return v.(*File), nil
}
