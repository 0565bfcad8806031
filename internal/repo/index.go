package repo

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"io"
	"os"
	"path/filepath"
)

// indexRegularPaths reads the paths of the regular files (modes 100644 and 100755)
// the git index at gitDir holds, in its order (by path, each stage of a conflicted
// path apiece), as `git ls-files --stage --cached` would list them, without running
// git: a diff that needs the tracked files for the import graph paid a process and
// the parsing of a text record per file. The file is read through a small buffer,
// each path handed to each as it comes (valid only during the call).
//
// ok is false for an index this reader does not know (another version, a split or
// sparse index, SHA-256 object names, a file named by GIT_INDEX_FILE, anything
// malformed), possibly after some paths were handed over: the caller discards them
// and lets git list the index. prefix is the folder below the work tree's top the
// listing is of ("" or "sub/dir/"): git lists its files, relative to it.
func indexRegularPaths(gitDir, commonDir, prefix string, each func(p []byte)) (ok bool) {
	if gitDir == "" || os.Getenv("GIT_INDEX_FILE") != "" || sha256Repo(commonDir) {
		return false
	}
	f, err := os.Open(filepath.Join(gitDir, "index"))
	if err != nil {
		return false
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return false
	}
	const oid = 20
	// the header, the entries, the extensions, then the checksum
	size := st.Size() - oid
	r := bufio.NewReaderSize(io.LimitReader(f, size), 64<<10)
	var head [12]byte
	if _, err := io.ReadFull(r, head[:]); err != nil || string(head[:4]) != "DIRC" {
		return false
	}
	version := binary.BigEndian.Uint32(head[4:8])
	if version < 2 || version > 4 {
		return false
	}
	n := binary.BigEndian.Uint32(head[8:12])
	var fixed [40 + oid + 2 + 2]byte
	var prev []byte
	for i := uint32(0); i < n; i++ {
		// ctime, mtime (8 each), dev, ino, mode, uid, gid, size (4 each), the object
		// name, the flags; two more bytes of flags when extended (version 3 and up)
		if _, err := io.ReadFull(r, fixed[:40+oid+2]); err != nil {
			return false
		}
		mode := binary.BigEndian.Uint32(fixed[24:28])
		flags := binary.BigEndian.Uint16(fixed[40+oid:])
		entry := 40 + oid + 2
		if flags&0x4000 != 0 {
			if version < 3 {
				return false
			}
			if _, err := io.ReadFull(r, fixed[entry:entry+2]); err != nil {
				return false
			}
			entry += 2
		}
		var p []byte
		if version == 4 {
			// the number of bytes to drop from the previous path, then the rest
			drop, ok := readGitVarint(r)
			if !ok || drop > uint64(len(prev)) {
				return false
			}
			rest, err := r.ReadSlice(0)
			if err != nil {
				return false
			}
			prev = append(prev[:len(prev)-int(drop)], rest[:len(rest)-1]...)
			p = prev
		} else {
			rest, err := r.ReadSlice(0)
			if err != nil {
				return false
			}
			p = rest[:len(rest)-1]
			// NUL padding: the entry's length a multiple of 8, the NUL read included
			pad := (entry+len(p)+8)&^7 - (entry + len(p) + 1)
			if len(p) > 0 && (mode == 0o100644 || mode == 0o100755) && bytes.HasPrefix(p, []byte(prefix)) {
				each(p[len(prefix):]) // before the padding is read: p is r's buffer
			}
			if _, err := r.Discard(pad); err != nil {
				return false
			}
			if len(p) == 0 {
				return false
			}
			continue
		}
		if len(p) == 0 {
			return false
		}
		if (mode == 0o100644 || mode == 0o100755) && bytes.HasPrefix(p, []byte(prefix)) {
			each(p[len(prefix):])
		}
	}
	// A split index keeps its entries in another file, a sparse one holds folders
	// for what is outside the cone: git expands both.
	var ext [8]byte
	for {
		if _, err := io.ReadFull(r, ext[:]); err != nil {
			return err == io.EOF
		}
		sig := string(ext[:4])
		if sig == "link" || sig == "sdir" {
			return false
		}
		if k, err := r.Discard(int(binary.BigEndian.Uint32(ext[4:]))); err != nil || k != int(binary.BigEndian.Uint32(ext[4:])) {
			return false
		}
	}
}

// readGitVarint decodes git's offset varint (varint.c): seven bits a byte, most
// significant first, each continuation adding one.
func readGitVarint(r *bufio.Reader) (uint64, bool) {
	var v uint64
	for k := 0; k < 9; k++ {
		c, err := r.ReadByte()
		if err != nil {
			return 0, false
		}
		v = v<<7 | uint64(c&127)
		if c&128 == 0 {
			return v, true
		}
		v++
	}
	return 0, false
}

// sha256Repo reports whether the repository's objects may be named by SHA-256
// (extensions.objectFormat), whose index entries are longer: true too when its
// config cannot be read.
func sha256Repo(commonDir string) bool {
	b, err := os.ReadFile(filepath.Join(commonDir, "config"))
	return err != nil || bytes.Contains(bytes.ToLower(b), []byte("sha256"))
}
