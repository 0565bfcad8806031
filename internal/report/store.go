package report

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync"

	"github.com/heed-dev/heed/internal/policy"
)

// Store holds a run's findings as they are found, in any order, and gives them back
// sorted (as Sort orders them). Up to its limit it keeps them in memory; past it it
// writes each to a temporary file and keeps in memory only what sorting needs (the
// place, the rule and where the finding is in the file: ~50 bytes), so a run with
// findings in every file of a large repository holds the same memory as a small one.
// It counts the findings as Tally would as they come. Add may be called from several
// goroutines at once.
type Store struct {
	mu    sync.Mutex
	limit int
	mem   []Finding
	keys  []storeKey
	// files and rules intern the sort keys' strings: a file with many findings, a
	// rule with many files, is held once.
	files, rules []string
	fileID       map[string]uint32
	ruleID       map[string]uint32
	spill        *os.File
	w            *bufio.Writer
	size         int64
	buf          []byte
	err          error
	sorted       bool
	count        int // findings stored
	// Once spilled, keys holds the sort keys of the findings since the last run: at
	// runKeys of them they are sorted and written to the file as a run (with their
	// strings, so the interned files are let go), and the runs are merged when the
	// findings are read: memory stays the same however many findings a run has.
	runKeys  int
	runs     []keyRun
	order    int64 // where the merged order starts in the file (12 bytes a finding)
	errors   int
	byDomain map[string]int
	byRule   map[string]int
}

// Seq orders findings Sort leaves tied (same place, same rule): the order they would
// have in a run that held them all, the rule's position among the run's rules, then
// the target's, then the finding's within it.
type Seq struct {
	Rule, Target, Sub, Index uint32
}

func (a Seq) compare(b Seq) int {
	switch {
	case a.Rule != b.Rule:
		return cmpU(a.Rule, b.Rule)
	case a.Target != b.Target:
		return cmpU(a.Target, b.Target)
	case a.Sub != b.Sub:
		return cmpU(a.Sub, b.Sub)
	}
	return cmpU(a.Index, b.Index)
}

func cmpU(a, b uint32) int {
	if a < b {
		return -1
	}
	return 1
}

// keyRun is a sorted run of sort keys in the spill file.
type keyRun struct {
	off, size int64
	n         int
}

type storeKey struct {
	seq        Seq
	off        int64 // in the spill file; the index into mem when not spilled
	n          uint32
	file, rule uint32
	line, col  int32
	group      uint8
}

// NewStore returns a store that keeps up to limit findings in memory before it
// spills them to a temporary file (limit < 0: never).
func NewStore(limit int) *Store {
	return &Store{limit: limit, runKeys: defaultRunKeys, fileID: map[string]uint32{}, ruleID: map[string]uint32{}, byDomain: map[string]int{}, byRule: map[string]int{}}
}

// DefaultSpill is the number of findings a check holds in memory before it writes
// them to a temporary file: about half a megabyte of them.
const DefaultSpill = 1024

// defaultRunKeys is how many sort keys a spilled store holds before it writes them
// out as a sorted run: about 200 kB of them.
const defaultRunKeys = 4096

// Add stores f, placed among the findings it ties with by seq.
func (s *Store) Add(f *Finding, seq Seq) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sorted = false
	s.count++
	if f.Severity == policy.SeverityError {
		s.errors++
	}
	d := f.Domain
	if d == "" {
		d = "heed"
	}
	s.byDomain[d]++
	s.byRule[f.Rule]++
	k := storeKey{seq: seq, file: s.intern(&s.files, s.fileID, f.File), rule: s.intern(&s.rules, s.ruleID, f.Rule),
		line: int32(f.Line), col: int32(f.Column), group: uint8(group(f))}
	if s.spill == nil && s.limit >= 0 && len(s.mem) >= s.limit && s.err == nil {
		s.startSpill()
	}
	if s.spill == nil {
		k.off = int64(len(s.mem))
		s.mem = append(s.mem, *f)
		s.keys = append(s.keys, k)
		return
	}
	s.buf = encodeFinding(s.buf[:0], f)
	k.off, k.n = s.size, uint32(len(s.buf))
	if _, err := s.w.Write(s.buf); err != nil && s.err == nil {
		s.err = fmt.Errorf("write the findings to %s: %w", s.spill.Name(), err)
	}
	s.size += int64(len(s.buf))
	s.keys = append(s.keys, k)
	if len(s.keys) >= s.runKeys {
		s.writeRun()
	}
}

func (s *Store) intern(list *[]string, ids map[string]uint32, v string) uint32 {
	id, ok := ids[v]
	if !ok {
		id = uint32(len(*list))
		*list = append(*list, v)
		ids[v] = id
	}
	return id
}

