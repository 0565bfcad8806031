// Package resultcache keeps the results of checks that read one file, keyed by the
// rule and the file's content: a second full check judges again only the files that
// changed. Checks read and fill it through the evidence (Judge); the driver that runs
// them opens it, attaches it (Use) and saves it (DiskCache). It knows no rule kind: a
// check's key says what the check computes, its version included (RuleKey).
package resultcache

import (
	"bufio"
	"crypto/sha256"
	"encoding/binary"
	"encoding/gob"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
)

// Cache holds the results of checks per rule and file content. Checks only read and
// fill it; loading and saving it is the driver's business (see DiskCache).
type Cache interface {
	Get(key string) (engine.Result, bool)
	Put(key string, r engine.Result)
}

// memoKey is where Use keeps the cache in the evidence.
const memoKey = "resultcache"

// Use attaches a cache to the evidence for the checks of one run.
func Use(ev *engine.Evidence, c Cache) {
	if c == nil {
		return
	}
	ev.Memo(memoKey, func() (any, error) { return c, nil })
}

func cacheOf(ev *engine.Evidence) Cache {
	v, _ := ev.Memo(memoKey, func() (any, error) { return nil, nil })
	c, _ := v.(Cache)
	return c
}

// RuleKey identifies what a rule computes: the version of its kind's checks (which
// changes whenever a change to them could change a verdict on the same rule and file:
// a predicate's meaning, a grammar upgrade), its kind, parameters, scope and messages.
// A key from another version is never looked up again; a full run drops its entries.
func RuleKey(version string, r *policy.Rule) string {
	b, _ := json.Marshal(struct {
		V, K                string
		P                   json.RawMessage
		S                   policy.Scope
		Message, Suggestion string
	}{version, r.Kind, r.Params, r.Scope, r.Message, r.Suggestion})
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

// Judge returns the cached result of the rule keyed rule (RuleKey) on the file, or
// judges and stores it. The result must depend on the file's path and content alone,
// and on extra (the file being new, the mode). Without a cache it judges.
func Judge(ev *engine.Evidence, f *engine.File, rule string, extra string, judge func() engine.Result) engine.Result {
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

// File is where DiskCache keeps its entries, relative to the repository root.
const File = ".heed/cache/results.gob"

// legacyFile is where heed kept them before (the source rules' cache): Save removes it.
const legacyFile = ".heed/cache/source.gob"

// DiskCache is a Cache kept in the repository's .heed/cache/. Only the entries a run
// used are written back, so it never grows beyond the current tree and rules.
//
// It is held compactly: a run over 20,000 files asks it about every rule on every
// file a gate lets through, hundreds of thousands of entries, most of them a plain
// pass. An entry read from the file is its 16-byte key and a result, nil for a plain
// pass; an entry a run adds is written at once to the file Save will rename into
// place, a block at a time, and not held: a cold run over a large repository holds
// none of its results (nor the findings in them).
//
// The entries read from the file are held as a sorted table, not a map: a key and
// where its result is (none for a plain pass), 20 bytes an entry and a bit for
// whether the run used it, looked up by binary search. A map of them cost about
// twice that (on Django x23, 6.8 MB of a warm check's 13.4 MB of live heap).
type DiskCache struct {
	path string
	mu   sync.Mutex
	// table holds the entries read from the file, sorted by key; results the
	// results of those that are not plain passes; used whether the run used each
	// entry (a bit an entry).
	table   []tableEntry
	results []engine.Result
	used    []uint64
	// loaded is how many entries came from the file.
	loaded int
	hits   int
	keep   bool
	// out is the file the entries added this run go to (created at the first), in
	// blocks: pend holds the block being filled; err the first failure to write it,
	// after which nothing is saved.
	out  *os.File
	w    *bufio.Writer
	enc  *gob.Encoder
	pend cacheBlock
	err  error
}

type cacheKey [16]byte

// tableEntry is an entry read from the file: its key and its result's index in
// results, -1 for a plain pass.
type tableEntry struct {
	key cacheKey
	res int32
}

func compareKeys(a, b *cacheKey) int {
	x, y := binary.BigEndian.Uint64(a[:8]), binary.BigEndian.Uint64(b[:8])
	if x == y {
		x, y = binary.BigEndian.Uint64(a[8:]), binary.BigEndian.Uint64(b[8:])
	}
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

// find is the index of k in the table, or -1.
func (c *DiskCache) find(k *cacheKey) int {
	lo, hi := 0, len(c.table)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		switch compareKeys(&c.table[m].key, k) {
		case -1:
			lo = m + 1
		case 1:
			hi = m
		default:
			return m
		}
	}
	return -1
}

func (c *DiskCache) isUsed(i int) bool { return c.used[i>>6]&(1<<(i&63)) != 0 }

func (c *DiskCache) markUsed(i int) { c.used[i>>6] |= 1 << (i & 63) }

// value is the i-th entry's result, nil for a plain pass.
func (c *DiskCache) value(i int) *engine.Result {
	if r := c.table[i].res; r >= 0 {
		return &c.results[r]
	}
	return nil
}

// cacheFormat names the file's layout: a file of another is not read. What the
// entries mean is the checks' keys' business (RuleKey's version). results-2: a pass
// judged in part is no longer held as a plain pass (results-1 files lost it).
const cacheFormat = "results-2"

// The file is a gob stream, so that neither writing nor reading it holds it whole: a
// cacheHeader, then cacheBlocks, each with the keys of at most passBlock plain passes
// (16 bytes each, concatenated) and at most resultBlock other results, the last one
// marked End (a file cut short is not read).
type cacheHeader struct {
	Version string
	// Build identifies the program that wrote the results (thisBuild): a verdict
	// depends on the code that judged it, and a check's version (RuleKey) is bumped by
	// hand, so results of another build are never read.
	Build string
}

// thisBuild identifies the running program by its executable's size and time of
// change: a rebuilt heed has another, and reading them costs one stat.
var thisBuild = sync.OnceValue(func() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	st, err := os.Stat(exe)
	if err != nil {
		return ""
	}
	return fmt.Sprintf("%s %d %d", exe, st.Size(), st.ModTime().UnixNano())
})

type cacheBlock struct {
	Passed  []byte
	Results []cacheEntry
	End     bool
}

type cacheEntry struct {
	Key    cacheKey
	Result engine.Result
}

const (
	passBlock   = 4096
	resultBlock = 256
)

// plainPass reports whether r is a pass with nothing more to say, held as nil: a pass
// that judged its file only in part keeps what it left out, or a warm check would no
// longer report the file.
func plainPass(r engine.Result) bool {
	return r.Verdict == engine.Satisfied && r.Reason == "" && len(r.Findings) == 0 && r.Partial == nil
}

func parseKey(key string) (cacheKey, bool) {
	var k cacheKey
	if hex.DecodedLen(len(key)) != len(k) {
		return k, false
	}
	_, err := hex.Decode(k[:], []byte(key))
	return k, err == nil
}

// OpenDiskCache loads the cache of the repository at root (empty when absent, from
// another version, or unreadable: the cache only ever saves work).
func OpenDiskCache(root string) *DiskCache {
	c := &DiskCache{path: filepath.Join(root, filepath.FromSlash(File))}
	f, err := os.Open(c.path)
	if err != nil {
		return c
	}
	defer f.Close()
	dec := gob.NewDecoder(bufio.NewReader(f))
	var h cacheHeader
	if dec.Decode(&h) != nil || h.Version != cacheFormat || h.Build != thisBuild() || h.Build == "" {
		return c
	}
	for {
		var b cacheBlock
		if dec.Decode(&b) != nil || len(b.Passed)%len(cacheKey{}) != 0 {
			return &DiskCache{path: c.path} // corrupt or cut short
		}
		for i := 0; i < len(b.Passed); i += len(cacheKey{}) {
			c.table = append(c.table, tableEntry{key: cacheKey(b.Passed[i : i+len(cacheKey{})]), res: -1})
		}
		for i := range b.Results {
			c.table = append(c.table, tableEntry{key: b.Results[i].Key, res: int32(len(c.results))})
			c.results = append(c.results, b.Results[i].Result)
		}
		if b.End {
			break
		}
	}
	slices.SortFunc(c.table, func(a, b tableEntry) int { return compareKeys(&a.key, &b.key) })
	// a key written twice (never by Save) is looked up once
	c.table = slices.CompactFunc(c.table, func(a, b tableEntry) bool { return a.key == b.key })
	if cap(c.table)-len(c.table) > len(c.table)/8 {
		c.table = append(make([]tableEntry, 0, len(c.table)), c.table...)
	}
	c.used = make([]uint64, (len(c.table)+63)/64)
	c.loaded = len(c.table)
	return c
}

// write adds an entry to the block being filled, and writes the block when it is
// full (the caller holds mu).
func (c *DiskCache) write(k cacheKey, r *engine.Result) {
	if r == nil {
		c.pend.Passed = append(c.pend.Passed, k[:]...)
	} else {
		c.pend.Results = append(c.pend.Results, cacheEntry{Key: k, Result: *r})
	}
	if len(c.pend.Passed) >= passBlock*len(cacheKey{}) || len(c.pend.Results) >= resultBlock {
		c.flush(false)
	}
}

// flush writes the block being filled, the last one when end (the caller holds mu).
func (c *DiskCache) flush(end bool) {
	if c.err != nil {
		c.pend = cacheBlock{}
		return
	}
	if c.out == nil {
		dir := filepath.Dir(c.path)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			c.err = fmt.Errorf("write %s: %w", c.path, err)
			return
		}
		if _, err := os.Stat(filepath.Join(dir, ".gitignore")); os.IsNotExist(err) {
			os.WriteFile(filepath.Join(dir, ".gitignore"), []byte("*\n"), 0o644)
		}
		f, err := os.CreateTemp(dir, filepath.Base(c.path)+".tmp-*")
		if err != nil {
			c.err = fmt.Errorf("write %s: %w", c.path, err)
			return
		}
		f.Chmod(0o644) // as os.Create gave it: CreateTemp's file is the owner's alone
		c.out, c.w = f, bufio.NewWriter(f)
		c.enc = gob.NewEncoder(c.w)
		if err := c.enc.Encode(cacheHeader{Version: cacheFormat, Build: thisBuild()}); err != nil {
			c.err = fmt.Errorf("write %s: %w", f.Name(), err)
		}
	}
	c.pend.End = end
	if c.err == nil {
		if err := c.enc.Encode(c.pend); err != nil {
			c.err = fmt.Errorf("write %s: %w", c.out.Name(), err)
		}
	}
	// a new block each time: the encoded one may share nothing with the next
	c.pend = cacheBlock{}
}

