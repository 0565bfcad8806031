package source

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lazy"
	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// Names resolved against the repository: "Don't use lodash", "No moment.js, use
// date-fns", "Prefer `httpx` over `requests`", "Avoid FactoryBot". A name the sentence
// bans is a package when the repository's manifests declare it (recognize.Package),
// or when the alternative the sentence gives is one and the banned name has the shape
// of a package of the same registry. Such a ban is an import ban in the registry's
// languages, a warning: the name was resolved, not read with certainty.

// pkgRef is a banned name resolved to a package of the repository.
type pkgRef struct {
	mod   string   // the module as code imports it
	langs []string // the languages that import it
	eco   string
	// declared is the manifest that declares the package, "" when the name was
	// inferred from a declared alternative.
	declared string
	// gems are the Gemfile names (Ruby), for the dependency ban.
	gems []string
	// imported is how many files of the source import the package, when the name
	// was resolved against the source's imports rather than a manifest.
	imported int
}

var (
	goMajorRE   = lazyre.New(`/v\d+$`)
	pkgNameRE   = lazyre.New(`^@?[A-Za-z0-9][\w.\-]*(?:/[\w.\-]+)*$`)
	jsSuffixRE  = lazyre.New(`(?i)\.?js$`)
	camelWordRE = lazyre.New(`[A-Z]+[a-z0-9]*|[a-z0-9]+`)
)

// canonPy is a PyPI name in its normal form (PEP 503).
func canonPy(s string) string {
	return strings.ToLower(strings.NewReplacer("_", "-", ".", "-").Replace(s))
}

// snake writes a CamelCase name in snake case: FactoryBot is factory_bot.
func snake(s string) string {
	return strings.ToLower(strings.Join(camelWordRE.FindAllString(s, -1), "_"))
}

// resolvePackage resolves a name a sentence gives against the packages the
// repository declares.
func resolvePackage(name string, rc *recognize.RepoContext) (pkgRef, bool) {
	if rc == nil || len(rc.Packages) == 0 || !pkgNameRE.MatchString(name) {
		return pkgRef{}, false
	}
	low := strings.ToLower(name)
	bare := strings.TrimSuffix(jsSuffixRE.ReplaceAllString(low, ""), "-")
	var gems []string
	var best pkgRef
	found := false
	for _, p := range rc.Packages {
		pl := strings.ToLower(p.Name)
		ref := pkgRef{eco: p.Ecosystem, langs: recognize.EcosystemLanguages(p.Ecosystem), declared: p.Manifest}
		ok := false
		switch p.Ecosystem {
		case "npm":
			ok = pl == low || pl == bare && bare != ""
			ref.mod = p.Name
		case "pypi":
			// PyYAML is imported as yaml: the sentence may name either
			ok = pySameProject(p.Name, name)
			ref.mod = pyImportNames(p.Name)[0]
			if mods := pyImportNames(p.Name); len(mods) > 1 {
				for _, m := range mods {
					if strings.EqualFold(m, name) {
						ref.mod = m
					}
				}
			}
		case "go":
			last := goMajorRE.ReplaceAllString(pl, "")
			last = last[strings.LastIndexByte(last, '/')+1:]
			// by its last element only when the repository chose it: an indirect
			// requirement's last element is often a word ("log", "errors")
			ok = pl == low || !p.Indirect && (last == low || last == "go-"+low || last == low+"-go")
			ref.mod = p.Name
		case "cargo":
			ok = strings.ReplaceAll(pl, "-", "_") == strings.ReplaceAll(low, "-", "_")
			ref.mod = strings.ReplaceAll(p.Name, "-", "_")
		case "gem":
			sn := snake(name)
			ok = pl == low || pl == sn || strings.HasPrefix(pl, sn+"_") || strings.HasPrefix(pl, sn+"-") || strings.HasPrefix(pl, low+"-")
			ref.mod = sn
			if ok {
				gems = append(gems, p.Name)
			}
		case "maven":
			group, artifact, _ := strings.Cut(pl, ":")
			ok = artifact == low || strings.HasPrefix(artifact, low+"-") || group[strings.LastIndexByte(group, '.')+1:] == low && !strings.Contains(low, ".")
			ref.mod = group
		case "nuget":
			ok = pl == low
			ref.mod = p.Name
		}
		if ok && !found {
			best, found = ref, true
		}
	}
	if found && best.eco == "gem" {
		best.gems = gems
	}
	return best, found
}

