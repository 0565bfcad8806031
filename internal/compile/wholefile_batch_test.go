package compile_test

import (
	"bufio"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/compile"
	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/instr"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/rules"
)

// A whole-file batch scores the compile of whole instruction files against a
// reader's labels, constraint by constraint: the way the held-out split is labelled.
// The files' text stays outside the repository (public text is never committed), so
// the batch names them. Format, one repository a block:
//
//	== NAME
//	root	DIR          a folder holding the repository's manifests (optional)
//	tree	FILE         the repository's paths, one a line (git ls-tree -r --name-only)
//	text	REL	FILE     an instruction file at its repository path REL, its text in FILE
//	content	PATH	TEXT a file's text in the repository (\n for newlines), as in own-sentences-arch.txt
//	@	ID	WANT	KIND	ARGS...
//
// An "@" line is one expectation of constraint ID: WANT is flagged, warned, clean,
// caught (flagged or warned) or noblock (clean or warned), KIND and ARGS as in
// own-sentences-arch.txt (commit MESSAGE [CHANGED], pr TITLE\nBODY, changed PATHS,
// edit PATH CODE [PATHS], write PATH); WANT "none" with no KIND lists a constraint a
// reader calls not mechanically checkable (judge-only, a way of working), and
// "checkable" with a KIND of "branch" or "base" one the harness cannot give evidence
// for. A constraint is right when every expectation is met, wrong when a verdict is
// stricter than its label, missed otherwise.
type wholeFileBatch struct {
	name     string
	root     string
	tree     []string
	texts    [][2]string
	contents map[string]string
	expect   []wholeExpect
}

type wholeExpect struct {
	id, want, kind string
	args           []string
}

func readWholeFileBatch(t *testing.T, file string) []wholeFileBatch {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	dir := filepath.Dir(file)
	abs := func(p string) string {
		if filepath.IsAbs(p) {
			return p
		}
		return filepath.Join(dir, p)
	}
	var out []wholeFileBatch
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		l := sc.Text()
		if strings.HasPrefix(l, "== ") {
			out = append(out, wholeFileBatch{name: strings.TrimPrefix(l, "== ")})
			continue
		}
		if len(out) == 0 || strings.TrimSpace(l) == "" || strings.HasPrefix(l, "#") {
			continue
		}
		cur := &out[len(out)-1]
		parts := strings.Split(l, "\t")
		switch parts[0] {
		case "root":
			cur.root = abs(parts[1])
		case "tree":
			data, err := os.ReadFile(abs(parts[1]))
			if err != nil {
				t.Fatal(err)
			}
			cur.tree = strings.Fields(string(data))
		case "text":
			data, err := os.ReadFile(abs(parts[2]))
			if err != nil {
				t.Fatal(err)
			}
			cur.texts = append(cur.texts, [2]string{parts[1], string(data)})
		case "content":
			if cur.contents == nil {
				cur.contents = map[string]string{}
			}
			cur.contents[parts[1]] = strings.NewReplacer(`\n`, "\n", `\t`, "\t").Replace(strings.Join(parts[2:], "\t"))
		case "@":
			if len(parts) < 3 {
				t.Fatalf("%s: %s: an expectation needs an id and a want", file, l)
			}
			e := wholeExpect{id: parts[1], want: parts[2]}
			if len(parts) > 3 {
				e.kind, e.args = parts[3], parts[4:]
			}
			for i := range e.args {
				e.args[i] = strings.ReplaceAll(e.args[i], `\n`, "\n")
			}
			cur.expect = append(cur.expect, e)
		default:
			t.Fatalf("%s: unknown line %q", file, l)
		}
	}
	return out
}