// startSpill moves the findings held so far to a temporary file. A store that cannot
// create one keeps holding them in memory.
func (s *Store) startSpill() {
	f, err := os.CreateTemp("", "heed-findings-*")
	if err != nil {
		s.limit = -1
		return
	}
	s.spill, s.w = f, bufio.NewWriterSize(f, 1<<16)
	for i := range s.keys {
		s.buf = encodeFinding(s.buf[:0], &s.mem[s.keys[i].off])
		s.keys[i].off, s.keys[i].n = s.size, uint32(len(s.buf))
		if _, err := s.w.Write(s.buf); err != nil && s.err == nil {
			s.err = fmt.Errorf("write the findings to %s: %w", f.Name(), err)
		}
		s.size += int64(len(s.buf))
	}
	s.mem = nil
}

// Len is the number of findings stored.
func (s *Store) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.count
}

// Spilled reports whether the store writes its findings to a file.
func (s *Store) Spilled() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.spill != nil
}

// Errors is the number of error-severity findings stored.
func (s *Store) Errors() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.errors
}

// tally fills the summary's counts as Tally does from the findings.
func (s *Store) tally(sum *Summary) {
	s.mu.Lock()
	defer s.mu.Unlock()
	sum.Findings, sum.Errors, sum.Warnings = s.count, s.errors, s.count-s.errors
	sum.ByDomain, sum.ByRule = map[string]int{}, map[string]int{}
	for k, v := range s.byDomain {
		sum.ByDomain[k] = v
	}
	for k, v := range s.byRule {
		sum.ByRule[k] = v
	}
}

func (s *Store) sort() {
	if s.sorted {
		return
	}
	if s.spill != nil {
		s.writeRun()
		s.merge()
	} else {
		s.sortKeys()
	}
	s.sorted = true
}

func (s *Store) sortKeys() {
	slices.SortFunc(s.keys, func(a, b storeKey) int {
		return comparePlace(a.group, b.group, s.files[a.file], s.files[b.file], a.line, b.line, a.col, b.col,
			s.rules[a.rule], s.rules[b.rule], a.seq, b.seq)
	})
}

// comparePlace orders findings as Sort does: by group, file, line, column and rule,
// then in the order a run that held them all would have found them.
func comparePlace(ga, gb uint8, fa, fb string, la, lb, ca, cb int32, ra, rb string, sa, sb Seq) int {
	switch {
	case ga != gb:
		return int(ga) - int(gb)
	case fa != fb:
		return strings.Compare(fa, fb)
	case la != lb:
		return cmpI(la, lb)
	case ca != cb:
		return cmpI(ca, cb)
	case ra != rb:
		return strings.Compare(ra, rb)
	}
	return sa.compare(sb)
}

// writeRun sorts the keys held and writes them to the spill file as a run, each with
// its file and rule, and lets them go with the files they interned.
func (s *Store) writeRun() {
	if len(s.keys) == 0 || s.err != nil {
		return
	}
	s.sortKeys()
	run := keyRun{off: s.size, n: len(s.keys)}
	for i := range s.keys {
		k := &s.keys[i]
		b := s.buf[:0]
		b = append(b, k.group)
		b = binary.AppendUvarint(b, uint64(len(s.files[k.file])))
		b = append(b, s.files[k.file]...)
		b = binary.AppendVarint(b, int64(k.line))
		b = binary.AppendVarint(b, int64(k.col))
		b = binary.AppendUvarint(b, uint64(k.rule))
		for _, v := range [4]uint32{k.seq.Rule, k.seq.Target, k.seq.Sub, k.seq.Index} {
			b = binary.AppendUvarint(b, uint64(v))
		}
		b = binary.AppendUvarint(b, uint64(k.off))
		b = binary.AppendUvarint(b, uint64(k.n))
		s.buf = b
		if _, err := s.w.Write(b); err != nil && s.err == nil {
			s.err = fmt.Errorf("write the findings to %s: %w", s.spill.Name(), err)
		}
		s.size += int64(len(b))
	}
	run.size = s.size - run.off
	s.runs = append(s.runs, run)
	s.keys = s.keys[:0]
	s.files = s.files[:0]
	clear(s.fileID)
}

// runKey is a sort key read back from a run.
type runKey struct {
	group     uint8
	file      string
	line, col int32
	rule      uint32
	seq       Seq
	off       int64
	n         uint32
}

// runReader reads a run's keys in order.
type runReader struct {
	r   *bufio.Reader
	n   int
	key runKey
}