// langEcos is the registry of each language's imports, for names resolved against
// the source's imports.
var langEcos = lazy.Value[map[string]string]{F: func() map[string]string {
	return map[string]string{
		engine.LangJavaScript: "npm", engine.LangTypeScript: "npm", engine.LangTSX: "npm",
		engine.LangPython: "pypi", engine.LangGo: "go", engine.LangRust: "cargo", engine.LangRuby: "gem",
		engine.LangJava: "maven", engine.LangKotlin: "maven", engine.LangCSharp: "nuget",
	}
}}

// resolveImported resolves a name no manifest declares against the modules the
// repository's source imports: "Don't use moment" where code imports "moment",
// "Avoid beautifulsoup4" where it imports bs4, "Avoid logrus" where a Go file
// imports github.com/sirupsen/logrus. The languages are those whose files import it.
func resolveImported(name string, rc *recognize.RepoContext) (pkgRef, bool) {
	if rc == nil || rc.SourceImports == nil || !pkgNameRE.MatchString(name) {
		return pkgRef{}, false
	}
	low := strings.ToLower(name)
	bare := strings.TrimSuffix(jsSuffixRE.ReplaceAllString(low, ""), "-")
	var ref pkgRef
	for _, m := range rc.SourceImports() {
		eco := langEcos.Get()[m.Lang]
		mod, ok := "", false
		ml := strings.ToLower(m.Name)
		switch eco {
		case "npm":
			ok = ml == low || ml == bare && bare != ""
			mod = m.Name
		case "pypi":
			top, _, _ := strings.Cut(m.Name, ".")
			ok = pySameProject(name, m.Name) || pySameProject(name, top)
			mod = m.Name
			if !pySameProject(name, m.Name) {
				mod = top
			}
		case "go":
			// by a path element the repository's code names: github.com/sirupsen/logrus
			// for logrus, never by its host
			segs := strings.Split(goMajorRE.ReplaceAllString(m.Name, ""), "/")
			for i, sg := range segs {
				sl := strings.ToLower(sg)
				if (i > 0 || !strings.Contains(sg, ".")) && (sl == low || sl == "go-"+low || sl == low+"-go") {
					ok, mod = true, strings.Join(segs[:i+1], "/")
					break
				}
			}
		case "cargo":
			ok = strings.ReplaceAll(ml, "-", "_") == strings.ReplaceAll(low, "-", "_")
			mod = strings.ReplaceAll(m.Name, "-", "_")
		case "gem":
			sn := snake(name)
			ok = ml == low || ml == sn || ml == strings.ReplaceAll(low, "-", "_")
			mod = m.Name
		case "maven", "nuget":
			// a namespace by its name or its last segment: org.mockito for Mockito
			segs := strings.Split(m.Name, ".")
			ok = ml == low || len(segs) >= 2 && strings.ToLower(segs[len(segs)-1]) == low && !strings.Contains(low, ".")
			mod = m.Name
		}
		if !ok {
			continue
		}
		if ref.mod == "" {
			ref = pkgRef{mod: mod, eco: eco, imported: m.Files}
		}
		if ref.eco == eco && ref.mod == mod && !slices.Contains(ref.langs, m.Lang) {
			ref.langs = append(ref.langs, m.Lang)
			if ref.imported < m.Files {
				ref.imported = m.Files
			}
		}
	}
	if ref.mod == "" {
		return pkgRef{}, false
	}
	// the registry's other languages import it too (a TypeScript package from TSX)
	for _, l := range recognize.EcosystemLanguages(ref.eco) {
		if !slices.Contains(ref.langs, l) {
			ref.langs = append(ref.langs, l)
		}
	}
	return ref, true
}

// wordVerbs are the verbs before a span that make it a word of code, a value or a
// text rather than a library ("never write `requests` by hand", "don't log `token`").
var wordVerbs = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return set("write", "writing", "writes", "put", "putting", "leave", "leaving", "print", "printing", "prints",
		"log", "logging", "return", "returning", "throw", "throwing", "raise", "raising", "catch", "catching",
		"emit", "emitting", "hardcode", "hardcoded", "hard-coded", "create", "creating", "construct", "constructing",
		"instantiate", "access", "accessing", "commit", "committing", "ship", "reference", "referencing")
}}

