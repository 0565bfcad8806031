package policy

import (
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"github.com/bmatcuk/doublestar/v4"
)

// Glob is an instruction-file glob compiled once: MatchGlob's reading of the text
// (anchoring, base names at any depth, folder globs covering what is below them) done
// at compile time, and the pattern split into its "/"-separated segments so a match
// walks the path once instead of reading the pattern's text again. It matches what
// doublestar.Match matches for the same pattern; the forms a segment cannot decide
// alone (a character class, which may match "/", a brace holding a "/", an escape,
// "**/**" or "**" within a name, a pattern doublestar rejects, text that is not
// UTF-8) and paths that are not clean keep doublestar's own match.
type Glob struct {
	// text is the pattern as doublestar reads it.
	text string
	// blank: the glob is empty or spaces, and matches nothing.
	blank bool
	// segs is the folder form (text, and text + "/**" unless text ends in "**")
	// split at "/"; nil when text must be matched by doublestar (whole, and again
	// as a folder glob).
	segs []globSeg
}

type segKind uint8

const (
	segLiteral segKind = iota // the segment's text, exactly
	segStars                  // literal parts and "*"s
	segAny                    // "**": zero or more whole segments
	segPattern                // "?" or "{a,b}" within one segment: doublestar decides
)

type globSeg struct {
	kind segKind
	text string
	// parts are a segStars segment's literal runs: parts[0] a prefix, the last one a
	// suffix, the ones between found in order.
	parts []string
}

// CompileGlob reads an instruction-file glob (MatchGlob's syntax) once.
func CompileGlob(glob string) *Glob {
	g := strings.TrimSpace(glob)
	if g == "" {
		return &Glob{blank: true}
	}
	g = strings.TrimPrefix(g, "./")
	anchored := strings.HasPrefix(g, "/")
	g = strings.TrimPrefix(g, "/")
	if strings.HasSuffix(g, "/") {
		g += "**"
	}
	if !anchored && !strings.Contains(g, "/") {
		g = "**/" + g
	}
	return &Glob{text: g, segs: splitGlob(g)}
}

// splitGlob splits a pattern into segments a path's segments can be matched against
// one by one, or returns nil when a segment alone cannot decide (see Glob).
func splitGlob(g string) []globSeg {
	if g == "" || strings.ContainsAny(g, `\[`) || !utf8.ValidString(g) || !doublestar.ValidatePattern(g) {
		return nil
	}
	depth := 0
	for i := 0; i < len(g); i++ {
		switch g[i] {
		case '{':
			depth++
		case '}':
			depth--
		case '/':
			if depth > 0 {
				return nil // "{a,b/c}" spans segments
			}
		}
	}
	var segs []globSeg
	for _, s := range strings.Split(g, "/") {
		switch {
		case s == "":
			return nil // "a//b": doublestar's own reading
		case s == "**":
			if len(segs) > 0 && segs[len(segs)-1].kind == segAny {
				return nil // "**/**" is not one "**" to doublestar ("x/**/**" needs "x/")
			}
			segs = append(segs, globSeg{kind: segAny})
		case strings.Contains(s, "**"):
			return nil // "a**b", "0***": doublestar's own reading
		case strings.ContainsAny(s, "?{}"):
			segs = append(segs, globSeg{kind: segPattern, text: s})
		case strings.Contains(s, "*"):
			segs = append(segs, globSeg{kind: segStars, text: s, parts: strings.Split(s, "*")})
		default:
			segs = append(segs, globSeg{kind: segLiteral, text: s})
		}
	}
	if segs[len(segs)-1].kind != segAny {
		// the folder form: what text matches, text + "/**" matches too ("src/**"
		// matches "src"), and what is below it
		segs = append(segs, globSeg{kind: segAny})
	}
	return segs
}

// Match reports whether the repository-relative path p matches the glob, as
// MatchGlob(glob, "", p) does.
func (g *Glob) Match(p string) bool {
	if g.blank {
		return false
	}
	if g.segs == nil || !cleanSegments(p) {
		if ok, _ := doublestar.Match(g.text, p); ok {
			return true
		}
		// A directory glob ("src/**" or "src") also covers what is below it.
		ok, _ := doublestar.Match(g.text+"/**", p)
		return ok
	}
	return matchSegs(g.segs, p)
}

// cleanSegments reports whether p is non-empty, has no empty segment and is UTF-8
// (doublestar reads bytes that are not as runes, all of them equal).
func cleanSegments(p string) bool {
	return p != "" && p[0] != '/' && p[len(p)-1] != '/' && !strings.Contains(p, "//") && utf8.ValidString(p)
}

// matchSegs matches the path p against the segments: "**" takes zero or more whole
// segments. Like "*" in a name, a "**" need only be retried from the last one met (a
// later "**" can take whatever an earlier one would have), so a match costs at most
// segments × path segments, whatever the pattern.
func matchSegs(segs []globSeg, p string) bool {
	var buf [32]string
	names := buf[:0]
	for {
		i := strings.IndexByte(p, '/')
		if i < 0 {
			names = append(names, p)
			break
		}
		names = append(names, p[:i])
		p = p[i+1:]
	}
	pi, ni, star, mark := 0, 0, -1, 0
	for ni < len(names) {
		switch {
		case pi < len(segs) && segs[pi].kind == segAny:
			star, mark = pi, ni
			pi++
		case pi < len(segs) && segs[pi].match(names[ni]):
			pi++
			ni++
		case star >= 0:
			mark++
			pi, ni = star+1, mark
		default:
			return false
		}
	}
	for pi < len(segs) && segs[pi].kind == segAny {
		pi++
	}
	return pi == len(segs)
}

func (s *globSeg) match(name string) bool {
	switch s.kind {
	case segLiteral:
		return name == s.text
	case segStars:
		return matchStars(s.parts, name)
	default:
		ok, _ := doublestar.Match(s.text, name)
		return ok
	}
}

// matchStars matches a name against literal parts joined by "*".
func matchStars(parts []string, name string) bool {
	first, last := parts[0], parts[len(parts)-1]
	if len(name) < len(first)+len(last) || !strings.HasPrefix(name, first) || !strings.HasSuffix(name, last) {
		return false
	}
	mid := name[len(first) : len(name)-len(last)]
	for _, part := range parts[1 : len(parts)-1] {
		i := strings.Index(mid, part)
		if i < 0 {
			return false
		}
		mid = mid[i+len(part):]
	}
	return true
}

// globs holds every glob compiled in this process by its text, so a glob a policy
// names is compiled once and shared by every rule and every file that asks of it (a
// check asks of every rule for every file). It holds compiled patterns only, the same
// for any caller; past maxGlobs texts (a process compiling instruction files without
// end) a glob is compiled for the call alone.
var (
	globs     sync.Map // string → *Glob
	globCount atomic.Int64
)

const maxGlobs = 1 << 14

// compiledGlob is the shared compiled form of glob.
func compiledGlob(glob string) *Glob {
	if g, ok := globs.Load(glob); ok {
		return g.(*Glob)
	}
	g := CompileGlob(glob)
	if globCount.Load() >= maxGlobs {
		return g
	}
	if prev, loaded := globs.LoadOrStore(glob, g); loaded {
		return prev.(*Glob)
	}
	globCount.Add(1)
	return g
}
