package enforce

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"github.com/heed-dev/heed/internal/policy"
)

// Every command the live path judges must know that the index, the policy file and
// the instruction files are what heed compile verified: hashing them all (SHA-256
// of some 40 kB) was most of the work of a command the pre-filter clears. The stamp
// file beside the index records, for the index as it is, each file's stamp
// (fileStamp: device, inode, size, mtime and ctime) at a moment its content was
// found to be the one the index records; a file whose stamp is unchanged is not
// read. Any doubt means a hash, never an allow:
//
//   - a stamp is recorded only when the file's last change (ctime) is older than the
//     start of the verification by stampSlack, so that a write in the same clock
//     tick, on a file system whose times are coarse, still changes the stamp;
//   - ctime, which every write, rename and utimes moves to the present, is in the
//     stamp: touch -r, or a checkout that restores an mtime, does not restore it;
//     a file replaced by a rename has another inode and ctime;
//   - the stamps hold only for the index whose stamp heads the file: a new index
//     (heed compile) makes every other line void, since they were checked against
//     the hashes of the old one;
//   - a stamp file that is missing, unreadable or of another format is no stamp:
//     everything is hashed, and the stamps recorded anew;
//   - a file with no stamp (no times, not a regular file, another OS) is hashed
//     every time.
//
// The stamp file can make heed skip a hash, never accept content the index does not
// record: a stamp that differs from the file as it stands is ignored. It is
// rewritten (atomically, best effort) when a hash found a file unchanged that has no
// trusted stamp yet.

// StampFile is the stamp file's path below the repository root.
const StampFile = ".heed/process.idx.stamps"

// stampMagic is the stamp file's first line.
const stampMagic = "heed-index-stamps 1"

// stampSlack is how much older than the start of its verification a file's last
// change must be for its stamp to be trusted: file times come from a coarse clock
// (the kernel's tick; a second on some file systems, two for FAT's mtime), and a
// write in the same tick as the verification could leave every part of a stamp as
// it was. A later write's ctime is then at least the verification's tick: newer
// than the stamp's.
const stampSlack = 2 * time.Second

// nowNS is the clock verifications start by (tests move it).
var nowNS = func() int64 { return time.Now().UnixNano() }

// stampTrusted reports whether a file whose last change was at ctime may be trusted
// by its stamp after a verification that started at now.
func stampTrusted(ctime, now int64) bool { return now-ctime >= int64(stampSlack) }

// stamps is the content of the stamp file: the index's stamp, and the stamps of the
// files checked against it ("policy", and each instruction file by its path).
type stamps struct {
	index string
	files map[string]string
}

// readStamps reads the stamp file at path; a missing or unreadable one is empty.
func readStamps(path string) stamps {
	data, err := os.ReadFile(path)
	if err != nil {
		return stamps{}
	}
	first, rest, _ := strings.Cut(string(data), "\n") // one string: the stamps are parts of it
	if first != stampMagic {
		return stamps{}
	}
	s := stamps{files: make(map[string]string, 4)}
	for rest != "" {
		var line string
		line, rest, _ = strings.Cut(rest, "\n")
		key, stamp, ok := strings.Cut(line, "\t")
		if !ok || stamp == "" || strings.ContainsAny(stamp, "\t\\") {
			return stamps{} // not what heed wrote: no stamp is trusted
		}
		if strings.IndexByte(key, '\\') >= 0 {
			r := newFieldReader([]byte(line))
			if key, _ = r.str(), r.str(); r.end() != nil {
				return stamps{}
			}
		}
		if s.index == "" {
			if key != "index" {
				return stamps{}
			}
			s.index = stamp
			continue
		}
		s.files[key] = stamp
	}
	return s
}

// encode is the stamp file's content.
func (s *stamps) encode(order []string) []byte {
	b := append([]byte(stampMagic), '\n')
	line := func(key, stamp string) {
		w := fieldWriter{b: b, first: true}
		w.str(key)
		w.str(stamp)
		b = append(w.b, '\n')
	}
	line("index", s.index)
	for _, k := range order {
		if st := s.files[k]; st != "" {
			line(k, st)
		}
	}
	return b
}

// policyStampKey is the policy file's key in the stamp file (instruction files are
// keyed by their paths, which never start with a colon).
const policyStampKey = ":policy"

// verifier checks files against the hashes the index records, trusting the stamps
// of the stamp file where they hold, and collects the stamps to record.
type verifier struct {
	now   int64
	old   stamps // as read, void unless its index stamp is the index's
	new   stamps
	dirty bool // new differs from old
	order []string
}

// newVerifier starts a verification: the clock is read before any file is, and
// the stamp file.
func newVerifier(root string) *verifier {
	return &verifier{
		now: nowNS(),
		old: readStamps(filepath.Join(root, filepath.FromSlash(StampFile))),
		new: stamps{files: map[string]string{}},
	}
}

// indexStamp is the index's stamp in the stamp file, "" when none.
func (v *verifier) indexStamp() string { return v.old.index }

// bind keeps the stamps read only when they are about the index as read (stamped
// after it was read: no write came between), and reports whether they are.
func (v *verifier) bind(index stampAt) bool {
	if !index.ok || v.old.index == "" || v.old.index != index.stamp {
		v.old = stamps{}
		return false
	}
	return true
}

// trusts reports whether the file stamped stamp (ok: it has one) is the one key's
// recorded stamp, and keeps it for the next record.
func (v *verifier) trusts(key, stamp string, ok bool) bool {
	v.order = append(v.order, key)
	if ok && stamp != "" && v.old.files[key] == stamp {
		v.new.files[key] = stamp
		return true
	}
	return false
}

// verified records key's stamp after its content was found to be the recorded one:
// kept when its last change is old enough (stampTrusted).
func (v *verifier) verified(key, stamp string, ctime int64, ok bool) {
	if ok && stampTrusted(ctime, v.now) {
		v.new.files[key] = stamp
		v.dirty = v.dirty || v.old.files[key] != stamp
	} else if v.old.files[key] != "" {
		v.dirty = true
	}
}

// file checks the file at path against the hex SHA-256 want ("" when it was
// unreadable then, which no stamp stands for), by its stamp when it holds.
func (v *verifier) file(key, path, want string) bool {
	stamp, ctime, ok := fileStamp(path)
	if want != "" && v.trusts(key, stamp, ok) {
		return true
	}
	if sourceHash(path) != want {
		return false
	}
	if want != "" {
		v.verified(key, stamp, ctime, ok)
	}
	return true
}

// save writes the stamps for the index stamped index (before it was read, and
// unchanged after) when they differ from the file's, best effort: a failed write
// costs the next command a hash. The index's own stamp is recorded only when a hash
// found it whole and its last change is old enough; without it nothing is (every
// stamp in the file is bound to the index's).
func (v *verifier) save(root string, index stampAt, hashed bool) {
	if !hashed {
		v.new.index = index.stamp // trusted already
	} else if stampTrusted(index.ctime, v.now) {
		v.new.index, v.dirty = index.stamp, true
	}
	if !v.dirty || v.new.index == "" {
		return
	}
	_ = policy.WriteAtomic(filepath.Join(root, filepath.FromSlash(StampFile)), v.new.encode(v.order))
}

// hashes counts the files the live path hashed (tests read it).
var hashes atomic.Int64

// sourceHash is the hex SHA-256 of the file at path, "" when it cannot be read.
func sourceHash(path string) string {
	hashes.Add(1)
	data, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}
