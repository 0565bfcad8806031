package graph

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"sort"
	"sync"
)

// CacheFile is where the extraction cache lives, relative to the repository root
// (.heed/cache/ is ignored by git).
const CacheFile = ".heed/cache/graph-facts.bin"

// legacyCacheFile is where heed kept the cache before (a gob stream): Save removes it.
const legacyCacheFile = ".heed/cache/graph-facts.gob"

// DiskCache is an extraction cache stored in one file. It is an optimisation only:
// a missing, stale or corrupt file is an empty cache, and the keys are content
// hashes, so a hit is always right. Save keeps only the entries this run used, so
// the file tracks the repository instead of growing.
//
// It holds no file's facts: what it keeps in memory is where each record is (a
// 16-byte key and 8 bytes of place, about 50 bytes an entry with the map's own). The records of the file it opened are read from it when asked
// for; the ones a run adds are written at once to the file Save will rename into
// place, and read back from there. So a cold run over 20,000 files holds none of
// their imports, and a warm one reads only the records it is asked for.
type DiskCache struct {
	path string
	mu   sync.Mutex
	// old is the file opened (nil when absent or unreadable); at[key] locates each
	// record, in old or out.
	old *os.File
	at  map[Key]record
	// oldCount is how many records old holds, oldUsed how many of them this run asked
	// for, added how many records it wrote to out; oldEnd is where old's last record
	// ends.
	oldCount, oldUsed, added int
	oldEnd                   int64
	// keep makes Save keep the records of old this run did not ask for (KeepUnused).
	keep bool
	// out is the file Save renames into place, created at the first record added;
	// written through w, of which the first flushed bytes are on disk. err is the
	// first failure to write it, after which the records added are kept in mem.
	out     *os.File
	w       *bufio.Writer
	size    int64
	flushed int64
	err     error
	mem     map[Key][]byte
}

// record locates one record: its checksum's offset in old or out (the payload
// follows the checksum), and its payload's length with two marks in the top bits.
type record struct {
	off uint32
	n   uint32
}

const (
	recMine = 1 << 31 // in out (added this run), not old
	recUsed = 1 << 30 // asked for this run
	recLen  = recUsed - 1
	// maxCacheFile bounds the files (offsets are 32 bits); past it a run keeps the
	// records it adds in memory and saves nothing.
	maxCacheFile = 1<<32 - 1
)

func (r record) mine() bool { return r.n&recMine != 0 }
func (r record) used() bool { return r.n&recUsed != 0 }
func (r record) len() int   { return int(r.n & recLen) }

// The file: cacheMagic, the extractor's version and a newline, then records, each
// the 16-byte key, the payload's length (uvarint), its CRC-32 (4 bytes, little
// endian) and the payload (appendFacts).
const cacheMagic = "heed graph facts 1 "

func cacheHeader() string { return cacheMagic + ExtractorVersion + "\n" }

// OpenDiskCache opens the cache of the repository at root: it reads where each record
// is, not the records.
func OpenDiskCache(root string) *DiskCache {
	c := &DiskCache{path: filepath.Join(root, filepath.FromSlash(CacheFile)), at: map[Key]record{}}
	f, err := os.Open(c.path)
	if err != nil {
		return c
	}
	at, end, err := indexRecords(f)
	if err != nil {
		f.Close()
		return c // a truncated or corrupt file is an empty cache
	}
	c.old, c.at, c.oldCount, c.oldEnd = f, at, len(at), end
	return c
}

// indexRecords reads the header and the place of every record of a cache file, and
// where the last record ends.
func indexRecords(f *os.File) (map[Key]record, int64, error) {
	r := bufio.NewReaderSize(f, 64<<10)
	h := cacheHeader()
	head := make([]byte, len(h))
	if _, err := io.ReadFull(r, head); err != nil || string(head) != h {
		return nil, 0, errCorrupt
	}
	at := map[Key]record{}
	off := int64(len(h))
	var k Key
	for {
		if _, err := io.ReadFull(r, k[:]); err != nil {
			if err == io.EOF {
				return at, off, nil
			}
			return nil, 0, errCorrupt
		}
		n, err := binary.ReadUvarint(r)
		if err != nil || n > recLen {
			return nil, 0, errCorrupt
		}
		if d, err := r.Discard(4 + int(n)); err != nil || d != 4+int(n) {
			return nil, 0, errCorrupt
		}
		off += int64(len(k)) + int64(uvarintLen(n))
		if off+4+int64(n) > maxCacheFile {
			return nil, 0, errCorrupt
		}
		at[k] = record{off: uint32(off), n: uint32(n)}
		off += 4 + int64(n)
	}
}

