package repo

import (
	"bytes"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lazy"
	"github.com/heed-dev/heed/internal/lazyre"
)

// Third-party code no folder name reveals. A project may keep the libraries it
// bundles beside its own code (a C# project's `Content/libs` holds jQuery plugins
// next to its own `api.js`), so the folder says nothing; the files do:
//
//   - a minified bundle (Minified): lines hundreds of characters long on average,
//     which nobody writes by hand;
//   - a licence header naming another project (foreignHeaders): the file opens
//     with a comment that states a licence and names where the code comes from (a
//     copyright holder, an author, a project's address); nothing in it or in the
//     code under it names this project (its folder, its remote, its root licence's
//     holder, its manifests' names); it does not say the code was adapted or is
//     only in part another's ("based on", "contains modifications"); and no file
//     of the same kind elsewhere in the repository carries the same names (a
//     project's own header is on its other files too).
//
// Either is skipped as vendored, as a vendor/ folder is; .gitattributes
// (linguist-vendored=false) has the last word. A false skip loses findings in the
// project's own code, so every test here leans towards judging the file.

// minifiedExt are the languages minified bundles are shipped in.
var minifiedExt = lazy.Value[map[string]bool]{F: func() map[string]bool {
	return map[string]bool{".js": true, ".mjs": true, ".cjs": true, ".css": true}
}}

// Minified reports whether a JavaScript or CSS file is a minified bundle: at least
// 2 KB whose lines average more than 300 characters (hand-written code averages 30
// to 50; a long data line among normal ones does not move the mean that far).
func Minified(p string, content []byte) bool {
	if len(content) < 2048 || !minifiedExt.Get()[strings.ToLower(path.Ext(p))] {
		return false
	}
	lines := bytes.Count(content, []byte("\n")) + 1
	return len(content)/lines > 300
}

// headerLines is the leading comment block of content, its comment markers taken
// off, at most 40 lines of the first 4 KB: what a licence header is.
func headerLines(content []byte) []string {
	head := content
	if len(head) > 4096 {
		head = head[:4096]
	}
	var out []string
	inBlock := false
	for i, raw := range strings.Split(string(head), "\n") {
		if i >= 40 {
			break
		}
		l := strings.TrimSpace(strings.TrimRight(raw, "\r"))
		if i == 0 && strings.HasPrefix(l, "#!") {
			continue
		}
		if inBlock {
			end := strings.Contains(l, "*/") || strings.Contains(l, "-->") || strings.HasSuffix(l, `"""`)
			l = strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(l, "*/"), "-->"), `"""`)
			out = append(out, strings.TrimSpace(strings.TrimLeft(l, "*")))
			inBlock = !end
			continue
		}
		switch {
		case l == "":
			if len(out) > 0 {
				out = append(out, "")
			}
		case strings.HasPrefix(l, "/*") || strings.HasPrefix(l, "<!--") || strings.HasPrefix(l, `"""`):
			body := strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(l, "/*"), "<!--"), `"""`)
			closed := strings.Contains(body, "*/") || strings.Contains(body, "-->") || strings.Contains(body, `"""`)
			body = strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(body, "*/"), "-->"), `"""`)
			out = append(out, strings.TrimSpace(strings.TrimLeft(body, "*!")))
			inBlock = !closed
		case strings.HasPrefix(l, "//") || strings.HasPrefix(l, "#") || strings.HasPrefix(l, "--") || strings.HasPrefix(l, ";"):
			out = append(out, strings.TrimSpace(strings.TrimLeft(l, "/#-;!")))
		default:
			return out // the code starts
		}
	}
	return out
}

// licenceRE finds a licence stated in a header.
var licenceRE = lazyre.New(`(?i)\blicen[cs](?:e|ed)\b|\bSPDX-License-Identifier\b|\bredistribution and use in source and binary forms\b`)

// urlRE finds an address in a header.
var urlRE = lazyre.New(`(?i)\bhttps?://[^\s<>()\[\]"'*]+`)

