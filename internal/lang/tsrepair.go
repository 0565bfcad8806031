package lang

/*
#include "arena.h"
#include "leaves.h"
*/
import "C"

import (
	"slices"
	"unsafe"

	sitter "github.com/tree-sitter/go-tree-sitter"

	"github.com/heed-dev/heed/internal/engine"
)

// Gaps of the TypeScript grammar (tree-sitter-typescript 0.23.2, and its master as
// of this writing) make valid TypeScript parse with errors, and Tree-sitter's
// recovery can then wrap a whole file in one ERROR node:
//
//   - variance annotations on type parameters (TypeScript 4.7): `interface
//     Channel<out A, in B>` (tree-sitter-typescript issue 370, open pull requests 361
//     and 364);
//   - a line of an object type that starts with `<` (a generic call signature, as in
//     the overloads of a `dual` API: `(a: A): Effect<A>`, then `<B>(b: B): B` on the
//     next line) or with the member name `in` or `instanceof`: the grammar's scanner
//     inserts no semicolon at the line break before them (in an expression they
//     continue the line), so the previous member's type reads `<B>` as type arguments;
//     TypeScript reads none after a line break there;
//   - `let as = ...` and `let satisfies = ...`, read as the expression `let as ...`.
//
// Effect-TS's sources have these in a seventh of their files. repairTS finds them in
// a tree with errors and rewrites a copy of the source in place, byte for byte: the
// variance keyword becomes blanks, the blank before the line's first token a
// semicolon, the variable's last letter a `$`. Offsets and lines are unchanged, and
// every rule reads the original text (Tree.Src), so only the shape of the tree
// changes, to the one TypeScript reads. The repaired parse is kept when it has fewer
// errors than the one before.

// maxRepairRounds bounds the reparses of one file: a repair can uncover another
// that the first tree's errors hid.
const maxRepairRounds = 8

// repairable reports whether a language has repairs.
func repairable(lang string) bool { return lang == engine.LangTypeScript || lang == engine.LangTSX }

// repair reparses src with the repairs of its language, each round's found in the
// tree of the round before (a repair can uncover another that the errors hid, and
// half a repair can make things worse until the next round completes it), and
// returns the tree with the fewest errors (t itself when nothing helped). Each round
// reparses incrementally in t's arena, from the tree before it; the trees it does not
// return are deleted there. The rounds share budget units of parse work (parse.h):
// the round that would need more gives up and the best tree so far is kept, the same
// tree on any machine under any load. spent is the work the rounds took.
func repair(g *sitter.Language, src []byte, t *sitter.Tree, arena *C.heed_arena, budget uint64) (best *sitter.Tree, spent uint64) {
	best, bestCost := t, errorCost(t.RootNode())
	left := budget
	kinds := kindsOf(g)
	cur, text := t, src
	for round := 0; round < maxRepairRounds && bestCost > 0; round++ {
		edits := tsRepairs(cur.RootNode(), text, kinds)
		if len(edits) == 0 {
			break
		}
		next := append([]byte(nil), text...)
		at := make([]uint32, 0, len(edits))
		for _, e := range edits {
			next[e.at] = e.b
			at = append(at, uint32(e.at))
		}
		slices.Sort(at)
		at = slices.Compact(at)
		t2, used, err := reparseArena(g, arena, cur, next, at, left)
		spent += min(used, left)
		if err != nil {
			break
		}
		left -= used
		if cur != best {
			deleteInArena(arena, cur)
		}
		cur, text = t2, next
		if c := errorCost(t2.RootNode()); c < bestCost {
			deleteInArena(arena, best)
			best, bestCost = t2, c
		}
	}
	if cur != best {
		deleteInArena(arena, cur)
	}
	return best, spent
}

