package enforce

import (
	"bytes"
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/heed-dev/heed/internal/policy"
)

// The live index's lines are read without reflection: every shim and hook reads
// one, and decoding JSON into the policy's types cost more than the rest of the
// judging. After the format line (see index.go) come header lines, "KEY VALUE":
//
//	policy_sha256 HEX
//	source PATH<TAB>SHA256<TAB>FORMAT   (one per instruction file)
//	total N
//	program NAME<TAB>LINE LINE ...      (the rule lines about a program, 0-based)
//	trigger NAME<TAB>ALWAYS<TAB>N<TAB>WORD...<TAB>M<TAB>OPTION...<TAB>K<TAB>SPEC...
//	                                    (the pre-filter's words for a program, "*":
//	                                    every program, with the program specs of
//	                                    its rules; ALWAYS 1: judged always)
//	any LINE LINE ...                   (the rule lines about every program)
//	rules
//
// then one rule per line: its fields in a fixed order (ruleFields), separated by
// tabs, a list as its length and then its items. A field escapes a backslash, a tab,
// a newline and a carriage return with a backslash (\\ \t \n \r).

// errIndexSyntax is a line of the index that does not read: the index is stale
// (heed rebuilds it), since its checksum says heed wrote it.
var errIndexSyntax = errors.New("the live index does not read")

// appendField appends one escaped field.
func appendField(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '\\':
			b = append(b, '\\', '\\')
		case '\t':
			b = append(b, '\\', 't')
		case '\n':
			b = append(b, '\\', 'n')
		case '\r':
			b = append(b, '\\', 'r')
		default:
			b = append(b, c)
		}
	}
	return b
}

// fieldWriter writes the tab-separated fields of one line.
type fieldWriter struct {
	b     []byte
	first bool
}

func (w *fieldWriter) str(s string) {
	if !w.first {
		w.b = append(w.b, '\t')
	}
	w.first = false
	w.b = appendField(w.b, s)
}

func (w *fieldWriter) int(n int) { w.str(strconv.Itoa(n)) }

func (w *fieldWriter) bool(v bool) {
	if v {
		w.str("1")
	} else {
		w.str("0")
	}
}

func (w *fieldWriter) list(ss []string) {
	w.int(len(ss))
	for _, s := range ss {
		w.str(s)
	}
}

// fieldReader reads the fields of one line in the order they were written; the
// first field that does not read sets err, and every later read returns zero values.
// Fields are substrings of the line, which is one string: reading a rule makes one
// string, not one per field.
type fieldReader struct {
	line string
	// more is false once the last field was read.
	more bool
	err  error
}

func newFieldReader(line []byte) fieldReader { return fieldReader{line: string(line), more: true} }

func (r *fieldReader) str() string {
	if r.err != nil {
		return ""
	}
	if !r.more {
		r.err = errIndexSyntax
		return ""
	}
	f := r.line
	if i := strings.IndexByte(f, '\t'); i >= 0 {
		f, r.line = f[:i], f[i+1:]
	} else {
		r.line, r.more = "", false
	}
	if strings.IndexByte(f, '\\') < 0 {
		return f
	}
	out := make([]byte, 0, len(f))
	for i := 0; i < len(f); i++ {
		c := f[i]
		if c != '\\' {
			out = append(out, c)
			continue
		}
		if i++; i == len(f) {
			r.err = errIndexSyntax
			return ""
		}
		switch f[i] {
		case '\\':
			out = append(out, '\\')
		case 't':
			out = append(out, '\t')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		default:
			r.err = errIndexSyntax
			return ""
		}
	}
	return string(out)
}

func (r *fieldReader) int() int {
	s := r.str()
	if r.err != nil {
		return 0
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		r.err = errIndexSyntax
	}
	return n
}

func (r *fieldReader) bool() bool {
	switch r.str() {
	case "1":
		return true
	case "0":
		return false
	}
	if r.err == nil {
		r.err = errIndexSyntax
	}
	return false
}