func uvarintLen(n uint64) int {
	var b [binary.MaxVarintLen64]byte
	return binary.PutUvarint(b[:], n)
}

// Get implements Cache.
func (c *DiskCache) Get(key Key) (Facts, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if b, ok := c.mem[key]; ok {
		f, err := decodeFacts(b)
		return f, err == nil
	}
	rec, ok := c.at[key]
	if !ok {
		return Facts{}, false
	}
	src := c.old
	if rec.mine() {
		if int64(rec.off)+4+int64(rec.len()) > c.flushed {
			if err := c.w.Flush(); err != nil {
				c.fail(err)
				return Facts{}, false
			}
			c.flushed = c.size
		}
		src = c.out
	}
	b, ok := readRecord(src, rec)
	if !ok {
		return Facts{}, false
	}
	f, err := decodeFacts(b)
	if err != nil {
		return Facts{}, false
	}
	if !rec.mine() && !rec.used() {
		rec.n |= recUsed
		c.at[key] = rec
		c.oldUsed++
	}
	return f, true
}

// readRecord reads a record's payload and checks it against its checksum.
func readRecord(f *os.File, rec record) ([]byte, bool) {
	b := make([]byte, 4+rec.len())
	if _, err := f.ReadAt(b, int64(rec.off)); err != nil || crc32.ChecksumIEEE(b[4:]) != binary.LittleEndian.Uint32(b) {
		return nil, false
	}
	return b[4:], true
}

// Put implements Cache.
func (c *DiskCache) Put(key Key, f Facts) {
	b := appendFacts(nil, &f)
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.at[key]; ok {
		return // the same content, put by another worker: the same facts
	}
	if _, ok := c.mem[key]; ok {
		return
	}
	c.added++
	if c.err == nil {
		c.open()
	}
	if c.err != nil {
		if c.mem == nil {
			c.mem = map[Key][]byte{}
		}
		c.mem[key] = b
		return
	}
	if off, err := c.write(key, b); err == nil {
		c.at[key] = record{off: uint32(off), n: uint32(len(b)) | recMine}
	} else {
		c.fail(err)
		if c.mem == nil {
			c.mem = map[Key][]byte{}
		}
		c.mem[key] = b
	}
}

// open creates the file the records go to, once (the caller holds mu). The folder
// ignores itself before the file is made, so that a run killed before Save leaves
// nothing git shows.
func (c *DiskCache) open() {
	if c.out != nil {
		return
	}
	dir := filepath.Dir(c.path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		c.err = fmt.Errorf("write %s: %w", c.path, err)
		return
	}
	ignoreItself(dir)
	f, err := os.CreateTemp(dir, filepath.Base(c.path)+".tmp-*")
	if err != nil {
		c.err = fmt.Errorf("write %s: %w", c.path, err)
		return
	}
	f.Chmod(0o644) // as os.Create gave it: CreateTemp's file is the owner's alone
	c.out, c.w = f, bufio.NewWriterSize(f, 64<<10)
	if _, err := c.w.WriteString(cacheHeader()); err != nil {
		c.fail(err)
		return
	}
	c.size = int64(len(cacheHeader()))
}

// ignoreItself writes dir/.gitignore ignoring everything, unless one is there.
func ignoreItself(dir string) {
	ignore := filepath.Join(dir, ".gitignore")
	if _, err := os.Stat(ignore); os.IsNotExist(err) {
		_ = os.WriteFile(ignore, []byte("# heed's cache: never commit it\n*\n"), 0o644)
	}
}

