package arch

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// Names as people write them, placed against a repository's folders, or refused with
// a reason that names them.
func TestPlaceNames(t *testing.T) {
	rc := &recognize.RepoContext{Languages: []string{"go"}, GoModule: "example.com/app", Dirs: []string{
		"acme", "acme/cli", "acme/core", "crates", "crates/cli", "crates/core",
		"docs", "docs/web", "internal", "internal/domain", "internal/infra", "internal/web",
		"services", "services/a", "services/a/store", "services/b", "services/b/store",
		"src", "src/main", "src/main/java", "src/main/java/com", "src/main/java/com/shop", "src/main/java/com/shop/model",
		"src/main/java/com/shop/http", "src/ui", "src/ui/widgets",
	}}
	for _, c := range []struct{ text, from, to, why string }{
		{"The `domain` package must not depend on `infra`.", "internal/domain/**", "internal/infra/**", ""},
		{"`acme.core` must not import `acme.cli`.", "acme/core/**", "acme/cli/**", ""},
		{"Classes in `com.shop.model` must not depend on `com.shop.http`.", "src/main/java/com/shop/model/**", "src/main/java/com/shop/http/**", ""},
		// model and http are each one folder: the Java package's folders
		{"`model` must never import `http`.", "src/main/java/com/shop/model/**", "src/main/java/com/shop/http/**", ""},
		{"`ui/` must not import `domain`.", "src/ui/**", "internal/domain/**", ""},
		// web is internal/web and docs/web: docs/ holds no code of the project
		{"`domain` must not import `web`.", "internal/domain/**", "internal/web/**", ""},
		{"The `billing` package must not depend on `infra`.", "", "", "`billing` names no folder"},
		{"`store` must not import `domain`.", "", "", "`store` is more than one folder of this repository (services/a/store, services/b/store)"},
		{"`domain` must not import `store`.", "", "", "`store` is more than one folder"},
		{"`domain` must not import `lodash`.", "internal/domain/**", "", ""},
		// an import path of another module is a package, not a folder to place
		{"Only `_test.go` files may import `example.org/kit/testutil`.", "**", "", ""},
	} {
		con := &policy.Constraint{ID: "c", Text: c.text, Level: policy.Must}
		res := importsRecognizer{}.Recognize(con, rc)
		if c.why != "" {
			if len(res.Rules) > 0 || !strings.Contains(res.Unenforced, c.why) {
				t.Errorf("%q: rules %d, reason %q; want no rule and a reason with %q", c.text, len(res.Rules), res.Unenforced, c.why)
			}
			continue
		}
		if len(res.Rules) != 1 {
			t.Errorf("%q: %d rules (%s), want 1", c.text, len(res.Rules), res.Unenforced)
			continue
		}
		var p importsParams
		if err := json.Unmarshal(res.Rules[0].Params, &p); err != nil {
			t.Fatal(err)
		}
		if len(p.From) != 1 || p.From[0] != c.from || c.to != "" && (len(p.To) != 1 || p.To[0] != c.to) {
			t.Errorf("%q: from %v to %v, want %s to %s", c.text, p.From, p.To, c.from, c.to)
		}
	}
}

// Placement rules whose file kind is a language, or what the files hold, named in
// words.
func TestLanguagePlacement(t *testing.T) {
	rc := &recognize.RepoContext{Dirs: []string{"assets", "assets/js", "pages", "php"}}
	reg := engine.NewRegistry(Kinds()...)
	for _, c := range []struct{ text, want string }{
		{"Place PHP scripts in `php/`", `{"files":["*.php"],"under":["php/**"]}`},
		{"Place JavaScript files in `assets/js/`", `{"files":["*.js"],"under":["assets/js/**"]}`},
		{"Place HTML pages (except index.html) in `pages/`", `{"files":["*.html","*.htm"],"under":["pages/**"],"except":["index.html"]}`},
		{"Python files go in `src/`.", `{"files":["*.py"],"under":["**/src/**"]}`},
		{"Place data files in `assets/data/`", `{"files":["*.csv","*.tsv","*.parquet"],"under":["assets/data/**"]}`},
		{"Put all images in `public/images/`", `{"files":["*.png","*.jpg","*.jpeg","*.gif","*.webp","*.svg"],"under":["public/images/**"]}`},
		{"Diagrams (`*.mmd`, `*.puml`) belong in `docs/diagrams/`.", `{"files":["*.mmd","*.puml"],"under":["docs/diagrams/**"]}`},
		{"Put CSV inputs in `data/ingest/` (backups go to `data/backup/`).", `{"files":["*.csv"],"under":["data/ingest/**","data/backup/**"]}`},
		// a documentation noun after the language, and the exception after the folder
		{"All Markdown doc files are kept in the `pages/` folder, except for `README.md`, which stays at the top level.", `{"files":["*.md"],"under":["pages/**"],"except":["README.md"]}`},
		{"Put markdown documentation files under `pages/` **except** `CHANGELOG.md` and `README.md`.", `{"files":["*.md"],"under":["pages/**"],"except":["CHANGELOG.md","README.md"]}`},
		{"Put Markdown files in `pages/`, except for the ones the generator writes.", ``},
		{"Place the data in `assets/data/`", ``},
		{"Place PHP scripts in the right folder", ``},
	} {
		res := placementRecognizer{}.Recognize(&policy.Constraint{ID: "c", Text: c.text, Level: policy.Must}, rc)
		got := ""
		for _, r := range res.Rules {
			got += string(r.Params)
			for _, k := range r.Cases {
				if o := engine.RunCase(reg, &r, k); !o.OK {
					t.Errorf("%q: its case %q: %s, want %s (%s)", c.text, k.Path, o.Got, k.Expect, o.Reason)
				}
			}
		}
		if got != c.want {
			t.Errorf("%q: %s, want %s", c.text, got, c.want)
		}
	}
}