// errorCost measures a tree's errors: the bytes under its outermost ERROR nodes plus
// one for each MISSING node; where the root itself is an ERROR (Tree-sitter found no
// program at all), the whole source plus the number of ERROR and MISSING nodes under
// it, so that a repair that removes some of them counts even if the root stays one.
func errorCost(root *sitter.Node) int {
	if !root.HasError() {
		return 0
	}
	rootError := root.IsError()
	cost := 0
	if rootError {
		cost = int(root.EndByte())
	}
	c := root.Walk()
	defer c.Close()
	if rootError && !c.GotoFirstChild() {
		return cost + 1
	}
	for {
		n := c.Node()
		switch {
		case n.IsError() && rootError:
			cost++
			if c.GotoFirstChild() {
				continue
			}
		case n.IsError():
			cost += max(int(n.EndByte())-int(n.StartByte()), 1)
		case n.IsMissing():
			cost++
		case n.HasError() && c.GotoFirstChild():
			continue
		}
		for !c.GotoNextSibling() {
			if !c.GotoParent() || (rootError && c.Node().Id() == root.Id()) {
				return cost
			}
		}
	}
}

// byteEdit sets one byte of the source.
type byteEdit struct {
	at int
	b  byte
}

// token is a leaf of the tree: a token the lexer read (comments and MISSING nodes
// left out).
type token struct {
	start, end int
	// parent and grand are the symbols of the node the token belongs to and of its
	// parent (errorSymbol for ERROR); inError tells whether an ERROR node holds it.
	parent, grand uint16
	inError       bool
}

// errorSymbol is the symbol of ERROR nodes.
const errorSymbol = 0xFFFF

// leaves lists the tokens of a tree in order, in one foreign call (leaves.c).
func leaves(root *sitter.Node) []token {
	var res C.heed_leaves_result
	C.heed_leaves(*(*C.TSNode)(unsafe.Pointer(root)), &res)
	defer C.heed_leaves_free(&res)
	if res.n == 0 {
		return nil
	}
	out := make([]token, res.n)
	for i, t := range unsafe.Slice(res.tokens, res.n) {
		out[i] = token{start: int(t.start), end: int(t.end), parent: uint16(t.parent), grand: uint16(t.grand), inError: bool(t.in_error)}
	}
	return out
}

// tsKinds are the symbols of the node kinds the repairs ask about, in one grammar.
type tsKinds struct {
	typeArguments, typeParameters, templateLiteralType uint16
	// typeContext holds the kinds whose `<` opens a type's brackets: generic_type,
	// function_type, constructor_type, method_signature and arrow_function (the
	// misreadings of a call signature), and ERROR.
	typeContext map[uint16]bool
}

func kindsOf(g *sitter.Language) tsKinds {
	id := func(name string) uint16 { return g.IdForNodeKind(name, true) }
	k := tsKinds{typeArguments: id("type_arguments"), typeParameters: id("type_parameters"), templateLiteralType: id("template_literal_type"),
		typeContext: map[uint16]bool{errorSymbol: true}}
	for _, n := range []string{"generic_type", "function_type", "constructor_type", "method_signature", "arrow_function"} {
		k.typeContext[id(n)] = true
	}
	return k
}