// asNameRE: a name banned in one role of a word in code ("as a variable name", "as a
// parameter"), not as the library.
var asNameRE = lazyre.New(`(?i)\bas (?:an? |the )?(?:\w+ )?(?:variable|name|identifier|parameter|argument|field|key|property|attribute|column|label)s?\b`)

// inferPackage reads a name the repository does not declare as a package of the
// registry of its declared alternative ("No moment.js, use date-fns" where
// package.json declares date-fns): only for registries whose package names are the
// names code imports.
func inferPackage(name, instead string, rc *recognize.RepoContext) (pkgRef, bool) {
	if instead == "" || strings.Contains(name, "/") || strings.Contains(name, ".") && !jsSuffixRE.MatchString(name) {
		return pkgRef{}, false
	}
	for _, alt := range strings.Split(instead, ", ") {
		ref, ok := resolvePackage(alt, rc)
		if !ok {
			continue
		}
		low := strings.ToLower(name)
		switch ref.eco {
		case "npm":
			mod := strings.TrimSuffix(jsSuffixRE.ReplaceAllString(low, ""), "-")
			if mod == "" || mod == strings.ToLower(ref.mod) {
				return pkgRef{}, false
			}
			return pkgRef{mod: mod, langs: ref.langs, eco: ref.eco}, true
		case "pypi":
			// python-dateutil is imported as dateutil
			mod := pyImportNames(name)[0]
			if mod == ref.mod {
				return pkgRef{}, false
			}
			return pkgRef{mod: mod, langs: ref.langs, eco: ref.eco}, true
		case "cargo":
			mod := strings.ReplaceAll(low, "-", "_")
			if mod == ref.mod {
				return pkgRef{}, false
			}
			return pkgRef{mod: mod, langs: ref.langs, eco: ref.eco}, true
		case "gem":
			return pkgRef{mod: snake(name), langs: ref.langs, eco: ref.eco}, true
		}
	}
	return pkgRef{}, false
}

// originalCase is the word as the sentence writes it (the clause reader sees lower
// case): "FactoryBot" for "factorybot".
func (s *sentence) originalCase(word string) string {
	for _, f := range nameWords(s.c.Text) {
		if strings.EqualFold(f, word) {
			return f
		}
	}
	return word
}

// nameWords are the words of a text as names are written (letters, digits and
// "._-@/" within), a sentence's closing period left out.
func nameWords(text string) []string {
	fs := strings.FieldsFunc(text, func(r rune) bool {
		return !(unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune("._-@/", r))
	})
	for i, f := range fs {
		fs[i] = strings.TrimRight(f, ".")
	}
	return fs
}

// wordStops are the words that may follow a banned bare name: a place, a reason or a
// condition, not a noun the name qualifies ("debug logging").
var wordStops = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return set("in", "for", "unless", "except", "when", "here", "anywhere", "directly", "at", "outside", "inside",
		"within", "anymore", "again", "because", "since", "as", "to", "if", "or", "and", "nor", "unless", "—", "–")
}}

// bareNameAt reads a name-like word at ts[j] that ends its phrase: followed by
// nothing, punctuation or a word of wordStops. It returns the word and the index
// after it.
func bareNameAt(ts []token, j int) (string, int, bool) {
	if j >= len(ts) || ts[j].kind != 'w' || ts[j].depth != 0 {
		return "", j, false
	}
	w := ts[j].text
	lw := strings.ToLower(w)
	if len(w) < 2 || fillers[lw] || negTokWords.Get()[lw] || !pkgNameRE.MatchString(w) || strings.HasSuffix(lw, "'s") {
		return "", j, false
	}
	k := j + 1
	if k < len(ts) && !(ts[k].kind == 'p' || ts[k].kind == 'w' && wordStops.Get()[lowerWord(ts[k])]) {
		return "", j, false
	}
	return w, k, true
}

