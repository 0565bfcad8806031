// Package enforce is heed's live enforcement: it judges a command before it runs (heed
// exec, PATH shims, agent hooks), runs the real program, records what ran in the
// session journal, and adapts the protocols of agents' hooks. It fails closed: an
// internal error blocks the command and says why.
package enforce

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
)

// The live index is a compact copy of a policy's process rules, so that a shim or a
// hook does not decode and validate the whole policy on every command. Its first line
// names the format and carries the SHA-256 of everything after it (a reader that finds
// another hash denies rather than misread the rules); then come a header with the
// policy's content hash (the index is stale when it differs) and, per program, which
// rule lines are about it; then one rule per line (indexfmt.go). A reader decodes
// only the rules about the programs at hand, and no line needs reflection to read.

// IndexFile is the index's path below the repository root.
const IndexFile = ".heed/process.idx"

// indexMagic starts the index's first line; indexVersion follows it, then the
// checksum: "heed-process-index 6 sha256=HEX". Every read checks the whole file,
// the pre-filter's too: a damaged index is never half trusted. The check is the
// hash, or the index's stamp in the stamp file (stamps.go) when the index did not
// change since a hash found it whole.
const (
	indexMagic   = "heed-process-index "
	indexVersion = "6"
)

// ErrCorruptIndex means the live index is not what heed wrote: its checksum does
// not match its content. It is never read past that: the command is denied.
var ErrCorruptIndex = errors.New("the live index is corrupt")

// encodeIndex is the index file of header h and the rule lines body.
func encodeIndex(h *indexHeader, body []byte) []byte {
	rest := append(appendHeader(nil, h), body...)
	sum := sha256.Sum256(rest)
	out := make([]byte, 0, len(indexMagic)+len(indexVersion)+len(" sha256=")+2*len(sum)+1+len(rest))
	out = append(out, indexMagic+indexVersion+" sha256="...)
	out = hex.AppendEncode(out, sum[:])
	out = append(out, '\n')
	return append(out, rest...)
}

// checkIndex checks an index file's format line and, only when hash is set (the
// index's stamp says that it is the file a hash found whole), its checksum, and
// returns what follows the format line. Another version's index is ErrStale (it is
// rebuilt); an index whose checksum does not match, or that is not an index at all,
// is ErrCorruptIndex.
func checkIndex(data []byte, hash bool) ([]byte, error) {
	first, rest, ok := bytes.Cut(data, []byte("\n"))
	version, sum, _ := strings.Cut(strings.TrimPrefix(string(first), indexMagic), " ")
	switch {
	case !bytes.HasPrefix(first, []byte(indexMagic)):
		return nil, fmt.Errorf("%w: %s does not start with %q (it is %d bytes)", ErrCorruptIndex, IndexFile, indexMagic+indexVersion, len(data))
	case version != indexVersion:
		return nil, ErrStale // written by another version of heed
	case !ok || !strings.HasPrefix(sum, "sha256="):
		return nil, fmt.Errorf("%w: %s has no checksum on its first line", ErrCorruptIndex, IndexFile)
	}
	if !hash {
		return rest, nil
	}
	hashes.Add(1)
	got := sha256.Sum256(rest)
	if want := strings.TrimPrefix(sum, "sha256="); len(want) != 2*len(got) || !hexEqual(want, got[:]) {
		return nil, fmt.Errorf("%w: the SHA-256 of %s (%d bytes after its first line) is not the one it records", ErrCorruptIndex, IndexFile, len(rest))
	}
	return rest, nil
}

// hexEqual reports whether s is the lower-case hex of b.
func hexEqual(s string, b []byte) bool {
	const digits = "0123456789abcdef"
	for i, c := range b {
		if s[2*i] != digits[c>>4] || s[2*i+1] != digits[c&15] {
			return false
		}
	}
	return true
}

type indexHeader struct {
	PolicySHA256 string `json:"policy_sha256"`
	// Sources are the instruction files the policy was compiled from, with their
	// content hashes (the policy's own record): the live path refuses to judge when
	// one changed since.
	Sources []policy.SourceFile `json:"sources,omitempty"`
	// Total is the number of process rules.
	Total int `json:"total"`
	// Triggers are, per program of Programs ("*" for Any), the words one of which a
	// command must carry for a rule filed there to apply (the pre-filter); a
	// program without an entry is always judged.
	Triggers map[string]*trigger `json:"-"`
	// Programs maps a program name to the lines (0-based, after the header) of the
	// rules about it; Any lists rules about every program (path or glob patterns).
	Programs map[string][]int `json:"programs"`
	Any      []int            `json:"any,omitempty"`
}

