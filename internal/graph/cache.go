package graph

import (
	"bytes"
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

type cacheFile struct {
	Version string
	Facts   map[string]Facts
}

// OpenDiskCache loads the cache of the repository at root.
func OpenDiskCache(root string) *DiskCache {
	c := &DiskCache{path: filepath.Join(root, filepath.FromSlash(CacheFile)), old: map[string]Facts{}, used: map[string]Facts{}}
	b, err := os.ReadFile(c.path)
	if err != nil {
		return c
	}
	var f cacheFile
	if gob.NewDecoder(bytes.NewReader(b)).Decode(&f) == nil && f.Version == ExtractorVersion && f.Facts != nil {
		c.old = f.Facts
	}
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
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(cacheFile{Version: ExtractorVersion, Facts: c.used}); err != nil {
		return fmt.Errorf("encode %s: %w", c.path, err)
	}
	if err := os.MkdirAll(filepath.Dir(c.path), 0o755); err != nil {
		return fmt.Errorf("write %s: %w", c.path, err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(c.path), ".graph-facts-*")
	if err != nil {
		return fmt.Errorf("write %s: %w", c.path, err)
	}
	if _, err := tmp.Write(buf.Bytes()); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return fmt.Errorf("write %s: %w", c.path, err)
	}
	tmp.Close()
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
