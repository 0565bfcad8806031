package arch

import (
	"encoding/json"
	"fmt"
	"path"
	"strings"
	"sync"

	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// Placement by a language named in words: "Place PHP scripts in `php/`", "Put
// JavaScript files in `assets/js/`", "HTML pages (except index.html) go in `pages/`".

// languageFiles are the file kinds a language word names.
var languageFiles = map[string][]string{
	"php": {"*.php"}, "javascript": {"*.js"}, "js": {"*.js"}, "typescript": {"*.ts", "*.tsx"}, "ts": {"*.ts", "*.tsx"},
	"html": {"*.html", "*.htm"}, "css": {"*.css"}, "scss": {"*.scss"}, "sass": {"*.sass", "*.scss"}, "less": {"*.less"},
	"python": {"*.py"}, "shell": {"*.sh"}, "bash": {"*.sh"}, "sql": {"*.sql"}, "ruby": {"*.rb"}, "swift": {"*.swift"},
	"kotlin": {"*.kt"}, "java": {"*.java"}, "rust": {"*.rs"}, "vue": {"*.vue"}, "svelte": {"*.svelte"},
	"markdown": {"*.md"}, "lua": {"*.lua"}, "perl": {"*.pl"}, "powershell": {"*.ps1"}, "graphql": {"*.graphql", "*.gql"},
	"protobuf": {"*.proto"}, "proto": {"*.proto"}, "terraform": {"*.tf"}, "dart": {"*.dart"}, "elixir": {"*.ex", "*.exs"},
}

// kindFiles are the file kinds a word for what files hold names ("images", "fonts").
var kindFiles = sync.OnceValue(func() map[string][]string {
	return map[string][]string{
		"images": {"*.png", "*.jpg", "*.jpeg", "*.gif", "*.webp", "*.svg"}, "image": {"*.png", "*.jpg", "*.jpeg", "*.gif", "*.webp", "*.svg"},
		"pictures": {"*.png", "*.jpg", "*.jpeg", "*.gif", "*.webp"}, "screenshots": {"*.png", "*.jpg", "*.jpeg"},
		"icons": {"*.svg", "*.ico"}, "icon": {"*.svg", "*.ico"}, "fonts": {"*.woff", "*.woff2", "*.ttf", "*.otf", "*.eot"},
		"font": {"*.woff", "*.woff2", "*.ttf", "*.otf", "*.eot"}, "notebooks": {"*.ipynb"}, "notebook": {"*.ipynb"},
		"jupyter": {"*.ipynb"}, "stories": {"*.stories.*"}, "story": {"*.stories.*"}, "storybook": {"*.stories.*"},
		"diagrams": {"*.mmd", "*.puml", "*.plantuml", "*.drawio"}, "diagram": {"*.mmd", "*.puml", "*.plantuml", "*.drawio"},
		"data": {"*.csv", "*.tsv", "*.parquet"}, "scripts": {"*.sh", "*.bash", "*.zsh", "*.ps1"},
		"documentation": {"*.md", "*.rst", "*.adoc"}, "docs": {"*.md", "*.rst", "*.adoc"},
		"components": componentFiles, "react": {"*.tsx", "*.jsx"}, "ui": componentFiles, "csv": {"*.csv"}, "tsv": {"*.tsv"}, "svg": {"*.svg"},
	}
})

// componentFiles are the files UI components are written in.
var componentFiles = []string{"*.tsx", "*.jsx", "*.vue", "*.svelte"}

// componentsApart are files of a component's extension that are no component to
// place: tests, stories, and the pages, routes, layouts and entry files frameworks
// keep where they must be.
var componentsApart = []string{"**/*.test.*", "**/*.spec.*", "**/*.stories.*", "**/__tests__/**", "**/test/**", "**/tests/**",
	"**/pages/**", "**/app/**", "**/routes/**", "**/views/**", "**/screens/**", "**/layouts/**",
	"**/main.{tsx,jsx}", "**/index.{tsx,jsx}", "**/App.{tsx,jsx,vue,svelte}", "**/+*.svelte"}

// componentRE: a file that exports a component.
const componentRE = `(?m)^export (?:default )?(?:async )?(?:function|const|class) [A-Z]|^export default\b|<template\b|<script\b`

// docsApart are Markdown files that are no documentation to move into a docs folder:
// each folder's README, the project's own files at any depth, templates of the forge.
var docsApart = []string{"**/README*", "**/CHANGELOG*", "**/CHANGES*", "**/CONTRIBUTING*", "**/LICENSE*", "**/SECURITY*",
	"**/CODE_OF_CONDUCT*", "**/AGENTS.md", "**/CLAUDE.md", "**/GEMINI.md", ".github/**", ".gitlab/**", "**/.cursor/**", "**/.claude/**"}

// codeNounRE: a placed kind that names a program's code ("python modules", "java
// classes", "typescript source"), of which its tests are not part.
var codeNounRE = lazyre.New(`^[a-z]+ (?:new |all )?(?:source files|sources?|modules?|code|classes|packages)$`)

// languageWord is the language a placed kind opens with ("python modules" →
// "python"), or "" when it opens with a word for what the files hold.
func languageWord(kind string) string {
	first, _, _ := strings.Cut(kind, " ")
	if _, ok := languageFiles[first]; ok {
		return first
	}
	return ""
}

// placedKindFiles are the globs of the kind of file a placement sentence names: its
// first word a language ("php scripts") or a word for what the files hold.
func placedKindFiles(kind string) []string {
	first, _, _ := strings.Cut(kind, " ")
	if fs, ok := kindFiles()[first]; ok {
		return fs
	}
	return languageFiles[first]
}

// languagePlacement reads a placement rule whose file kind is a language named in
// words.
func languagePlacement(s sentence, c *policy.Constraint, rc *recognize.RepoContext) (policy.Rule, bool) {
	m := norm.ArchPlaceLangRE.FindStringSubmatch(s.prose)
	if m == nil {
		m = norm.ArchLangGoRE.FindStringSubmatch(s.prose)
	}
	if m == nil {
		return policy.Rule{}, false
	}
	files := placedKindFiles(m[1])
	if m[2] != "" {
		// "Diagrams (`*.mmd`, `*.puml`)": the patterns the text gives
		files = nil
		for _, i := range norm.ArchSpanIndexes(m[2]) {
			g := strings.TrimSpace(s.spans[i])
			if !strings.HasPrefix(g, "*.") || strings.ContainsAny(g, "/ ") {
				return policy.Rule{}, false // not a pattern of file names
			}
			files = append(files, g)
		}
	}
	if len(files) == 0 {
		return policy.Rule{}, false
	}
	var except []string
	for _, e := range strings.FieldsFunc(m[3], func(r rune) bool { return r == ',' || r == ' ' }) {
		e = strings.Trim(e, "`'\"")
		if e == "and" || e == "or" || e == "" {
			continue
		}
		if strings.ContainsAny(e, " <>") || path.Ext(e) == "" {
			return policy.Rule{}, false // an exception heed cannot name as a file
		}
		except = append(except, e)
	}
	// ", except for §1, which stays at the root": files the text names
	for _, i := range norm.ArchSpanIndexes(m[6]) {
		e := strings.TrimSpace(s.spans[i])
		if e == "" || strings.ContainsAny(e, " <>") || path.Ext(e) == "" {
			return policy.Rule{}, false
		}
		except = append(except, e)
	}
	folders := []string{s.spans[atoi(m[4][len("§"):])]}
	if m[5] != "" {
		// "(backups go to §1)": another folder the kind may live in
		folders = append(folders, s.spans[atoi(m[5][len("§"):])])
	}
	under, ok := underGlobs(folders, c, rc)
	if !ok {
		return policy.Rule{}, false
	}
	if rc != nil && languageWord(m[1]) != "" && codeNounRE.MatchString(m[1]) && !norm.SpeaksOfTests(s.prose) {
		// "New Python modules should go in `src/`": the language's tests are
		// modules of their own kind, with their own place (`tests/`)
		except = append(except, testNameGlobs(rc.Languages)...)
		except = append(except, testTrees...)
		except = append(except, "**/conftest.py")
	}
	params := placementParams{Files: files, Under: under, Except: except}
	name := "sample" + strings.TrimPrefix(files[0], "*")
	good := strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(under[0], "**/"), "/"), "/**") + "/" + name
	cases := []policy.Case{
		{Expect: policy.ExpectViolated, Path: "elsewhere/" + name, Note: "a file of the kind in the wrong place"},
		{Expect: policy.ExpectSatisfied, Path: good, Note: "a file of the kind where it belongs"},
	}
	if len(except) > 0 && !strings.ContainsAny(except[0], "*?[") {
		cases = append(cases, policy.Case{Expect: policy.ExpectInapplicable, Path: except[0], Note: "the exception"})
	}
	r := archRule(KindPlacement, params, c,
		fmt.Sprintf("a %s file outside %s", list(files), list(humans(under))),
		fmt.Sprintf("move the file under %s", list(humans(under))), cases...)
	if first, _, _ := strings.Cut(m[1], " "); first == "documentation" || first == "docs" {
		// "Documentation goes in `docs/`": the files every folder keeps for
		// itself (a README, the changelog, agent instructions) are no part of it
		params.Except = append(params.Except, docsApart...)
		r.Params, _ = json.Marshal(params)
		r.Doubt("heed reads documentation as the repository's Markdown, reStructuredText and AsciiDoc files")
	}
	if strings.HasSuffix(m[1], "components") && m[2] == "" {
		// "New React components live in `src/components/`": a file of the kind
		// that exports a component (a capitalised function, class or constant, a
		// default export, a single-file component), not its tests, stories or the
		// pages and routes a framework keeps in folders of their own
		params.Except = append(params.Except, componentsApart...)
		params.Containing = componentRE
		r.Params, _ = json.Marshal(params)
		r.Doubt("heed takes a file that exports a capitalised function, class or constant for a component")
	}
	if strings.TrimSpace(m[1]) == "scripts" {
		// "Scripts go under `scripts/`": read as shell scripts, which the word
		// alone may not mean (Python scripts, a build's scripts)
		r.Doubt("heed reads \"scripts\" as shell scripts")
	}
	return r, true
}