func (rr *runReader) next() error {
	if rr.n == 0 {
		return io.EOF
	}
	rr.n--
	g, err := rr.r.ReadByte()
	if err != nil {
		return errShort
	}
	u := func() uint64 {
		v, e := binary.ReadUvarint(rr.r)
		if e != nil {
			err = errShort
		}
		return v
	}
	i := func() int64 {
		v, e := binary.ReadVarint(rr.r)
		if e != nil {
			err = errShort
		}
		return v
	}
	k := &rr.key
	k.group = g
	if n := u(); err == nil {
		if n > 1<<20 {
			return errShort
		}
		b := make([]byte, n)
		if _, e := io.ReadFull(rr.r, b); e != nil {
			return errShort
		}
		k.file = string(b)
	}
	k.line, k.col, k.rule = int32(i()), int32(i()), uint32(u())
	k.seq = Seq{Rule: uint32(u()), Target: uint32(u()), Sub: uint32(u()), Index: uint32(u())}
	k.off, k.n = int64(u()), uint32(u())
	return err
}

// merge merges the runs and writes the findings' order to the end of the spill file:
// where each finding is in it, 12 bytes a finding.
func (s *Store) merge() {
	if s.err != nil {
		return
	}
	if err := s.w.Flush(); err != nil {
		s.err = fmt.Errorf("write the findings to %s: %w", s.spill.Name(), err)
		return
	}
	readers := make([]*runReader, 0, len(s.runs))
	for _, run := range s.runs {
		rr := &runReader{r: bufio.NewReaderSize(io.NewSectionReader(s.spill, run.off, run.size), 4096), n: run.n}
		if err := rr.next(); err != nil {
			s.err = fmt.Errorf("read the findings back from %s: %w", s.spill.Name(), err)
			return
		}
		readers = append(readers, rr)
	}
	less := func(a, b *runReader) int {
		return comparePlace(a.key.group, b.key.group, a.key.file, b.key.file, a.key.line, b.key.line, a.key.col, b.key.col,
			s.rules[a.key.rule], s.rules[b.key.rule], a.key.seq, b.key.seq)
	}
	s.order = s.size
	var rec [12]byte
	for len(readers) > 0 {
		// few runs (one per runKeys findings): the smallest head by a scan
		m := 0
		for i := 1; i < len(readers); i++ {
			if less(readers[i], readers[m]) < 0 {
				m = i
			}
		}
		rr := readers[m]
		binary.LittleEndian.PutUint64(rec[:8], uint64(rr.key.off))
		binary.LittleEndian.PutUint32(rec[8:], rr.key.n)
		if _, err := s.w.Write(rec[:]); err != nil && s.err == nil {
			s.err = fmt.Errorf("write the findings to %s: %w", s.spill.Name(), err)
		}
		s.size += int64(len(rec))
		switch err := rr.next(); {
		case err == io.EOF:
			readers = slices.Delete(readers, m, m+1)
		case err != nil:
			s.err = fmt.Errorf("read the findings back from %s: %w", s.spill.Name(), err)
			return
		}
	}
	if err := s.w.Flush(); err != nil && s.err == nil {
		s.err = fmt.Errorf("write the findings to %s: %w", s.spill.Name(), err)
	}
}

func cmpI(a, b int32) int {
	if a < b {
		return -1
	}
	return 1
}

// Each calls fn with every finding in order, one at a time: a spilled store reads
// each back from its file into the same Finding, so fn must copy what it keeps.
func (s *Store) Each(fn func(f *Finding) error) error {
	return s.Range(0, -1, fn)
}

// Range is Each over the findings from the i-th to the j-th (excluded; -1: to the
// end). Calls on separate ranges may run at once once the store is complete.
func (s *Store) Range(i, j int, fn func(f *Finding) error) error {
	s.mu.Lock()
	if s.w != nil {
		if err := s.w.Flush(); err != nil && s.err == nil {
			s.err = fmt.Errorf("write the findings to %s: %w", s.spill.Name(), err)
		}
	}
	s.sort()
	err := s.err
	keys, mem, spill, order, count := s.keys, s.mem, s.spill, s.order, s.count
	s.mu.Unlock()
	if err != nil {
		return err
	}
	if j < 0 || j > count {
		j = count
	}
	if i >= j {
		return nil
	}
	if spill == nil {
		for _, k := range keys[i:j] {
			if err := fn(&mem[k.off]); err != nil {
				return err
			}
		}
		return nil
	}
	recs := bufio.NewReaderSize(io.NewSectionReader(spill, order+12*int64(i), 12*int64(j-i)), 1<<14)
	var rec [12]byte
	var buf []byte
	var f Finding
	for range j - i {
		if _, err := io.ReadFull(recs, rec[:]); err != nil {
			return fmt.Errorf("read the findings back from %s: %w", spill.Name(), errShort)
		}
		off, n := int64(binary.LittleEndian.Uint64(rec[:8])), binary.LittleEndian.Uint32(rec[8:])
		if cap(buf) < int(n) {
			buf = make([]byte, n)
		}
		buf = buf[:n]
		if _, err := spill.ReadAt(buf, off); err != nil {
			return fmt.Errorf("read the findings back from %s: %w", spill.Name(), err)
		}
		f = Finding{}
		if err := decodeFinding(buf, &f); err != nil {
			return fmt.Errorf("read the findings back from %s: %w", spill.Name(), err)
		}
		if err := fn(&f); err != nil {
			return err
		}
	}
	return nil
}

