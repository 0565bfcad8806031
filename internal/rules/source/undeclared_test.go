package source

import (
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// TestUndeclaredPackageBans: a package the repository does not use yet, banned by a
// verb of adding it or a word of packages beside it, becomes a ban of declaring it in
// the manifests and of importing it; names that are code, files or only words stay
// out of it.
func TestUndeclaredPackageBans(t *testing.T) {
	js := &recognize.RepoContext{Languages: []string{engine.LangTypeScript}, Packages: []recognize.Package{
		{Name: "react", Ecosystem: "npm", Manifest: "package.json"},
	}}
	py := &recognize.RepoContext{Languages: []string{engine.LangPython}, Packages: []recognize.Package{
		{Name: "httpx", Ecosystem: "pypi", Manifest: "pyproject.toml"},
	}}
	goRepo := &recognize.RepoContext{Languages: []string{engine.LangGo}, Packages: []recognize.Package{
		{Name: "github.com/google/uuid", Ecosystem: "go", Manifest: "go.mod"},
	}}
	goOwn := &recognize.RepoContext{Languages: []string{engine.LangGo}, GoModule: "example.com/app", Packages: goRepo.Packages}
	cases := []struct {
		text string
		rc   *recognize.RepoContext
		want []string
		not  []string
	}{
		{"Do not add `axios`; use the built-in `fetch`.", js, []string{"declares `axios`", "import of `axios`"}, []string{"fetch"}},
		{"Do not add any new `moment`.", js, []string{"declares `moment`"}, nil},
		{"Do not add `useEffect` by default.", js, nil, []string{"declares"}},
		{"Do not add the `left-pad` package.", js, []string{"declares `left-pad`"}, nil},
		{"Don't add `requests` as a dependency; `httpx` is the client.", py, []string{"declares `requests`", "import of `requests`"}, []string{"httpx"}},
		{"Never add `github.com/pkg/errors`; wrap with `fmt.Errorf`.", goRepo, []string{"declares `github.com/pkg/errors`"}, []string{"fmt"}},
		// code, files and words are no packages
		{"Do not add `console.log` calls.", js, nil, []string{"declares"}},
		{"Never add `package-lock.json`; pnpm owns the lock file.", js, nil, []string{"declares"}},
		{"Don't use `axios` as a variable name.", js, nil, []string{"declares"}},
		{"Do not call `axios` directly; go through `src/http.ts`.", js, nil, []string{"declares"}},
		// a Go ban of a bare word is no module path
		{"Never add `errors`; wrap with `fmt.Errorf`.", goRepo, nil, []string{"declares"}},
		// a module path is a module whatever the words around it; the repository's
		// own module is the architecture rules' business
		{"Use `modernc.org/sqlite`, not `github.com/mattn/go-sqlite3`.", goRepo, []string{"import of `github.com/mattn/go-sqlite3`", "declares `github.com/mattn/go-sqlite3`"}, []string{"modernc"}},
		{"Use `example.com/app/store`, not `example.com/app/legacy`.", goOwn, nil, []string{"legacy"}},
		{"NEVER import the root (`@acme/core`).", js, nil, []string{"declares"}},
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
				t.Errorf("%q: no rule with %s; rules: %s", c.text, w, all)
			}
		}
		for _, n := range c.not {
			if strings.Contains(all, n) {
				t.Errorf("%q: a rule with %s; rules: %s", c.text, n, all)
			}
		}
	}
}