// programNames lists the programs of h.Programs, sorted.
func (h *indexHeader) programNames() []string {
	out := make([]string, 0, len(h.Programs))
	for p := range h.Programs {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// trigger is what the pre-filter knows of a program's rules (engine.Triggerer):
// always, or the words and option names one of which a command must carry.
type trigger struct {
	always         bool
	words, options []string
	// programs, for the rules about every program ("*"), are their program specs
	// (globs, paths): a command whose program none can name is clear of them.
	programs []string
}

// add merges a rule's triggers into t.
func (t *trigger) add(c engine.Compiled) {
	tr, ok := c.Check.(engine.Triggerer)
	if !ok {
		t.always = true // a kind that cannot tell: always judged
		return
	}
	words, options, always := tr.Triggers()
	t.always = t.always || always
	if pl, ok := c.Check.(engine.ProgramLister); ok {
		t.programs = append(t.programs, pl.ProgramSpecs()...)
	} else {
		t.programs = append(t.programs, "*")
	}
	t.words = append(t.words, words...)
	t.options = append(t.options, options...)
}

// done sorts and dedups t's lists (process.MayTrigger searches them).
func (t *trigger) done() {
	sort.Strings(t.programs)
	t.programs = slices.Compact(t.programs)
	if t.always {
		t.words, t.options = nil, nil
		return
	}
	sort.Strings(t.words)
	sort.Strings(t.options)
	t.words, t.options = slices.Compact(t.words), slices.Compact(t.options)
}

// RulePrograms lists the programs a compiled rule is about ("*" when any).
func RulePrograms(c engine.Compiled) []string {
	var out []string
	if pl, ok := c.Check.(engine.ProgramLister); ok {
		out = append(out, pl.Programs()...)
	} else {
		out = append(out, "*")
	}
	if pl, ok := c.Check.(engine.Ordering); ok {
		out = append(out, pl.PrerequisitePrograms()...)
	}
	return out
}

// WriteIndex writes the live index of a repository's process rules, computed from
// the policy file's bytes and its compiled rules. heed compile calls it after writing
// .heed/policy.json; a shim or hook that finds the index stale rebuilds it.
func WriteIndex(root string, policyBytes []byte, rules []engine.Compiled) error {
	sum := sha256.Sum256(policyBytes)
	h := indexHeader{PolicySHA256: hex.EncodeToString(sum[:]), Programs: map[string][]int{}, Triggers: map[string]*trigger{}}
	var recorded struct {
		Sources []policy.SourceFile `json:"sources"`
	}
	if err := json.Unmarshal(policyBytes, &recorded); err != nil {
		return fmt.Errorf("index %s: %w", policy.File, err)
	}
	h.Sources = policy.Sealed(recorded.Sources)
	var body []byte
	n := 0
	for _, c := range rules {
		if c.Rule.Domain != policy.DomainProcess {
			continue
		}
		// only what judging and messages need: no authored cases, no code blocks
		body = appendEntry(body, c.Rule, c.Constraint)
		seen := map[string]bool{}
		for _, p := range RulePrograms(c) {
			if seen[p] {
				continue
			}
			seen[p] = true
			if p == "*" {
				h.Any = append(h.Any, n)
			} else {
				h.Programs[p] = append(h.Programs[p], n)
			}
			t := h.Triggers[p]
			if t == nil {
				t = &trigger{}
				h.Triggers[p] = t
			}
			t.add(c)
			if p != "*" {
				t.programs = nil // filed by name: the index matched the program
			}
		}
		n++
	}
	for _, t := range h.Triggers {
		t.done()
	}
	h.Total = n
	out := encodeIndex(&h, body)
	path := filepath.Join(root, filepath.FromSlash(IndexFile))
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("write %s: %w", IndexFile, err)
	}
	EnsureIgnored(root)
	if err := policy.WriteAtomic(path, out); err != nil {
		return fmt.Errorf("write %s: %w", IndexFile, err)
	}
	return nil
}

// liveIndex is an index found fresh for the policy file: its header, and the rule
// lines after it.
type liveIndex struct {
	h    indexHeader
	body []byte
	// head, when set, is the index as read up to the end of its header: its stamp
	// held, so the rule lines were not read (body is empty); rules reads them
	// when it needs them.
	head   []byte
	bodyAt int // where the rule lines start in the file
	path   string
	// trusted is the index's stamp in the stamp file ("" when none held)
	trusted string
}

// openIndex reads the index and checks that it describes the policy at policyPath
// and the instruction files below root as they stand; it reads the header lines of
// the given programs only (every one when all is set). It returns ErrStale when the
// index is missing or was written for another policy, an ErrCorruptIndex error when
// its checksum does not match its content, and an *UntrustedError when an
// instruction file changed since the policy was compiled (the index was written from
// a verified policy: heed compile, or the slow path). The index, the policy and the
// instruction files are hashed unless their stamps hold (stamps.go).
func openIndex(root, policyPath string, programs []string, all bool) (*liveIndex, error) {
	v := newVerifier(root) // the clock first: see stampSlack
	indexPath := filepath.Join(root, filepath.FromSlash(IndexFile))
	data, whole, before, after, err := readStamped(indexPath, v.indexStamp())
	if errors.Is(err, fs.ErrNotExist) {
		return nil, ErrStale
	}
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", IndexFile, err)
	}
	// trusted when the file as read is the one a hash found whole
	hashed := !v.bind(after)
	if hashed && !whole {
		return nil, fmt.Errorf("read %s: cut short", IndexFile) // not reached: readStamped reads all unless the stamp holds
	}
	rest, err := checkIndex(data, hashed)
	if errors.Is(err, ErrCorruptIndex) {
		return nil, fmt.Errorf("%w; heed does not judge from it (run `heed compile` to rewrite it)", err)
	}
	if err != nil {
		return nil, err
	}
	h, body, err := readHeader(rest, programs, all)
	if err != nil {
		return nil, ErrStale
	}
	if !v.file(policyStampKey, policyPath, h.PolicySHA256) {
		return nil, ErrStale
	}
	var changed []string
	for _, s := range h.Sources {
		if !v.file(s.Path, filepath.Join(root, filepath.FromSlash(s.Path)), s.SHA256) {
			changed = append(changed, s.Path)
		}
	}
	if len(changed) > 0 {
		sort.Strings(changed)
		return nil, &UntrustedError{Changed: changed}
	}
	if before.ok && before.stamp == after.stamp {
		v.save(root, before, hashed)
	}
	x := &liveIndex{h: h, body: body, path: indexPath}
	if !hashed {
		x.trusted = after.stamp
	}
	if !whole {
		x.head, x.bodyAt, x.body = data, len(data)-len(body), nil
	}
	return x, nil
}

