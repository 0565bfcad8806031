package graph

import (
	"bufio"
	"encoding/gob"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"github.com/heed-dev/heed/internal/engine"
)

// CacheFile is where the extraction cache lives, relative to the repository root
// (.heed/cache/ is ignored by git).
const CacheFile = ".heed/cache/graph-facts.gob"

// DiskCache is an extraction cache stored in one file. It is an optimisation only:
// a missing, stale or corrupt file is an empty cache, and the keys are content
// hashes, so a hit is always right. Save keeps only the entries this run used, so
// the file tracks the repository instead of growing.
type DiskCache struct {
	path string
	mu   sync.Mutex
	old  map[string]Facts
	used map[string]Facts
	hits int
}

// The file is a gob stream: a cacheHeader, then Count cacheEntry values, each encoded
// on its own, so that neither writing nor reading it holds the whole file in memory.
type cacheHeader struct {
	Version string
	Count   int
}

type cacheEntry struct {
	Key   string
	Facts Facts
}

// cacheLayout names the stream's layout; with ExtractorVersion it must match.
const cacheLayout = "stream-1"

// OpenDiskCache loads the cache of the repository at root.
func OpenDiskCache(root string) *DiskCache {
	c := &DiskCache{path: filepath.Join(root, filepath.FromSlash(CacheFile)), old: map[string]Facts{}, used: map[string]Facts{}}
	f, err := os.Open(c.path)
	if err != nil {
		return c
	}
	defer f.Close()
	dec := gob.NewDecoder(bufio.NewReader(f))
	var h cacheHeader
	if dec.Decode(&h) != nil || h.Version != ExtractorVersion+" "+cacheLayout || h.Count < 0 {
		return c
	}
	old := make(map[string]Facts, min(h.Count, 1<<20))
	for i := 0; i < h.Count; i++ {
		var e cacheEntry
		if dec.Decode(&e) != nil {
			return c // a truncated or corrupt file is an empty cache
		}
		old[e.Key] = e.Facts
	}
	c.old = old
	return c
}

// Get implements Cache.
func (c *DiskCache) Get(key string) (Facts, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if f, ok := c.used[key]; ok {
		return f, true
	}
	f, ok := c.old[key]
	if ok {
		c.used[key] = f
		c.hits++
	}
	return f, ok
}

// Put implements Cache.
func (c *DiskCache) Put(key string, f Facts) {
	c.mu.Lock()
	c.used[key] = f
	c.mu.Unlock()
}

// Save writes the entries this run used (atomically: a crash leaves the old file).
// It does nothing when every entry came from the file and none was dropped.
func (c *DiskCache) Save() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.hits == len(c.used) && len(c.used) == len(c.old) {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(c.path), 0o755); err != nil {
		return fmt.Errorf("write %s: %w", c.path, err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(c.path), ".graph-facts-*")
	if err != nil {
		return fmt.Errorf("write %s: %w", c.path, err)
	}
	w := bufio.NewWriter(tmp)
	enc := gob.NewEncoder(w)
	err = enc.Encode(cacheHeader{Version: ExtractorVersion + " " + cacheLayout, Count: len(c.used)})
	for k, f := range c.used {
		if err != nil {
			break
		}
		err = enc.Encode(cacheEntry{Key: k, Facts: f})
	}
	if err == nil {
		err = w.Flush()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("write %s: %w", c.path, err)
	}
	if err := os.Rename(tmp.Name(), c.path); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("write %s: %w", c.path, err)
	}
	return nil
}

// AttachDiskCache attaches the repository's extraction cache to an evidence bundle
// and returns the function that saves it; call both at the edge:
//
//	save := graph.AttachDiskCache(ev, root)
//	outcomes := engine.Run(rules, ev, opt)
//	_ = save()
func AttachDiskCache(ev *engine.Evidence, root string) (save func() error) {
	c := OpenDiskCache(root)
	UseCache(ev, c)
	return c.Save
}