// TestManifestRuleMatchesTheNameOnly: the declaration ban matches the banned name
// and never one that only contains it (react / react-dom, requests /
// requests-toolbelt), and a diff owns only the lines it touched, so a declaration the
// change leaves alone is no finding.
func TestManifestRuleMatchesTheNameOnly(t *testing.T) {
	reg := engine.NewRegistry(Kinds()...)
	s := newSentence(&policy.Constraint{Text: "Do not add `react`.", Level: policy.Must, File: "AGENTS.md"})
	cases := []struct {
		eco, name, path, code string
		want                  engine.Verdict
	}{
		{"npm", "react", "package.json", "{\n  \"dependencies\": {\n    \"react\": \"^18.0.0\"\n  }\n}\n", engine.Violated},
		{"npm", "react", "package.json", "{\n  \"dependencies\": {\n    \"react-dom\": \"^18.0.0\"\n  }\n}\n", engine.Satisfied},
		{"npm", "react", "web/package.json", "{\n  \"peerDependencies\": {\"react\": \"*\"}\n}\n", engine.Violated},
		{"pypi", "requests", "requirements.txt", "requests==2.32.0\n", engine.Violated},
		{"pypi", "requests", "requirements.txt", "requests-toolbelt==1.0\nrequests_oauthlib\n", engine.Satisfied},
		{"pypi", "requests", "pyproject.toml", "[project]\ndependencies = [\"requests[socks]>=2\"]\n", engine.Violated},
		{"pypi", "python-dateutil", "pyproject.toml", "[project]\ndependencies = [\"Python_DateUtil>=2\"]\n", engine.Violated},
		{"go", "github.com/pkg/errors", "go.mod", "module m\n\nrequire (\n\tgithub.com/pkg/errors v0.9.1\n)\n", engine.Violated},
		{"go", "github.com/pkg/errors", "go.mod", "module m\n\nrequire github.com/pkg/errorsx v0.9.1\n", engine.Satisfied},
		{"cargo", "openssl", "Cargo.toml", "[dependencies]\nopenssl = \"0.10\"\n", engine.Violated},
		{"cargo", "openssl", "Cargo.toml", "[dependencies]\nopenssl-probe = \"0.1\"\n", engine.Satisfied},
		{"cargo", "openssl", "Cargo.toml", "[target.'cfg(unix)'.dependencies.openssl]\nversion = \"0.10\"\n", engine.Violated},
		{"nuget", "Moq", "tests/T.csproj", "<Project>\n  <ItemGroup>\n    <PackageReference Include=\"Moq\" />\n  </ItemGroup>\n</Project>\n", engine.Violated},
		{"nuget", "Moq", "tests/T.csproj", "<Project>\n  <ItemGroup>\n    <PackageReference Include=\"Moq.AutoMock\" />\n  </ItemGroup>\n</Project>\n", engine.Satisfied},
	}
	for _, c := range cases {
		b := ban{span: c.name, clause: "do not add `" + c.name + "`"}
		r, ok := manifestRule(s, pkgRef{eco: c.eco}, b)
		if !ok {
			t.Fatalf("%s %s: no rule", c.eco, c.name)
		}
		for _, rc := range r.Cases {
			if o := engine.RunCase(reg, &r, rc); !o.OK {
				t.Errorf("%s %s: own case %q: %s (%s)", c.eco, c.name, rc.Note, o.Got, o.Reason)
			}
		}
		got := engine.RunCase(reg, &r, policy.Case{Path: c.path, Code: c.code}).Got
		if got != c.want {
			t.Errorf("%s %s in %s %q: %s, want %s", c.eco, c.name, c.path, c.code, got, c.want)
		}
	}

	// a diff that touches another line of a manifest declaring the name already
	r, _ := manifestRule(s, pkgRef{eco: "npm"}, ban{span: "react", clause: "do not add `react`"})
	check, err := reg.CompileRule(&r)
	if err != nil {
		t.Fatal(err)
	}
	code := "{\n  \"dependencies\": {\n    \"react\": \"^18.0.0\",\n    \"zod\": \"^3.0.0\"\n  }\n}\n"
	ev := &engine.Evidence{Mode: engine.ModeDiff, Changed: []string{"package.json"}, Tree: engine.MapSnapshot{"package.json": []byte(code)},
		Files: []*engine.File{{Path: "package.json", Content: []byte(code), Touched: engine.LineSet{4: true}}}}
	if o := engine.Run([]engine.Compiled{{Rule: &r, Check: check}}, ev, engine.Options{Workers: 1})[0]; o.Verdict == engine.Violated {
		t.Errorf("a declaration the change did not touch is a finding: %+v", o)
	}
	ev.Files[0].Touched = engine.LineSet{3: true}
	if o := engine.Run([]engine.Compiled{{Rule: &r, Check: check}}, ev, engine.Options{Workers: 1})[0]; o.Verdict != engine.Violated {
		t.Errorf("the line that adds the package is no finding: %s", o.Verdict)
	}
}

// TestCentralPackageVersions: .NET central package management read from the
// phrasings instruction files use, and the project file's own version left alone.
func TestCentralPackageVersions(t *testing.T) {
	reg := engine.NewRegistry(Kinds()...)
	for _, text := range []string{
		"Versions live in `Directory.Packages.props` with exact pins — never add a `Version=` attribute to a `PackageReference`.",
		"Never add versions in `.csproj`.",
		"Central package management is enabled in `Directory.Packages.props`; add or update package versions there instead of putting versions in individual projects.",
		"Central Package Management (CPM): versions in `Directory.Packages.props`, `.csproj` files have `<PackageReference>` without `Version`.",
	} {
		res := cpmRecognizer{}.Recognize(&policy.Constraint{Text: text, Level: policy.Must, File: "AGENTS.md"}, nil)
		if len(res.Rules) != 1 {
			t.Errorf("%q: %d rules", text, len(res.Rules))
			continue
		}
		r := res.Rules[0]
		for _, c := range r.Cases {
			if o := engine.RunCase(reg, &r, c); !o.OK {
				t.Errorf("%q: case %q: %s (%s)", text, c.Note, o.Got, o.Reason)
			}
		}
		proj := "<Project Sdk=\"Microsoft.NET.Sdk\">\n  <PropertyGroup>\n    <Version>1.2.0</Version>\n  </PropertyGroup>\n</Project>\n"
		if got := engine.RunCase(reg, &r, policy.Case{Path: "src/A/A.csproj", Code: proj}).Got; got == engine.Violated {
			t.Errorf("%q: the project's own version is flagged", text)
		}
	}
	for _, text := range []string{
		"Never bump the version in the `.csproj`; GitVersion sets it.",
		"Package versions are pinned; see `Directory.Packages.props`.",
		"Run `dotnet build` before pushing.",
	} {
		if res := (cpmRecognizer{}).Recognize(&policy.Constraint{Text: text, Level: policy.Must, File: "AGENTS.md"}, nil); len(res.Rules) > 0 {
			t.Errorf("%q: read as central package management", text)
		}
	}
}

// TestPronounBans: a prohibition whose object is a pronoun bans the one span of the
// sentence before it, and nothing when that sentence names none or several.
func TestPronounBans(t *testing.T) {
	cases := []struct {
		text string
		want string // the banned span, "" for none
	}{
		{"Bun 1.4.0 segfaults on a direct `require('re2')`. Do not add one.", "require('re2')"},
		{"`eval()` runs untrusted input. Never call it.", "eval()"},
		{"`a()` and `b()` are slow. Don't use them.", ""},
		{"The cache is warm. Do not clear it.", ""},
		{"`flush()` is costly. Don't call it for every row.", ""},
	}
	for _, c := range cases {
		if got := lastBanned(c.text); got != c.want {
			t.Errorf("%q: banned %q, want %q", c.text, got, c.want)
		}
	}
}
