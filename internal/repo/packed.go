package repo

import (
	"bytes"
	"encoding/binary"
	"sort"
)

// Packed is a sorted list of paths held front-coded: each path as the length of the
// prefix it shares with the path before it and the rest of its bytes, every
// packedBlock-th path whole, so that the i-th is decoded from the whole one before it.
// The files of a repository share most of their folders' names: 20,000 paths of a
// listing cost about a tenth of their bytes, where a []string costs their bytes, a
// 16-byte header each and the rounding of each allocation. A full check holds the
// files it judges for the whole run (the stream asks for each by its index, the
// summary for the skipped ones): held this way, what it holds of a repository of
// 20,000 files is a few hundred kilobytes, not two megabytes.
//
// At allocates the string it returns; reading the paths in order (Each) does not.
// A Packed is read-only once built, and safe to read from several goroutines.
type Packed struct {
	data   []byte
	blocks []uint32 // where in data each block's whole path starts
	n      int
	last   []byte // the path added last (while building)
}

// packedBlock is how many paths follow a whole one: At decodes at most this many.
const packedBlock = 16

// Len is how many paths p holds.
func (p *Packed) Len() int {
	if p == nil {
		return 0
	}
	return p.n
}

// add appends a path, which must not sort before the one added last.
func (p *Packed) add(path []byte) {
	shared := 0
	if p.n%packedBlock == 0 {
		p.blocks = append(p.blocks, uint32(len(p.data)))
	} else {
		for shared < len(path) && shared < len(p.last) && path[shared] == p.last[shared] {
			shared++
		}
	}
	p.data = binary.AppendUvarint(p.data, uint64(shared))
	p.data = binary.AppendUvarint(p.data, uint64(len(path)-shared))
	p.data = append(p.data, path[shared:]...)
	p.last = append(p.last[:0], path...)
	p.n++
}

// done lets go of what building needed, and of the room appending left.
func (p *Packed) done() {
	p.last = nil
	if cap(p.data)-len(p.data) > len(p.data)/8 {
		p.data = append(make([]byte, 0, len(p.data)), p.data...)
	}
	if cap(p.blocks)-len(p.blocks) > len(p.blocks)/8 {
		p.blocks = append(make([]uint32, 0, len(p.blocks)), p.blocks...)
	}
}

// next decodes the path at off into buf (which holds the path before it) and returns
// the path and the offset of the one after it.
func (p *Packed) next(buf []byte, off int) ([]byte, int) {
	shared, k := binary.Uvarint(p.data[off:])
	off += k
	rest, k := binary.Uvarint(p.data[off:])
	off += k
	buf = append(buf[:shared], p.data[off:off+int(rest)]...)
	return buf, off + int(rest)
}

// At is the i-th path.
func (p *Packed) At(i int) string {
	var buf [256]byte
	b := buf[:0]
	off := int(p.blocks[i/packedBlock])
	for k := i - i%packedBlock; k <= i; k++ {
		b, off = p.next(b, off)
	}
	return string(b)
}

// Each calls f with every path in order; the bytes are valid only during the call.
func (p *Packed) Each(f func(i int, path []byte)) {
	if p == nil {
		return
	}
	var b []byte
	off := 0
	for i := 0; i < p.n; i++ {
		b, off = p.next(b, off)
		f(i, b)
	}
}

// Strings is the paths as a slice.
func (p *Packed) Strings() []string {
	out := make([]string, 0, p.Len())
	p.Each(func(_ int, b []byte) { out = append(out, string(b)) })
	return out
}

// packSorted packs paths, sorting them first and keeping each once.
func packSorted(paths []string) *Packed {
	sort.Strings(paths)
	p := &Packed{}
	for i, s := range paths {
		if i == 0 || s != paths[i-1] {
			p.add([]byte(s))
		}
	}
	p.done()
	return p
}

// packer builds a Packed from paths that come mostly in order (git's index), with
// some that do not (the untracked files git lists beside it): those in order are
// packed as they come, the others held aside and merged in at the end.
type packer struct {
	p     Packed
	aside []string
}

func (k *packer) add(path []byte) {
	switch c := bytes.Compare(path, k.p.last); {
	case k.p.n == 0 || c > 0:
		k.p.add(path)
	case c == 0:
		// an unmerged path, listed once per stage
	default:
		k.aside = append(k.aside, string(path))
	}
}

func (k *packer) finish() *Packed {
	if len(k.aside) == 0 {
		k.p.done()
		return &k.p
	}
	sort.Strings(k.aside)
	out := &Packed{}
	j := 0
	put := func(s []byte) {
		if out.n == 0 || string(s) != string(out.last) {
			out.add(s)
		}
	}
	k.p.Each(func(_ int, b []byte) {
		for j < len(k.aside) && k.aside[j] < string(b) {
			put([]byte(k.aside[j]))
			j++
		}
		put(b)
	})
	for ; j < len(k.aside); j++ {
		put([]byte(k.aside[j]))
	}
	out.done()
	return out
}