// write appends one record to out and returns its checksum's offset (the caller
// holds mu).
func (c *DiskCache) write(key Key, payload []byte) (int64, error) {
	var head [len(Key{}) + binary.MaxVarintLen64 + 4]byte
	n := copy(head[:], key[:])
	n += binary.PutUvarint(head[n:], uint64(len(payload)))
	off := c.size + int64(n)
	binary.LittleEndian.PutUint32(head[n:], crc32.ChecksumIEEE(payload))
	n += 4
	if len(payload) > recLen || c.size+int64(n+len(payload)) > maxCacheFile {
		return 0, errors.New("the cache file would pass 4 GiB")
	}
	if _, err := c.w.Write(head[:n]); err != nil {
		return 0, err
	}
	if _, err := c.w.Write(payload); err != nil {
		return 0, err
	}
	c.size += int64(n + len(payload))
	return off, nil
}

// fail records the first failure to write out and drops it: the records added so far
// are lost to the file (they are read again as misses), and the next ones are kept
// in memory (the caller holds mu).
func (c *DiskCache) fail(err error) {
	if c.err == nil {
		c.err = fmt.Errorf("write %s: %w", c.path, err)
	}
	if c.out != nil {
		name := c.out.Name()
		c.out.Close()
		os.Remove(name)
		c.out, c.w = nil, nil
	}
	for k, rec := range c.at {
		if rec.mine() {
			delete(c.at, k)
		}
	}
}

// KeepUnused makes Save keep the records this run did not ask for: a run that reads
// the facts of only some files (a diff check) must not forget the rest of the tree. A
// run over the whole tree leaves it off and so prunes what the tree no longer holds.
func (c *DiskCache) KeepUnused() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.keep = true
}

// Save writes the entries this run used (after KeepUnused, every entry), atomically
// (a crash leaves the old file), and closes the cache. It does nothing when every
// entry came from the file and none was dropped.
func (c *DiskCache) Save() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	defer c.close()
	if c.added == 0 && (c.keep || c.oldUsed == c.oldCount) {
		return nil
	}
	if c.err != nil {
		return c.err
	}
	c.open()
	if c.err != nil {
		return c.err
	}
	if c.keep && c.old != nil && c.size+c.oldEnd <= maxCacheFile {
		// every record of the old file, as it is: none of them is in out (Put adds
		// no key the old file has)
		body := io.NewSectionReader(c.old, int64(len(cacheHeader())), c.oldEnd-int64(len(cacheHeader())))
		n, err := io.Copy(c.w, body)
		if err != nil {
			c.fail(err)
			return c.err
		}
		c.size += n
		return c.finish()
	}
	// the records used of the old file, in its order
	type usedRec struct {
		key Key
		rec record
	}
	var used []usedRec
	for k, rec := range c.at {
		if !rec.mine() && rec.used() {
			used = append(used, usedRec{k, rec})
		}
	}
	sort.Slice(used, func(i, j int) bool { return used[i].rec.off < used[j].rec.off })
	for _, u := range used {
		b, ok := readRecord(c.old, u.rec)
		if !ok {
			continue // a record that went bad is a miss next time
		}
		if _, err := c.write(u.key, b); err != nil {
			c.fail(err)
			return c.err
		}
	}
	return c.finish()
}

// finish puts out in place of the cache file (the caller holds mu).
func (c *DiskCache) finish() error {
	tmp := c.out.Name()
	err := c.w.Flush()
	if cerr := c.out.Close(); err == nil {
		err = cerr
	}
	c.out, c.w = nil, nil
	if err == nil {
		err = os.Rename(tmp, c.path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("write %s: %w", c.path, err)
	}
	os.Remove(filepath.Join(filepath.Dir(c.path), filepath.Base(legacyCacheFile)))
	return nil
}

// close lets go of the files (the caller holds mu); the cache is empty after.
func (c *DiskCache) close() {
	if c.old != nil {
		c.old.Close()
		c.old = nil
	}
	if c.out != nil {
		name := c.out.Name()
		c.out.Close()
		os.Remove(name)
		c.out, c.w = nil, nil
	}
	c.at, c.mem = map[Key]record{}, nil
	c.oldCount, c.oldUsed, c.added, c.oldEnd = 0, 0, 0, 0
}

// Entries is how many files' facts the cache holds: those of the file it opened and
// those added since.
func (c *DiskCache) Entries() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.at) + len(c.mem)
}
