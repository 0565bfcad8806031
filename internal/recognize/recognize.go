// Package recognize is the contract between the offline compiler and the domain
// packages: a recogniser owns one family of sentences ("use X, not Y", "never run
// `CMD`", "`A` must not import `B`") and turns a constraint into rules of known kinds.
// It also holds the small text helpers recognisers share.
package recognize

import (
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/policy"
)

// Recognizer turns constraints of one family into rules.
type Recognizer interface {
	// Name identifies the recogniser; it becomes the rules' origin.
	Name() string
	// Recognize returns the rules the constraint yields, or none. It must be pure and
	// fast: it runs on every constraint of every instruction file.
	Recognize(c *policy.Constraint, rc *RepoContext) Result
}

// A Reviewer is a recogniser that can put the offline compiler's doubts about a rule
// whatever made it: a rule made by a model goes through the review heed's own rules
// get (a command ban its instruction file shows as normal use). ReviewRule returns
// why the rule is in doubt, "" when it is not; it must not change r.
type Reviewer interface {
	ReviewRule(c *policy.Constraint, rc *RepoContext, r *policy.Rule) string
}

// Result is what a recogniser made of a constraint.
type Result struct {
	// Rules have Domain, Kind, Params, Severity, Exact, Message, Suggestion and Cases
	// set. The compiler fills ID, Origin and Generated, and Scope when it is empty
	// (the constraint's scope).
	Rules []policy.Rule
	// Unenforced, when no rule is returned, says why the family was recognised but not
	// compiled ("refers to a tool heed does not run"); empty means "not mine".
	Unenforced string
	// Semantic marks a constraint the recogniser identified as a design-intent rule
	// that only a model can judge.
	Semantic bool
}

// RepoContext is what a recogniser may know about the repository besides the
// constraint: enough to pick languages and resolve names, nothing that costs I/O.
type RepoContext struct {
	// Languages present in the repository (engine.Lang* names), most files first.
	Languages []string
	// Dirs lists the repository's directories, repository-relative, sorted.
	Dirs []string
	// GoModule is the module path of the root go.mod, if any.
	GoModule string
	// Tools are command names the repository shows it uses (package manager lock
	// files, Makefile...), e.g. "pnpm", "uv", "cargo", "make".
	Tools []string
	// Extensions are the file extensions of the repository's files (".cpp", ".ml"),
	// most files first, at most a dozen: the code of languages heed has no grammar for
	// is still text a line-length rule can judge. Nil when unknown.
	Extensions []string
	// Packages are the third-party packages the repository's manifests declare
	// (package.json, pyproject.toml, requirements*.txt, go.mod, Cargo.toml, Gemfile,
	// build.gradle(.kts), gradle/libs.versions.toml, pom.xml, *.csproj), so a name a
	// sentence gives can be resolved against the repository itself. Nil when unknown.
	Packages []Package
	// SourceImports lists the third-party and standard-library modules the
	// repository's source imports (the import graph's external packages), so a name
	// no manifest declares can still be resolved against the code. It parses the
	// source on its first call and remembers the answer; nil when unknown. It is no
	// part of the context's identity (a cache key leaves it out).
	SourceImports func() []ImportedModule `json:"-"`
	// LanguagesUnder lists the languages of the files under a repository-relative
	// folder, most files first (engine.Lang* names), so a nested instruction file's
	// rules can be read for the code of its folder (a Rust crate in a TypeScript
	// repository). Nil when unknown. It is no part of the context's identity.
	LanguagesUnder func(dir string) []string `json:"-"`
	// LintExcluded are, per language (engine.Lang* names), the globs of the files the
	// project's own linter skips (ruff's exclude): archived or draft code the
	// project's conventions, and so the rules compiled from them, do not govern. Nil
	// when none.
	LintExcluded map[string][]string `json:",omitempty"`
	// LintIgnored are, per heed check ("max_line_length"), the globs of the files
	// the project's linter does not hold to that check's rule (ruff's per-file
	// ignores of E501, or every Python file when it ignores E501 everywhere): the
	// project's own exception. Nil when none.
	LintIgnored map[string][]string `json:",omitempty"`
	// Constraints is every constraint of the instruction set in document order (by
	// file, then line), so a recogniser can read a constraint's neighbours: an
	// exception stated in the next list item ("The exceptions are `vite.config.ts` and
	// `*.stories.tsx`") belongs to the rule before it. Nil when unknown.
	Constraints []policy.Constraint
	// Cache holds what recognisers derive from this context and share across
	// constraints (Cache.Get); nil shares nothing. It is no part of the context's
	// identity.
	Cache *Cache `json:"-"`
	// Tasks are the targets of the task runners at the repository's root (package.json
	// scripts, make, just, Taskfile, tox, nox, poe, Cargo aliases, composer scripts),
	// so a role named in words ("run the tests") can be resolved to the project's
	// command for it. Nil when unknown.
	Tasks []Task
	// Workspace are the JavaScript packages of the repository (each folder with a
	// package.json, "" the root's), and whether its release tool publishes each:
	// a change file (changesets, beachball) is asked of the published ones only.
	// Nil when unknown.
	Workspace []WorkspacePackage
	// Crates are the Rust packages of the repository (each folder whose Cargo.toml
	// declares a [package]), by name, so a sentence may name one by its crate name
	// ("any change to the `acme-core` crate"). Nil when unknown.
	Crates []WorkspacePackage
}

