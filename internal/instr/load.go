package instr

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
)

// MaxImportDepth is how many @import hops are followed (Claude Code follows 4-5).
const MaxImportDepth = 5

// Load discovers every instruction file under root and extracts its constraints,
// following @imports. It fails only when root cannot be read; every problem with a
// single file is a Warning naming the file.
func Load(root string) (*Set, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, fmt.Errorf("read repository %s: %w", root, err)
	}
	paths, warns, err := Discover(abs)
	if err != nil {
		return nil, err
	}
	realRoot, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return nil, fmt.Errorf("read repository %s: %w", root, err)
	}
	l := &loader{root: abs, realRoot: realRoot, set: &Set{Root: abs, Warnings: warns}, read: map[string]string{}, imported: map[string]bool{}}
	discovered := map[string]bool{}
	for _, p := range paths {
		discovered[p] = true
	}
	l.discovered = discovered
	l.realDiscovered = map[string]string{}
	for _, p := range paths {
		if r, err := filepath.EvalSymlinks(l.abs(p)); err == nil {
			if _, ok := l.realDiscovered[r]; !ok {
				l.realDiscovered[r] = p
			}
		}
	}

	// Regular files first, so a symlink to one of them is the copy skipped.
	var links []string
	for _, p := range paths {
		fi, err := os.Lstat(l.abs(p))
		if err == nil && fi.Mode()&os.ModeSymlink != 0 {
			links = append(links, p)
			continue
		}
		l.file(p)
	}
	for _, p := range links {
		l.file(p)
	}
	l.set.Warnings = dedupWarnings(l.set.Warnings)
	return l.set, nil
}

type loader struct {
	root, realRoot string
	set            *Set
	discovered     map[string]bool
	// realDiscovered maps the real path of each discovered file to its path.
	realDiscovered map[string]string
	// read maps a file's real path to the repository path it was read as.
	read map[string]string
	// imported records real path + scope dir of imported text already read.
	imported map[string]bool
}

func (l *loader) abs(rel string) string { return filepath.Join(l.root, filepath.FromSlash(rel)) }

func (l *loader) warn(file string, line int, format string, args ...any) {
	l.set.Warnings = append(l.set.Warnings, Warning{File: file, Line: line, Msg: fmt.Sprintf(format, args...)})
}

// file reads one discovered instruction file.
func (l *loader) file(rel string) {
	format := Classify(rel)
	f := File{Path: rel, Format: format, Markup: MarkupOf(rel), Scope: policy.Scope{Dir: ScopeDir(rel, format)}}
	if format == FormatAgents {
		over := path.Join(path.Dir(rel), "AGENTS.override.md")
		if path.Dir(rel) == "." {
			over = "AGENTS.override.md"
		}
		if l.discovered[over] {
			f.Skipped = "overridden by " + over
			f.SHA256 = hashFile(l.abs(rel))
			l.set.Files = append(l.set.Files, f)
			return
		}
	}
	real, ok := l.resolve(rel, rel)
	if !ok {
		f.Skipped = "unreadable"
		l.set.Files = append(l.set.Files, f)
		return
	}
	if first, dup := l.read[real]; dup {
		f.Skipped = "same file as " + first + " (read once)"
		f.SHA256 = hashFile(real)
		l.set.Files = append(l.set.Files, f)
		return
	}
	l.read[real] = rel
	l.extractFile(f, real, nil, 0)
}

// resolve returns the real path of rel, which must stay inside the repository.
func (l *loader) resolve(rel, from string) (string, bool) {
	real, err := filepath.EvalSymlinks(l.abs(rel))
	if err != nil {
		l.warn(rel, 0, "cannot read: %v", unwrapPathErr(err))
		return "", false
	}
	if !within(l.realRoot, real) {
		if rel == from {
			l.warn(rel, 0, "symlink points outside the repository (%s); not read", real)
		} else {
			l.warn(from, 0, "import of %s resolves outside the repository (%s); not followed", rel, real)
		}
		return "", false
	}
	return real, true
}