// nameList reads "X", "X or Y", "X, Y and Z" of bare names or spans at ts[j].
func nameList(ts []token, j int) ([]string, int) {
	var out []string
	k := j
	for k < len(ts) {
		if ts[k].kind == 's' && ts[k].depth == 0 {
			out = append(out, ts[k].text)
			k++
		} else if w, next, ok := bareNameAt(ts, k); ok {
			out = append(out, w)
			k = next
		} else {
			break
		}
		if k < len(ts) && (ts[k].text == "," || ts[k].text == "/" || ts[k].kind == 'w' && set("or", "and", "nor")[lowerWord(ts[k])]) {
			if k+1 < len(ts) && ts[k+1].kind == 'w' && set("or", "and")[lowerWord(ts[k+1])] {
				k++
			}
			if ts[k].text == "," && k+2 < len(ts) && ts[k+1].kind == 'w' && set("no", "nor", "not")[lowerWord(ts[k+1])] {
				k++ // "no Hilt, no Dagger": the prohibition repeated
			}
			k++
			continue
		}
		break
	}
	return out, k
}

// altAfter reads the alternative a clause offers after the ban: "..., use Y", a
// following clause "use Y" / "prefer Y" / "write Y instead".
func altAfter(ts []token, k int) string {
	for ; k < len(ts); k++ {
		if ts[k].kind == 'w' && useWords[lowerWord(ts[k])] {
			for m := k + 1; m < len(ts) && m <= k+3; m++ {
				if ts[m].kind == 's' {
					return ts[m].text
				}
				if w, _, ok := bareNameAt(ts, m); ok {
					return w
				}
				if !(ts[m].kind == 'w' && set("the", "a", "an")[lowerWord(ts[m])]) {
					break
				}
			}
			return ""
		}
	}
	return ""
}

