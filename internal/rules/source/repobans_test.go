package source

import (
	"slices"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// TestRepoNameBans: names resolved against the packages the repository declares,
// and the words that must stay what the sentence makes them.
func TestRepoNameBans(t *testing.T) {
	goRepo := &recognize.RepoContext{Languages: []string{engine.LangGo}, Packages: []recognize.Package{
		{Name: "github.com/rs/zerolog", Ecosystem: "go", Manifest: "go.mod"},
		{Name: "github.com/sirupsen/logrus", Ecosystem: "go", Manifest: "go.mod"},
		{Name: "github.com/containerd/log", Ecosystem: "go", Manifest: "go.mod", Indirect: true},
	}}
	jsRepo := &recognize.RepoContext{Languages: []string{engine.LangTypeScript}, Packages: []recognize.Package{
		{Name: "debug", Ecosystem: "npm", Manifest: "package.json"},
		{Name: "vite", Ecosystem: "npm", Manifest: "package.json"},
		{Name: "vite-plus", Ecosystem: "npm", Manifest: "package.json"},
		{Name: "date-fns", Ecosystem: "npm", Manifest: "package.json"},
	}}
	cases := []struct {
		text string
		rc   *recognize.RepoContext
		want []string // modules whose import is banned, in the rules' messages
		not  []string
	}{
		// traefik's AGENTS.md:78 shape: the standard library's `log` stays itself
		{"The project uses `github.com/rs/zerolog` exclusively; do not import `log`, `slog`, or `logrus`.", goRepo,
			[]string{"`log`", "`github.com/sirupsen/logrus`"}, []string{"containerd"}},
		{"Do not use log statements in hot paths.", goRepo, nil, []string{"containerd"}},
		{"Don't use debug logging in production code.", jsRepo, nil, []string{"`debug`"}},
		{"Import from `vite-plus` instead of `vite`.", jsRepo, []string{"import of `vite`"}, []string{"import of `vite-plus`"}},
		{"No moment.js, use date-fns.", jsRepo, []string{"import of `moment`"}, []string{"import of `date-fns`"}},
		{"Avoid globals; pass values explicitly.", jsRepo, nil, []string{"globals"}},
		// graphiti's AGENTS.md:34 shape: "no X" inside a clause is a condition
		{"`make test` does not set `DISABLE_DB`, so with no debug, those tests hang.", jsRepo, nil, []string{"`debug`"}},
	}
	for _, c := range cases {
		res := bannedRecognizer{}.Recognize(&policy.Constraint{Text: c.text, Level: policy.Must, File: "AGENTS.md"}, c.rc)
		var msgs []string
		for _, r := range res.Rules {
			msgs = append(msgs, r.Message+" ["+r.Severity+"]")
		}
		all := strings.Join(msgs, "; ")
		for _, w := range c.want {
			if !strings.Contains(all, w) {
				t.Errorf("%q: no ban of %s; rules: %s", c.text, w, all)
			}
		}
		for _, n := range c.not {
			if strings.Contains(all, n) {
				t.Errorf("%q: bans %s; rules: %s", c.text, n, all)
			}
		}
		for _, r := range res.Rules {
			if strings.Contains(r.Message, "declares") && r.Severity != policy.SeverityWarning {
				t.Errorf("%q: a resolved name blocks: %s", c.text, r.Message)
			}
		}
	}
}

// TestImportedNameBans: names no manifest declares, resolved against what the
// source imports, and Python distributions whose import name differs, either way
// round; the words that must stay what the sentence makes them.
func TestImportedNameBans(t *testing.T) {
	calls := 0
	imports := func(ms ...recognize.ImportedModule) func() []recognize.ImportedModule {
		return func() []recognize.ImportedModule { calls++; return ms }
	}
	py := &recognize.RepoContext{Languages: []string{engine.LangPython}, SourceImports: imports(
		recognize.ImportedModule{Name: "requests", Lang: engine.LangPython, Files: 3},
		recognize.ImportedModule{Name: "bs4", Lang: engine.LangPython, Files: 1},
		recognize.ImportedModule{Name: "sklearn", Lang: engine.LangPython, Files: 2},
		recognize.ImportedModule{Name: "os", Lang: engine.LangPython, Files: 9},
	)}
	pyDeclared := &recognize.RepoContext{Languages: []string{engine.LangPython}, Packages: []recognize.Package{
		{Name: "PyYAML", Ecosystem: "pypi", Manifest: "requirements.txt"},
		{Name: "python-dateutil", Ecosystem: "pypi", Manifest: "pyproject.toml"},
		{Name: "Pillow", Ecosystem: "pypi", Manifest: "pyproject.toml"},
		{Name: "opencv-python-headless", Ecosystem: "pypi", Manifest: "requirements.txt"},
	}}
	mixed := &recognize.RepoContext{Languages: []string{engine.LangTypeScript, engine.LangGo, engine.LangRuby}, SourceImports: imports(
		recognize.ImportedModule{Name: "moment", Lang: engine.LangTypeScript, Files: 4},
		recognize.ImportedModule{Name: "path", Lang: engine.LangTypeScript, Files: 7},
		recognize.ImportedModule{Name: "github.com/sirupsen/logrus", Lang: engine.LangGo, Files: 2},
		recognize.ImportedModule{Name: "github.com/acme/log", Lang: engine.LangGo, Files: 2},
		recognize.ImportedModule{Name: "httparty", Lang: engine.LangRuby, Files: 1},
	)}
	cases := []struct {
		text string
		rc   *recognize.RepoContext
		want []string // modules whose import is banned, in the rules' messages
		not  []string
	}{
		{"Prefer `httpx` over `requests`.", py, []string{"import of `requests`", "imports, in 3 files"}, []string{"httpx"}},
		{"Avoid beautifulsoup4; parse HTML with `lxml`.", py, []string{"import of `bs4`"}, []string{"lxml"}},
		{"Don't use scikit-learn here.", py, []string{"import of `sklearn`"}, nil},
		{"Never write `requests` by hand; log them.", py, nil, []string{"requests"}},
		{"Don't use PyYAML.", pyDeclared, []string{"import of `yaml`"}, []string{"pyyaml"}},
		{"Do not use `dateutil`; use the standard library.", pyDeclared, []string{"import of `dateutil`"}, nil},
		{"Avoid Pillow.", pyDeclared, []string{"import of `PIL`"}, nil},
		{"Never depend on opencv-python-headless.", pyDeclared, []string{"import of `cv2`"}, nil},
		// the alternative is the banned package itself: no ban of it
		{"Don't use PyYAML; call `yaml.safe_load` through `config.load`.", pyDeclared, nil, []string{"import of `yaml`"}},
		{"Don't use moment; dates go through `src/time.ts`.", mixed, []string{"import of `moment`"}, nil},
		{"Avoid logrus; use `log/slog`.", mixed, []string{"import of `github.com/sirupsen/logrus`"}, []string{"acme"}},
		{"Don't use HTTParty; use Faraday.", mixed, []string{"import of `httparty`"}, nil},
		// a name used as a name, not the module
		{"Don't use `path` as a variable name.", mixed, nil, []string{"`path`"}},
		{"Do not use moment objects in the API; pass ISO strings.", mixed, nil, []string{"moment"}},
		{"Don't use React class components.", mixed, nil, []string{"react"}},
	}
	for _, c := range cases {
		res := bannedRecognizer{}.Recognize(&policy.Constraint{Text: c.text, Level: policy.Must, File: "AGENTS.md"}, c.rc)
		var msgs []string
		for _, r := range res.Rules {
			msgs = append(msgs, r.Message+" ["+r.Severity+"]")
			if strings.Contains(r.Message, "imports, in") && r.Severity != policy.SeverityWarning {
				t.Errorf("%q: a name resolved against the source's imports blocks: %s", c.text, r.Message)
			}
		}
		all := strings.Join(msgs, "; ")
		for _, w := range c.want {
			if !strings.Contains(all, w) {
				t.Errorf("%q: no ban of %s; rules: %s", c.text, w, all)
			}
		}
		for _, n := range c.not {
			if strings.Contains(strings.ToLower(all), strings.ToLower(n)) {
				t.Errorf("%q: bans %s; rules: %s", c.text, n, all)
			}
		}
	}
	if calls == 0 {
		t.Errorf("the source's imports were never asked for")
	}
}

// TestPyDistributions: the distribution table read both ways.
func TestPyDistributions(t *testing.T) {
	for _, c := range []struct {
		a, b string
		same bool
	}{
		{"PyYAML", "yaml", true}, {"yaml", "pyyaml", true}, {"beautifulsoup4", "bs4", true},
		{"python-dateutil", "dateutil", true}, {"Pillow", "PIL", true}, {"scikit-learn", "sklearn", true},
		{"opencv-python", "cv2", true}, {"opencv-contrib-python-headless", "cv2", true},
		{"ruamel.yaml", "ruamel_yaml", true}, {"requests", "requests", true},
		{"PyYAML", "ruamel.yaml", false}, {"yaml", "yamllint", false}, {"Pillow", "pil_mode", false},
		{"python-dateutil", "python", false}, {"requests", "requests_mock", false},
	} {
		if got := pySameProject(c.a, c.b); got != c.same {
			t.Errorf("pySameProject(%q, %q) = %v, want %v", c.a, c.b, got, c.same)
		}
	}
	if got := pyImportNames("ruamel.yaml"); len(got) != 1 || got[0] != "ruamel.yaml" {
		t.Errorf("ruamel.yaml is imported as %v", got)
	}
}

// TestTextBans: text that is no API, banned where that kind of text lives, and the
// readings that must stay out.
func TestTextBans(t *testing.T) {
	rc := &recognize.RepoContext{Languages: []string{engine.LangTypeScript}, Dirs: []string{"docs", "test"}}
	cases := []struct {
		text string
		want string // a regex fragment of the rule, "" for none
	}{
		{"Internal links must point at the `.md` file, not a `docs.example.org` URL.", "//docs"},
		{"`text-primary` instead of `text-white`", "text-white"},
		{"Never use 'use client' directive.", "use"},
		// fetched-2 rice CLAUDE.md:91 shape: a span naming what the next word is
		{"The layout was verified: no `on-created-empty` double-spawn.", ""},
		// a package the sentence prefers, not a class
		{"The site lives at `docs.example.org` and rebuilds on merge.", ""},
		// a construct of words: the catalogue's and the ban reader's
		{"Don't use `export default`; named exports only.", ""},
		// formbricks' AGENTS.md:172 and coolify's AGENTS.md:176 shapes: a package
		// and a PHP facade are no class and no setting
		{"Use shared formatting helpers instead of ad hoc `date-fns` calls.", ""},
		{"Use Eloquent relationships, avoid `DB::` facade.", ""},
	}
	for _, c := range cases {
		res := textBanRecognizer{}.Recognize(&policy.Constraint{Text: c.text, Level: policy.Must, File: "docs/AGENTS.md"}, rc)
		var got []string
		for _, r := range res.Rules {
			got = append(got, string(r.Params))
			if !slices.Contains(r.Scope.Exclude, "docs/AGENTS.md") {
				t.Errorf("%q: the instruction file itself is judged: %v", c.text, r.Scope.Exclude)
			}
		}
		all := strings.Join(got, " ")
		switch {
		case c.want == "" && len(got) > 0:
			t.Errorf("%q: want no rule, got %s", c.text, all)
		case c.want != "" && !strings.Contains(all, c.want):
			t.Errorf("%q: want a rule with %s, got %q", c.text, c.want, all)
		}
	}
}

// TestNamingReadings: conventions read into rules, and the sentences that must give
// none (the dev corpus sweep's misreadings among them).
func TestNamingReadings(t *testing.T) {
	py := &recognize.RepoContext{Languages: []string{engine.LangPython}, Extensions: []string{".py"}}
	ocaml := &recognize.RepoContext{Languages: []string{engine.LangPython, engine.LangC}, Extensions: []string{".ml", ".mli", ".py"}}
	cpp := &recognize.RepoContext{Languages: []string{engine.LangCPP, engine.LangPython}, Extensions: []string{".cpp", ".hpp", ".py"}}
	c := &recognize.RepoContext{Languages: []string{engine.LangC}, Extensions: []string{".c", ".h", ".ps1"}}
	cases := []struct {
		text string
		rc   *recognize.RepoContext
		want int
	}{
		// the same shape in a C++ project heed parses: its functions, not its
		// Python scripts' (PascalCase is no Python function's idiom)
		{"Functions: `PascalCase` (e.g., `GetChunk`)", cpp, 1},
		{"Functions/variables: `snake_case`; classes: `PascalCase`.", py, 3},
		// yacht's docs/AGENTS.md:27 shape: either style is allowed
		{"Use snake_case for filenames, camelCase or snake_case for variables/functions depending on the language.", py, 0},
		// duckdb's AGENTS.md:291 shape in a project whose main language heed has no
		// grammar for: that language's convention, not its scripts'
		{"Functions: `PascalCase` (e.g., `GetChunk`)", ocaml, 0},
		{"`camelCase` for public variable names and methods.", py, 0},
		{"Use PascalCase for `enum` values.", py, 0},
		{"Pydantic models use PascalCase with explicit type hints.", py, 0},
		// a PowerShell convention in a C project: PowerShell's, not C's
		{"PowerShell modules follow the Verb-Noun pattern with PascalCase function/cmdlet names.", c, 0},
		{"Functions: `PascalCase` (e.g., `GetChunk`)", c, 1},
	}
	for _, c := range cases {
		res := namingRecognizer{}.Recognize(&policy.Constraint{Text: c.text, Level: policy.Should, File: "AGENTS.md"}, c.rc)
		if len(res.Rules) != c.want {
			var got []string
			for _, r := range res.Rules {
				got = append(got, r.Message)
			}
			t.Errorf("%q: %d rules %v, want %d", c.text, len(res.Rules), got, c.want)
		}
	}
}

// A "Never import | Use instead" table (flightctl/flightctl-ui UI-ARCHITECTURE.md:14,
// wild round 27): "`Form` from `@patternfly/react-core`" bans that named import, not
// the name everywhere nor the module; "`lodash` (barrel import)" with `lodash/<function>`
// to use instead bans the package's root entry, not the subpaths it prescribes.
func TestNeverImportTableRows(t *testing.T) {
	rc := &recognize.RepoContext{Languages: []string{engine.LangTypeScript}, Packages: []recognize.Package{
		{Name: "@patternfly/react-core", Ecosystem: "npm", Manifest: "package.json"},
		{Name: "lodash", Ecosystem: "npm", Manifest: "package.json"},
	}}
	header := "Never import | Use instead"
	cases := []struct {
		row       string
		want, not []string // in the rules' messages and queries
	}{
		{"`Form` from `@patternfly/react-core` | `FlightCtlForm` from `components/form/FlightCtlForm`",
			[]string{"`Form` imported from `@patternfly/react-core`"}, []string{"import of `@patternfly/react-core`", "`Form` is banned"}},
		{"`Drawer` / `DrawerPanelContent` from `@patternfly/…` | `FlightCtlPageDrawer` from `components/common/…`",
			[]string{"`Drawer` imported from", "`DrawerPanelContent` imported from", `^@patternfly/`}, []string{"`Drawer` is banned"}},
		{"`lodash` (barrel import) | `lodash/<function>` (e.g. `lodash/debounce`)",
			[]string{"import of `lodash`", `^lodash$`}, []string{`^lodash(/|$)`}},
	}
	for _, c := range cases {
		res := bannedRecognizer{}.Recognize(&policy.Constraint{Text: c.row, Context: header, Level: policy.Must, File: "AGENTS.md"}, rc)
		var parts []string
		for _, r := range res.Rules {
			parts = append(parts, r.Message, string(r.Params))
		}
		all := strings.ReplaceAll(strings.Join(parts, "; "), `\\`, `\`)
		for _, w := range c.want {
			if !strings.Contains(all, w) {
				t.Errorf("%q: no %s; rules: %s", c.row, w, all)
			}
		}
		for _, n := range c.not {
			if strings.Contains(all, n) {
				t.Errorf("%q: %s; rules: %s", c.row, n, all)
			}
		}
	}
}

// In a Do / Do not table, a span after a preposition of place is where the banned
// action happens ("Store JWT in `localStorage` / `sessionStorage`",
// pablonux/legal-ai-ar, wild round 27: every `localStorage` use was blocked); a span
// the cell names as the thing itself stays banned.
func TestTableCellPlaceIsNotBanned(t *testing.T) {
	rc := &recognize.RepoContext{Languages: []string{engine.LangTypeScript}}
	header := "Do | Do not"
	for row, want := range map[string]string{
		"Call `GET /api/auth/me` at bootstrap | Store JWT in `localStorage` / `sessionStorage`": "",
		"Use `fetchJson()` | Call `fetch()` in components":                                      "`fetch()`",
	} {
		res := bannedRecognizer{}.Recognize(&policy.Constraint{Text: row, Context: header, Level: policy.Must, File: "AGENTS.md"}, rc)
		var msgs []string
		for _, r := range res.Rules {
			msgs = append(msgs, r.Message)
		}
		all := strings.Join(msgs, "; ")
		if want == "" && all != "" || want != "" && !strings.Contains(all, want) {
			t.Errorf("%q: rules %q, want %q", row, all, want)
		}
		if strings.Contains(all, "Storage") {
			t.Errorf("%q: the place banned: %s", row, all)
		}
	}
}