// hashFile is the hex SHA-256 of a file's content, "" when it cannot be read. Every
// file of a Set that can be read carries its hash, the skipped ones too (a symlink
// read once, an AGENTS.md overridden), so that staleness checks, which hash every
// discovered file, agree with what was compiled.
func hashFile(p string) string {
	f, err := os.Open(p)
	if err != nil {
		return ""
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return ""
	}
	return hex.EncodeToString(h.Sum(nil))
}

func within(root, p string) bool {
	r, err := filepath.Rel(root, p)
	return err == nil && r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator)) && !filepath.IsAbs(r)
}

func unwrapPathErr(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}

// extractFile reads and extracts one file (discovered or imported) and follows its
// imports. chain lists the real paths of the importers, for cycle detection.
func (l *loader) extractFile(f File, real string, chain []string, depth int) {
	fi, err := os.Stat(real)
	switch {
	case err != nil:
		l.warn(f.Path, 0, "cannot read: %v", unwrapPathErr(err))
		f.Skipped = "unreadable"
		l.set.Files = append(l.set.Files, f)
		return
	case !fi.Mode().IsRegular():
		// A directory, FIFO or device: reading it could block or mean nothing.
		l.warn(f.Path, 0, "not a regular file (%s); skipped", fi.Mode().Type())
		f.Skipped = "not a regular file"
		l.set.Files = append(l.set.Files, f)
		return
	case fi.Size() > MaxFileSize:
		l.warn(f.Path, 0, "file is %d bytes, larger than the %d MB limit; skipped", fi.Size(), MaxFileSize>>20)
		f.Skipped = "larger than 5 MB"
		f.SHA256 = hashFile(real)
		l.set.Files = append(l.set.Files, f)
		return
	}
	src, err := os.ReadFile(real)
	if err != nil {
		l.warn(f.Path, 0, "cannot read: %v", unwrapPathErr(err))
		f.Skipped = "unreadable"
		l.set.Files = append(l.set.Files, f)
		return
	}
	sum := sha256.Sum256(src)
	f.SHA256 = hex.EncodeToString(sum[:])
	res := extract(f.Path, src, f.Format, f.Scope)
	if f.Reference {
		for i := range res.constraints {
			if res.constraints[i].Level == policy.Must {
				res.constraints[i].Level = policy.Should
			}
		}
	}
	if f.ImportedBy != "" {
		// Imported text keeps its own file and lines; its ids are keyed by the
		// importer too, so a file imported from two places has two sets of ids.
		assignIDs(res.constraints, f.ImportedBy+">"+f.Path)
	}
	f.Scope = res.scope
	f.Activation = res.activation
	f.Description = res.description
	f.Constraints = len(res.constraints)
	l.set.Warnings = append(l.set.Warnings, res.warns...)
	l.set.Files = append(l.set.Files, f)
	l.set.Constraints = append(l.set.Constraints, res.constraints...)

	chain = append(chain, real)
	for _, ref := range res.refs {
		if ref.Link && (f.ImportedBy != "" || depth > 0) {
			// Links are followed one hop from an instruction file: a linked guide's
			// own links lead into the whole documentation.
			continue
		}
		if ref.Link {
			l.followLink(f, ref, bindsAt(res.constraints, ref.Line), chain, depth+1)
			continue
		}
		l.follow(f, ref, chain, depth+1)
	}
}

// bindsAt reports whether a constraint of must or should level stands on line: a
// link there sends its reader to the document as to rules ("Follow the rules in
// docs/style.md"), not as to a reference.
func bindsAt(cs []policy.Constraint, line int) bool {
	for _, c := range cs {
		if c.Line <= line && line <= max(c.Line, c.EndLine) && c.Level != policy.Info && !norm.LinkOnlyToRead(c.Text) {
			// ("Read `docs/old-vs-new.md` before touching enrollment": background,
			// whose musts are not the reader's)
			return true
		}
	}
	return false
}