// nameBans reads the names a sentence bans in plain words or spans for resolution
// against the repository: after a prohibition ("don't use lodash", "avoid
// FactoryBot"), after "instead of", "rather than", "over" ("use zustand instead of
// Redux"), and a row of an Avoid | Prefer table of names.
func (s *sentence) nameBans() []ban {
	var out []ban
	add := func(names []string, instead, cl string, ts []token, end int) {
		for _, n := range names {
			out = append(out, ban{span: s.originalCase(n), instead: instead, clause: cl, qualifier: qualifier(ts, end), bare: true})
		}
	}
	cls := s.clauses()
	for ci, cl := range cls {
		ts := tokenize(cl)
		next := ""
		if ci+1 < len(cls) {
			next = altAfter(tokenize(cls[ci+1]), 0)
		}
		rFrom, rTo := reasonSpan(ts)
		for i := 0; i < len(ts); i++ {
			if rFrom <= i && i < rTo {
				// "..., since filters travel in the payload rather than a URL": a
				// reason's comparison, no ban
				continue
			}
			if ts[i].depth > 0 {
				// "use `xMalloc()` (never raw malloc)": a ban in parentheses of its
				// own, read as a clause; "Lint only (no numpy)" after a noun and no
				// verb says what a thing lacks
				if d := ts[i].depth; i > 0 && ts[i-1].text == "(" && negAt(ts, i) > 0 && (lowerWord(ts[i]) != "no" || hasUseBefore(ts, i)) {
					var sub []token
					for k := i; k < len(ts) && ts[k].depth >= d; k++ {
						t := ts[k]
						t.depth -= d
						sub = append(sub, t)
					}
					j := negAt(sub, 0)
					for j < len(sub) && sub[j].kind == 'w' && set("use", "using", "import", "add", "the", "any", "raw", "direct")[lowerWord(sub[j])] {
						j++
					}
					if names, end := nameList(sub, j); len(names) > 0 && end == len(sub) {
						add(names, "", cl, sub, end)
					}
					i += len(sub) - 1
				}
				continue
			}
			// "use Y instead of X", "prefer Y over X", "Y rather than X"
			if n := pairAt(ts, i); n > 0 {
				before := ""
				for k := i - 1; k >= 0 && k >= i-3; k-- {
					if ts[k].kind == 's' {
						before = ts[k].text
						break
					}
					if ts[k].kind == 'w' && !fillers[lowerWord(ts[k])] && pkgNameRE.MatchString(ts[k].text) && !useWords[lowerWord(ts[k])] {
						before = s.originalCase(ts[k].text)
						break
					}
				}
				if lowerWord(ts[i]) == "over" && !hasUseBefore(ts, i) {
					continue
				}
				j := i + n
				article := false
				for j < len(ts) && ts[j].kind == 'w' && set("the", "a", "an", "using", "raw")[lowerWord(ts[j])] {
					article = article || set("a", "an")[lowerWord(ts[j])]
					j++
				}
				if article && j < len(ts) && ts[j].kind != 's' {
					// "rather than a URL": a common noun, no package's name
					continue
				}
				names, end := nameList(ts, j)
				add(names, before, cl, ts, end)
				i = end - 1
				continue
			}
			if lowerWord(ts[i]) == "not" && i > 1 && ts[i-1].text == "," {
				// "Use httpx, not requests": the name the clause prescribes, then the
				// one it turns away
				if use := useNameBefore(ts, i-1); use != "" {
					names, end := nameList(ts, i+1)
					if len(names) > 0 && (end == len(ts) || ts[end].kind == 'p') {
						add(names, s.originalCase(use), cl, ts, end)
						i = end - 1
					}
				}
				continue
			}
			if i == 0 || i == 1 && set("the", "a")[lowerWord(ts[0])] {
				// "Lodash is deprecated in this codebase", "Moment is banned"
				if w := ts[i].text; ts[i].kind == 'w' && ts[i].depth == 0 && len(w) > 1 && pkgNameRE.MatchString(w) && !fillers[lowerWord(ts[i])] &&
					i+2 < len(ts) && set("is", "are")[lowerWord(ts[i+1])] && norm.PassiveBanStrength(cl) != "" {
					add([]string{w}, altAfter(ts, i+2), cl, ts, i+1)
					continue
				}
			}
			n := negAt(ts, i)
			if n == 0 {
				continue
			}
			if lowerWord(ts[i]) == "no" && i > 0 && ts[i-1].kind != 'p' {
				// "With no Neo4j, those tests hang": a condition, not a ban; "No
				// moment.js" bans only where it starts the clause
				continue
			}
			j := i + n
			for j < len(ts) && ts[j].kind == 'w' {
				w := lowerWord(ts[j])
				if j+1 < len(ts) && ts[j+1].kind == 'w' && (set("pull", "pulling", "bring", "bringing")[w] && lowerWord(ts[j+1]) == "in" || set("reach", "reaching")[w] && lowerWord(ts[j+1]) == "for") {
					j += 2 // "don't pull in Moment.js", "never reach for anyhow"
					continue
				}
				if !set("use", "using", "import", "importing", "add", "adding", "install", "installing", "introduce", "adopt", "the", "any", "depend", "rely", "on", "raw")[w] {
					break
				}
				j++
			}
			if j == i+n && auxiliaryNegation(ts[i:j]) {
				// "Cannot inspect or manipulate data", "must not panic": after an
				// auxiliary the word is the verb, no name
				continue
			}
			names, end := nameList(ts, j)
			if len(names) == 0 {
				continue
			}
			if set("forbidden", "banned", "prohibited", "disallowed")[lowerWord(ts[i])] && end < len(ts) && ts[end].kind == 'w' &&
				!set("in", "for", "from", "except", "unless", "outside", "anywhere", "here")[lowerWord(ts[end])] {
				// "Physical devices are forbidden test and deployment targets": the
				// word says which targets are forbidden, and the names are of them
				continue
			}
			if end < len(ts) && ts[end].kind == 'w' && ts[end].depth == 0 && (!nameContinuations.Get()[lowerWord(ts[end])] || ts[end-1].text == "/") {
				// "must not add Web/Electron/API entry points": the names say which
				// entry points, and no name is banned (wild round 39, NetConsole)
				continue
			}
			alt := altAfter(ts, end)
			if alt == "" {
				alt = next
			}
			add(names, alt, cl, ts, end)
			i = end - 1
		}
	}
	return out
}

// nameContinuations are the words that may follow a banned name in the ban's own
// clause: where, how and why it is banned, or what of it ("calls", "imports"); any
// other word after the names is the noun they qualify.
var nameContinuations = lazy.Value[map[string]bool]{F: func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`in for from at on to into with within without inside outside except unless instead than over
		or and nor but as because since when while if until where anywhere here there directly anymore again ever all
		yourself manually explicitly altogether entirely any more either anyway please whatsoever now today going forward
		calls call imports import usage usages uses use dependency dependencies package packages library libraries module
		modules api apis sdk sdks client clients functions function methods method helpers helper classes class types type
		syntax code is are was were be`) {
		m[w] = true
	}
	return m
}}