// headChunk is how much of the index is read first when its stamp holds: its
// header (2.5 kB for the 100 rules of bench/live) and not the rule lines (34 kB),
// which a command the pre-filter clears does not need.
const headChunk = 8 << 10

// loadBody reads the rule lines of an index whose header alone was read: the rest
// of the file, which must be the file the stamp stood for after the read; else the
// file again, whole, which must begin with what was read and pass its hash.
func (x *liveIndex) loadBody() error {
	if body, ok := x.readRest(); ok {
		x.body, x.head = body, nil
		return nil
	}
	data, _, _, _, err := readStamped(x.path, "")
	if err != nil {
		return ErrStale
	}
	if _, err := checkIndex(data, true); err != nil {
		if errors.Is(err, ErrCorruptIndex) {
			return fmt.Errorf("%w; heed does not judge from it (run `heed compile` to rewrite it)", err)
		}
		return err
	}
	if !bytes.HasPrefix(data, x.head) {
		return ErrStale // rewritten since its header was read
	}
	x.body, x.head = data[x.bodyAt:], nil
	return nil
}

// readRest reads the index's rule lines after the part read (x.head), when the
// file is still the one the trusted stamp stands for, before and after the read.
func (x *liveIndex) readRest() ([]byte, bool) {
	f, err := os.Open(x.path)
	if err != nil {
		return nil, false
	}
	defer f.Close()
	stamped := func() (int64, bool) {
		fi, err := f.Stat()
		if err != nil {
			return 0, false
		}
		st, _, ok := infoStamp(fi)
		return fi.Size(), ok && st == x.trusted
	}
	size, ok := stamped()
	if !ok || size < int64(len(x.head)) {
		return nil, false
	}
	body := make([]byte, int(size)-x.bodyAt)
	n := copy(body, x.head[x.bodyAt:])
	if _, err := f.ReadAt(body[n:], int64(len(x.head))); err != nil && !errors.Is(err, io.EOF) {
		return nil, false
	}
	if _, ok := stamped(); !ok {
		return nil, false
	}
	return body, true
}

// stampAt is a file's stamp at one moment (fileStamp).
type stampAt struct {
	stamp string
	ctime int64
	ok    bool
}