// originRE finds who or where a header's code comes from: a copyright holder, an
// author or a project named on a labelled line.
var originRE = lazyre.New(`(?i)(?:\bcopyright\b|©|\(c\))[\s:]*(?:\(c\)|©)?[\s,]*(?:[0-9]{4}(?:\s*[-–,]\s*(?:[0-9]{4}|present))*[\s,.]*)*(?:by\s+)?(.+)|^\s*@?(?:author|authors|project|website|homepage)\s*[:=]?\s+(.+)`)

// adaptedRE finds a header saying the code was changed for this project, or only
// part of it comes from elsewhere ("adapted from", "based on", "contains
// modifications", "section copied from", "portions"): the project's own code.
var adaptedRE = lazyre.New(`(?i)\b(?:adapted (?:from|for|by)|based (?:on|upon)|derived from (?:[^t]|t[^h]|th[^i])|inspired by|ported (?:from|by|to)|originally (?:by|from|written|developed)|contains modifications|modified (?:by|from|for|version)|portions (?:copyright|of this)|sections? (?:copied|taken)|parts? of (?:this|the) (?:file|code))`)

// ownLicenceRE finds a header that sends the reader to the repository's own
// licence file ("See LICENSE.txt for permissions", "see the COPYING file", "in the
// project root"): the project's header.
var ownLicenceRE = lazyre.New(`\b[Ss]ee (?:the )?(?:LICEN[CS]E|COPYING)\b|\b(?:LICEN[CS]E|COPYING)(?:\.[a-z]+)? file\b|(?i:\bproject root\b|\b(?:root|top-level) (?:directory|folder)\b)`)

// licenceKinds are the licences a header or a licence file may state, each with
// the phrases that state it (lower case).
var licenceKinds = lazy.Value[[][]string]{F: func() [][]string {
	return [][]string{
		{"apache", "apache license", "apache-2.0", "apache 2.0", "apache2", "apache software foundation"},
		{"mit", "mit license", "mit licence", "license: mit", "license : mit", "identifier: mit", "permission is hereby granted, free of charge", "(mit)", "mit-licensed", "mit licensed"},
		{"gpl", "gnu general public license", "gpl-", "gplv", "gnu gpl", " gpl "},
		{"lgpl", "lesser general public", "lgpl"},
		{"agpl", "affero"},
		{"bsd", "redistribution and use in source and binary forms", "bsd-", "bsd license"},
		{"mpl", "mozilla public license", "mpl-2.0", "mpl 2.0"},
		{"isc", "isc license", "permission to use, copy, modify, and/or distribute"},
		{"zlib", "zlib license", "altered source versions must be plainly marked"},
		{"unlicense", "unlicense", "released into the public domain"},
		{"vim", "vim license"},
		{"ruby", "ruby license", "ruby's license", "2-clause bsdl"},
	}
}}

// spdxKinds is the set of licence kinds an SPDX expression names ("MIT OR
// Apache-2.0", "GPL-2.0-or-later").
func spdxKinds(expr string) map[string]bool {
	out := map[string]bool{}
	for _, tok := range strings.FieldsFunc(strings.ToLower(expr), func(r rune) bool { return r == ' ' || r == '(' || r == ')' || r == '/' }) {
		for _, k := range []string{"apache", "mit", "lgpl", "agpl", "gpl", "bsd", "mpl", "isc", "zlib", "unlicense"} {
			if strings.HasPrefix(tok, k) {
				out[k] = true
				break
			}
		}
	}
	return out
}

// licencesIn is the set of licence kinds text states.
func licencesIn(text string) map[string]bool {
	low := strings.ToLower(text)
	out := map[string]bool{}
	for _, k := range licenceKinds.Get() {
		for _, phrase := range k[1:] {
			if strings.Contains(low, phrase) {
				out[k[0]] = true
				break
			}
		}
	}
	return out
}

// licenceHosts are addresses of licence texts, not of a project.
var licenceHosts = lazy.Value[[]string]{F: func() []string {
	return []string{"apache.org", "opensource.org", "gnu.org", "fsf.org", "mozilla.org", "creativecommons.org",
		"spdx.org", "choosealicense.com", "unlicense.org", "wtfpl.net", "boost.org", "json.org/license"}
}}