// tsRepairs finds the spots of the two grammar gaps in a tree of src.
func tsRepairs(root *sitter.Node, src []byte, kinds tsKinds) []byteEdit {
	toks := leaves(root)
	text := func(i int) string {
		if i < 0 || i >= len(toks) {
			return ""
		}
		return string(src[toks[i].start:toks[i].end])
	}
	var edits []byteEdit
	blank := func(i int) {
		for k := toks[i].start; k < toks[i].end; k++ {
			edits = append(edits, byteEdit{k, ' '})
		}
	}
	for i := range toks {
		if t := toks[i]; src[t.start] == '\\' && (t.parent == errorSymbol && t.grand == kinds.templateLiteralType || t.parent == kinds.templateLiteralType) {
			// An escape in a template literal type, which the grammar has none
			// of: it becomes plain text of the same length (with the character
			// it escapes where the token is the backslash alone).
			for k := t.start; k < max(t.end, min(t.start+2, len(src))); k++ {
				if src[k] != '\n' && src[k] != '\r' {
					edits = append(edits, byteEdit{k, 'x'})
				}
			}
			continue
		}
		switch text(i) {
		case "interface", "class", "type":
			// `interface Name<`: variance annotations in the type parameter list.
			if !isWord(text(i+1)) || text(i+2) != "<" {
				continue
			}
			depth, param := 1, true
			for j := i + 3; j < len(toks) && depth > 0 && j < i+3+4096; j++ {
				switch t := text(j); t {
				case "<":
					depth++
				case ">", ">>", ">>>":
					depth -= len(t)
				case ",":
					if depth == 1 {
						param = true
					}
					continue
				case ";":
					depth = 0
				}
				if !param || depth != 1 {
					param = false
					continue
				}
				param = false
				k := j
				if text(k) == "const" && isWord(text(k+1)) {
					k++
				}
				switch {
				case text(k) == "in" && text(k+1) == "out" && variancePlace(text(k+2), text(k+3)):
					blank(k)
					blank(k + 1)
				case (text(k) == "in" || text(k) == "out") && variancePlace(text(k+1), text(k+2)):
					blank(k)
				}
			}
		case "<":
			// A generic call signature on its own line, read as type arguments (or
			// as the type parameters of a function type).
			if e, ok := memberBreak(toks, i, src, text); ok && (toks[i].inError || kinds.typeBracket(toks[i])) && signatureAhead(i, text) {
				edits = append(edits, e)
			}
		case "in", "instanceof":
			// A member named in or instanceof on its own line.
			if e, ok := memberBreak(toks, i, src, text); ok && (text(i+1) == ":" || text(i+1) == "?" || text(i+1) == "=") {
				edits = append(edits, e)
			}
		case "let":
			// let as = ...
			if w := text(i + 1); (w == "as" || w == "satisfies") && (text(i+2) == "=" || text(i+2) == ":" || text(i+2) == ";" || text(i+2) == ",") {
				edits = append(edits, byteEdit{toks[i+1].end - 1, '$'})
			}
		}
	}
	return edits
}

// variancePlace reports whether name, followed by next, is a type parameter after a
// variance keyword: `out A,`, `in A>`, `out A extends B`, `in A = C`.
func variancePlace(name, next string) bool {
	if !isWord(name) || name == "extends" {
		return false
	}
	switch next {
	case ",", ">", ">>", ">>>", "extends", "=":
		return true
	}
	return false
}

// memberBreak checks that token i starts its line, after a line break that ends a
// type on an earlier line (a word, or a closing bracket), with a blank before it; the
// edit turns that blank into `;`.
func memberBreak(toks []token, i int, src []byte, text func(int) string) (byteEdit, bool) {
	t := toks[i]
	if i == 0 || t.start == 0 || (src[t.start-1] != ' ' && src[t.start-1] != '\t') {
		return byteEdit{}, false
	}
	k := t.start - 1
	for k >= 0 && (src[k] == ' ' || src[k] == '\t') {
		k--
	}
	if k < 0 || src[k] != '\n' || toks[i-1].end > k {
		return byteEdit{}, false
	}
	switch prev := text(i - 1); prev {
	case ")", "]", ">", ">>", ">>>", "}":
	case "extends", "keyof", "typeof", "infer", "is", "asserts", "new", "in", "of", "as", "satisfies", "return", "yield", "await", "readonly", "unique":
		return byteEdit{}, false
	default:
		if !isWord(prev) {
			return byteEdit{}, false
		}
	}
	return byteEdit{t.start - 1, ';'}, true
}

// typeBracket reports whether a `<` token opens type arguments or parameters in a
// type (not those of a call or a `new`).
func (k tsKinds) typeBracket(t token) bool {
	return (t.parent == k.typeArguments || t.parent == k.typeParameters) && k.typeContext[t.grand]
}

// signatureAhead reports whether the `<` token i opens `<...>(`: type parameters and
// a parameter list.
func signatureAhead(i int, text func(int) string) bool {
	depth := 0
	for j := i; j < i+4096; j++ {
		switch s := text(j); s {
		case "":
			return false
		case "<":
			depth++
		case ">", ">>", ">>>":
			depth -= len(s)
			if depth <= 0 {
				return depth == 0 && text(j+1) == "("
			}
		}
	}
	return false
}

// isWord reports whether s is an identifier or keyword.
func isWord(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80 || i > 0 && c >= '0' && c <= '9' {
			continue
		}
		return false
	}
	return true
}
