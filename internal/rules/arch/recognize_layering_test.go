package arch

import (
	"testing"

	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// TestLayeringAndImperativeBoundaries: sentences of the shapes a whole-file sample of
// small projects' instruction files showed (own-sentences-150.txt, first sight in
// its .md): an arrow chain of layers with a gloss after each name, bare layer names
// in an arrow chain, a library banned from layers by an imperative with no subject,
// and the importing part named as a word.
func TestLayeringAndImperativeBoundaries(t *testing.T) {
	py := &recognize.RepoContext{Languages: []string{"python"},
		Dirs:     []string{"app", "app/api", "app/models", "app/repositories", "app/services"},
		Packages: []recognize.Package{{Name: "SQLAlchemy", Ecosystem: "pypi"}, {Name: "fastapi", Ecosystem: "pypi"}}}
	server := &recognize.RepoContext{Languages: []string{"python"},
		Dirs: []string{"server", "server/app", "server/app/api", "server/app/models", "server/app/schemas", "server/app/services"}}
	ts := &recognize.RepoContext{Languages: []string{"typescript"},
		Dirs: []string{"src", "src/main", "src/preload", "src/renderer", "src/shared"}}
	for _, c := range []struct {
		text string
		rc   *recognize.RepoContext
		want string
	}{
		{"Layered architecture: `api/` (routers) → `services/` (use cases) → `repositories/` (data access) → `models/` (ORM).", py,
			`layers {"layers":[{"name":"models","paths":["app/models/**"]},{"name":"repositories","paths":["app/repositories/**"]},{"name":"services","paths":["app/services/**"]},{"name":"api","paths":["app/api/**"]}]}`},
		{"Arquitectura en capas: `api/` (routers/schemas) → `services/` (casos de uso) → `repositories/` → `models/`.", py,
			`layers {"layers":[{"name":"models","paths":["app/models/**"]},{"name":"repositories","paths":["app/repositories/**"]},{"name":"services","paths":["app/services/**"]},{"name":"api","paths":["app/api/**"]}]}`},
		// bare names: in another case and number, one of them two folders
		{"Structure: Layered Architecture (API -> Service -> Models/Schemas)", server,
			`layers {"layers":[{"name":"models/schemas","paths":["server/app/models/**","server/app/schemas/**"]},{"name":"service","paths":["server/app/services/**"]},{"name":"api","paths":["server/app/api/**"]}]}`},
		// a bare name that is no folder: no rule
		{"The code follows the layered architecture (router → service → repository).", py, ``},
		// a flow, not a layering
		{"Request flow: parse -> validate -> store.", py, ``},
		{"Never access SQLAlchemy directly from `services/` or `api/`; all data access goes through `repositories/`.", py,
			`imports {"from":["app/services/**","app/api/**"],"to_packages":["SQLAlchemy"],"mode":"forbid"}`},
		{"Nunca acceso directo a SQLAlchemy desde `services/` o `api/`.", py,
			`imports {"from":["app/services/**","app/api/**"],"to_packages":["SQLAlchemy"],"mode":"forbid"}`},
		// a word the repository declares no package for: no rule
		{"Never use print in `services/`.", py, ``},
		// a class, not a part of the code: no architecture rule (a source ban's)
		{"Do not use `HTTPException` directly inside `services/`.", py, ``},
		{"The renderer must never import from `src/main/`.", ts,
			`imports {"from":["src/renderer/**"],"to":["src/main/**"],"mode":"forbid"}`},
		{"Renderer code must not import `src/main/`.", ts,
			`imports {"from":["src/renderer/**"],"to":["src/main/**"],"mode":"forbid"}`},
		// a word no folder has: no rule
		{"It must not import `src/main/`.", ts, ``},
	} {
		got := summary(recognizeAll(&policy.Constraint{Text: c.text, Level: policy.Must}, c.rc))
		if got != c.want {
			t.Errorf("%s\n got: %s\nwant: %s", c.text, got, c.want)
		}
	}
}