// TestWholeFileBatch scores a whole-file batch named by HEED_WHOLE_BATCH (skipped
// without it): one line a constraint, then the counts. It fails nothing: the batch
// measures the compiler.
func TestWholeFileBatch(t *testing.T) {
	file := batchFromEnv(t, "HEED_WHOLE_BATCH")
	reg := rules.Registry()
	counts := map[string]int{}
	for _, b := range readWholeFileBatch(t, file) {
		verdicts, rulesRead := judgeWholeFile(t, reg, b)
		ids := make([]string, 0, len(verdicts))
		for id := range verdicts {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		for _, id := range ids {
			v := verdicts[id]
			counts[strings.Fields(v)[0]]++
			t.Logf("%s %s\t%s", b.name, id, v)
		}
		t.Logf("%s rules:\n\t%s", b.name, strings.Join(rulesRead, "\n\t"))
	}
	t.Logf("constraints: %v", counts)
}

func judgeWholeFile(t *testing.T, reg *engine.Registry, b wholeFileBatch) (map[string]string, []string) {
	t.Helper()
	tree := map[string]string{}
	for _, p := range b.tree {
		tree[p] = placeholder(p)
	}
	for p, text := range b.contents {
		tree[p] = text
	}
	var all []policy.Constraint
	var files []instr.File
	for _, tx := range b.texts {
		rel := tx[0]
		scope := policy.Scope{}
		if d := path.Dir(rel); d != "." && d != ".github" && d != "docs" && !strings.HasPrefix(d, ".cursor") && !strings.HasPrefix(d, ".claude") {
			scope.Dir = d
		}
		format := instr.Classify(rel)
		cons, _ := instr.Extract(rel, []byte(tx[1]), format, scope)
		files = append(files, instr.File{Path: rel, Format: format, Constraints: len(cons)})
		all = append(all, cons...)
	}
	rc := compile.RepoContextFor(b.root, b.tree)
	p, _ := compile.Compile(&instr.Set{Files: files, Constraints: all}, rc, rules.Recognizers())
	var contrib []policy.Rule
	var read []string
	// HEED_WHOLE_BATCH_DOMAIN names the domain whose rules judge the expectations
	// (source, architecture, ...); contribution without it.
	domain := policy.DomainContribution
	if d := os.Getenv("HEED_WHOLE_BATCH_DOMAIN"); d != "" {
		domain = d
	}
	for _, e := range p.Entries {
		for _, r := range e.Rules {
			if r.Domain == domain {
				contrib = append(contrib, r)
				read = append(read, fmt.Sprintf("%.100q -> %s [%s] %.160s", e.Text, r.Kind, r.Severity, stripIfGlobs(string(r.Params))))
			}
		}
	}
	verdicts := map[string]string{}
	for _, e := range b.expect {
		if e.want == "none" || e.want == "checkable" {
			if _, ok := verdicts[e.id]; !ok {
				verdicts[e.id] = e.want
				if e.kind != "" {
					verdicts[e.id] += " (" + e.kind + ")"
				}
			}
			continue
		}
		var c policy.Case
		switch e.kind {
		case "commit":
			c.Message = e.args[0]
			if len(e.args) > 1 {
				c.Changed = strings.Fields(e.args[1])
			}
		case "pr":
			c.PR = e.args[0]
		case "changed":
			c.Changed, c.Files = strings.Fields(e.args[0]), tree
		case "write":
			c.Path, c.Code, c.Files = e.args[0], "edited\n", tree
		case "edit":
			c.Path, c.Code, c.Files = e.args[0], strings.ReplaceAll(e.args[1], `\t`, "\t"), tree
			c.Changed = []string{e.args[0]}
			if len(e.args) > 2 {
				c.Changed = append(c.Changed, strings.Fields(e.args[2])...)
			}
		default:
			t.Fatalf("%s %s: unknown kind %q", b.name, e.id, e.kind)
		}
		got := archVerdict(t, reg, contrib, c)
		v := fileScale.judge(e.want, got)
		if v == outcomeWeak {
			v = outcomeMissed // a constraint is right, wrong or missed
		}
		prev, seen := verdicts[e.id]
		prevV := strings.Fields(prev + " right")[0]
		if !seen || worse(prevV, v) != prevV {
			verdicts[e.id] = v
		}
		if v != "right" {
			verdicts[e.id] += fmt.Sprintf(" [%s %q: %s, want %s]", e.kind, e.args, got, e.want)
		}
	}
	return verdicts, read
}

// stripIfGlobs shortens a co-change rule's long list of source globs for the log.
func stripIfGlobs(params string) string {
	if i := strings.Index(params, `"**/*.py",`); i >= 0 {
		if j := strings.Index(params[i:], `]`); j >= 0 {
			return params[:i] + `"<source files>"` + params[i+j:]
		}
	}
	return params
}