// moduleUseWordsRE: words that speak of a module as code: importing, using, calling
// it, or calling it a module.
var moduleUseWordsRE = lazyre.New(`\b(?:import|imports|importing|imported|use|uses|using|call|calls|calling|depend|depends|rely|add|adding|install|installing|introduce|avoid|module|modules|library|libraries|package|packages|stdlib)\b`)

// auxiliaryNegation reports whether the negation's words are an auxiliary's ("cannot",
// "must not", "don't"), which a verb follows, not a name.
func auxiliaryNegation(ts []token) bool {
	var ws []string
	for _, t := range ts {
		ws = append(ws, lowerWord(t))
	}
	switch strings.Join(ws, " ") {
	case "cannot", "can't", "can not", "must not", "mustn't", "should not", "shouldn't", "do not", "don't", "dont", "does not", "doesn't", "may not", "will not", "won't":
		return true
	}
	return false
}

// reasonSpan is where a clause gives a reason, [from, to) of its tokens: from
// "since" or "because" to the clause's end, or, when the clause opens with one, to
// its first comma ("Since the build runs in CI rather than locally, ..."). What a
// reason compares or denies is no ban; to is 0 when there is none.
func reasonSpan(ts []token) (int, int) {
	for i, t := range ts {
		if t.kind != 'w' || t.depth != 0 || !set("since", "because", "whereas")[lowerWord(t)] {
			continue
		}
		if i > 0 {
			return i, len(ts)
		}
		for k := i + 1; k < len(ts); k++ {
			if ts[k].text == "," && ts[k].depth == 0 {
				return i, k
			}
		}
		return i, len(ts)
	}
	return 0, 0
}

// useNameBefore is the name a clause prescribes right before ts[i] ("use httpx" in
// "use httpx, not requests"): a verb of use, then a name or span that ends at i.
func useNameBefore(ts []token, i int) string {
	if i < 2 {
		return ""
	}
	name := ""
	switch {
	case ts[i-1].kind == 's':
		name = ts[i-1].text
	case ts[i-1].kind == 'w' && pkgNameRE.MatchString(ts[i-1].text) && !fillers[lowerWord(ts[i-1])]:
		name = ts[i-1].text
	default:
		return ""
	}
	for k := i - 2; k >= 0 && k >= i-4; k-- {
		if ts[k].kind != 'w' {
			return ""
		}
		if useWords[lowerWord(ts[k])] {
			return name
		}
		if !set("the", "a", "an", "only", "always")[lowerWord(ts[k])] {
			return ""
		}
	}
	return ""
}

// pairAt reports "instead of", "rather than", "in place of" or "over" at ts[i] and
// how many tokens it spans.
func pairAt(ts []token, i int) int {
	if ts[i].kind != 'w' {
		return 0
	}
	w := lowerWord(ts[i])
	next := func(k int) string {
		if i+k < len(ts) && ts[i+k].kind == 'w' {
			return lowerWord(ts[i+k])
		}
		return ""
	}
	switch {
	case w == "instead" && next(1) == "of", w == "rather" && next(1) == "than":
		return 2
	case w == "in" && next(1) == "place" && next(2) == "of":
		return 3
	case w == "over":
		return 1
	}
	return 0
}

// tableNameBans reads a row of an Avoid | Prefer table whose cells are names in plain
// words ("| moment | date-fns |").
func tableNameBans(c *policy.Constraint) []ban {
	// "| Avoid | Prefer |", or "| Concern | Use | Avoid |": one column of bans and
	// one of what to use instead; other columns (the concern, notes) are left out
	cells, banCol, doCol, ok := banTableRow(c)
	if !ok {
		return nil
	}
	alt := strings.Trim(strings.TrimSpace(cells[doCol]), "`*_")
	if !pkgNameRE.MatchString(alt) {
		return nil
	}
	var out []ban
	for _, name := range cellNames(cells[banCol]) {
		out = append(out, ban{span: name, instead: alt, clause: c.Text, bare: true})
	}
	return out
}

