package norm

import (
	"slices"
	"sync"
)

// destinationTools: "Do not commit executables or binary artifacts to git", "Never push
// secrets to git": the tool after "to" or "into" is where things go, not what the ban
// is of; such a tool leaves the ban's objects, and a ban left with none is no ban of
// a command. ("Don't switch to yarn" names the tool it bans: a verb of moving between
// tools keeps it.)
func destinationTools(ns []Norm, toks []Token) []Norm {
	if !sentenceHasDestinationVerb(toks) {
		return ns
	}
	out := ns[:0]
	for _, n := range ns {
		if n.Polarity != Forbid {
			out = append(out, n)
			continue
		}
		kept := n.Objects[:0:0]
		for _, o := range n.Objects {
			if o.Kind == KTool && afterTo(toks, o.Text) {
				continue
			}
			kept = append(kept, o)
		}
		if len(kept) == 0 && len(n.Objects) > 0 {
			continue
		}
		n.Objects = kept
		out = append(out, n)
	}
	return out
}

// afterTo: the plain word w stands in toks right after "to", "into" or "onto" (a
// "the" between allowed).
func afterTo(toks []Token, w string) bool {
	for i, t := range toks {
		if t.Code || t.Low != w {
			continue
		}
		k := i - 1
		if k >= 0 && toks[k].Low == "the" {
			k--
		}
		if k >= 0 && (toks[k].Low == "to" || toks[k].Low == "into" || toks[k].Low == "onto") {
			return true
		}
	}
	return false
}

// sentenceHasDestinationVerb: the sentence puts things somewhere ("commit ... to",
// "push ... to", "upload ... to").
func sentenceHasDestinationVerb(toks []Token) bool {
	return slices.ContainsFunc(toks, func(t Token) bool { return !t.Code && destinationWords()[t.Low] })
}

// destinationWords are the words of putting things somewhere.
var destinationWords = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"commit": true, "commits": true, "committing": true, "push": true, "pushing": true,
		"upload": true, "uploading": true, "check": true, "add": true, "adding": true, "save": true, "leak": true,
		"send": true, "copy": true, "write": true, "put": true}
})