// Without a layout (heed explain outside a repository), a bare name is the folder of
// that name at any depth, or the package of that name.
func TestPlaceWithoutLayout(t *testing.T) {
	res := importsRecognizer{}.Recognize(&policy.Constraint{ID: "c", Text: "`fleet-client` must not depend on `fleet-server`.", Level: policy.Must}, nil)
	if len(res.Rules) != 1 {
		t.Fatalf("%d rules (%s), want 1", len(res.Rules), res.Unenforced)
	}
	if got, want := string(res.Rules[0].Params), `{"from":["**/fleet-client/**"],"to":["**/fleet-server/**"],"to_packages":["fleet-server"],"mode":"forbid"}`; got != want {
		t.Errorf("params %s, want %s", got, want)
	}
}

// A folder the repository does not have yet is placed by its longest beginning that
// it has: "web/static/css" in a repository whose web/static is under
// src/interfaces/flask/ (diqp2001/base_infrastructure, src/interfaces/CLAUDE.md:110).
func TestGrownPath(t *testing.T) {
	rc := &recognize.RepoContext{Dirs: []string{"src", "src/interfaces", "src/interfaces/flask", "src/interfaces/flask/web", "src/interfaces/flask/web/static", "docs", "a/static", "b/static"}}
	scoped := &policy.Constraint{Scope: policy.Scope{Dir: "src/interfaces"}}
	for _, c := range []struct {
		p    string
		c    *policy.Constraint
		want string
	}{
		{"web/static/css", scoped, "src/interfaces/flask/web/static/css"},
		{"web/static/css", nil, "src/interfaces/flask/web/static/css"},
		{"docs/adr", nil, "docs/adr"},
		{"static/css", nil, "static/css"}, // two folders end with static: not said which
	} {
		if got := repoPath(c.p, c.c, rc); got != c.want {
			t.Errorf("repoPath(%q) = %q, want %q", c.p, got, c.want)
		}
	}
}

// A kind of class placed in a package named bare.
func TestKindClassPlacement(t *testing.T) {
	rc := &recognize.RepoContext{Languages: []string{"java"}, Dirs: []string{"src", "src/main", "src/main/java", "src/main/java/com", "src/main/java/com/acme", "src/main/java/com/acme/service", "src/main/java/com/acme/web"}}
	res := placementRecognizer{}.Recognize(&policy.Constraint{ID: "c", Text: "Every `*Service.java` class belongs in the `service` package.", Level: policy.Must}, rc)
	got := ""
	for _, r := range res.Rules {
		got += string(r.Params)
	}
	if want := `{"files":["*Service.java"],"under":["src/main/java/com/acme/service/**"]}`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// One folder for a kind of code, another to avoid (maybe-finance/maybe CLAUDE.md:162).
func TestAvoidFolderPlacement(t *testing.T) {
	rc := &recognize.RepoContext{Languages: []string{"ruby"}, Dirs: []string{"app", "app/models", "app/services", "lib"}}
	for _, c := range []struct{ text, want string }{
		{"Business logic in `app/models/` folder, avoid `app/services/`", `{"files":["app/services/**"],"under":["app/models/**"]}`},
		{"Put helpers in `lib/`, not in `app/services/`.", `{"files":["app/services/**"],"under":["lib/**"]}`},
		{"Business logic in `app/models/` folder, avoid `app/jobs/`", ``}, // no such folder
		{"Tests in `test/`, not `spec/`.", ``},
	} {
		res := placementRecognizer{}.Recognize(&policy.Constraint{ID: "c", Text: c.text, Level: policy.Must}, rc)
		got := ""
		for _, r := range res.Rules {
			got += string(r.Params)
		}
		if got != c.want {
			t.Errorf("%q: %s, want %s", c.text, got, c.want)
		}
	}
}