// Slice returns the findings, sorted, as one slice (held whole: for callers that
// need them all at once).
func (s *Store) Slice() ([]Finding, error) {
	out := make([]Finding, 0, s.Len())
	err := s.Each(func(f *Finding) error {
		out = append(out, *f)
		return nil
	})
	return out, err
}

// Close removes the store's file, if it wrote one.
func (s *Store) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.spill == nil {
		return nil
	}
	name := s.spill.Name()
	err := errors.Join(s.spill.Close(), os.Remove(name))
	s.spill, s.w = nil, nil
	if err != nil {
		return fmt.Errorf("remove %s: %w", name, err)
	}
	return nil
}

// encodeFinding appends f to b: each string with its length, each number as a
// varint, in the order of the fields.
func encodeFinding(b []byte, f *Finding) []byte {
	str := func(s string) {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	num := func(n int) { b = binary.AppendVarint(b, int64(n)) }
	str(f.Rule)
	str(f.Constraint)
	str(f.Domain)
	str(f.Kind)
	str(f.Severity)
	flags := 0
	if f.Exact {
		flags |= 1
	}
	if f.Change {
		flags |= 2
	}
	if f.Instruction.HeaderPath != nil {
		flags |= 4
	}
	num(flags)
	str(f.File)
	num(f.Line)
	num(f.Column)
	num(f.EndLine)
	num(f.EndColumn)
	str(f.Commit)
	str(f.Command)
	str(f.Message)
	str(f.Snippet)
	str(f.Suggestion)
	str(f.Instruction.File)
	num(f.Instruction.Line)
	str(f.Instruction.Text)
	num(len(f.Instruction.HeaderPath))
	for _, h := range f.Instruction.HeaderPath {
		str(h)
	}
	str(f.Fingerprint)
	// the rarely set lists, as JSON: an empty text for none
	list := func(v any, n int) {
		if n == 0 {
			str("")
			return
		}
		j, _ := json.Marshal(v) // plain structs of strings and numbers: cannot fail
		str(string(j))
	}
	list(f.Fixes, len(f.Fixes))
	list(f.Related, len(f.Related))
	list(f.Restated, len(f.Restated))
	return b
}

var errShort = errors.New("a stored finding is cut short")

func decodeFinding(b []byte, f *Finding) error {
	bad := false
	str := func() string {
		n, k := binary.Uvarint(b)
		if k <= 0 || uint64(len(b)-k) < n {
			bad = true
			b = nil
			return ""
		}
		s := string(b[k : k+int(n)])
		b = b[k+int(n):]
		return s
	}
	num := func() int {
		n, k := binary.Varint(b)
		if k <= 0 {
			bad = true
			b = nil
			return 0
		}
		b = b[k:]
		return int(n)
	}
	f.Rule = str()
	f.Constraint = str()
	f.Domain = str()
	f.Kind = str()
	f.Severity = str()
	flags := num()
	f.Exact, f.Change = flags&1 != 0, flags&2 != 0
	f.File = str()
	f.Line = num()
	f.Column = num()
	f.EndLine = num()
	f.EndColumn = num()
	f.Commit = str()
	f.Command = str()
	f.Message = str()
	f.Snippet = str()
	f.Suggestion = str()
	f.Instruction.File = str()
	f.Instruction.Line = num()
	f.Instruction.Text = str()
	if n := num(); n > 0 && n <= len(b) {
		f.Instruction.HeaderPath = make([]string, n)
		for i := range f.Instruction.HeaderPath {
			f.Instruction.HeaderPath[i] = str()
		}
	} else if n != 0 {
		bad = true
	} else if flags&4 != 0 {
		f.Instruction.HeaderPath = []string{}
	}
	f.Fingerprint = str()
	list := func(v any) {
		if j := str(); j != "" && !bad && json.Unmarshal([]byte(j), v) != nil {
			bad = true
		}
	}
	list(&f.Fixes)
	list(&f.Related)
	list(&f.Restated)
	if bad || len(b) != 0 {
		return errShort
	}
	return nil
}

var _ io.Closer = (*Store)(nil)