// cellNames are the names a table cell lists: "Redux, MobX", "`moment` or
// `luxon`"; nil when the cell holds anything else (a sentence, a reason).
func cellNames(cell string) []string {
	var out []string
	for _, part := range strings.FieldsFunc(cell, func(r rune) bool { return r == ',' || r == '/' }) {
		for _, n := range strings.Split(strings.TrimSpace(part), " or ") {
			n = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(n), "and "))
			n = strings.Trim(n, "`*_")
			if n == "" {
				continue
			}
			if !pkgNameRE.MatchString(n) {
				return nil
			}
			out = append(out, n)
		}
	}
	return out
}

// repoPackageRules turns a ban whose name resolves to a package of the repository
// into an import ban (and, for a gem, a ban of declaring it), as warnings. ok is
// false when the name is no package.
func repoPackageRules(s *sentence, rc *recognize.RepoContext, b ban) ([]policy.Rule, string, bool) {
	name := b.span
	if wordVerbs.Get()[b.verb] || asNameRE.MatchString(b.clause) {
		// "never write `requests` by hand", "don't use `path` as a variable name":
		// the word is no library there
		return nil, "", false
	}
	ref, ok := resolvePackage(name, rc)
	if !ok {
		if norm.PlaceSubject(s.c.Text) {
			// "dataplane packages: Must not depend on controller, core, k8s": the
			// names are the project's own parts, banned in one part only (the
			// architecture rules' to read), not imports of the same last name
			return nil, "", false
		}
		if !languageKeyword(name) {
			// (a keyword no manifest declares is no package the source imports,
			// and looking would parse the tree for nothing: "Don't use `lambda`")
			ref, ok = resolveImported(name, rc)
		}
	}
	if !ok && b.instead == "" && !b.bare {
		// "`python-dateutil` is banned; use `pendulum`." read as two constraints, or
		// "## HTTP: httpx" over "`requests` is not allowed": the alternative the next
		// clause of the line or the heading names
		b.instead = impliedAlternative(s, rc)
	}
	if !ok {
		if refs, pkgs := knownLibrary(name, rc); b.bare && len(refs) > 0 {
			// "don't pull in Moment.js": a well-known library the repository has
			// not taken in
			rules, why := knownLibraryRules(s, rc, b, refs, pkgs)
			return rules, why, len(rules) > 0 || why != ""
		}
		if ref, ok = inferPackage(name, b.instead, rc); !ok {
			// "Do not add `axios`": a package the sentence calls one, which the
			// repository does not use yet
			if refs, isPkg := undeclaredPackage(b, rc); isPkg {
				if rules, why := undeclaredRules(s, rc, b, refs); len(rules) > 0 || why != "" {
					return rules, why, true
				}
			}
			return nil, "", false
		}
	}
	if alt, ok := resolvePackage(b.instead, rc); ok && alt.eco == ref.eco && strings.EqualFold(alt.mod, ref.mod) || sameAlternative(b.instead, ref) {
		return nil, "", false // the name and its alternative are one package
	}
	langs := pickLangs(s, rc, ref.langs)
	if len(langs) == 0 {
		return nil, "", false
	}
	if b.bare && ref.declared == "" && (b.qualifier != "" || !s.has(moduleUseWordsRE)) {
		// "No cache for session state", "No secrets in code": a plain word the
		// source imports as a module of the language's own library, with no word
		// of importing or using it; no manifest makes the word a package's name
		return nil, fmt.Sprintf("names %s in plain words, and says nothing of importing it", b.span), true
	}
	how := "a package the repository declares in " + ref.declared
	switch {
	case ref.declared != "":
	case ref.imported > 0:
		how = fmt.Sprintf("a package the repository's source imports, in %d %s", ref.imported, plural(ref.imported, "file"))
	default:
		how = "read as a package of " + ref.eco + ", beside `" + b.instead + "`"
	}
	var out []policy.Rule
	mb := ban{from: ref.mod, clause: b.clause, instead: b.instead, qualifier: b.qualifier}
	// "`lodash` (barrel import)", or "`lodash`" with `lodash/debounce` to use
	// instead: the package's root entry, not its subpaths
	sh := shape{kind: "module", from: ref.mod, root: rootEntryRE.MatchString(b.clause) || subpathAlternative(ref.mod, b.instead)}
	r, why := sh.rule(s, rc, langs, mb)
	if why == "" {
		r.Severity = policy.SeverityWarning
		r.Exact = false
		r.Message = fmt.Sprintf("import of `%s` (%s) is banned here", ref.mod, how)
		out = append(out, r)
	}
	if ref.eco == "gem" {
		if gr, ok := gemRule(s, ref, how, b.instead); ok {
			out = append(out, gr)
		}
	}
	if len(out) == 0 {
		return nil, why, true
	}
	return out, "", true
}