// genericWords name no one in particular: a holder that is only these ("the
// authors", "all contributors") is no evidence of another project.
var genericWords = lazy.Value[map[string]bool]{F: func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`the a an and or of by for to in on at all rights reserved authors author contributors
		contributor team project projects inc llc ltd gmbh corp corporation co company foundation org com net io www
		http https github gitlab bitbucket license licence licensed under version see file files this code source
		copyright original originally portions part parts is are was its it with from www1 html htm master main
		blob tree src lib libs js css mit bsd apache gpl lgpl mpl isc clause new others other developers maintainers
		email mail com gmail`) {
		m[w] = true
	}
	return m
}}

// words are the lower-case words of s of three letters or more, generic ones left out.
func words(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127)
	}) {
		if len(w) >= 3 && !genericWords.Get()[w] && !allDigits(w) {
			out = append(out, w)
		}
	}
	return out
}

func allDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// headerOrigin is the names a licence header gives for where its code comes from
// (sorted, distinct words), or nil when the header states no licence or names no
// one in particular.
func headerOrigin(lines []string) []string {
	o, _ := origin(lines)
	return o
}

// origin is headerOrigin, and whether the header names a copyright holder or a
// project's address (an author's name alone is no evidence of another project: a
// contributor signs their file so).
func origin(lines []string) ([]string, bool) {
	text := strings.Join(lines, "\n")
	if !licenceRE.MatchString(text) {
		return nil, false
	}
	set := map[string]bool{}
	strong := false
	for _, l := range lines {
		if m := originRE.FindStringSubmatch(l); m != nil {
			strong = strong || m[1] != "" && len(words(m[1])) > 0
			who := m[1] + m[2]
			who, _, _ = strings.Cut(who, "<") // an address in angle brackets
			for _, w := range words(urlRE.ReplaceAllString(who, " ")) {
				set[w] = true
			}
		}
		for _, u := range urlRE.FindAllString(l, -1) {
			low := strings.ToLower(u)
			skip := strings.Contains(low, "licen")
			for _, h := range licenceHosts.Get() {
				skip = skip || strings.Contains(low, h)
			}
			if !skip {
				for _, w := range words(u) {
					set[w] = true
					strong = true
				}
			}
		}
	}
	if len(set) == 0 {
		return nil, false
	}
	out := make([]string, 0, len(set))
	for w := range set {
		out = append(out, w)
	}
	sort.Strings(out)
	return out, strong
}

// identity is the words that name the project itself, and the licences it states.
type identity struct {
	words    map[string]bool
	licences map[string]bool
}

// names reports whether text (a header) names the project.
func (id *identity) names(text string) bool {
	for _, w := range words(text) {
		if id.words[w] {
			return true
		}
	}
	return false
}

// copyrightHolderRE finds a copyright line's holder in a licence file.
var copyrightHolderRE = lazyre.New(`(?im)^\s*copyright\s*(?:\(c\)|©)?\s*[0-9]{4}(?:\s*[-–,]\s*(?:[0-9]{4}|present))*[\s,.]*(?:by\s+)?(.+)$`)

// manifestNameRE finds the project's name in a root manifest (package.json,
// Cargo.toml, pyproject.toml, composer.json, go.mod).
var manifestNameRE = lazyre.New(`(?m)(?:"name"\s*:\s*"([^"]+)"|^\s*name\s*=\s*"([^"]+)"|^module\s+(\S+))`)

// manifestLicenceRE finds the licence a root manifest declares ("license": "MIT",
// license = "MIT OR Apache-2.0").
var manifestLicenceRE = lazyre.New(`(?m)(?:"license"\s*:\s*"([^"]+)"|^\s*license\s*=\s*"([^"]+)")`)

// remoteURLRE finds the url of a remote in a git config.
var remoteURLRE = lazyre.New(`(?m)^\s*url\s*=\s*(\S+)`)