// PackageDir is the repository-relative folder of the workspace package (npm) or
// crate named name ("" for the root), and whether exactly one has that name.
func (rc *RepoContext) PackageDir(name string) (string, bool) {
	if rc == nil || name == "" {
		return "", false
	}
	var dirs []string
	for _, w := range rc.Workspace {
		if w.Name == name {
			dirs = append(dirs, w.Dir)
		}
	}
	if len(dirs) == 0 {
		// Cargo treats "-" and "_" in a crate's name alike
		norm := strings.ReplaceAll(name, "_", "-")
		for _, w := range rc.Crates {
			if strings.ReplaceAll(w.Name, "_", "-") == norm {
				dirs = append(dirs, w.Dir)
			}
		}
	}
	if len(dirs) != 1 {
		return "", false
	}
	return dirs[0], true
}

// WorkspacePackage is one package.json of the repository.
type WorkspacePackage struct {
	// Dir is its repository-relative folder, "" for the root.
	Dir string
	// Name is the package's name.
	Name string
	// Unpublished: the release tool leaves it out ("private": true, or a package
	// the changesets configuration ignores).
	Unpublished bool
}

// Task is one target of a task runner at the repository's root.
type Task struct {
	// Runner is the program that runs it: npm (package.json scripts, whichever
	// package manager runs them), make, just, task, tox, nox, poe, cargo (an alias),
	// composer.
	Runner string
	// Name is the target's name: "test", "lint", "py311".
	Name string
	// File is the repository-relative file that defines it.
	File string
	// Steps are the commands the target runs, in order, when heed can read them all
	// and the runner's success implies each (`vitest run` for a "test" script; a
	// make target that runs `npm run build` and so `tsc -p .`); nil otherwise.
	Steps [][]string
	// Programs are the program and the words after it up to the first computed one,
	// of each step heed read the program of, even where Steps is nil for a word
	// computed at run time further on (`go test -run "$(FILTER)" ./...` gives `go
	// test -run`): which tools the target runs, not whether its success implies them.
	Programs [][]string
}

// Resolvable reports whether names can be resolved against the repository: its
// manifests or its source's imports.
func (rc *RepoContext) Resolvable() bool {
	return rc != nil && (len(rc.Packages) > 0 || rc.SourceImports != nil)
}

// ImportedModule is a module the repository's source imports from outside itself.
type ImportedModule struct {
	// Name is the package as the graph names it: "requests", "lodash",
	// "@scope/pkg", "github.com/sirupsen/logrus", "httparty", "org.mockito".
	Name string
	// Lang is the language of the files that import it (engine.Lang* names).
	Lang string
	// Files counts the files that import it.
	Files int
}

// Package is a third-party package a manifest of the repository declares.
type Package struct {
	// Name is the package's name as the manifest writes it: "lodash", "httpx",
	// "github.com/sirupsen/logrus", "anyhow", "factory_bot_rails",
	// "org.mockito:mockito-core", "Newtonsoft.Json".
	Name string
	// Ecosystem is the registry the name belongs to: npm, pypi, go, cargo, gem,
	// maven or nuget.
	Ecosystem string
	// Manifest is the repository-relative path of the file that declares it.
	Manifest string
	// Indirect marks a requirement the repository has through another package (a
	// go.mod "// indirect" line).
	Indirect bool
}