// list reads a list: nil when empty, as JSON decoding leaves an omitted list.
func (r *fieldReader) list() []string {
	n := r.int()
	if r.err != nil || n == 0 {
		return nil
	}
	if n < 0 || n > len(r.line)+1 {
		r.err = errIndexSyntax
		return nil
	}
	out := make([]string, n)
	for i := range out {
		out[i] = r.str()
	}
	return out
}

// end reports the line's error, or that fields are left over.
func (r *fieldReader) end() error {
	if r.err == nil && r.more {
		r.err = errIndexSyntax
	}
	return r.err
}

func writeScope(w *fieldWriter, s policy.Scope) {
	w.str(s.Dir)
	w.list(s.Globs)
	w.list(s.Exclude)
}

func readScope(r *fieldReader) policy.Scope {
	return policy.Scope{Dir: r.str(), Globs: r.list(), Exclude: r.list()}
}

// appendEntry appends the line of one rule and its constraint (nil: none): every
// field of the rule but its authored cases and fingerprint, and the constraint's
// fields that messages quote. The order is ruleFields'.
func appendEntry(b []byte, rule *policy.Rule, c *policy.Constraint) []byte {
	w := fieldWriter{b: b, first: true}
	w.str(rule.ID)
	w.str(rule.Domain)
	w.str(rule.Kind)
	w.str(string(rule.Params))
	writeScope(&w, rule.Scope)
	w.str(rule.Severity)
	w.bool(rule.Exact)
	w.str(rule.Message)
	w.str(rule.Suggestion)
	w.str(rule.Norm)
	w.str(rule.Review)
	w.str(rule.Validation)
	w.str(rule.Decision)
	w.bool(rule.Ask)
	w.str(rule.Origin)
	w.bool(c != nil)
	if c != nil {
		w.str(c.ID)
		w.str(c.Text)
		w.str(c.File)
		w.int(c.Line)
		w.list(c.HeaderPath)
		w.str(string(c.Level))
		writeScope(&w, c.Scope)
	}
	return append(w.b, '\n')
}

// ruleFields is the number of policy.Rule's fields: a test fails when it changes,
// so that a new field is written to the index (or left out on purpose) here. Left
// out on purpose: Cases, Generated, and When (a condition on a change or a session,
// which the live path, judging one command at a time, never has to decide).
const ruleFields = 18

// readEntry reads a rule line written by appendEntry. A rule without a constraint
// gets an empty one, as the JSON index gave it.
func readEntry(line []byte) (*policy.Rule, *policy.Constraint, error) {
	r := newFieldReader(line)
	rule := &policy.Rule{ID: r.str(), Domain: r.str(), Kind: r.str()}
	if p := r.str(); p != "" {
		rule.Params = []byte(p)
	}
	rule.Scope = readScope(&r)
	rule.Severity = r.str()
	rule.Exact = r.bool()
	rule.Message = r.str()
	rule.Suggestion = r.str()
	rule.Norm = r.str()
	rule.Review = r.str()
	rule.Validation = r.str()
	rule.Decision = r.str()
	rule.Ask = r.bool()
	rule.Origin = r.str()
	c := &policy.Constraint{}
	if r.bool() {
		c.ID, c.Text, c.File = r.str(), r.str(), r.str()
		c.Line = r.int()
		c.HeaderPath = r.list()
		c.Level = policy.Level(r.str())
		c.Scope = readScope(&r)
	}
	if err := r.end(); err != nil {
		return nil, nil, err
	}
	return rule, c, nil
}