// projectIdentity gathers the words that name the project: its folder's name (and
// the work tree's top's), its remotes' last two path elements, the holders of its
// root licence files and the names in its root manifests. snap reads the root files.
func projectIdentity(snap engine.Snapshot, dirs []string, gitConfig string) *identity {
	id := &identity{words: map[string]bool{}, licences: map[string]bool{}}
	add := func(s string) {
		for _, w := range words(s) {
			id.words[w] = true
		}
	}
	for _, d := range dirs {
		if d != "" {
			add(filepath.Base(d))
		}
	}
	if gitConfig != "" {
		if b, err := os.ReadFile(gitConfig); err == nil {
			for _, m := range remoteURLRE.FindAllStringSubmatch(string(b), -1) {
				u := strings.TrimSuffix(strings.TrimRight(m[1], "/"), ".git")
				parts := strings.FieldsFunc(u, func(r rune) bool { return r == '/' || r == ':' })
				if len(parts) > 2 {
					parts = parts[len(parts)-2:]
				}
				add(strings.Join(parts, " "))
			}
		}
	}
	for _, f := range []string{"LICENSE", "LICENSE.md", "LICENSE.txt", "LICENCE", "LICENCE.md", "LICENCE.txt", "COPYING", "COPYING.md", "COPYING.txt",
		"LICENSE-MIT", "LICENSE-APACHE", "LICENSE-MIT.txt", "LICENSE-APACHE.txt", "COPYRIGHT", "NOTICE", "AUTHORS"} {
		b, err := snap.Read(f)
		if err != nil {
			continue
		}
		if len(b) > 16<<10 {
			b = b[:16<<10]
		}
		if f != "AUTHORS" && f != "NOTICE" {
			for k := range licencesIn(string(b)) {
				id.licences[k] = true
			}
		}
		for _, m := range copyrightHolderRE.FindAllStringSubmatch(string(b), -1) {
			if !strings.Contains(strings.ToLower(m[1]), "free software foundation") {
				add(m[1])
			}
		}
		if f == "AUTHORS" {
			add(string(b))
		}
	}
	for _, f := range []string{"package.json", "Cargo.toml", "pyproject.toml", "composer.json", "go.mod"} {
		b, err := snap.Read(f)
		if err != nil {
			continue
		}
		if m := manifestNameRE.FindStringSubmatch(string(b)); m != nil {
			add(strings.ReplaceAll(m[1]+" "+m[2]+" "+m[3], "/", " "))
		}
		if m := manifestLicenceRE.FindStringSubmatch(string(b)); m != nil {
			for k := range spdxKinds(m[1] + m[2]) {
				id.licences[k] = true
			}
		}
	}
	return id
}

// foreignHeaders judges licence headers for one run: the project's identity is read
// once, and each origin a header names is looked for in other files once.
type foreignHeaders struct {
	snap engine.Snapshot
	// dirs and gitConfig name the project (projectIdentity).
	dirs      []string
	gitConfig string

	idOnce sync.Once
	id     *identity

	mu sync.Mutex
	// own caches, by origin and extension, whether files elsewhere carry it.
	own   map[string]bool
	paths []string
}

// foreign says why the file at p, with content, is another project's code (its
// header names that project), or "".
func (h *foreignHeaders) foreign(p string, content []byte) string {
	head := content
	if len(head) > 4096 {
		head = head[:4096]
	}
	if !bytes.Contains(head, []byte("icens")) && !bytes.Contains(head, []byte("icenc")) && !bytes.Contains(head, []byte("ICENS")) && !bytes.Contains(head, []byte("ICENC")) &&
		!bytes.Contains(head, []byte("Redistribution and use")) {
		// no licence stated: most files, told without reading their lines (the
		// BSD licences' text never says "license")
		return ""
	}
	lines := headerLines(content)
	if len(lines) == 0 {
		return ""
	}
	from, strong := origin(lines)
	if !strong {
		return ""
	}
	text := strings.Join(lines, "\n")
	if adaptedRE.MatchString(text) || ownLicenceRE.MatchString(text) {
		return "" // another project's code made this one's, or the project's licence: the project keeps it
	}
	h.idOnce.Do(func() { h.id = projectIdentity(h.snap, h.dirs, h.gitConfig) })
	// A header that says whose the file is ("This file is part of the GNU opcodes
	// library") names its project outright: when that is not this project, and the
	// same words are not on a good part of the project's files of the kind, the file
	// was imported, whatever the licences and however many of its siblings came along.
	if whole := partOf(text); len(whole) > 0 && !h.id.namesAny(whole) {
		if !h.prevails(p, whole) {
			return SkipVendored
		}
		return ""
	}
	// Under another licence than the project's: a project's own files carry its
	// licence (or none), so a header under the same licence, or a project whose
	// licence heed cannot tell, is no evidence.
	stated := licencesIn(text)
	if len(stated) == 0 || len(h.id.licences) == 0 {
		return ""
	}
	for k := range stated {
		if h.id.licences[k] {
			return ""
		}
	}
	if h.id.names(string(head)) {
		return "" // the header, or the code under it (a namespace, a package), names the project: adapted, its own
	}
	if h.elsewhere(p, from) {
		return ""
	}
	return SkipVendored
}

