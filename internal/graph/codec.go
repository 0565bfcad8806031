package graph

import (
	"encoding/binary"
	"errors"
)

// The compact form of a file's facts: what the extraction cache writes to its file
// and holds in memory. A file's facts are a few hundred bytes as Go values (strings,
// slices, an Import of 120 bytes each) and a few dozen encoded, so a run that must
// keep every file's facts (for a whole-graph rule after the stream) keeps them
// encoded.
//
//	facts:  lang, package, err (strings), flags (uvarint: 1 partial), imports (uvarint count, then each)
//	import: spec, in_mod (strings), names (uvarint count, then strings),
//	        level, line, col (varints), kind (uvarint), flags (uvarint: 1 type-only,
//	        2 conditional, 4 lazy, 8 static, 16 wildcard)
//	string: uvarint length, then the bytes
const (
	flagTypeOnly = 1 << iota
	flagConditional
	flagLazy
	flagStatic
	flagWildcard
)

// appendFacts appends the compact form of f to b.
func appendFacts(b []byte, f *Facts) []byte {
	b = appendString(b, f.Lang)
	b = appendString(b, f.Package)
	b = appendString(b, f.Err)
	var flags uint64
	if f.Partial {
		flags = 1
	}
	b = binary.AppendUvarint(b, flags)
	b = binary.AppendUvarint(b, uint64(len(f.Imports)))
	for i := range f.Imports {
		im := &f.Imports[i]
		b = appendString(b, im.Spec)
		b = appendString(b, im.InMod)
		b = binary.AppendUvarint(b, uint64(len(im.Names)))
		for _, n := range im.Names {
			b = appendString(b, n)
		}
		b = binary.AppendVarint(b, int64(im.Level))
		b = binary.AppendVarint(b, int64(im.Line))
		b = binary.AppendVarint(b, int64(im.Col))
		b = binary.AppendUvarint(b, uint64(im.Kind))
		var fl uint64
		for bit, on := range [...]bool{im.TypeOnly, im.Conditional, im.Lazy, im.Static, im.Wildcard} {
			if on {
				fl |= 1 << bit
			}
		}
		b = binary.AppendUvarint(b, fl)
	}
	return b
}

func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

var errCorrupt = errors.New("corrupt facts record")

// decodeFacts reads the compact form appendFacts wrote; any byte out of place is
// errCorrupt (a cache record is then a miss, never wrong facts).
func decodeFacts(b []byte) (Facts, error) {
	d := decoder{b: b}
	var f Facts
	f.Lang = d.str()
	f.Package = d.str()
	f.Err = d.str()
	flags := d.uvarint()
	f.Partial = flags&1 != 0
	n := d.count()
	if n > 0 {
		f.Imports = make([]Import, n)
	}
	for i := 0; i < n && d.err == nil; i++ {
		im := &f.Imports[i]
		im.Spec = d.str()
		im.InMod = d.str()
		if k := d.count(); k > 0 {
			im.Names = make([]string, k)
			for j := range im.Names {
				im.Names[j] = d.str()
			}
		}
		im.Level = d.int()
		im.Line = d.int()
		im.Col = d.int()
		kind := d.uvarint()
		if kind > uint64(KindPath) {
			d.err = errCorrupt
		}
		im.Kind = Kind(kind)
		fl := d.uvarint()
		im.TypeOnly = fl&flagTypeOnly != 0
		im.Conditional = fl&flagConditional != 0
		im.Lazy = fl&flagLazy != 0
		im.Static = fl&flagStatic != 0
		im.Wildcard = fl&flagWildcard != 0
	}
	if d.err == nil && len(d.b) != 0 {
		d.err = errCorrupt
	}
	if d.err != nil {
		return Facts{}, d.err
	}
	return f, nil
}

type decoder struct {
	b   []byte
	err error
}

func (d *decoder) uvarint() uint64 {
	if d.err != nil {
		return 0
	}
	v, n := binary.Uvarint(d.b)
	if n <= 0 {
		d.err = errCorrupt
		return 0
	}
	d.b = d.b[n:]
	return v
}

func (d *decoder) int() int {
	if d.err != nil {
		return 0
	}
	v, n := binary.Varint(d.b)
	if n <= 0 || int64(int(v)) != v {
		d.err = errCorrupt
		return 0
	}
	d.b = d.b[n:]
	return int(v)
}

// count reads a length that must fit what is left (each element takes a byte at
// least), so a corrupt count cannot make a huge allocation.
func (d *decoder) count() int {
	v := d.uvarint()
	if v > uint64(len(d.b)) {
		d.err = errCorrupt
		return 0
	}
	return int(v)
}

func (d *decoder) str() string {
	n := d.count()
	if d.err != nil {
		return ""
	}
	s := string(d.b[:n])
	d.b = d.b[n:]
	return s
}