// appendHeader appends the header lines of h and the "rules" line that ends them.
func appendHeader(b []byte, h *indexHeader) []byte {
	line := func(key string, fields ...string) {
		b = append(b, key...)
		for i, f := range fields {
			if i == 0 {
				b = append(b, ' ')
			} else {
				b = append(b, '\t')
			}
			b = appendField(b, f)
		}
		b = append(b, '\n')
	}
	ints := func(ns []int) string {
		var s []byte
		for i, n := range ns {
			if i > 0 {
				s = append(s, ' ')
			}
			s = strconv.AppendInt(s, int64(n), 10)
		}
		return string(s)
	}
	line("policy_sha256", h.PolicySHA256)
	for _, s := range h.Sources {
		line("source", s.Path, s.SHA256, s.Format)
	}
	line("total", strconv.Itoa(h.Total))
	trig := func(p string) {
		t := h.Triggers[p]
		if t == nil {
			return // no entry: always judged
		}
		w := fieldWriter{b: append(b, "trigger "...), first: true}
		w.str(p)
		w.bool(t.always)
		w.list(t.words)
		w.list(t.options)
		w.list(t.programs)
		b = append(w.b, '\n')
	}
	for _, p := range h.programNames() {
		line("program", p, ints(h.Programs[p]))
		trig(p)
	}
	if len(h.Any) > 0 {
		line("any", ints(h.Any))
		trig("*")
	}
	return append(b, "rules\n"...)
}

// readHeader reads the header lines at the start of rest and returns the header and
// the rule lines after it. With programs set, only the program lines of those
// programs are read (into h.Programs); with all, every one.
func readHeader(rest []byte, programs []string, all bool) (indexHeader, []byte, error) {
	var h indexHeader
	h.Programs = map[string][]int{}
	h.Triggers = map[string]*trigger{}
	sawPolicy, sawTotal := false, false
	for {
		line, next, ok := bytes.Cut(rest, []byte("\n"))
		if !ok {
			return h, nil, errIndexSyntax // no "rules" line
		}
		rest = next
		if string(line) == "rules" {
			break
		}
		key, value, _ := bytes.Cut(line, []byte(" "))
		if k := string(key); (k == "program" || k == "trigger") && !all && !wanted(value, programs, k == "trigger") {
			continue // not read: the rules of programs not at hand
		}
		r := newFieldReader(value)
		switch string(key) {
		case "policy_sha256":
			h.PolicySHA256, sawPolicy = r.str(), true
		case "source":
			h.Sources = append(h.Sources, policy.SourceFile{Path: r.str(), SHA256: r.str(), Format: r.str()})
		case "total":
			h.Total, sawTotal = r.int(), true
		case "trigger":
			name := r.str()
			t := &trigger{always: r.bool(), words: r.list(), options: r.list(), programs: r.list()}
			if r.err == nil {
				h.Triggers[name] = t
			}
		case "program":
			name := r.str()
			lines, err := readInts(r.str())
			if err != nil {
				return h, nil, err
			}
			h.Programs[name] = lines
		case "any":
			lines, err := readInts(r.str())
			if err != nil {
				return h, nil, err
			}
			h.Any = lines
		default:
			return h, nil, errIndexSyntax
		}
		if err := r.end(); err != nil {
			return h, nil, err
		}
	}
	if !sawPolicy || !sawTotal {
		return h, nil, errIndexSyntax
	}
	return h, rest, nil
}

// wanted reports whether the program or trigger line whose value (after its key) is
// value names one of programs ("*" too when any is set), without decoding the line:
// the header has two lines per program, and a command is about one or two. A name
// with an escape is decoded to be sure.
func wanted(value []byte, programs []string, any bool) bool {
	name, _, _ := bytes.Cut(value, []byte("\t"))
	if bytes.IndexByte(name, '\\') >= 0 {
		r := newFieldReader(value)
		n := r.str()
		return any && n == "*" || slices.Contains(programs, n)
	}
	if any && string(name) == "*" {
		return true
	}
	for _, p := range programs {
		if string(name) == p {
			return true
		}
	}
	return false
}

// readInts reads "1 2 3".
func readInts(s string) ([]int, error) {
	var out []int
	for s != "" {
		f, rest, _ := strings.Cut(s, " ")
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 {
			return nil, errIndexSyntax
		}
		out = append(out, n)
		s = rest
	}
	return out, nil
}