// partOfRE finds a header's statement of the project a file belongs to.
var partOfRE = lazyre.New(`(?i)\bthis (?:file|program|library|header|source file|module) is (?:a )?part of (?:the )?([^.;,:\n]+)`)

// partOf is the words of the project a header says its file is part of, or nil.
func partOf(text string) []string {
	m := partOfRE.FindStringSubmatch(strings.Join(strings.Fields(text), " "))
	if m == nil {
		return nil
	}
	ws := words(m[1])
	sort.Strings(ws)
	return ws
}

// namesAny reports whether one of ws names the project.
func (id *identity) namesAny(ws []string) bool {
	for _, w := range ws {
		if id.words[w] {
			return true
		}
	}
	return false
}

// prevails reports whether at least a quarter of the files with p's extension
// (sampleSize of them, spread evenly over the listing, vendored folders left out)
// say in their header that they are part of the same project: the project's own
// header, however it names itself.
func (h *foreignHeaders) prevails(p string, whole []string) bool {
	ext := strings.ToLower(path.Ext(p))
	return h.sample("partof\x00"+ext+"\x00"+strings.Join(whole, " "),
		func(q string) bool { return strings.ToLower(path.Ext(q)) == ext && q != p && !Vendored(q) },
		func(header []string) bool {
			o := partOf(strings.Join(header, "\n"))
			return len(o) > 0 && overlaps(o, whole)
		},
		func(read, same int) bool { return read > 0 && 4*same >= read })
}

// sampleSize is how many files of the same kind elsewhere are read to tell a
// project's own header (on its other files too) from a bundled library's.
const sampleSize = 40

// elsewhere reports whether files with p's extension outside p's folder carry a
// header with the same origin: sampleSize of them, spread evenly over the listing.
func (h *foreignHeaders) elsewhere(p string, origin []string) bool {
	ext := strings.ToLower(path.Ext(p))
	dir := path.Dir(p)
	return h.sample(ext+"\x00"+dir+"\x00"+strings.Join(origin, " "),
		func(q string) bool {
			return strings.ToLower(path.Ext(q)) == ext && q != p && !(dir == "." && !strings.Contains(q, "/")) &&
				!strings.HasPrefix(q, dir+"/") && !Vendored(q)
		},
		func(header []string) bool {
			o := headerOrigin(header)
			return len(o) > 0 && overlaps(o, origin)
		},
		func(_, same int) bool { return same > 0 })
}

// sample answers, once per key, a question about the headers of the listing's files
// that keep admits: it reads sampleSize of them, spread evenly over the listing, and
// hands decide how many it read and how many of their headers match accepts.
func (h *foreignHeaders) sample(key string, keep func(q string) bool, match func(header []string) bool, decide func(read, same int) bool) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if v, ok := h.own[key]; ok {
		return v
	}
	if h.own == nil {
		h.own = map[string]bool{}
		h.paths = h.snap.Paths()
	}
	var pool []string
	for _, q := range h.paths {
		if keep(q) {
			pool = append(pool, q)
		}
	}
	step := 1
	if len(pool) > sampleSize {
		step = len(pool) / sampleSize
	}
	read, same := 0, 0
	for i := 0; i < len(pool) && read < sampleSize; i += step {
		b, err := h.snap.Read(pool[i])
		if err != nil {
			continue
		}
		read++
		if match(headerLines(b)) {
			same++
		}
	}
	v := decide(read, same)
	h.own[key] = v
	return v
}

// overlaps reports whether two sorted word lists share a word.
func overlaps(a, b []string) bool {
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch {
		case a[i] == b[j]:
			return true
		case a[i] < b[j]:
			i++
		default:
			j++
		}
	}
	return false
}
