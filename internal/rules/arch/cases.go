package arch

import (
	"path"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// sampler writes the small repositories of authored cases: a file that imports
// another, in a language the repository uses, at paths the rule's globs select.
type sampler struct {
	lang   string
	module string // Go module path
}

func newSampler(rc *recognize.RepoContext, hints ...subject) sampler {
	s := sampler{lang: engine.LangTypeScript, module: "example.com/app"}
	for _, h := range hints {
		if h.lang != "" {
			s.lang = h.lang
			break
		}
	}
	if s.lang == engine.LangTypeScript && rc != nil {
		for _, l := range rc.Languages {
			if l == engine.LangGo || l == engine.LangPython || l == engine.LangTypeScript || l == engine.LangJavaScript || l == engine.LangTSX || l == engine.LangJava {
				s.lang = l
				break
			}
		}
	}
	if rc != nil && rc.GoModule != "" {
		s.module = rc.GoModule
	}
	if s.lang == engine.LangTSX || s.lang == engine.LangJavaScript {
		s.lang = engine.LangTypeScript
	}
	return s
}

func (s sampler) ext() string {
	switch s.lang {
	case engine.LangGo:
		return ".go"
	case engine.LangPython:
		return ".py"
	case engine.LangJava:
		return ".java"
	}
	return ".ts"
}

var starRE = lazyre.New(`\*+`)

// concrete returns a file path the glob selects, named after name.
func (s sampler) concrete(glob, name string) string {
	g := strings.TrimPrefix(strings.TrimPrefix(glob, "./"), "/")
	ext := s.ext()
	if s.lang == engine.LangJava {
		name = strings.ToUpper(name[:1]) + name[1:]
	}
	switch {
	case g == "" || g == "**":
		return "pkg/" + name + ext
	case strings.HasSuffix(g, "/**"):
		base := strings.ReplaceAll(strings.TrimSuffix(g, "/**"), "**/", "")
		return starRE.ReplaceAllString(base, "a") + "/" + name + ext
	case !strings.Contains(g, "/") && strings.Contains(g, "*"):
		// A file kind: *_test.go -> pkg/name_test.go; *.test.* -> pkg/name.test.ts.
		p := strings.Replace(g, "*", name, 1)
		p = strings.ReplaceAll(p, "*", strings.TrimPrefix(ext, "."))
		return "pkg/" + p
	case path.Ext(g) != "":
		return starRE.ReplaceAllString(g, "a")
	}
	return starRE.ReplaceAllString(strings.ReplaceAll(g, "**/", ""), "a") + "/" + name + ext
}

// repo returns the code of from importing to, and the files it needs.
func (s sampler) repo(from, to string, extra ...string) (string, map[string]string) {
	files := map[string]string{}
	add := func(p string) {
		switch s.lang {
		case engine.LangGo:
			files[p] = "package " + goIdent(path.Base(path.Dir(p))) + "\n"
		case engine.LangPython:
			files[p] = "x = 1\n"
		case engine.LangJava:
			files[p] = "package " + strings.ReplaceAll(path.Dir(p), "/", ".") + ";\npublic class " + strings.TrimSuffix(path.Base(p), ".java") + " {}\n"
		default:
			files[p] = "export const x = 1;\n"
		}
	}
	add(to)
	for _, e := range extra {
		add(e)
	}
	switch s.lang {
	case engine.LangGo:
		files["go.mod"] = "module " + s.module + "\n\ngo 1.22\n"
		imp := s.module
		if d := path.Dir(to); d != "." {
			imp += "/" + d
		}
		return "package " + goIdent(path.Base(path.Dir(from))) + "\n\nimport _ \"" + imp + "\"\n", files
	case engine.LangPython:
		mod := strings.ReplaceAll(strings.TrimSuffix(strings.TrimSuffix(to, ".py"), "/__init__"), "/", ".")
		return "from " + mod + " import x\n", files
	case engine.LangJava:
		cls := strings.ReplaceAll(strings.TrimSuffix(to, ".java"), "/", ".")
		pkg := strings.ReplaceAll(path.Dir(from), "/", ".")
		return "package " + pkg + ";\n\nimport " + cls + ";\n\npublic class " + strings.TrimSuffix(path.Base(from), ".java") + " {}\n", files
	}
	rel := relPath(path.Dir(from), strings.TrimSuffix(to, path.Ext(to)))
	return "import { x } from \"" + rel + "\";\n", files
}

func goIdent(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || (b.Len() > 0 && r >= '0' && r <= '9') {
			b.WriteRune(r)
		}
	}
	if b.Len() == 0 {
		return "p"
	}
	return b.String()
}

// relPath is the ./ or ../ import path from folder dir to target.
func relPath(dir, target string) string {
	if dir == "." {
		dir = ""
	}
	ds := strings.Split(dir, "/")
	ts := strings.Split(target, "/")
	if dir == "" {
		ds = nil
	}
	i := 0
	for i < len(ds) && i < len(ts)-1 && ds[i] == ts[i] {
		i++
	}
	up := len(ds) - i
	var b strings.Builder
	if up == 0 {
		b.WriteString("./")
	}
	for j := 0; j < up; j++ {
		b.WriteString("../")
	}
	b.WriteString(strings.Join(ts[i:], "/"))
	return b.String()
}

// importCase is an authored case: from imports to.
func (s sampler) importCase(expect, from, to, note string, extra ...string) policy.Case {
	code, files := s.repo(from, to, extra...)
	return policy.Case{Expect: expect, Path: from, Code: code, Files: files, Note: note}
}