// follow reads the target of an @import found in f.
func (l *loader) follow(f File, ref importRef, chain []string, depth int) {
	t := ref.Target
	looksLikeFile := strings.HasPrefix(t, "./") || strings.HasPrefix(t, "../") || strings.HasPrefix(t, "/") || strings.HasPrefix(t, "~/") ||
		hasDocExt(t)
	if strings.HasPrefix(t, "~/") {
		l.warn(f.Path, ref.Line, "import @%s is in the home directory, outside the repository; not followed", t)
		return
	}
	var rel string
	if strings.HasPrefix(t, "/") {
		abs := filepath.Clean(filepath.FromSlash(t))
		if !within(l.root, abs) && !within(l.realRoot, abs) {
			l.warn(f.Path, ref.Line, "import @%s is outside the repository; not followed", t)
			return
		}
		r, _ := filepath.Rel(l.root, abs)
		rel = filepath.ToSlash(r)
	} else {
		rel = path.Join(path.Dir(f.Path), t)
	}
	if rel == ".." || strings.HasPrefix(rel, "../") {
		l.warn(f.Path, ref.Line, "import @%s leaves the repository; not followed", t)
		return
	}
	fi, err := os.Stat(l.abs(rel))
	if err != nil || fi.IsDir() {
		if looksLikeFile {
			l.warn(f.Path, ref.Line, "import @%s: no such file in the repository; not followed", t)
		}
		// Otherwise "@name" is a mention (a person, a package scope), not an import.
		return
	}
	real, ok := l.resolve(rel, f.Path)
	if !ok {
		return
	}
	for i, c := range chain {
		if c == real {
			names := make([]string, 0, len(chain)-i+1)
			for _, cc := range chain[i:] {
				names = append(names, l.relOf(cc))
			}
			names = append(names, rel)
			l.warn(f.Path, ref.Line, "import cycle %s; not followed again", strings.Join(names, " -> "))
			return
		}
	}
	if depth > MaxImportDepth {
		l.warn(f.Path, ref.Line, "import @%s is deeper than %d levels; not followed", t, MaxImportDepth)
		return
	}
	// A discovered file already stands in the set with its own scope: "@AGENTS.md" in
	// CLAUDE.md adds nothing new, and "## React SDK: see
	// @packages/react-sdk/CLAUDE.md" in the root file points at the package's own
	// instructions, which govern the package, not the whole repository (wild round
	// 22, stream-video-js: the React SDK's rules flagged the core client and the
	// sample apps).
	if _, ok := l.realDiscovered[real]; ok {
		return
	}
	l.readImport(f, rel, real, false, false, chain, depth)
}

// followLink reads a local document an instruction file sends its reader to, as an
// import of that file: with the linking file's scope and format.
func (l *loader) followLink(f File, ref importRef, binds bool, chain []string, depth int) {
	rel := path.Join(path.Dir(f.Path), ref.Target)
	if rel == ".." || strings.HasPrefix(rel, "../") || recordDocument(rel) || descriptiveDocument(rel) || agentSkill(rel) {
		// (a link to an agent skill names the task it serves: its rules are the
		// skill's, read when an agent runs it)
		return
	}
	fi, err := os.Stat(l.abs(rel))
	if err != nil || fi.IsDir() {
		other, ok := l.caseVariant(rel)
		if !ok {
			if ref.Span {
				// "`tests.instructions.md` - provider tests", a file of a folder the
				// text named before, or "See `CONTRIBUTING.md`" from .github/: a
				// name in a code span promises no path, so its absence is no error
				return
			}
			l.warn(f.Path, ref.Line, "link to %s: no such file in the repository; not followed", ref.Target)
			return
		}
		// `.changes/readme.md` where the file is `.changes/README.md`: a
		// case-insensitive file system (and the writer) finds it, so the reader does
		l.warn(f.Path, ref.Line, "link to %s: no such file; followed to %s, whose name differs in case only", ref.Target, other)
		rel = other
	}
	real, ok := l.resolve(rel, f.Path)
	if !ok {
		return
	}
	for _, c := range chain {
		if c == real {
			return // a document linking back to its reader
		}
	}
	if _, ok := l.realDiscovered[real]; ok {
		return // an instruction file in its own right (CONTRIBUTING.md)
	}
	l.readImport(f, rel, real, !binds, true, chain, depth)
}

