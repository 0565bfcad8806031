// Package jsonc edits settings files written in JSON with comments and trailing commas,
// as Gemini CLI's settings.json and VS Code-style settings allow: heed reads them, adds
// its entries and writes them back with every comment, key order and layout of the
// rest of the file as it was. It wraps github.com/tailscale/hujson, whose syntax tree
// keeps comments and white space; the values heed adds are laid out in the file's own
// indentation. It imports no other heed package.
package jsonc

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/tailscale/hujson"
)

// Doc is a parsed settings file.
type Doc struct {
	v hujson.Value
	// indent is one level of the file's indentation (two spaces when it shows none).
	indent string
}

// Parse reads a JSON or JSONC document. An empty file (or one of white space only) is
// an empty object. A syntax error names the line and column.
func Parse(data []byte) (*Doc, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		data = []byte("{}\n")
	}
	v, err := hujson.Parse(data)
	if err != nil {
		return nil, err
	}
	return &Doc{v: v, indent: detectIndent(v)}, nil
}

// detectIndent is the white space before the first member or element on a line of its
// own at the top level.
func detectIndent(v hujson.Value) string {
	var extra []byte
	switch c := v.Value.(type) {
	case *hujson.Object:
		if len(c.Members) > 0 {
			extra = c.Members[0].Name.BeforeExtra
		}
	case *hujson.Array:
		if len(c.Elements) > 0 {
			extra = c.Elements[0].BeforeExtra
		}
	}
	if i := bytes.LastIndexByte(extra, '\n'); i >= 0 {
		if ws := extra[i+1:]; len(ws) > 0 && len(bytes.Trim(ws, " \t")) == 0 {
			return string(ws)
		}
	}
	return "  "
}

// Root is the document's top-level value.
func (d *Doc) Root() *Node { return &Node{v: &d.v, doc: d} }

// Bytes packs the document, ending with a newline.
func (d *Doc) Bytes() []byte {
	b := d.v.Pack()
	if !bytes.HasSuffix(b, []byte("\n")) {
		b = append(b, '\n')
	}
	return b
}

// Node is a value of the document.
type Node struct {
	v     *hujson.Value
	doc   *Doc
	depth int
}

// Same reports whether two nodes are the same value of the document.
func (n *Node) Same(o *Node) bool { return n != nil && o != nil && n.v == o.v }

// Kind is '{' for an object, '[' for an array, '"' for a string, '0' for a number,
// 't' or 'f' for a boolean and 'n' for null.
func (n *Node) Kind() byte {
	if n == nil {
		return 0
	}
	return byte(n.v.Value.Kind())
}

// KindName names the kind for messages ("an object", "a list", ...).
func (n *Node) KindName() string {
	switch n.Kind() {
	case '{':
		return "an object"
	case '[':
		return "a list"
	case '"':
		return "a string"
	case '0':
		return "a number"
	case 't', 'f':
		return "a boolean"
	}
	return "null"
}

// Str is a string value, "" for any other kind.
func (n *Node) Str() string {
	if n.Kind() != '"' {
		return ""
	}
	return n.v.Value.(hujson.Literal).String()
}

// Get is an object's member, nil when n is not an object or has no such member.
func (n *Node) Get(key string) *Node {
	obj, ok := n.object()
	if !ok {
		return nil
	}
	for i := range obj.Members {
		if obj.Members[i].Name.Value.(hujson.Literal).String() == key {
			return &Node{v: &obj.Members[i].Value, doc: n.doc, depth: n.depth + 1}
		}
	}
	return nil
}

// Keys lists an object's member names in order.
func (n *Node) Keys() []string {
	obj, ok := n.object()
	if !ok {
		return nil
	}
	var out []string
	for _, m := range obj.Members {
		out = append(out, m.Name.Value.(hujson.Literal).String())
	}
	return out
}

// DuplicateKey looks for an object key written twice on a path: path[0] in n,
// path[1] in its value, and so on (every occurrence is followed, as agents' parsers
// may read any of them). It returns the dotted path of the first duplicate
// ("mcpServers.heed"), or "" when there is none or n is not an object.
func (n *Node) DuplicateKey(path ...string) string {
	obj, ok := n.object()
	if !ok || len(path) == 0 {
		return ""
	}
	seen := 0
	for i := range obj.Members {
		if obj.Members[i].Name.Value.(hujson.Literal).String() != path[0] {
			continue
		}
		if seen++; seen > 1 {
			return path[0]
		}
		v := &Node{v: &obj.Members[i].Value, doc: n.doc, depth: n.depth + 1}
		if inner := v.DuplicateKey(path[1:]...); inner != "" {
			return path[0] + "." + inner
		}
	}
	return ""
}

// Elems lists an array's elements, nil for any other kind.
func (n *Node) Elems() []*Node {
	arr, ok := n.array()
	if !ok {
		return nil
	}
	out := make([]*Node, len(arr.Elements))
	for i := range arr.Elements {
		out[i] = &Node{v: &arr.Elements[i], doc: n.doc, depth: n.depth + 1}
	}
	return out
}

// JSON is the value as compact standard JSON (no comments, no white space), which
// compares equal for equal values written alike.
func (n *Node) JSON() []byte {
	c := n.v.Clone()
	c.Minimize()
	return c.Pack()
}

