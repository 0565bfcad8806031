package repo

import (
	"bytes"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
)

// maxEditDistance bounds the line diff; past it, the differing middle of the file is
// taken as touched as a whole (an over-approximation, never a miss).
const maxEditDistance = 1000

// ChangedLinesReplacing compares two versions of a file line by line (Myers' diff)
// and returns the lines of the new version that were added or modified, and the
// anchors of deleted lines, numbered as git numbers them; and, for the touched lines
// that replaced an old line in place, the old line's text (engine.File.Replaced): in
// each run of edits, the inserted lines that follow deleted ones replace them in order.
func ChangedLinesReplacing(old, new []byte) (touched, deleted engine.LineSet, replaced map[int]string) {
	touched, deleted, replaced = engine.LineSet{}, engine.LineSet{}, map[int]string{}
	a, b := splitLines(old), splitLines(new)
	// Common prefix and suffix cost nothing and are most of a typical edit.
	pre := 0
	for pre < len(a) && pre < len(b) && bytes.Equal(a[pre], b[pre]) {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && bytes.Equal(a[len(a)-1-suf], b[len(b)-1-suf]) {
		suf++
	}
	am, bm := a[pre:len(a)-suf], b[pre:len(b)-suf]
	if len(am) == 0 && len(bm) == 0 {
		return
	}
	ops, ok := myers(intern(am, bm))
	if !ok {
		for i := range bm {
			touched[pre+i+1] = true
		}
		if len(bm) == 0 {
			deleted[max(pre, 1)] = true
		}
		return
	}
	// Walk the edit script: 'k' keeps a line, 'd' deletes an old one, 'i' inserts a new one.
	n := pre // lines of the new file seen so far
	o := 0   // lines of am seen so far
	pendingDelete := false
	var removed []string // deleted lines no inserted line has replaced yet
	for _, op := range ops {
		switch op {
		case 'k':
			if pendingDelete {
				deleted[max(n, 1)] = true
				pendingDelete = false
			}
			removed = nil
			n++
			o++
		case 'i':
			n++
			touched[n] = true
			if len(removed) > 0 {
				replaced[n] = removed[0]
				removed = removed[1:]
			}
			pendingDelete = false
		case 'd':
			if o < len(am) {
				removed = append(removed, strings.TrimSuffix(string(am[o]), "\r"))
			}
			o++
			pendingDelete = true
		}
	}
	if pendingDelete {
		deleted[max(n, 1)] = true
	}
	return
}

func splitLines(b []byte) [][]byte {
	if len(b) == 0 {
		return nil
	}
	lines := bytes.SplitAfter(b, []byte("\n"))
	if len(lines[len(lines)-1]) == 0 {
		lines = lines[:len(lines)-1]
	}
	// A missing final newline does not make the last line different.
	for i, l := range lines {
		lines[i] = bytes.TrimSuffix(l, []byte("\n"))
	}
	return lines
}

// intern maps lines to small integers so the diff compares ints.
func intern(a, b [][]byte) ([]int, []int) {
	ids := map[string]int{}
	conv := func(ls [][]byte) []int {
		out := make([]int, len(ls))
		for i, l := range ls {
			id, ok := ids[string(l)]
			if !ok {
				id = len(ids)
				ids[string(l)] = id
			}
			out[i] = id
		}
		return out
	}
	return conv(a), conv(b)
}

// myers returns a shortest edit script from a to b, or false when it would need more
// than maxEditDistance edits.
func myers(a, b []int) ([]byte, bool) {
	n, m := len(a), len(b)
	limit := min(n+m, maxEditDistance)
	off := limit + 1
	v := make([]int, 2*limit+3)
	var trace [][]int
	for d := 0; d <= limit; d++ {
		// Keep only the diagonals step d can read: -d-1 .. d+1.
		trace = append(trace, append([]int(nil), v[off-d-1:off+d+2]...))
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || (k != d && v[off+k-1] < v[off+k+1]) {
				x = v[off+k+1]
			} else {
				x = v[off+k-1] + 1
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x++
				y++
			}
			v[off+k] = x
			if x >= n && y >= m {
				return backtrack(trace, a, b, d), true
			}
		}
	}
	return nil, false
}

func backtrack(trace [][]int, a, b []int, d int) []byte {
	x, y := len(a), len(b)
	var rev []byte
	for ; d > 0; d-- {
		t := trace[d]
		at := func(k int) int { return t[k+d+1] }
		k := x - y
		var pk int
		if k == -d || (k != d && at(k-1) < at(k+1)) {
			pk = k + 1
		} else {
			pk = k - 1
		}
		px := at(pk)
		py := px - pk
		for x > px && y > py {
			rev = append(rev, 'k')
			x--
			y--
		}
		if x == px {
			rev = append(rev, 'i')
		} else {
			rev = append(rev, 'd')
		}
		x, y = px, py
	}
	for x > 0 && y > 0 {
		rev = append(rev, 'k')
		x--
		y--
	}
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	return rev
}