// subpathAlternative reports an alternative that is a subpath of the banned module
// (`lodash/<function>` for `lodash`, `@mui/icons-material/Add` for
// `@mui/icons-material`).
func subpathAlternative(mod, instead string) bool {
	for _, alt := range strings.Split(instead, ", ") {
		if strings.HasPrefix(strings.TrimSpace(alt), mod+"/") {
			return true
		}
	}
	return false
}

// gemRule bans declaring the gem in a Gemfile or gemspec: Ruby code seldom requires
// a gem by name (Bundler does), so the declaration is where its use shows.
func gemRule(s *sentence, ref pkgRef, how, instead string) (policy.Rule, bool) {
	names := ref.gems
	if len(names) == 0 {
		names = []string{ref.mod}
	}
	var alts []string
	for _, n := range names {
		alts = append(alts, regexp.QuoteMeta(n))
	}
	slices.Sort(alts)
	re := `^\s*(?:gem|\w+\.add_(?:runtime_|development_)?dependency)\s*\(?\s*["'](?:` + strings.Join(alts, "|") + `)["']`
	sc := policy.Scope{Dir: s.c.Scope.Dir, Globs: []string{"Gemfile", "**/Gemfile", "*.gemspec", "**/*.gemspec"}}
	p := sc.Dir
	if p != "" {
		p += "/"
	}
	r := policy.Rule{
		Domain: policy.DomainSource, Kind: KindPattern, Severity: policy.SeverityWarning, Scope: sc,
		Params:  marshal(PatternParams{Regex: re, Where: "any"}),
		Message: fmt.Sprintf("the gem `%s` (%s) is banned here", names[0], how),
		Cases: []policy.Case{
			{Expect: policy.ExpectViolated, Path: p + "Gemfile", Code: "source \"https://rubygems.org\"\n\ngem \"" + names[0] + "\"\n", Note: "the gem declared"},
			{Expect: policy.ExpectSatisfied, Path: p + "Gemfile", Code: "source \"https://rubygems.org\"\n\n# gem \"" + names[0] + "\"\ngem \"rails\"\n", Note: "another gem"},
		},
	}
	if instead != "" {
		r.Suggestion = "use " + backtickList(instead)
	}
	return r, true
}

// impliedAlternative is the declared package a ban's sentence leaves to its
// surroundings: the first span of the constraint that follows on the same line when
// it opens with "use" or "prefer" ("`x` is banned; use `y`"), or a name the heading
// ends with ("## HTTP: httpx"). Only a package the repository's manifests declare is
// taken, so the ban is read as one of its registry.
func impliedAlternative(s *sentence, rc *recognize.RepoContext) string {
	for _, o := range rc.Following(s.c, 1) {
		if o.Line != s.c.Line {
			break
		}
		lo := strings.ToLower(strings.TrimSpace(o.Text))
		if !strings.HasPrefix(lo, "use ") && !strings.HasPrefix(lo, "prefer ") {
			break
		}
		if m := spanRE.FindStringSubmatch(o.Text); m != nil {
			if _, ok := resolvePackage(m[1], rc); ok {
				return m[1]
			}
		}
	}
	if len(s.c.HeaderPath) > 0 {
		h := s.c.HeaderPath[len(s.c.HeaderPath)-1]
		fs := strings.FieldsFunc(h, func(r rune) bool { return r == ' ' || r == ':' || r == '`' || r == '(' || r == ')' || r == ',' })
		if len(fs) > 1 {
			last := fs[len(fs)-1]
			if _, ok := resolvePackage(last, rc); ok {
				return last
			}
		}
	}
	return ""
}