// readStamped reads the file at path, with its stamps before and after the read (of
// the file opened: a rename over path meanwhile does not count). When the file's
// stamp is trusted, it may stop at the end of the index's header (whole is false):
// the stamp taken after that read says the rest is the rest of the file the stamp
// stood for.
func readStamped(path, trusted string) (data []byte, whole bool, before, after stampAt, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, false, before, after, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, false, before, after, err
	}
	before.stamp, before.ctime, before.ok = infoStamp(fi)
	size := int(fi.Size())
	if size < 512 {
		size = 512
	}
	first := size + 1
	if trusted != "" && before.ok && before.stamp == trusted && first > headChunk {
		first = headChunk
	}
	data = make([]byte, 0, first)
	whole = true
	for {
		n, err := f.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, false, before, after, err
		}
		if len(data) == cap(data) {
			if first < size+1 && bytes.Contains(data, []byte("\nrules\n")) {
				whole = false // the header is read: the rest when needed
				break
			}
			grown := make([]byte, len(data), max(size+1, 2*cap(data)))
			copy(grown, data)
			data = grown
		}
	}
	if fi, err = f.Stat(); err != nil {
		return nil, false, before, after, err
	}
	after.stamp, after.ctime, after.ok = infoStamp(fi)
	return data, whole, before, after, nil
}

// rules loads the rules of the index about the given programs (all when all is
// true), compiled with reg. It returns ErrStale when a line cannot be read or names a
// kind reg lacks.
func (x *liveIndex) rules(programs []string, all bool, reg *engine.Registry) ([]engine.Compiled, error) {
	h := &x.h
	var lines []int
	if all {
		lines = make([]int, h.Total)
		for i := range lines {
			lines[i] = i
		}
	} else {
		lines = append(lines, h.Any...)
		for _, p := range programs {
			lines = append(lines, h.Programs[p]...)
		}
		sort.Ints(lines)
		lines = slices.Compact(lines)
	}
	if len(lines) == 0 {
		return nil, nil
	}
	if x.head != nil {
		if err := x.loadBody(); err != nil {
			return nil, err
		}
	}
	body := x.body
	out := make([]engine.Compiled, 0, len(lines))
	li, at := 0, 0
	for len(body) > 0 && li < len(lines) {
		line, next, _ := bytes.Cut(body, []byte("\n"))
		if at == lines[li] {
			rule, c, err := readEntry(line)
			if err != nil {
				return nil, ErrStale
			}
			if _, ok := reg.Kind(rule.Kind); !ok {
				return nil, ErrStale // a kind this build does not link: the loader's Open compiles it
			}
			cr, err := reg.Bind(rule, c)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", IndexFile, err)
			}
			out = append(out, cr)
			li++
		}
		body = next
		at++
	}
	if li < len(lines) {
		return nil, ErrStale
	}
	return out, nil
}

// EnsureIgnored keeps heed's per-machine files out of git: the journal, the index,
// the shims, the caches, and the temporary files of heed's atomic writes
// (.NAME.tmp-*, which a killed write leaves behind; commands that write under .heed
// call it before they write). In a plain clone they go to .git/info/exclude (git's per-clone
// ignore list, so heed adds no file to the tree); elsewhere (a worktree, no git) to
// .heed/.gitignore. It adds the lines missing and never removes any.
func EnsureIgnored(root string) {
	path := filepath.Join(root, ".heed", ".gitignore")
	want := []string{"/journal.jsonl*", "/process.idx", "/process.idx.stamps", "/bin/", "/cache/", TempPattern}
	if fi, err := os.Stat(filepath.Join(root, ".git")); err == nil && fi.IsDir() {
		path = filepath.Join(root, ".git", "info", "exclude")
		want = []string{"/.heed/journal.jsonl*", "/.heed/process.idx", "/.heed/process.idx.stamps", "/.heed/bin/", "/.heed/cache/", "/.heed/**/" + TempPattern}
	}
	old, _ := os.ReadFile(path)
	var add bytes.Buffer
	for _, w := range want {
		if !bytes.Contains(old, []byte(w+"\n")) && !bytes.HasSuffix(old, []byte(w)) {
			add.WriteString(w + "\n")
		}
	}
	if add.Len() == 0 {
		return
	}
	if len(old) > 0 && !bytes.HasSuffix(old, []byte("\n")) {
		old = append(old, '\n')
	}
	if !bytes.Contains(old, []byte("# heed")) {
		old = append(old, []byte("# heed's per-machine files (journal, live index, PATH shims)\n")...)
		if strings.HasSuffix(path, ".gitignore") && len(old) == len("# heed's per-machine files (journal, live index, PATH shims)\n") {
			// a file heed made for itself: it ignores itself too (git add -f keeps it)
			add.WriteString("/.gitignore\n")
		}
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return
	}
	_ = policy.WriteAtomic(path, append(old, add.Bytes()...))
}

// TempPattern matches the temporary files of heed's atomic writes (policy.WriteAtomic,
// settings files): ".policy.json.tmp-123456".
const TempPattern = ".*.tmp-*"