// Get implements Cache.
func (c *DiskCache) Get(key string) (engine.Result, bool) {
	k, ok := parseKey(key)
	if !ok {
		return engine.Result{}, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	i := c.find(&k)
	if i < 0 {
		return engine.Result{}, false
	}
	if !c.isUsed(i) {
		c.markUsed(i)
		c.hits++
	}
	if r := c.value(i); r != nil {
		return *r, true
	}
	return engine.Result{Verdict: engine.Satisfied}, true
}

// Put implements Cache.
func (c *DiskCache) Put(key string, r engine.Result) {
	k, ok := parseKey(key)
	if !ok {
		return
	}
	var v *engine.Result
	if !plainPass(r) {
		v = &r
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if i := c.find(&k); i >= 0 {
		// judged again (a check that does not ask the cache first): the new result
		if v == nil {
			c.table[i].res = -1
		} else {
			c.table[i].res = int32(len(c.results))
			c.results = append(c.results, *v)
		}
		c.markUsed(i)
		return
	}
	c.write(k, v)
}

// Loaded is how many results the cache file held when it was opened.
func (c *DiskCache) Loaded() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.loaded
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

// Save writes the entries this run used (and, after KeepUnused, the others it loaded)
// after those it added, and puts the file in place. The folder gets a .gitignore of
// its own. Entries of keys no check asks for any more (a rule removed, a version
// changed) are dropped by the next run that does not keep the unused ones.
func (c *DiskCache) Save() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.table) == 0 && c.out == nil && len(c.pend.Passed) == 0 && len(c.pend.Results) == 0 {
		return nil
	}
	for i := range c.table {
		if c.keep || c.isUsed(i) {
			c.write(c.table[i].key, c.value(i))
		}
	}
	c.flush(true)
	if c.out == nil {
		return c.err
	}
	tmp := c.out.Name()
	err := c.err
	if err == nil {
		if err = c.w.Flush(); err != nil {
			err = fmt.Errorf("write %s: %w", tmp, err)
		}
	}
	if cerr := c.out.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("write %s: %w", tmp, cerr)
	}
	c.out, c.w, c.enc = nil, nil, nil
	if err == nil {
		if err = os.Rename(tmp, c.path); err != nil {
			err = fmt.Errorf("write %s: %w", c.path, err)
		}
	}
	if err != nil {
		os.Remove(tmp)
		return err
	}
	os.Remove(filepath.Join(filepath.Dir(c.path), filepath.Base(legacyFile)))
	return nil
}
