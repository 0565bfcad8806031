package norm

import (
	"reflect"
	"testing"
)

// Co-changes as a user writes them (own sentences), each with the sides heed must read
// and sentences that demand nothing.
func TestCoChangesIn(t *testing.T) {
	type want struct {
		ifs, thens, ifRoles, thenRoles []string
		added, judged                  bool
	}
	cases := []struct {
		text  string
		frame CoFrame
		want  []want
	}{
		{"Update `CHANGELOG.md` whenever you change anything under `src/`.", CoFrame{},
			[]want{{ifs: []string{"src/"}, thens: []string{"CHANGELOG.md"}}}},
		{"Add a migration when you change a model.", CoFrame{},
			[]want{{ifRoles: []string{CoModel}, thenRoles: []string{CoMigration}}}},
		{"Changes to models require a new migration.", CoFrame{},
			[]want{{ifRoles: []string{CoModel}, thenRoles: []string{CoMigration}}}},
		{"Keep `package-lock.json` in sync with `package.json`.", CoFrame{},
			[]want{{ifs: []string{"package.json"}, thens: []string{"package-lock.json"}}}},
		{"`src/parser.c` is generated from `grammar.js`; commit it together with any change to the grammar.", CoFrame{},
			[]want{{ifs: []string{"grammar.js"}, thens: []string{"src/parser.c"}}}},
		{"After editing `api/*.proto`, run `make generate` and commit the regenerated `*.pb.go` files.", CoFrame{},
			[]want{{ifs: []string{"api/*.proto"}, thens: []string{"*.pb.go"}}}},
		{"Don't bump the version in `Cargo.toml` without updating `CHANGELOG.md`.", CoFrame{},
			[]want{{ifs: []string{"Cargo.toml"}, thens: []string{"CHANGELOG.md"}}}},
		{"`a.json` and `b.json` must always be changed together.", CoFrame{},
			[]want{{ifs: []string{"b.json"}, thens: []string{"a.json"}}, {ifs: []string{"a.json"}, thens: []string{"b.json"}}}},
		{"Update `docs/database.md`.", CoFrame{Headings: []string{"Changing `db/schema.sql`"}},
			[]want{{ifs: []string{"db/schema.sql"}, thens: []string{"docs/database.md"}}}},
		{"Register it in `migrations/index.ts`.", CoFrame{Context: "When you add a file under `migrations/`:"},
			[]want{{ifs: []string{"migrations/"}, thens: []string{"migrations/index.ts"}, added: true}}},
		{"`api/openapi.yaml` | `clients/ts/`", CoFrame{Context: "When you change | Also update"},
			[]want{{ifs: []string{"api/openapi.yaml"}, thens: []string{"clients/ts/"}}}},
		{"Update `CHANGELOG.md` for every change to `src/`, unless the change is internal.", CoFrame{},
			[]want{{ifs: []string{"src/"}, thens: []string{"CHANGELOG.md"}, judged: true}}},
		// nothing demanded, or nothing heed can place
		{"Do not update `CHANGELOG.md` in your pull request.", CoFrame{}, nil},
		{"You don't need to update `CHANGELOG.md` for documentation changes.", CoFrame{}, nil},
		{"If you change the schema, run `make gen`.", CoFrame{}, nil},
		{"Create a new file in `src/rules/` named after your rule (e.g., `MyRule.swift`).", CoFrame{}, nil},
		{"Update the docs when the API changes (at minimum `server/README.md`).", CoFrame{}, nil},
		{"Some apps have `*.xlf` files; after modifying a `.resx` file, update the `.xlf` files.", CoFrame{},
			[]want{{ifs: []string{"*.resx"}, thens: []string{"*.xlf"}, judged: true}}},
		{"When you change docs, run the relevant checks from `ci/docs.yml` and `docs/Rakefile`.", CoFrame{}, nil},
		{"Whenever you modify `schema/`, run `npm run codegen` and commit the output in `src/generated/`.", CoFrame{},
			[]want{{ifs: []string{"schema/"}, thens: []string{"src/generated/"}}}},
		{"Update the docs when you change the API.", CoFrame{}, nil},
		{"Every PR must include documentation.", CoFrame{}, nil},
		{"Update `docs/x.md`.", CoFrame{Headings: []string{"Documentation"}}, nil},
	}
	for _, c := range cases {
		got := CoChangesIn(c.text, c.frame)
		var gw []want
		for _, g := range got {
			gw = append(gw, want{ifs: g.If, thens: g.Then, ifRoles: g.IfRoles, thenRoles: g.ThenRoles, added: g.Added, judged: g.Judgement})
		}
		if !reflect.DeepEqual(gw, c.want) {
			t.Errorf("%q in %+v:\n got  %+v\n want %+v", c.text, c.frame, gw, c.want)
		}
	}
}

func TestCoChangeTable(t *testing.T) {
	for h, want := range map[string]bool{"When you change | Also update": true, "Source | Regenerate": true, "Change | Run": false, "Bad | Good": false} {
		if CoChangeTable(h) != want {
			t.Errorf("%q: %v", h, !want)
		}
	}
}
