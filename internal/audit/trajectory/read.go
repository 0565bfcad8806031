package trajectory

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Read reads a trajectory from r in the given format ("" or "auto" detects it), as
// Parse does, but a JSON-lines file (a Claude Code transcript, a Codex rollout, heed's
// journal) a record at a time: a long session is never held whole in memory, neither
// as text nor decoded (a 62 MB transcript took 600 MB read whole). A JSON document
// (mini-SWE-agent, OpenHands) is read whole, as Parse reads it. The format is told
// from the first lines, which are then read again from memory.
func Read(r io.Reader, format string) (*Trajectory, error) {
	lr := &lineReader{r: bufio.NewReaderSize(r, 64<<10)}
	var head [][]byte // the lines read to tell the format, in order
	var raw []byte    // and the bytes they were read from
	readLine := func() ([]byte, bool, error) {
		line, ok, err := lr.next()
		if ok {
			head = append(head, bytes.Clone(line))
			raw = append(raw, line...)
			if lr.newline {
				raw = append(raw, '\n')
			}
		}
		return line, ok, err
	}
	whole := func() (*Trajectory, error) {
		rest, err := io.ReadAll(lr.r)
		if err != nil {
			return nil, err
		}
		head = nil
		return Parse(append(raw, rest...), format)
	}
	if format == "" || format == "auto" {
		f, streamable, err := detectLines(readLine)
		if err != nil {
			if errors.Is(err, errWholeFile) {
				return whole()
			}
			return nil, err
		}
		if !streamable {
			format = f
			return whole()
		}
		format = f
	}
	var read func(next func() ([]byte, bool)) (*Trajectory, error)
	switch format {
	case Claude:
		read = readClaude
	case Codex:
		read = readCodex
	case Heed:
		read = readJournal
	case MiniSWEAgent, OpenHands, Gemini:
		return whole()
	default:
		return nil, fmt.Errorf("unknown --agent %q (want auto, %s)", format, strings.Join(Formats, ", "))
	}
	// The head first, then the rest of the file.
	raw = nil
	i := 0
	var rerr error
	next := func() ([]byte, bool) {
		if i < len(head) {
			i++
			return head[i-1], true
		}
		head = nil // read again: no longer needed
		line, ok, err := lr.next()
		if err != nil {
			rerr = err
			return nil, false
		}
		return line, ok
	}
	t, err := read(next)
	if rerr != nil {
		return nil, rerr
	}
	if err != nil {
		return nil, err
	}
	finish(t, format)
	return t, nil
}

// errWholeFile says the format cannot be told from lines: the file is read whole.
var errWholeFile = errors.New("read the file whole")

// detectLines tells the format from the first lines as Detect does from the whole
// file, reading as few lines as it can: streamable is false when the file must be
// read whole all the same (a JSON document). errWholeFile means Detect must see the
// whole file (a document spread over lines, a first line that is not a record).
func detectLines(readLine func() ([]byte, bool, error)) (format string, streamable bool, err error) {
	// The first line with something on it, and whether another follows.
	var first []byte
	for first == nil {
		line, ok, err := readLine()
		if err != nil {
			return "", false, err
		}
		if !ok {
			return "", false, errWholeFile // empty: Detect says so
		}
		if t := bytes.TrimSpace(line); len(t) > 0 {
			first = bytes.Clone(t)
		}
	}
	var votes = map[string]int{}
	n := 0
	vote := func(line []byte) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 || n >= 50 {
			return
		}
		var rec map[string]any
		if json.Unmarshal(line, &rec) != nil {
			return
		}
		if f := detectRecord(rec); f != "" {
			votes[f]++
		}
		n++
	}
	if first[0] == '[' || first[0] == '{' {
		// Detect first tries the whole file as one JSON document. It is one only if
		// the first line is not a whole value, or nothing follows it: both are read
		// whole. A whole value followed by more is JSON lines.
		if !json.Valid(first) {
			return "", false, errWholeFile
		}
		more := false
		for !more {
			line, ok, err := readLine()
			if err != nil {
				return "", false, err
			}
			if !ok {
				return "", false, errWholeFile // one line: read whole
			}
			if len(bytes.TrimSpace(line)) > 0 {
				more = true
				vote(first)
				vote(line)
			}
		}
	} else {
		vote(first)
	}
	for n < 50 {
		line, ok, err := readLine()
		if err != nil {
			return "", false, err
		}
		if !ok {
			break
		}
		vote(line)
	}
	best, bestN := "", 0
	for f, v := range votes {
		if v > bestN || (v == bestN && f < best) {
			best, bestN = f, v
		}
	}
	if best == "" {
		return "", false, fmt.Errorf("%w: no record looks like a Claude Code transcript, a Codex rollout, a mini-SWE-agent trajectory, an OpenHands event stream, a Gemini CLI chat or a heed journal (pass --agent to name the format)", ErrUnknownFormat)
	}
	return best, best == Claude || best == Codex || best == Heed, nil
}

// lineReader yields the lines of a reader ("\n"-separated, as bytes.Split cuts them:
// a file ending with a newline ends with an empty line). A line is valid until the
// next call.
type lineReader struct {
	r    *bufio.Reader
	long []byte
	done bool
	// newline is set when the last line returned ended with a newline.
	newline bool
}

func (l *lineReader) next() ([]byte, bool, error) {
	if l.done {
		return nil, false, nil
	}
	l.long = l.long[:0]
	for {
		chunk, err := l.r.ReadSlice('\n')
		switch {
		case err == bufio.ErrBufferFull:
			l.long = append(l.long, chunk...)
			continue
		case err == io.EOF:
			l.done = true
			l.newline = false
			if len(l.long) > 0 {
				return append(l.long, chunk...), true, nil
			}
			return chunk, true, nil
		case err != nil:
			return nil, false, err
		}
		l.newline = true
		chunk = chunk[:len(chunk)-1]
		if len(l.long) > 0 {
			l.long = append(l.long, chunk...)
			return l.long, true, nil
		}
		return chunk, true, nil
	}
}
