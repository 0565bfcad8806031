package repo

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
)

// indexRegularPaths reads the paths of the regular files (modes 100644 and 100755)
// the git index at gitDir holds, in its order (by path, each stage of a conflicted
// path apiece), as `git ls-files --stage --cached` would list them, without running
// git: a diff that needs the tracked files for the import graph paid a process and
// the parsing of a text record per file. ok is false for an index this reader does
// not know (another version, a split or sparse index, SHA-256 object names, a file
// named by GIT_INDEX_FILE, anything malformed): git lists it then.
//
// prefix is the folder below the work tree's top the listing is of ("" or "sub/dir/"):
// git lists its files, relative to it.
func indexRegularPaths(gitDir, commonDir, prefix string, each func(p []byte)) (ok bool) {
	if gitDir == "" || os.Getenv("GIT_INDEX_FILE") != "" || sha256Repo(commonDir) {
		return false
	}
	b, err := os.ReadFile(filepath.Join(gitDir, "index"))
	if err != nil || len(b) < 12+20 || string(b[:4]) != "DIRC" {
		return false
	}
	version := binary.BigEndian.Uint32(b[4:8])
	if version < 2 || version > 4 {
		return false
	}
	n := int(binary.BigEndian.Uint32(b[8:12]))
	const oid = 20
	// the entries, then the extensions, then the 20-byte checksum
	body := b[:len(b)-oid]
	off := 12
	var prev []byte
	paths := make([][]byte, 0, n)
	for i := 0; i < n; i++ {
		start := off
		// ctime, mtime (8 each), dev, ino, mode, uid, gid, size (4 each), the object
		// name, the flags
		if off+40+oid+2 > len(body) {
			return false
		}
		mode := binary.BigEndian.Uint32(body[off+24 : off+28])
		flags := binary.BigEndian.Uint16(body[off+40+oid : off+40+oid+2])
		off += 40 + oid + 2
		if flags&0x4000 != 0 { // extended: two more bytes of flags (version 3 and up)
			if version < 3 || off+2 > len(body) {
				return false
			}
			off += 2
		}
		var p []byte
		if version == 4 {
			// the number of bytes to drop from the previous path, then the rest
			drop, k := gitVarint(body[off:])
			if k <= 0 || drop > uint64(len(prev)) {
				return false
			}
			off += k
			end := bytes.IndexByte(body[off:], 0)
			if end < 0 {
				return false
			}
			p = append(append(make([]byte, 0, len(prev)-int(drop)+end), prev[:len(prev)-int(drop)]...), body[off:off+end]...)
			off += end + 1
		} else {
			end := bytes.IndexByte(body[off:], 0)
			if end < 0 {
				return false
			}
			p = body[off : off+end]
			// NUL padding: the entry's length a multiple of 8, at least one NUL
			off = start + (off+end-start+8)&^7
			if off > len(body) {
				return false
			}
		}
		if len(p) == 0 {
			return false
		}
		prev = p
		if (mode == 0o100644 || mode == 0o100755) && bytes.HasPrefix(p, []byte(prefix)) {
			paths = append(paths, p[len(prefix):])
		}
	}
	// A split index keeps its entries in another file, a sparse one holds folders
	// for what is outside the cone: git expands both.
	for off+8 <= len(body) {
		sig := string(body[off : off+4])
		size := int(binary.BigEndian.Uint32(body[off+4 : off+8]))
		if sig == "link" || sig == "sdir" {
			return false
		}
		if size < 0 || off+8+size > len(body) {
			return false
		}
		off += 8 + size
	}
	if off != len(body) {
		return false
	}
	for _, p := range paths {
		each(p)
	}
	return true
}

// sha256Repo reports whether the repository's objects are named by SHA-256
// (extensions.objectFormat), whose index entries are longer.
func sha256Repo(commonDir string) bool {
	b, err := os.ReadFile(filepath.Join(commonDir, "config"))
	return err != nil || bytes.Contains(bytes.ToLower(b), []byte("sha256"))
}

// gitVarint decodes git's offset varint (varint.c): seven bits a byte, most
// significant first, each continuation adding one. k is the bytes read, 0 when
// the number does not end or does not fit.
func gitVarint(b []byte) (v uint64, k int) {
	for k < len(b) && k < 9 {
		c := b[k]
		k++
		v = v<<7 | uint64(c&127)
		if c&128 == 0 {
			return v, k
		}
		v++
	}
	return 0, 0
}
