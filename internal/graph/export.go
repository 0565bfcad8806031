package graph

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
)

// ExportOptions select what an export shows.
type ExportOptions struct {
	// Package groups files into their folders.
	Package bool
	// External keeps third-party and standard-library nodes.
	External bool
	// Include keeps the edges whose importing file it accepts (nil: all).
	Include func(path string) bool
}

// ExportEdge is one edge of an export.
type ExportEdge struct {
	From     string `json:"from"`
	To       string `json:"to"`
	Kind     string `json:"kind"`
	Target   string `json:"target"`
	Spec     string `json:"spec"`
	Line     int    `json:"line"`
	TypeOnly bool   `json:"type_only,omitempty"`
	Package  string `json:"package,omitempty"`
	Count    int    `json:"count,omitempty"`
}

// ExportNode is one node of an export.
type ExportNode struct {
	ID   string `json:"id"`
	Kind string `json:"kind"`
	Lang string `json:"lang,omitempty"`
	Err  string `json:"error,omitempty"`
}

// Exported is the graph as exported.
type Exported struct {
	Nodes []ExportNode `json:"nodes"`
	Edges []ExportEdge `json:"edges"`
	Stats Stats        `json:"stats"`
}

// Export flattens the graph for output, deterministically.
func (g *Graph) Export(opt ExportOptions) *Exported {
	out := &Exported{Stats: g.Stats, Nodes: []ExportNode{}, Edges: []ExportEdge{}}
	nodes := map[string]ExportNode{}
	type key struct{ from, to string }
	merged := map[key]int{}
	node := func(p string) string {
		if opt.Package {
			return Dir(p)
		}
		return p
	}
	for _, p := range g.Paths() {
		f := g.Files[p]
		if opt.Include != nil && !opt.Include(p) {
			continue
		}
		from := node(p)
		if _, ok := nodes[from]; !ok || f.Err != "" {
			kind := "file"
			if opt.Package {
				kind = "package"
			}
			nodes[from] = ExportNode{ID: from, Kind: kind, Lang: f.Lang, Err: f.Err}
		}
		for _, e := range f.Edges {
			if !opt.External && !e.ToKind.Internal() {
				continue
			}
			to := e.To
			if e.ToKind == NodeFile && opt.Package {
				to = Dir(e.To)
			}
			if to == from {
				continue
			}
			if _, ok := nodes[to]; !ok {
				kind := e.ToKind.String()
				if opt.Package && e.ToKind.Internal() {
					kind = "package"
				}
				nodes[to] = ExportNode{ID: to, Kind: kind}
			}
			count := 0
			if opt.Package {
				count = 1
				k := key{from, to}
				if i, ok := merged[k]; ok {
					out.Edges[i].Count++
					continue
				}
				merged[k] = len(out.Edges)
			}
			out.Edges = append(out.Edges, ExportEdge{From: from, To: to, Kind: e.Kind.String(), Target: e.ToKind.String(), Spec: e.Spec,
				Line: e.Line, TypeOnly: e.TypeOnly, Package: e.Package, Count: count})
		}
	}
	for _, n := range nodes {
		out.Nodes = append(out.Nodes, n)
	}
	sort.Slice(out.Nodes, func(i, j int) bool { return out.Nodes[i].ID < out.Nodes[j].ID })
	return out
}

// WriteJSON writes the export as indented JSON.
func (x *Exported) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(x)
}

// WriteDOT writes the export in Graphviz's DOT language.
func (x *Exported) WriteDOT(w io.Writer) error {
	var b strings.Builder
	b.WriteString("digraph imports {\n  rankdir=LR;\n  node [shape=box, fontname=\"Helvetica\", fontsize=10];\n")
	for _, n := range x.Nodes {
		attrs := ""
		switch n.Kind {
		case "external", "outside":
			attrs = " [style=dashed]"
		case "missing":
			attrs = " [style=dotted, color=red]"
		}
		fmt.Fprintf(&b, "  %s%s;\n", dotQuote(n.ID), attrs)
	}
	for _, e := range x.Edges {
		attrs := ""
		if e.TypeOnly {
			attrs = " [style=dashed]"
		}
		fmt.Fprintf(&b, "  %s -> %s%s;\n", dotQuote(e.From), dotQuote(e.To), attrs)
	}
	b.WriteString("}\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func dotQuote(s string) string {
	if s == "" {
		s = "."
	}
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}

// WriteMermaid writes the export as a Mermaid flowchart.
func (x *Exported) WriteMermaid(w io.Writer) error {
	var b strings.Builder
	b.WriteString("flowchart LR\n")
	ids := map[string]string{}
	for i, n := range x.Nodes {
		id := fmt.Sprintf("n%d", i)
		ids[n.ID] = id
		label := n.ID
		if label == "" {
			label = "."
		}
		label = strings.NewReplacer(`"`, "#quot;").Replace(label)
		switch n.Kind {
		case "external", "outside":
			fmt.Fprintf(&b, "  %s([\"%s\"])\n", id, label)
		default:
			fmt.Fprintf(&b, "  %s[\"%s\"]\n", id, label)
		}
	}
	for _, e := range x.Edges {
		arrow := "-->"
		if e.TypeOnly {
			arrow = "-.->"
		}
		fmt.Fprintf(&b, "  %s %s %s\n", ids[e.From], arrow, ids[e.To])
	}
	_, err := io.WriteString(w, b.String())
	return err
}
