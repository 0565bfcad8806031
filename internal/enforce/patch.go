package enforce

import (
	"fmt"
	"os"
	"strings"
)

// ParsePatch reads a Codex apply_patch text:
//
//	*** Begin Patch
//	*** Add File: path         (then "+" lines: the content)
//	*** Delete File: path
//	*** Update File: path      (optionally "*** Move to: new"; then hunks:
//	@@ context                  " " kept, "-" removed, "+" added lines)
//	*** End Patch
//
// It returns the writes with their hunks; FileWrite.result applies them.
func ParsePatch(text string) ([]FileWrite, error) {
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	i := 0
	for i < len(lines) && strings.TrimSpace(lines[i]) == "" {
		i++
	}
	if i >= len(lines) || strings.TrimSpace(lines[i]) != "*** Begin Patch" {
		return nil, fmt.Errorf("not an apply_patch text (no \"*** Begin Patch\")")
	}
	i++
	var out []FileWrite
	for i < len(lines) {
		l := lines[i]
		switch {
		case strings.TrimSpace(l) == "*** End Patch":
			return out, nil
		case strings.HasPrefix(l, "*** Add File: "):
			path := strings.TrimSpace(strings.TrimPrefix(l, "*** Add File: "))
			i++
			var b strings.Builder
			for i < len(lines) && !strings.HasPrefix(lines[i], "*** ") {
				if !strings.HasPrefix(lines[i], "+") {
					return nil, fmt.Errorf("line %d: an added file's lines start with \"+\"", i+1)
				}
				b.WriteString(lines[i][1:])
				b.WriteByte('\n')
				i++
			}
			c := b.String()
			out = append(out, FileWrite{Path: path, Content: &c})
		case strings.HasPrefix(l, "*** Delete File: "):
			out = append(out, FileWrite{Path: strings.TrimSpace(strings.TrimPrefix(l, "*** Delete File: ")), Delete: true})
			i++
		case strings.HasPrefix(l, "*** Update File: "):
			path := strings.TrimSpace(strings.TrimPrefix(l, "*** Update File: "))
			i++
			dest := path
			if i < len(lines) && strings.HasPrefix(lines[i], "*** Move to: ") {
				dest = strings.TrimSpace(strings.TrimPrefix(lines[i], "*** Move to: "))
				i++
			}
			var hunks []hunk
			var cur *hunk
			for i < len(lines) && (!strings.HasPrefix(lines[i], "*** ") || lines[i] == "*** End of File") {
				l := lines[i]
				i++
				switch {
				case l == "*** End of File":
					if cur != nil {
						cur.eof = true
					}
				case strings.HasPrefix(l, "@@"):
					hunks = append(hunks, hunk{})
					cur = &hunks[len(hunks)-1]
				case l == "" && i == len(lines):
				default:
					if cur == nil {
						hunks = append(hunks, hunk{})
						cur = &hunks[len(hunks)-1]
					}
					if l == "" {
						l = " " // an empty context line
					}
					switch l[0] {
					case ' ':
						cur.old = append(cur.old, l[1:])
						cur.new = append(cur.new, l[1:])
					case '-':
						cur.old = append(cur.old, l[1:])
					case '+':
						cur.new = append(cur.new, l[1:])
					default:
						return nil, fmt.Errorf("line %d: a hunk line starts with \" \", \"-\" or \"+\": %q", i, l)
					}
				}
			}
			src := path
			out = append(out, FileWrite{Path: dest, patchSource: src, hunks: hunks})
		case strings.TrimSpace(l) == "":
			i++
		default:
			return nil, fmt.Errorf("line %d: unexpected %q", i+1, l)
		}
	}
	return nil, fmt.Errorf("the patch has no \"*** End Patch\"")
}

type hunk struct {
	old, new []string
	eof      bool
}

// applyHunks applies a patch's hunks to a file's content, each found after the
// previous one (exactly, then ignoring trailing white space).
func applyHunks(content string, hunks []hunk) (string, error) {
	lines := strings.Split(content, "\n")
	trailingNL := strings.HasSuffix(content, "\n")
	if trailingNL {
		lines = lines[:len(lines)-1]
	}
	at := 0
	for n, h := range hunks {
		if len(h.old) == 0 {
			// pure addition: at the end (or where the previous hunk ended)
			pos := len(lines)
			if !h.eof && at > 0 {
				pos = at
			}
			lines = append(lines[:pos], append(append([]string(nil), h.new...), lines[pos:]...)...)
			at = pos + len(h.new)
			continue
		}
		pos := find(lines, h.old, at, h.eof, func(a, b string) bool { return a == b })
		if pos < 0 {
			pos = find(lines, h.old, at, h.eof, func(a, b string) bool { return strings.TrimRight(a, " \t") == strings.TrimRight(b, " \t") })
		}
		if pos < 0 {
			pos = find(lines, h.old, at, h.eof, func(a, b string) bool { return strings.TrimSpace(a) == strings.TrimSpace(b) })
		}
		if pos < 0 {
			return "", fmt.Errorf("hunk %d does not match the file (%q...)", n+1, first(h.old))
		}
		rest := append([]string(nil), lines[pos+len(h.old):]...)
		lines = append(append(lines[:pos], h.new...), rest...)
		at = pos + len(h.new)
	}
	out := strings.Join(lines, "\n")
	if trailingNL || len(lines) > 0 {
		out += "\n"
	}
	return out, nil
}

func find(lines, want []string, from int, eof bool, eq func(a, b string) bool) int {
	start := from
	if eof {
		start = len(lines) - len(want)
		if start < from {
			return -1
		}
	}
	for i := start; i+len(want) <= len(lines); i++ {
		ok := true
		for j := range want {
			if !eq(lines[i+j], want[j]) {
				ok = false
				break
			}
		}
		if ok {
			return i
		}
	}
	return -1
}

func first(ss []string) string {
	if len(ss) == 0 {
		return ""
	}
	return ss[0]
}

// readPatched returns an updated file's content after its hunks.
func readPatched(abs string, hunks []hunk) (string, error) {
	data, err := os.ReadFile(abs)
	if err != nil {
		return "", err
	}
	return applyHunks(string(data), hunks)
}