// recordDocument reports a document that records or licenses rather than instructs: a
// changelog, release notes, a licence, a notice, a list of authors, a list of work to
// do and its state (TODO.md, a roadmap), and a report of work done or its state (a
// close report, a handoff, an incident's write-up). A line that links one ("Update
// `CHANGELOG.md` for user-visible changes", "`TODO.md` is the execution order") names
// a file to edit or a plan to follow; the imperatives of its entries ("rename your
// files", "no `tuple` import in `values`") were said of their moment, and are no rules
// of the code.
// descriptiveDocument: a document that describes the system as it is, for its
// reader's understanding: system documentation, an API reference, an overview, a
// deployment or set-up guide ("Read `SYSTEM_DOCUMENTATION.md`, `doc/API.md`"). Its
// sentences tell how things work and were fixed ("the deploy script now ends the file
// with a newline"), which read as rules give findings no one asked for (wild round
// 32: 30 of 30 judged findings of one repository came from one such document).
func descriptiveDocument(rel string) bool {
	name := strings.ToUpper(strings.TrimSuffix(path.Base(rel), path.Ext(rel)))
	name = strings.NewReplacer("-", "_", " ", "_").Replace(name)
	switch name {
	case "API", "OVERVIEW", "GLOSSARY", "FAQ", "USAGE", "SETUP", "INSTALL", "INSTALLATION", "DEPLOY", "DEPLOYMENT", "TUTORIAL":
		return true
	}
	for _, w := range strings.Split(name, "_") {
		switch w {
		case "DOCUMENTATION", "REFERENCE", "OVERVIEW", "DEPLOY", "DEPLOYMENT", "INSTALLATION", "TUTORIAL", "WALKTHROUGH", "GLOSSARY":
			return true
		}
	}
	return false
}

// ruleDocumentWord: a word of a document's name that says it holds rules.
func ruleDocumentWord(w string) bool {
	switch w {
	case "GUIDE", "GUIDES", "GUIDELINES", "CHECKLIST", "STANDARD", "STANDARDS", "RULES", "CONVENTIONS", "POLICY", "INSTRUCTIONS":
		return true
	}
	return false
}

func recordDocument(rel string) bool {
	name := strings.ToUpper(strings.TrimSuffix(path.Base(rel), path.Ext(rel)))
	name = strings.NewReplacer("-", "_", " ", "_").Replace(name)
	switch name {
	case "CHANGELOG", "CHANGES", "HISTORY", "NEWS", "RELEASES", "RELEASE_NOTES", "RELEASENOTES", "LICENSE", "LICENCE",
		"COPYING", "NOTICE", "AUTHORS", "CONTRIBUTORS", "THIRD_PARTY_NOTICES", "EULA",
		"TODO", "TODOS", "ROADMAP", "BACKLOG", "STATUS", "PROGRESS", "KNOWN_ISSUES", "ISSUE", "ISSUES", "BUGS",
		// a project's memory: the log of what was done and decided, day by day
		// (wild round 36: a `docs/memory.md` whose audit notes read as bans)
		"MEMORY", "PROJECT_MEMORY":
		return true
	}
	// a report, a state of the work, a handoff, an incident's write-up, a journal:
	// "PURNATA_CLOSE_REPORT_v1_0", "CURRENT_STATE", "CAMPAIGN_HANDOFF" (wild round 21)
	words := strings.Split(name, "_")
	for i, w := range words {
		switch w {
		case "REPORT", "REPORTS", "HANDOFF", "HANDOVER", "POSTMORTEM", "INCIDENT", "INCIDENTS", "RETROSPECTIVE", "RETRO",
			"JOURNAL", "DIARY", "MINUTES", "WORKLOG", "DEVLOG", "STATUS", "PROGRESS":
			return true
		case "REVIEW", "AUDIT", "ANALYSIS", "ASSESSMENT", "FINDINGS", "VALIDATION", "CERTIFICATION", "PLAN", "PROPOSAL", "REDESIGN":
			// a review of the code, an audit, a plan of work to come (wild round
			// 33: "DATABASE_MODELS_REVIEW", "PAYMENT_LIFECYCLE_AUDIT"): what it
			// finds or proposes is no rule of the code as it is; a guide to
			// reviewing ("CODE_REVIEW_GUIDELINES") is one
			if !slices.ContainsFunc(words, ruleDocumentWord) {
				return true
			}
		case "STATE":
			if i > 0 && (words[i-1] == "CURRENT" || words[i-1] == "PROJECT") {
				return true
			}
		}
	}
	return false
}

