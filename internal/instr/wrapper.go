package instr

import (
	"bytes"
	"strings"
)

// unwrapInstructionsFence turns a fence whose info string is "instructions" back
// into the Markdown it holds. Editors write instruction files so (VS Code's
// ````instructions around a whole .instructions.md, front matter included); agents
// read the inside as instructions, and so must heed, not as one block of code. The
// fence's own lines become blank, so every line keeps its number. The closing fence is
// the last bare fence of the file when nothing but blank lines follows it (a wrapper
// of three backticks holds inner fences of three too), else the first that closes it.
// atStart reports a wrapper that opened on the file's first line, where front matter
// may follow it.
func unwrapInstructionsFence(src []byte) (out []byte, atStart bool) {
	if !bytes.Contains(src, []byte("nstructions")) && !bytes.Contains(src, []byte("NSTRUCTIONS")) {
		return src, false // the common case: no such fence, nothing to split
	}
	lines := bytes.Split(src, []byte("\n"))
	open, fence := -1, ""
	for i, l := range lines {
		t := strings.TrimSpace(string(l))
		mark := fenceMark(t)
		if mark == "" {
			continue
		}
		if strings.EqualFold(strings.TrimSpace(t[len(mark):]), "instructions") {
			open, fence = i, mark
		}
		break // only the first fence of the file can be a wrapper
	}
	if open < 0 {
		return src, false
	}
	closing := -1
	last := len(lines) - 1
	for last > open && len(bytes.TrimSpace(lines[last])) == 0 {
		last--
	}
	if t := strings.TrimSpace(string(lines[last])); last > open && closes(t, fence) {
		closing = last
	} else {
		for i := open + 1; i < len(lines); i++ {
			if closes(strings.TrimSpace(string(lines[i])), fence) {
				closing = i
				break
			}
		}
	}
	// the lines are views of src: blanking two of them leaves src as it is
	lines[open] = nil
	if closing >= 0 {
		lines[closing] = nil
	}
	return bytes.Join(lines, []byte("\n")), open == 0
}

// fenceMark is the run of backticks or tildes (three or more) a fence line opens
// with, or "".
func fenceMark(t string) string {
	for _, c := range []byte{'`', '~'} {
		n := 0
		for n < len(t) && t[n] == c {
			n++
		}
		if n >= 3 {
			return t[:n]
		}
	}
	return ""
}

// closes reports whether line t closes a fence opened with mark: the same character,
// at least as many, and nothing after.
func closes(t, mark string) bool {
	m := fenceMark(t)
	return m != "" && m[0] == mark[0] && len(m) >= len(mark) && m == t
}