// placeholderSegment returns where the first folder of a path that stands for any
// name (`<Name>`, `{feature}`) begins, or -1.
func placeholderSegment(p string) int {
	start := 0
	for _, seg := range strings.Split(p, "/") {
		if strings.HasPrefix(seg, "<") && strings.HasSuffix(seg, ">") || strings.HasPrefix(seg, "{") && strings.HasSuffix(seg, "}") {
			return start
		}
		start += len(seg) + 1
	}
	return -1
}

// underGlobs are the folders spans name for files to live under: a folder of the
// repository, a bare folder name the repository does not have yet at any depth, a
// path.
func underGlobs(spans []string, c *policy.Constraint, rc *recognize.RepoContext) ([]string, bool) {
	var under []string
	for _, span := range spans {
		span = strings.TrimSpace(span)
		name := strings.Trim(strings.TrimPrefix(span, "./"), "/")
		if i := placeholderSegment(name); i > 0 {
			// "`src/components/<Name>/`": the folder up to the placeholder
			name, span = name[:i-1], name[:i]
		}
		if name == "" || strings.ContainsAny(name, " *?{}<>") {
			return nil, false
		}
		switch {
		case isDir(rc, repoPath(name, c, rc)):
			under = append(under, repoPath(name, c, rc)+"/**")
		case strings.HasSuffix(span, "/") && !strings.Contains(name, "/"):
			under = append(under, "**/"+name+"/**")
		case strings.Contains(name, "/") && path.Ext(name) == "":
			under = append(under, repoPath(name, c, rc)+"/**")
		default:
			return nil, false
		}
	}
	return under, len(under) > 0
}