// caseVariant is the one file of rel's folder whose name is rel's but for case, as a
// repository-relative path; false when there is none or more than one.
func (l *loader) caseVariant(rel string) (string, bool) {
	dir, name := path.Split(rel)
	entries, err := os.ReadDir(l.abs(path.Clean("./" + dir)))
	if err != nil {
		return "", false
	}
	found := ""
	for _, e := range entries {
		if !e.IsDir() && strings.EqualFold(e.Name(), name) {
			if found != "" {
				return "", false
			}
			found = path.Join(dir, e.Name())
		}
	}
	return found, found != ""
}

func (l *loader) relOf(real string) string {
	if r, ok := l.read[real]; ok {
		return r
	}
	if r, err := filepath.Rel(l.realRoot, real); err == nil {
		return filepath.ToSlash(r)
	}
	return real
}

func hasDocExt(p string) bool {
	switch strings.ToLower(path.Ext(p)) {
	case ".md", ".mdc", ".markdown", ".txt", ".rst":
		return true
	}
	return false
}

// For returns the constraints whose scope covers the repository-relative path p, in
// their order.
func For(cs []policy.Constraint, p string) []policy.Constraint {
	var out []policy.Constraint
	for _, c := range cs {
		if c.Scope.Covers(p) {
			out = append(out, c)
		}
	}
	return out
}

// dedupWarnings drops repeats (a file imported from two places warns once).
func dedupWarnings(ws []Warning) []Warning {
	seen := map[Warning]bool{}
	out := ws[:0]
	for _, w := range ws {
		if !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	return out
}

// folderReadme is the folder whose README rel is, "" for a README at the root or any
// other file.
func folderReadme(rel string) string {
	base := strings.ToLower(path.Base(rel))
	if base != "readme.md" && base != "readme.markdown" && base != "readme.rst" && base != "readme.txt" {
		return ""
	}
	if d := path.Dir(rel); d != "." && d != "/" {
		return d
	}
	return ""
}

// readImport reads the file at rel (resolved to real) as an import of f: with f's
// scope and format, once for each scope it is imported under. linked says f links
// to it rather than importing it.
func (l *loader) readImport(f File, rel, real string, reference, linked bool, chain []string, depth int) {
	key := real + "\x00" + f.Scope.Dir + "\x00" + strings.Join(f.Scope.Globs, ",")
	if l.imported[key] {
		return
	}
	l.imported[key] = true
	if _, ok := l.read[real]; !ok {
		l.read[real] = rel
	}
	scope := f.Scope
	if d := folderReadme(rel); linked && d != "" && (scope.Dir == "" || strings.HasPrefix(d+"/", scope.Dir+"/")) && len(scope.Globs) == 0 {
		// a folder's README, linked from above: it tells of its folder
		// (`Assets/Source/README.md`: the conventions of the code in
		// Assets/Source/, not of the vendored packages beside it; wild round 35)
		scope = policy.Scope{Dir: d}
	}
	imp := File{Path: rel, Format: f.Format, Markup: MarkupOf(rel), Scope: scope, ImportedBy: f.Path, Reference: reference || f.Reference, Linked: linked || f.Linked}
	l.extractFile(imp, real, chain, depth)
}