// Following returns the constraints after c in the same file and under the same
// header path, in order, up to n of them (the list items that may qualify it).
func (rc *RepoContext) Following(c *policy.Constraint, n int) []*policy.Constraint {
	if rc == nil || c == nil || n <= 0 {
		return nil
	}
	at := -1
	for i := range rc.Constraints {
		if rc.Constraints[i].ID == c.ID && c.ID != "" {
			at = i
			break
		}
	}
	if at < 0 {
		return nil
	}
	var out []*policy.Constraint
	for i := at + 1; i < len(rc.Constraints) && len(out) < n; i++ {
		o := &rc.Constraints[i]
		if o.File != c.File || strings.Join(o.HeaderPath, "\x00") != strings.Join(c.HeaderPath, "\x00") {
			break
		}
		out = append(out, o)
	}
	return out
}

// FoldersNamed are the repository's folders whose path is p or ends in it (`__snapshots__`
// beside each test, `src/components/ui` under frontend/), in order.
func (rc *RepoContext) FoldersNamed(p string) []string {
	if rc == nil || p == "" {
		return nil
	}
	var out []string
	for _, d := range rc.Dirs {
		if d == p || strings.HasSuffix(d, "/"+p) {
			out = append(out, d)
		}
	}
	return out
}

// EarlierOnLine returns the constraints cut from the same line of the same file before
// c, in order: the earlier clauses of its sentence or list item (the extractor keeps
// them next to each other).
func (rc *RepoContext) EarlierOnLine(c *policy.Constraint) []*policy.Constraint {
	if rc == nil || c == nil || c.ID == "" {
		return nil
	}
	at := -1
	for i := range rc.Constraints {
		if rc.Constraints[i].ID == c.ID {
			at = i
			break
		}
	}
	first := at
	for first > 0 && rc.Constraints[first-1].File == c.File && rc.Constraints[first-1].Line == c.Line {
		first--
	}
	var out []*policy.Constraint
	for i := first; i < at; i++ {
		out = append(out, &rc.Constraints[i])
	}
	return out
}

// HasLanguage reports whether the repository has files of the language.
func (rc *RepoContext) HasLanguage(lang string) bool {
	if rc == nil {
		return false
	}
	for _, l := range rc.Languages {
		if l == lang {
			return true
		}
	}
	return false
}

var codeSpanRE = lazyre.New("`+([^`]+)`+")

// CodeSpans returns the contents of the inline code spans of text, in order.
func CodeSpans(text string) []string {
	var out []string
	for _, m := range codeSpanRE.FindAllStringSubmatch(text, -1) {
		if s := strings.TrimSpace(m[1]); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// StripCode replaces every inline code span with a placeholder word, so that word
// tests on prose are not fooled by code ("`--no-verify`" contains "no").
func StripCode(text string) string {
	return codeSpanRE.ReplaceAllString(text, "CODE")
}

// Lower returns the prose in lower case with code spans replaced (see StripCode) and
// white space folded.
func Lower(text string) string {
	return strings.Join(strings.Fields(strings.ToLower(StripCode(text))), " ")
}

var negRE = lazyre.New(`\b(never|not|no|don't|do not|dont|avoid|must not|mustn't|shouldn't|should not|cannot|can't|forbidden|prohibited|disallowed|instead of)\b`)

// Negated reports whether the prose carries a prohibition word.
func Negated(text string) bool { return negRE.MatchString(Lower(text)) }

// Severity maps a constraint's level to a rule severity: must rules block, should
// rules warn.
func Severity(l policy.Level) string {
	if l == policy.Must {
		return policy.SeverityError
	}
	return policy.SeverityWarning
}

// EcosystemLanguages are the languages whose code imports the packages of a registry
// (Package.Ecosystem), most likely first; nil for a registry heed does not know.
func EcosystemLanguages(eco string) []string {
	switch eco {
	case "npm":
		return []string{engine.LangJavaScript, engine.LangTypeScript, engine.LangTSX}
	case "pypi":
		return []string{engine.LangPython}
	case "go":
		return []string{engine.LangGo}
	case "cargo":
		return []string{engine.LangRust}
	case "gem":
		return []string{engine.LangRuby}
	case "maven":
		return []string{engine.LangJava, engine.LangKotlin}
	case "nuget":
		return []string{engine.LangCSharp}
	}
	return nil
}