// Set sets an object's member to v (a value for encoding/json, or json.RawMessage to
// keep a key order) and returns it: an existing member keeps its place and the
// comments around it, a new one goes last, on a line of its own.
func (n *Node) Set(key string, v any) (*Node, error) {
	obj, ok := n.object()
	if !ok {
		return nil, fmt.Errorf("cannot set %q in %s, not an object", key, n.KindName())
	}
	val, err := n.layout(v, n.depth+1)
	if err != nil {
		return nil, err
	}
	for i := range obj.Members {
		if obj.Members[i].Name.Value.(hujson.Literal).String() == key {
			obj.Members[i].Value.Value = val
			return &Node{v: &obj.Members[i].Value, doc: n.doc, depth: n.depth + 1}, nil
		}
	}
	n.expand(len(obj.Members) == 0, &obj.AfterExtra, func(i int) *hujson.Extra { return &obj.Members[i].Name.BeforeExtra }, len(obj.Members))
	lead := trailingComment(&obj.AfterExtra)
	m := hujson.ObjectMember{
		Name:  hujson.Value{BeforeExtra: append(lead, n.lineStart(n.depth+1)...), Value: hujson.String(key)},
		Value: hujson.Value{BeforeExtra: hujson.Extra(" "), Value: val},
	}
	if k := len(obj.Members); k > 0 && obj.Members[k-1].Value.AfterExtra != nil {
		m.Value.AfterExtra = hujson.Extra{} // the file ends its lists with a comma
	}
	obj.Members = append(obj.Members, m)
	return &Node{v: &obj.Members[len(obj.Members)-1].Value, doc: n.doc, depth: n.depth + 1}, nil
}

// Append adds v to the end of an array, on a line of its own, and returns it.
func (n *Node) Append(v any) (*Node, error) {
	arr, ok := n.array()
	if !ok {
		return nil, fmt.Errorf("cannot add to %s, not a list", n.KindName())
	}
	val, err := n.layout(v, n.depth+1)
	if err != nil {
		return nil, err
	}
	n.expand(len(arr.Elements) == 0, &arr.AfterExtra, func(i int) *hujson.Extra { return &arr.Elements[i].BeforeExtra }, len(arr.Elements))
	lead := trailingComment(&arr.AfterExtra)
	e := hujson.Value{BeforeExtra: append(lead, n.lineStart(n.depth+1)...), Value: val}
	if k := len(arr.Elements); k > 0 && arr.Elements[k-1].AfterExtra != nil {
		e.AfterExtra = hujson.Extra{} // the file ends its lists with a comma
	}
	arr.Elements = append(arr.Elements, e)
	return &Node{v: &arr.Elements[len(arr.Elements)-1], doc: n.doc, depth: n.depth + 1}, nil
}

func (n *Node) object() (*hujson.Object, bool) {
	if n == nil {
		return nil, false
	}
	o, ok := n.v.Value.(*hujson.Object)
	return o, ok
}

func (n *Node) array() (*hujson.Array, bool) {
	if n == nil {
		return nil, false
	}
	a, ok := n.v.Value.(*hujson.Array)
	return a, ok
}

// trailingComment takes from the white space before a closing bracket the comment
// on the line of the last member ("db": {...}, // local only), which stays with that
// member when another is added after it.
func trailingComment(closing *hujson.Extra) hujson.Extra {
	i := bytes.IndexByte(*closing, '\n')
	if i < 0 || len(bytes.TrimSpace((*closing)[:i])) == 0 || bytes.Count((*closing)[:i], []byte("/*")) != bytes.Count((*closing)[:i], []byte("*/")) {
		return nil // nothing but white space, or a block comment that goes on
	}
	lead := append(hujson.Extra(nil), (*closing)[:i]...)
	*closing = append(hujson.Extra(nil), (*closing)[i:]...)
	return lead
}

// lineStart is a new line indented to depth.
func (n *Node) lineStart(depth int) hujson.Extra {
	return hujson.Extra("\n" + strings.Repeat(n.doc.indent, depth))
}

// expand puts each member or element of a composite written on one line on a line of
// its own (white space only: comments stay where they are) and its closing bracket on
// the next, before a member is added on a line of its own.
func (n *Node) expand(empty bool, closing *hujson.Extra, before func(i int) *hujson.Extra, count int) {
	if bytes.IndexByte(*closing, '\n') >= 0 {
		return
	}
	if !empty {
		for i := 0; i < count; i++ {
			b := before(i)
			if bytes.IndexByte(*b, '\n') >= 0 {
				return // laid out on lines already, but for the closing bracket
			}
		}
		for i := 0; i < count; i++ {
			if b := before(i); len(bytes.TrimSpace(*b)) == 0 {
				*b = n.lineStart(n.depth + 1)
			}
		}
	}
	if len(bytes.TrimSpace(*closing)) == 0 {
		*closing = n.lineStart(n.depth)
	}
}

// layout encodes v as a value laid out at depth in the file's indentation.
func (n *Node) layout(v any, depth int) (hujson.ValueTrimmed, error) {
	var raw []byte
	if r, ok := v.(json.RawMessage); ok {
		raw = r
	} else {
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false) // a person's settings keep <, > and & as written
		if err := enc.Encode(v); err != nil {
			return nil, err
		}
		raw = b.Bytes()
	}
	var out bytes.Buffer
	if err := json.Indent(&out, bytes.TrimSpace(raw), strings.Repeat(n.doc.indent, depth), n.doc.indent); err != nil {
		return nil, err
	}
	val, err := hujson.Parse(out.Bytes())
	if err != nil {
		return nil, err
	}
	return val.Value, nil
}
