package norm

import (
	"reflect"
	"testing"
)

// Co-change readings of session 38 (own sentences, in the phrasings instruction files
// use): the new things a folder gains, a demand in the passive after "new X under
// `dir/`", a kind of change named by its effect on users, a pull request merged
// without an entry, a table whose header says "you must also update", and a file
// named only as where the instructions are.
func TestCoChangeKindsAndNewThings(t *testing.T) {
	type want struct {
		ifs, thens, ifRoles []string
		added, judged       bool
		approx              bool
	}
	cases := []struct {
		text  string
		frame CoFrame
		want  []want
	}{
		{"If you add a new exporter under `exporters/`, list it in `README.md`.", CoFrame{},
			[]want{{ifs: []string{"exporters/"}, thens: []string{"README.md"}, added: true}}},
		{"Every new theme in `themes/` must be registered in `themes/index.json`.", CoFrame{},
			[]want{{ifs: []string{"themes/"}, thens: []string{"themes/index.json"}, added: true}}},
		{"When you add a notable feature, note it in `NEWS.md`.", CoFrame{},
			[]want{{ifRoles: []string{CoCode}, thens: []string{"NEWS.md"}, judged: true}}},
		{"Never merge a pull request without a matching `CHANGELOG.md` entry.", CoFrame{},
			[]want{{ifRoles: []string{CoAny}, thens: []string{"CHANGELOG.md"}, approx: true}}},
		{"`schema/*.graphql` | `src/generated/`", CoFrame{Context: "If you change | you must also update"},
			[]want{{ifs: []string{"schema/*.graphql"}, thens: []string{"src/generated/"}}}},
		// a new field goes into an existing file: not an added file
		{"When you add a new option to `config.go`, document it in `docs/config.md`.", CoFrame{},
			[]want{{ifs: []string{"config.go"}, thens: []string{"docs/config.md"}, judged: true}}},
		// where the commands are is no file to change
		{"If `.proto` files change, regenerate the stubs with the commands in `CONTRIBUTING.md`.", CoFrame{}, nil},
		// a kind of change with no file named: nothing to place
		{"When you add a new feature, update the docs.", CoFrame{}, nil},
		// a breaking change is the author's call, and no file says so
		{"When making breaking changes, add a note to `MIGRATION.md`.", CoFrame{}, nil},
	}
	for _, c := range cases {
		var gw []want
		for _, g := range CoChangesIn(c.text, c.frame) {
			gw = append(gw, want{ifs: g.If, thens: g.Then, ifRoles: g.IfRoles, added: g.Added, judged: g.Judgement, approx: g.Approx != ""})
		}
		if !reflect.DeepEqual(gw, c.want) {
			t.Errorf("%q in %+v:\n got  %+v\n want %+v", c.text, c.frame, gw, c.want)
		}
	}
}

// "Commits shall only contain changes for the issue" says what a commit holds, not
// that its message names the issue.
func TestIssueRefNotCommitScope(t *testing.T) {
	if RequiresIssueRef("commits shall only contain relevant changes for the issue and the commit messages should reflect the work") {
		t.Error("a commit's scope read as a required issue reference")
	}
	if !RequiresIssueRef("every commit message must reference the issue it fixes") {
		t.Error("a required reference not read")
	}
}

// Bans on editing the migrations a repository already has: named by a noun or by
// their folder, in bold or by hand; new migrations stay allowed.
func TestUntouchedExistingMigrations(t *testing.T) {
	cases := []struct {
		text            string
		role            string
		paths           []string
		edits, hand, ok bool
	}{
		{"Never change an existing database migration.", RoleMigration, nil, true, false, true},
		{"- **Do not edit existing migrations** - they are history.", RoleMigration, nil, true, false, true},
		{"Do not manually modify existing migrations.", RoleMigration, nil, true, true, true},
		{"Never touch existing files under `db/migrate/`.", "", []string{"db/migrate/"}, true, false, true},
		// no ban of existing ones: adding them is what is banned, or nothing is
		{"Never commit new migrations without review.", "", nil, false, false, false},
		{"Do not squash migrations.", "", nil, false, false, false},
	}
	for _, c := range cases {
		u, ok := UntouchedFiles(c.text)
		if ok != c.ok || u.Role != c.role || !reflect.DeepEqual(u.Paths, c.paths) || ok && (u.EditsOnly != c.edits || u.HandOnly != c.hand) {
			t.Errorf("%q: got %+v ok=%v", c.text, u, ok)
		}
	}
}

// Pull-request sections named in words or in quotes, not only as `## Heading` spans.
func TestPRSectionsInWords(t *testing.T) {
	cases := map[string][]string{
		"pull request descriptions must include motivation, changes, and test plan sections.": {"motivation", "changes", "test plan"},
		"include a short summary and a \"how to test\" section":                               {"how to test"},
		"every pr must have screenshots and notes sections":                                   {"screenshots", "notes"},
		// how to write them, not which
		"keep the sections of the pr description short.": nil,
		"do not include empty sections.":                 nil,
	}
	for text, want := range cases {
		if got := ReadPRDemands(text, nil, true, false).Sections; !reflect.DeepEqual(got, want) {
			t.Errorf("%q: got %q, want %q", text, got, want)
		}
	}
}

// A reference to an issue asked of every pull request, with no closing keyword.
func TestPRIssueRef(t *testing.T) {
	cases := []struct {
		text             string
		issueRef, should bool
	}{
		{"every pull request must link to an issue.", true, false},
		{"prs should reference the related issue.", true, true},
		{"pull requests should reference the related issue if there is one.", false, false},
		{"never reference internal issues in pull requests.", false, false},
		{"all prs must reference a jira ticket.", false, false},
	}
	for _, c := range cases {
		d := ReadPRDemands(c.text, nil, true, false)
		if d.IssueRef != c.issueRef || d.IssueRefShould != c.should {
			t.Errorf("%q: got %v/%v", c.text, d.IssueRef, d.IssueRefShould)
		}
	}
	if d := ReadPRDemands("pr descriptions must link the issue they close (§0).", []string{"Closes #123"}, true, false); d.LinkKeyword != "Closes" {
		t.Errorf("a link asked of PR descriptions (plural): %+v", d)
	}
}
