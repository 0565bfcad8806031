package taskrun

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"go.yaml.in/yaml/v3"
)

// A Taskfile is YAML, read with go.yaml.in/yaml/v3 into the small tree the walker
// needs: scalars, mappings with their keys in order, sequences, and each value's
// line. Aliases are followed within a budget (a file of nested aliases cannot make
// the tree explode), and only the first document is read, as go-task does.

// maxNodes bounds the tree an aliased file can unfold into.
const maxNodes = 200_000

// ynode is a YAML value: a scalar (str), a mapping (keys in order) or a sequence.
type ynode struct {
	kind byte // 's' scalar, 'm' mapping, 'q' sequence
	str  string
	keys []string
	m    map[string]*ynode
	seq  []*ynode
	line int
}

func (n *ynode) get(k string) *ynode {
	if n == nil || n.kind != 'm' {
		return nil
	}
	return n.m[k]
}

// errTooLarge: the file unfolds into more nodes than heed reads.
var errTooLarge = errors.New("its aliases unfold into more values than heed reads")

func parseYAML(text, file string) (*ynode, error) {
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader([]byte(text)))
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return &ynode{kind: 'm', m: map[string]*ynode{}}, nil
		}
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	budget := maxNodes
	n, err := convert(&doc, &budget, 0)
	if err != nil {
		return nil, fmt.Errorf("%s:%d: %w", file, doc.Line, err)
	}
	if n == nil {
		n = &ynode{kind: 'm', m: map[string]*ynode{}}
	}
	return n, nil
}

// convert turns a yaml.Node into a ynode, spending the budget on each node.
func convert(n *yaml.Node, budget *int, depth int) (*ynode, error) {
	if *budget--; *budget < 0 || depth > 512 {
		return nil, errTooLarge
	}
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return nil, nil
		}
		return convert(n.Content[0], budget, depth+1)
	case yaml.AliasNode:
		if n.Alias == nil {
			return nil, fmt.Errorf("an alias to nothing")
		}
		return convert(n.Alias, budget, depth+1)
	case yaml.ScalarNode:
		line := n.Line
		if n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0 {
			line++ // "- |" and its text on the lines below: the text's first line
		}
		return &ynode{kind: 's', str: n.Value, line: line}, nil
	case yaml.SequenceNode:
		out := &ynode{kind: 'q', line: n.Line}
		for _, c := range n.Content {
			v, err := convert(c, budget, depth+1)
			if err != nil {
				return nil, err
			}
			out.seq = append(out.seq, v)
		}
		return out, nil
	case yaml.MappingNode:
		out := &ynode{kind: 'm', m: map[string]*ynode{}, line: n.Line}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			if k.Kind == yaml.ScalarNode && k.Value == "<<" && k.Tag == "!!merge" {
				// a merge key: the aliased mapping's entries, unless the mapping
				// sets them itself
				merged, err := convert(v, budget, depth+1)
				if err != nil {
					return nil, err
				}
				if merged != nil && merged.kind == 'm' {
					for _, mk := range merged.keys {
						if _, ok := out.m[mk]; !ok {
							out.keys = append(out.keys, mk)
							out.m[mk] = merged.m[mk]
						}
					}
				}
				continue
			}
			val, err := convert(v, budget, depth+1)
			if err != nil {
				return nil, err
			}
			if val != nil && val.kind == 'm' {
				val.line = k.Line // a task is where its name is written
			}
			key := k.Value
			if _, ok := out.m[key]; !ok {
				out.keys = append(out.keys, key)
			}
			out.m[key] = val
		}
		return out, nil
	}
	return nil, fmt.Errorf("a YAML value of an unknown kind")
}
