package source

import (
	"bytes"
	"crypto/sha256"
	"encoding/gob"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
)

// CacheVersion changes whenever a change to this package could change a verdict on the
// same rule and file (a predicate's meaning, the region queries, a grammar upgrade), so
// old cached results are never reused by a build that would judge differently.
const CacheVersion = "source-2 ts0.25.0 py0.25.0 js0.25.0 ts0.23.2 go0.25.0 rs0.24.0 java0.23.5"

// Cache holds the results of source rules per rule and file content: a second full
// check parses and queries only the files that changed. Checks only read and fill it;
// loading and saving it is the caller's business (see DiskCache).
type Cache interface {
	Get(key string) (engine.Result, bool)
	Put(key string, r engine.Result)
}

// UseCache attaches a findings cache to the evidence for the source rules of one run.
func UseCache(ev *engine.Evidence, c Cache) {
	if c == nil {
		return
	}
	ev.Memo("source:cache", func() (any, error) { return c, nil })
}

func cacheOf(ev *engine.Evidence) Cache {
	v, _ := ev.Memo("source:cache", func() (any, error) { return nil, nil })
	c, _ := v.(Cache)
	return c
}

// ruleKey identifies what a rule computes: its kind, parameters, scope and messages.
func ruleKey(r *policy.Rule) string {
	b, _ := json.Marshal(struct {
		V, K                string
		P                   json.RawMessage
		S                   policy.Scope
		Message, Suggestion string
	}{CacheVersion, r.Kind, r.Params, r.Scope, r.Message, r.Suggestion})
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:12])
}

// contentHash is the file's content hash, computed once per file and run.
func contentHash(ev *engine.Evidence, f *engine.File) string {
	v, _ := ev.Memo("file:"+f.Path+"\x00sha256", func() (any, error) {
		sum := sha256.Sum256(f.Content)
		return hex.EncodeToString(sum[:]), nil
	})
	return v.(string)
}

// cached returns the cached result of the rule on the file, or computes and stores it.
// extra is whatever else the result depends on (the file being new, the mode).
func cached(ev *engine.Evidence, f *engine.File, rule string, extra string, judge func() engine.Result) engine.Result {
	c := cacheOf(ev)
	if c == nil {
		return judge()
	}
	sum := sha256.Sum256([]byte(rule + "\x00" + f.Path + "\x00" + extra + "\x00" + contentHash(ev, f)))
	key := hex.EncodeToString(sum[:16])
	if r, ok := c.Get(key); ok {
		return r
	}
	r := judge()
	if r.Verdict == engine.Satisfied || r.Verdict == engine.Violated {
		c.Put(key, r) // an undetermined result (a timeout) is worth retrying
	}
	return r
}

// CacheFile is where DiskCache keeps its entries, relative to the repository root.
const CacheFile = ".heed/cache/source.gob"

// DiskCache is a Cache kept in the repository's .heed/cache/. Only the entries a run
// used are written back, so it never grows beyond the current tree and rules.
type DiskCache struct {
	path string
	mu   sync.Mutex
	old  map[string]engine.Result
	used map[string]engine.Result
	hits int
	keep bool
}

type cacheDoc struct {
	Version string
	Results map[string]engine.Result
}

// OpenDiskCache loads the cache of the repository at root (empty when absent, from
// another version, or unreadable: the cache only ever saves work).
func OpenDiskCache(root string) *DiskCache {
	c := &DiskCache{path: filepath.Join(root, filepath.FromSlash(CacheFile)), old: map[string]engine.Result{}, used: map[string]engine.Result{}}
	b, err := os.ReadFile(c.path)
	if err != nil {
		return c
	}
	var d cacheDoc
	if gob.NewDecoder(bytes.NewReader(b)).Decode(&d) == nil && d.Version == CacheVersion && d.Results != nil {
		c.old = d.Results
	}
	return c
}

// Get implements Cache.
func (c *DiskCache) Get(key string) (engine.Result, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if r, ok := c.used[key]; ok {
		return r, true
	}
	r, ok := c.old[key]
	if ok {
		c.used[key] = r
		c.hits++
	}
	return r, ok
}

// Put implements Cache.
func (c *DiskCache) Put(key string, r engine.Result) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.used[key] = r
}

// Loaded is how many results the cache file held when it was opened.
func (c *DiskCache) Loaded() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.old)
}

// Hits is how many results came from the cache.
func (c *DiskCache) Hits() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.hits
}

// KeepUnused makes Save keep the entries this run did not use: a run that judged only
// some files (a diff) must not forget the rest of the tree. A full run leaves it off and
// so prunes what the tree and rules no longer have.
func (c *DiskCache) KeepUnused() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.keep = true
}

// Save writes the entries this run used (and, after KeepUnused, the others it loaded).
// The folder gets a .gitignore of its own.
func (c *DiskCache) Save() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.used) == 0 && len(c.old) == 0 {
		return nil
	}
	dir := filepath.Dir(c.path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("write %s: %w", c.path, err)
	}
	if _, err := os.Stat(filepath.Join(dir, ".gitignore")); os.IsNotExist(err) {
		os.WriteFile(filepath.Join(dir, ".gitignore"), []byte("*\n"), 0o644)
	}
	var b bytes.Buffer
	results := c.used
	if c.keep {
		results = make(map[string]engine.Result, len(c.old)+len(c.used))
		for k, v := range c.old {
			results[k] = v
		}
		for k, v := range c.used {
			results[k] = v
		}
	}
	if err := gob.NewEncoder(&b).Encode(cacheDoc{Version: CacheVersion, Results: results}); err != nil {
		return fmt.Errorf("write %s: %w", c.path, err)
	}
	tmp := c.path + ".tmp"
	if err := os.WriteFile(tmp, b.Bytes(), 0o644); err != nil {
		return fmt.Errorf("write %s: %w", c.path, err)
	}
	if err := os.Rename(tmp, c.path); err != nil {
		return fmt.Errorf("write %s: %w", c.path, err)
	}
	return nil
}
