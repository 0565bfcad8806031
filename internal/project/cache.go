package project

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// Zero-config compiles the instruction files on every command, and a hook or shim runs
// one command per agent action: extraction and compilation of a large AGENTS.md take
// a second or more. The cache keeps the compiled policy per repository, outside it (in
// the user's cache folder), and is used only when nothing it was made from changed:
// the same heed binary, the same repository context (languages, tools, directories),
// the same set of instruction files with the same content hashes.

const cacheVersion = "heed-zero-config-cache 1"

type cacheEntry struct {
	Version string `json:"version"`
	// Key hashes the binary's identity and the repository context.
	Key      string         `json:"key"`
	Policy   *policy.Policy `json:"policy"`
	Warnings []string       `json:"warnings,omitempty"`
}

// cachePath is where the zero-config policy of the repository at root is kept, or ""
// when the user has no cache folder.
func cachePath(root string) string {
	dir, err := os.UserCacheDir()
	if err != nil || dir == "" {
		return ""
	}
	sum := sha256.Sum256([]byte(root))
	return filepath.Join(dir, "heed", "zero-config", hex.EncodeToString(sum[:12])+".json")
}

var (
	binaryOnce sync.Once
	binaryID   string
)

// binaryIdentity names this build of heed: a rebuilt binary compiles differently, so
// it must not trust a cache another build wrote.
func binaryIdentity() string {
	binaryOnce.Do(func() {
		exe, err := os.Executable()
		if err != nil {
			return
		}
		st, err := os.Stat(exe)
		if err != nil {
			return
		}
		binaryID = exe + "\x00" + strconv.FormatInt(st.Size(), 10) + "\x00" + strconv.FormatInt(st.ModTime().UnixNano(), 10)
	})
	return binaryID
}

func cacheKey(rc *recognize.RepoContext) string {
	id := binaryIdentity()
	if id == "" {
		return ""
	}
	ctx, err := json.Marshal(rc)
	if err != nil {
		return ""
	}
	sum := sha256.Sum256(append([]byte(id+"\x00"), ctx...))
	return hex.EncodeToString(sum[:])
}

// loadCached returns the cached zero-config policy of root when it is still what
// compiling now would give, judged by its inputs.
func loadCached(root, key string, discovered []string) (*cacheEntry, bool) {
	path := cachePath(root)
	if path == "" || key == "" {
		return nil, false
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, false
	}
	var c cacheEntry
	if json.Unmarshal(data, &c) != nil || c.Version != cacheVersion || c.Key != key || c.Policy == nil {
		return nil, false
	}
	if !sourcesFresh(root, c.Policy.Sources, discovered) {
		return nil, false
	}
	return &c, true
}

// sourcesFresh reports whether the instruction files are those the policy was
// compiled from: every file discovered now (paths) is a source, and every source still
// has its hash (imported files are sources without being discovered).
func sourcesFresh(root string, sources []policy.SourceFile, paths []string) bool {
	return len(changedSources(root, sources, paths)) == 0
}

// storeCached writes the cache entry, best effort: a cache that cannot be written
// costs time, never correctness.
func storeCached(root, key string, pol *policy.Policy, warnings []string) {
	path := cachePath(root)
	if path == "" || key == "" {
		return
	}
	data, err := json.Marshal(&cacheEntry{Version: cacheVersion, Key: key, Policy: pol, Warnings: warnings})
	if err != nil {
		return
	}
	_ = policy.WriteAtomic(path, data)
}

// revCachePath is where the compiled instruction files of the last commit a diff
// was judged against are kept for the repository at root, or "" without a cache
// folder.
func revCachePath(root string) string {
	p := cachePath(root)
	if p == "" {
		return ""
	}
	return strings.TrimSuffix(p, ".json") + "-rev.json"
}

// revCacheKey keys a commit's compiled instruction files: this build of heed and
// the commit's tree, which fixes every file the compiler reads (the instruction
// files, the documents they import, the listing the recognisers see).
func revCacheKey(tree string) string {
	id := binaryIdentity()
	if id == "" || tree == "" {
		return ""
	}
	sum := sha256.Sum256([]byte(id + "\x00tree\x00" + tree))
	return hex.EncodeToString(sum[:])
}

// loadRevCached returns the cached compilation of the commit key names.
func loadRevCached(root, key string) (*cacheEntry, bool) {
	path := revCachePath(root)
	if path == "" || key == "" {
		return nil, false
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, false
	}
	var c cacheEntry
	if json.Unmarshal(data, &c) != nil || c.Version != cacheVersion || c.Key != key || c.Policy == nil {
		return nil, false
	}
	return &c, true
}

// storeRevCached keeps a commit's compilation, best effort.
func storeRevCached(root, key string, pol *policy.Policy, warnings []string) {
	path := revCachePath(root)
	if path == "" || key == "" {
		return
	}
	data, err := json.Marshal(&cacheEntry{Version: cacheVersion, Key: key, Policy: pol, Warnings: warnings})
	if err != nil {
		return
	}
	_ = policy.WriteAtomic(path, data)
}

// CacheFile is where a cache named name that belongs to the repository at root is
// kept in the user's cache folder, beside its zero-config policy, or "" when the
// user has no cache folder.
func CacheFile(root, name string) string {
	p := cachePath(root)
	if p == "" {
		return ""
	}
	return strings.TrimSuffix(p, ".json") + "-" + name + ".json"
}

// BuildIdentity names this build of heed (its path, size and time), or "" when it
// cannot be told: a cache another build wrote must not be trusted.
func BuildIdentity() string { return binaryIdentity() }
