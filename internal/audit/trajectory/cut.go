package trajectory

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// maxCutDepth bounds how deep a cut JSON document may be nested for heed to close it.
const maxCutDepth = 1000

// decodeDocument decodes a whole-file JSON document (mini-SWE-agent, OpenHands). A
// document cut short (a run killed while the agent wrote it) is read up to the cut:
// the outermost list open at the cut (the messages, the events) keeps the elements
// written whole and loses the one being written, and the open objects and lists are
// closed. cut reports that; elements says how many the cut list kept.

// cutWarning is the warning of a document read up to its cut.
func cutWarning(elements int) string {
	return fmt.Sprintf("the file ends inside the JSON document (truncated): heed read it up to the cut (%d whole elements of the list being written); the steps after it are unknown", elements)
}

func decodeDocument(data []byte) (doc any, cut bool, elements int, err error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	err = dec.Decode(&doc)
	if err == nil {
		if _, terr := dec.Token(); terr != io.EOF {
			return nil, false, 0, errors.New("trailing data after the JSON document")
		}
		return doc, false, 0, nil
	}
	if !errors.Is(err, io.ErrUnexpectedEOF) {
		return nil, false, 0, err
	}
	closed, n, ok := closeCut(data)
	if !ok {
		return nil, false, 0, err
	}
	doc = nil
	dec = json.NewDecoder(bytes.NewReader(closed))
	if derr := dec.Decode(&doc); derr != nil {
		return nil, false, 0, err
	}
	return doc, true, n, nil
}

// closeCut turns a JSON document that ends early into a whole one: it keeps the
// complete elements of the outermost open list (of the top-level object when no list
// is open), drops what follows them, and closes what is open. n is the number of
// elements kept. ok is false when data is not a cut document (nothing is open, or it
// nests deeper than maxCutDepth).
func closeCut(data []byte) (closed []byte, n int, ok bool) {
	type open struct {
		list bool
		// end is where the last complete element ends (just after the bracket when
		// there is none); value is true in an object after a key's colon.
		end   int
		value bool
		n     int
	}
	var stack []open
	inStr, esc := false, false
	// done marks the element or member that just ended as complete in the container
	// on top of the stack.
	done := func(at int) {
		if len(stack) == 0 {
			return
		}
		top := &stack[len(stack)-1]
		if top.list || top.value {
			top.end, top.value = at, false
			top.n++
		}
	}
	for i, c := range data {
		if inStr {
			switch {
			case esc:
				esc = false
			case c == '\\':
				esc = true
			case c == '"':
				inStr = false
				done(i + 1)
			}
			continue
		}
		switch c {
		case '"':
			inStr = true
		case '{', '[':
			if len(stack) >= maxCutDepth {
				return nil, 0, false
			}
			stack = append(stack, open{list: c == '[', end: i + 1})
		case '}', ']':
			if len(stack) == 0 {
				return nil, 0, false
			}
			stack = stack[:len(stack)-1]
			if len(stack) == 0 {
				return nil, 0, false // the document is whole: not a cut
			}
			done(i + 1)
		case ':':
			if len(stack) > 0 {
				stack[len(stack)-1].value = true
			}
		case ',':
			// a number, true, false or null ends here
			if len(stack) > 0 {
				if top := &stack[len(stack)-1]; top.list || top.value {
					if top.end < i && len(bytes.TrimSpace(data[top.end:i])) > 0 {
						top.n++
					}
					top.end, top.value = i, false
				}
			}
		}
	}
	if len(stack) == 0 {
		return nil, 0, false
	}
	k := 0
	for i, o := range stack {
		if o.list {
			k = i
			break
		}
	}
	out := append([]byte(nil), data[:stack[k].end]...)
	for i := k; i >= 0; i-- {
		if stack[i].list {
			out = append(out, ']')
		} else {
			out = append(out, '}')
		}
	}
	return out, stack[k].n, true
}
