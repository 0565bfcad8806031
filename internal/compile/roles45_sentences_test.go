package compile_test

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/compile"
	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/rules"
	"github.com/heed-dev/heed/internal/rules/process"
	"github.com/heed-dev/heed/internal/taskrun"
)

// repoCase is a document of a batch that comes with its repository's files: its
// AGENTS.md, the manifests and runner files (">>> PATH" ... "<<<"), and the commands
// to judge.
type repoCase struct {
	name   string
	doc    string
	files  map[string]string
	expect []expectation
}

// readRepoCases reads a batch of documents with files (own-sentences-450.txt).
func readRepoCases(t *testing.T, name string) []repoCase {
	t.Helper()
	var out []repoCase
	file := "" // the file whose lines are being read, "" for the document
	readCaseFile(t, name, func(doc string) { out = append(out, repoCase{name: doc, files: map[string]string{}}) }, func(line string) {
		cur := &out[len(out)-1]
		switch {
		case file != "" && line == "<<<":
			file = ""
		case file != "":
			cur.files[file] += line + "\n"
		case strings.HasPrefix(line, ">>> "):
			file = strings.TrimPrefix(line, ">>> ")
			cur.files[file] = ""
		case !strings.Contains(line, "\t"):
			cur.doc += line + "\n"
		default:
			want, cmd, _ := strings.Cut(line, "\t")
			cmd, history, _ := strings.Cut(cmd, "\t")
			gap := false
			if w, ok := strings.CutPrefix(want, "gap "); ok {
				want, gap = w, true
			}
			cur.expect = append(cur.expect, expectation{want: want, line: cmd, history: history, gap: gap})
		}
	})
	return out
}

// compileRepo writes the case's repository to a temporary folder and compiles its
// AGENTS.md as heed compile does there: the repository context read from the folder.
func compileRepo(t *testing.T, c repoCase) (root string, rs []policy.Rule) {
	t.Helper()
	files := maps.Clone(c.files)
	if files == nil {
		files = map[string]string{}
	}
	files["AGENTS.md"] = c.doc
	root = writeCaseFiles(t, files)
	p := compileAgentsDoc(c.doc, compile.RepoContextFor(root, slices.Sorted(maps.Keys(files))))
	for _, e := range p.Entries {
		for _, r := range e.Rules {
			if r.Domain == policy.DomainProcess {
				rs = append(rs, r)
			}
		}
	}
	return root, rs
}

// repoLineVerdict judges a command line after a history as the hook does in the
// repository at root: task runners' targets read from its files.
func repoLineVerdict(t *testing.T, reg *engine.Registry, rs []policy.Rule, root, line, history string) string {
	t.Helper()
	ev, err := process.CaseEvidence(policy.Case{Shell: line, History: historyOf(history)})
	if err != nil {
		t.Fatal(err)
	}
	for i := range ev.Commands {
		ev.Commands[i].Root = root
	}
	(&taskrun.Reader{}).Attach(root, ev.Commands)
	return evidenceVerdict(t, reg, rs, ev)
}

func ownRepoSentences(t *testing.T, file string, atLeast int) {
	reg := rules.Registry()
	cases := readRepoCases(t, file)
	if len(cases) < atLeast {
		t.Fatalf("only %d cases in %s", len(cases), file)
	}
	var s expectationScore
	for _, c := range cases {
		root, rs := compileRepo(t, c)
		for _, e := range c.expect {
			s.judge(t, c.name, c.doc, e, repoLineVerdict(t, reg, rs, root, e.line, e.history), rs)
		}
	}
	s.log(t)
}

// TestOwnSentences450: role sentences with the repository's task runners
// (testdata/own-sentences-450.txt, first sight in its .md): a role named in words
// resolved to the project's target for it, a named spelling of a task met by the
// project's other spellings, and decoys.
func TestOwnSentences450(t *testing.T) {
	ownRepoSentences(t, "testdata/own-sentences-450.txt", 25)
}

// TestOwnSentences451: the second batch of role sentences with the repository's task
// runners (testdata/own-sentences-451.txt), written after this task's changes and
// scored once at first sight (its .md).
func TestOwnSentences451(t *testing.T) {
	ownRepoSentences(t, "testdata/own-sentences-451.txt", 15)
}

// "Run the tests through the scripts — never `jest` directly. The scripts ... run jest":
// the program the next sentence names again is the banned one, not its alternative, so
// running it directly is blocked and the project's script is the way.
func TestTestsThroughTheScriptsOnly(t *testing.T) {
	reg := rules.Registry()
	rs := compileDoc("- Always run the tests through the npm scripts below — never `jest` or `npx jest` directly. The scripts start the database, run jest, then stop it.\n")
	for _, c := range []struct{ line, want string }{
		{"jest", "blocked"},
		{"npx jest --watch", "blocked"},
		{"npm test", "allowed"},
		{"npm run test:unit", "allowed"},
	} {
		if got := lineVerdict(t, reg, rs, c.line); got != c.want {
			t.Errorf("%s: %s, want %s", c.line, got, c.want)
		}
	}
	for _, r := range rs {
		if strings.Contains(r.Message, "use jest") {
			t.Errorf("the message offers the banned program as the alternative: %q", r.Message)
		}
	}
}
