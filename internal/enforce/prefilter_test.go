package enforce

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/heed-dev/heed/bench/processgen"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/rules"
)

// optionRules are rules whose forms are options alone, or subcommands written as
// aliases: the pre-filter's abbreviations, clusters, `--opt=value`, case and alias
// expansion are what lets their commands through to the full path.
const optionRules = `# Rules

- Never run ` + "`rm -rf`" + `.
- Never run ` + "`git commit --no-verify`" + `.
- Do not run ` + "`go test -race`" + `.
- Never run ` + "`npm i`" + `.
- Never use ` + "`cargo b`" + `.
- Do not run ` + "`pytest`" + ` with ` + "`-x`" + `.
- Never run ` + "`ruff --fix`" + `.
- Never run ` + "`tsc --noEmit`" + `.
- Never run ` + "`pip install --user`" + `.
- Never run ` + "`make deploy`" + `.
`

// optionSeeds are commands optionRules judges, blocked or not, for the generator
// to vary.
var optionSeeds = [][]string{
	{"rm", "-rf", "build"}, {"rm", "--recursive", "--force", "x"}, {"rm", "-r", "x"}, {"go", "test", "-race", "./..."},
	{"npm", "install"}, {"npm", "ci"}, {"cargo", "build"}, {"cargo", "check"}, {"pytest", "-x"}, {"pytest", "-q"},
	{"ruff", "check", "--fix"}, {"tsc", "--noEmit"}, {"tsc", "-p", "."}, {"pip", "install", "--user", "x"},
	{"git", "commit", "--no-verify"}, {"make", "deploy"}, {"make", "-n", "deploy"},
	// spelled as the tools accept them: aliases, abbreviations, values, case
	{"npm", "add", "x"}, {"npm", "isnt"}, {"cargo", "b"}, {"git", "commit", "--no-verif"}, {"ruff", "--fi"},
	{"ruff", "check", "--fix=true"}, {"tsc", "--noemit"}, {"rm", "--rec", "--forc", "x"}, {"go", "test", "--race"},
}

// prefilterRepo is a git repository with the files of base (a folder of
// testdata/cases) or, when base is "", an AGENTS.md that says instructions
// (default: the AGENTS.md of bench/processgen), compiled to a policy file and its
// live index as heed compile leaves them.
func prefilterRepo(t testing.TB, base, instructions string) string {
	t.Helper()
	root := t.TempDir()
	if base == "" {
		if instructions == "" {
			instructions = processgen.AgentsMD()
		}
		if err := os.WriteFile(filepath.Join(root, "AGENTS.md"), []byte(instructions), 0o644); err != nil {
			t.Fatal(err)
		}
	} else if err := os.CopyFS(root, os.DirFS(base)); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"init", "-q", "-b", "main"}, {"add", "-A"}, {"-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "init"}} {
		if out, err := exec.Command("git", append([]string{"-C", root}, args...)...).CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	savePolicy(t, root)
	if _, err := newEnforcer().Loader.Load(root, []string{"git"}, false); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, IndexFile)); err != nil {
		t.Fatalf("no index written: %v", err)
	}
	return root
}

// commandVocabulary is what the generator draws from: the programs, words and options
// of the repository's rules (every string of every rule's params in the policy file)
// and of the case's commands, and words no rule names.
type commandVocabulary struct {
	programs, words, options []string
	// seeds are the case's own commands, which the generator varies
	seeds [][]string
}

func vocabularyOf(t *testing.T, root, caseFile string) commandVocabulary {
	t.Helper()
	var v commandVocabulary
	add := func(s string) {
		switch {
		case s == "":
		case strings.HasPrefix(s, "-"):
			v.options = append(v.options, s)
		default:
			v.words = append(v.words, s)
		}
	}
	data, err := os.ReadFile(filepath.Join(root, policy.File))
	if err != nil {
		t.Fatal(err)
	}
	var doc any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	var walk func(x any, inParams bool, key string)
	walk = func(x any, inParams bool, key string) {
		switch x := x.(type) {
		case map[string]any:
			for k, y := range x {
				walk(y, inParams || k == "params", k)
			}
		case []any:
			for _, y := range x {
				walk(y, inParams, key)
			}
		case string:
			if !inParams {
				return
			}
			if key == "program" {
				v.programs = append(v.programs, strings.ReplaceAll(x, "*", "11"))
				if i := strings.LastIndexByte(x, '/'); i >= 0 {
					v.programs = append(v.programs, x[i+1:])
				}
				return
			}
			add(x)
		}
	}
	walk(doc, false, "")
	if caseFile != "" {
		data, err := os.ReadFile(caseFile)
		if err != nil {
			t.Fatal(err)
		}
		var c struct {
			Blocked, Allowed [][]string
		}
		var hooks struct {
			HookBlocked []string `json:"hook_blocked"`
			HookAllowed []string `json:"hook_allowed"`
		}
		_ = json.Unmarshal(data, &c)
		_ = json.Unmarshal(data, &hooks)
		for _, argv := range append(c.Blocked, c.Allowed...) {
			v.seeds = append(v.seeds, argv)
			v.programs = append(v.programs, argv[0])
			for _, w := range argv[1:] {
				add(w)
			}
		}
		for _, line := range append(hooks.HookBlocked, hooks.HookAllowed...) {
			v.seeds = append(v.seeds, strings.Fields(strings.NewReplacer("'", "", `"`, "").Replace(line)))
			for i, w := range strings.Fields(line) {
				w = strings.Trim(w, `'"`)
				if i == 0 {
					v.programs = append(v.programs, w)
				} else {
					add(w)
				}
			}
		}
	}
	// programs and words no rule names, subcommand aliases, options of every shape
	v.programs = append(v.programs, "git", "npm", "pnpm", "yarn", "npx", "cargo", "make", "pip", "uv", "python3", "ls", "echo", "docker", "gh", "go")
	v.words = append(v.words, "status", "log", "version", "i", "in", "isnt", "t", "tst", "add", "ci", "run", "run-script", "x", "b", "c", "r", "rm", "un", "test",
		"install", "origin", "main", "+main", "HEAD", ".", "..", "./x.sh", "src/a.py", "web", "--", "-", "1", "v1.2")
	v.options = append(v.options, "--version", "-v", "-q", "--help", "-C", "-c", "-x", "-u", "--no-edit", "--quiet", "-rf", "--verbose")
	for _, l := range [][]string{v.programs, v.words, v.options} {
		sort.Strings(l)
	}
	v.programs, v.words, v.options = slices.Compact(v.programs), slices.Compact(v.words), slices.Compact(v.options)
	return v
}

// option is an option of the vocabulary in one of the shapes a command may write it.
func (v *commandVocabulary) option(r *rand.Rand) []string {
	return v.shape(r, v.options[r.IntN(len(v.options))])
}

// shape writes the option o as written, abbreviated, with a value after "=" or after
// it, upper case, in a cluster, or with two dashes for one.
func (v *commandVocabulary) shape(r *rand.Rand, o string) []string {
	switch r.IntN(8) {
	case 0:
		if strings.HasPrefix(o, "--") && len(o) > 4 {
			return []string{o[:3+r.IntN(len(o)-3)]} // --forc
		}
	case 1:
		name, _, _ := strings.Cut(o, "=")
		return []string{name + "=" + v.words[r.IntN(len(v.words))]}
	case 2:
		return []string{strings.ToUpper(o)}
	case 3:
		// a cluster of short letters, the option's among them
		letters := "abcdefhklmnopqrsuvwxyz"
		b := []byte{'-'}
		for range 1 + r.IntN(3) {
			b = append(b, letters[r.IntN(len(letters))])
		}
		if len(o) == 2 {
			b = append(b, o[1])
		}
		return []string{string(b)}
	case 4:
		return []string{o, v.words[r.IntN(len(v.words))]} // with a value after it
	case 5:
		if len(o) > 2 && o[1] != '-' {
			return []string{"-" + o} // --race for -race
		}
	}
	return []string{o}
}

// argv is a random command: a program, then words and options of the vocabulary.
func (v *commandVocabulary) argv(r *rand.Rand) []string {
	argv := []string{v.programs[r.IntN(len(v.programs))]}
	if len(v.seeds) > 0 && r.IntN(2) == 0 {
		// one of the case's commands, a word dropped or another inserted
		argv = slices.Clone(v.seeds[r.IntN(len(v.seeds))])
		if len(argv) > 1 {
			i := 1 + r.IntN(len(argv)-1)
			switch w := argv[i]; {
			case strings.HasPrefix(w, "-") && r.IntN(2) == 0:
				argv = slices.Replace(argv, i, i+1, v.shape(r, w)...)
			case r.IntN(3) == 0:
				argv = slices.Delete(argv, i, i+1)
			case r.IntN(3) == 0:
				argv[i] = v.words[r.IntN(len(v.words))]
			}
		}
		if r.IntN(2) == 0 {
			argv = slices.Insert(argv, 1+r.IntN(len(argv)), v.option(r)...)
		}
		return argv
	}
	if r.IntN(6) == 0 && argv[0] == "git" {
		argv = append(argv, "-c", "alias.z="+v.words[r.IntN(len(v.words))])
	}
	for range r.IntN(5) {
		if r.IntN(2) == 0 {
			argv = append(argv, v.words[r.IntN(len(v.words))])
		} else {
			argv = append(argv, v.option(r)...)
		}
	}
	switch r.IntN(12) {
	case 0:
		argv = append([]string{"env", "CI=1"}, argv...)
	case 1:
		argv = append([]string{"sudo"}, argv...)
	case 2:
		argv = append([]string{"xargs"}, argv...)
	case 3:
		argv = []string{"sh", "-c", shellJoin(argv)}
	case 4:
		argv = append([]string{"npx"}, argv...)
	case 5:
		argv = append([]string{"nice", "-n", "5"}, argv...)
	case 6:
		argv = append([]string{"timeout", "5"}, argv...)
	}
	return argv
}

func shellJoin(argv []string) string {
	var b strings.Builder
	for i, a := range argv {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString("'" + strings.ReplaceAll(a, "'", `'\''`) + "'")
	}
	return b.String()
}

// line is a random shell line as an agent's hook gets it: commands chained, piped,
// redirected, in another folder, with a word computed at run time.
func (v *commandVocabulary) line(r *rand.Rand) string {
	var b strings.Builder
	if r.IntN(5) == 0 {
		b.WriteString("cd web && ")
	}
	for i := range 1 + r.IntN(3) {
		if i > 0 {
			b.WriteString([]string{" && ", " || ", "; ", " | "}[r.IntN(4)])
		}
		b.WriteString(shellJoin(v.argv(r)))
		switch r.IntN(8) {
		case 0:
			b.WriteString(" > out.txt 2>&1")
		case 1:
			b.WriteString(" $X")
		case 2:
			b.WriteString(` "$(echo push)"`)
		}
	}
	return b.String()
}

// The pre-filter is sound: whenever it says that no rule can apply to a command (and
// the command runs without a rule loaded), the full path, which loads and judges
// every rule about the command's programs, allows it too, with no warning and
// nothing to record. Over generated commands: the programs, words and options of the
// rules of bench/processgen and of the acceptance cases' repositories, their
// commands, and random words, options in every shape (abbreviated, --opt=value,
// clusters, upper case), wrappers (env, sudo, xargs, sh -c, npx), chains, pipes,
// redirections and computed words. The test also fails when the pre-filter clears
// too little to matter, or nothing the full path blocks is ever generated.
func TestPrefilterClearsOnlyWhatTheFullPathAllows(t *testing.T) {
	bases := []string{"", "options"}
	cases, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "cases", "process-*"))
	bases = append(bases, cases...)
	n, seed := 400, uint64(48)
	if testing.Short() {
		n = 60
	}
	if s := os.Getenv("HEED_PREFILTER_COMMANDS"); s != "" {
		// a longer hunt: HEED_PREFILTER_COMMANDS=5000 HEED_PREFILTER_SEED=7
		n, _ = strconv.Atoi(s)
		seed, _ = strconv.ParseUint(os.Getenv("HEED_PREFILTER_SEED"), 10, 64)
	}
	for _, base := range bases {
		name := "processgen"
		if base == "options" {
			name = base
		} else if base != "" {
			name = filepath.Base(base)
		}
		t.Run(name, func(t *testing.T) {
			var root, caseFile string
			switch base {
			case "":
				root = prefilterRepo(t, "", "")
			case "options":
				root = prefilterRepo(t, "", optionRules)
			default:
				root = prefilterRepo(t, filepath.Join(base, "base"), "")
				caseFile = filepath.Join(base, "case.json")
			}
			v := vocabularyOf(t, root, caseFile)
			if base == "options" {
				v.seeds = optionSeeds
			}
			reg := rules.Registry()
			state := func(string) (string, error) { return "s", nil }
			fast := &Enforcer{Loader: &Loader{Registry: reg}, NoJournal: true, State: state}
			full := &Enforcer{Loader: &Loader{Registry: reg, NoPrefilter: true}, NoJournal: true, State: state}
			dirs := []string{root, filepath.Join(root, "web")}
			r := rand.New(rand.NewPCG(seed, uint64(len(name))))
			cleared, blocked := 0, 0
			for i := range n {
				req := Request{Root: root, Cwd: dirs[r.IntN(len(dirs))], Source: "exec"}
				if _, err := os.Stat(req.Cwd); err != nil {
					req.Cwd = root
				}
				if i%2 == 0 {
					req.Argv = v.argv(r)
				} else {
					req.Line, req.Source = v.line(r), "hook:claude"
				}
				d := fast.Check(req)
				want := full.Check(req)
				if want.Stale || want.Internal != "" {
					t.Fatalf("%q %q: the full path could not judge: %s", req.Argv, req.Line, want.Message)
				}
				if want.Blocked {
					blocked++
				}
				if !d.Cleared {
					if d.Blocked != want.Blocked {
						t.Errorf("%q %q: blocked %v with the pre-filter on, %v without", req.Argv, req.Line, d.Blocked, want.Blocked)
					}
					continue
				}
				cleared++
				if want.Blocked || len(want.Warnings) > 0 || want.Record {
					t.Errorf("%q %q: the pre-filter cleared it, but the full path says blocked %v, %d warnings, record %v:\n%s",
						req.Argv, req.Line, want.Blocked, len(want.Warnings), want.Record, want.Message)
				}
			}
			t.Logf("%d commands: %d cleared by the pre-filter, %d blocked by the full path", n, cleared, blocked)
			if cleared < n/10 || blocked < n/20 {
				t.Errorf("%d commands: %d cleared, %d blocked: the generator no longer tests the pre-filter", n, cleared, blocked)
			}
		})
	}
}

// reseal rewrites the index's first line with the checksum of what follows it, as a
// version of heed that wrote these bytes would have.
func reseal(data []byte) []byte {
	_, rest, _ := bytes.Cut(data, []byte("\n"))
	return encodeIndexBytes(rest)
}

func encodeIndexBytes(rest []byte) []byte {
	sum := sha256.Sum256(rest)
	return append([]byte(indexMagic+indexVersion+" sha256="+hex.EncodeToString(sum[:])+"\n"), rest...)
}

// The pre-filter fails closed: it clears a command only from an index that is
// fresh, whole and of this version, and only for a program whose trigger entry it
// read. Otherwise the command takes the full path: denied when the index is
// damaged, handed to heed when it is stale, judged by the rules when an entry is
// missing.
func TestPrefilterFailsClosed(t *testing.T) {
	shimLoader := func() *Enforcer { // heed-shim's: no Open, no compiler
		return &Enforcer{Loader: &Loader{Registry: rules.Registry()}, NoJournal: true}
	}
	version := Request{Argv: []string{"git", "--version"}, Source: "shim"}
	cases := []struct {
		name string
		edit func(t *testing.T, root string, index []byte) []byte
		// want: "stale" (handed to heed), "corrupt" (denied), "judged" (the full
		// path allows it)
		want string
	}{
		{"the policy changed since", func(t *testing.T, root string, index []byte) []byte {
			p := filepath.Join(root, policy.File)
			data, _ := os.ReadFile(p)
			if err := os.WriteFile(p, append(data, '\n'), 0o644); err != nil {
				t.Fatal(err)
			}
			return index
		}, "stale"},
		{"another version's index", func(t *testing.T, root string, index []byte) []byte {
			_, rest, _ := bytes.Cut(index, []byte("\n"))
			sum := sha256.Sum256(rest)
			return append([]byte(indexMagic+"3 sha256="+hex.EncodeToString(sum[:])+"\n"), rest...)
		}, "stale"},
		{"a trigger word changed", func(t *testing.T, root string, index []byte) []byte {
			return bytes.Replace(index, []byte("\treset"), []byte("\tresex"), 1)
		}, "corrupt"},
		{"a trigger line cut short", func(t *testing.T, root string, index []byte) []byte {
			i := bytes.Index(index, []byte("\ntrigger git\t"))
			j := bytes.IndexByte(index[i+1:], '\n')
			return append(index[:i+1+j/2], index[i+1+j:]...)
		}, "corrupt"},
		{"truncated in the rules", func(t *testing.T, root string, index []byte) []byte {
			return index[:len(index)-10]
		}, "corrupt"},
		{"truncated in the header", func(t *testing.T, root string, index []byte) []byte {
			return index[:bytes.Index(index, []byte("\ntrigger git"))]
		}, "corrupt"},
		{"resealed without git's trigger entry", func(t *testing.T, root string, index []byte) []byte {
			i := bytes.Index(index, []byte("\ntrigger git\t"))
			j := bytes.IndexByte(index[i+1:], '\n')
			return reseal(append(index[:i+1], index[i+2+j:]...))
		}, "judged"},
		{"resealed with a trigger line that does not read", func(t *testing.T, root string, index []byte) []byte {
			return reseal(bytes.Replace(index, []byte("\ntrigger git\t0\t"), []byte("\ntrigger git\t2\t"), 1))
		}, "stale"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root := prefilterRepo(t, "", "# Rules\n\n- Never run `git reset --hard`.\n")
			req := version
			req.Root, req.Cwd = root, root
			if d := shimLoader().Check(req); !d.Cleared || d.Blocked {
				t.Fatalf("before the edit: git --version not cleared (blocked %v): %s", d.Blocked, d.Message)
			}
			path := filepath.Join(root, IndexFile)
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, c.edit(t, root, bytes.Clone(data)), 0o644); err != nil {
				t.Fatal(err)
			}
			d := shimLoader().Check(req)
			if d.Cleared {
				t.Fatalf("cleared by the pre-filter from this index")
			}
			switch c.want {
			case "stale":
				if !d.Stale || !d.Blocked {
					t.Fatalf("want the command handed to heed (stale), got blocked %v stale %v: %s", d.Blocked, d.Stale, d.Message)
				}
			case "corrupt":
				if d.Stale || !d.Blocked || !strings.Contains(d.Message, "corrupt") {
					t.Fatalf("want the command denied for a corrupt index, got blocked %v stale %v: %s", d.Blocked, d.Stale, d.Message)
				}
			case "judged":
				if d.Blocked || d.Stale {
					t.Fatalf("want the full path to allow it, got blocked %v stale %v: %s", d.Blocked, d.Stale, d.Message)
				}
				reset := req
				reset.Argv = []string{"git", "reset", "--hard"}
				if d := shimLoader().Check(reset); !d.Blocked || d.Cleared {
					t.Fatalf("git reset --hard from the same index: blocked %v cleared %v", d.Blocked, d.Cleared)
				}
			}
		})
	}
}

// A command the pre-filter clears leaves nothing in the journal, before or after it
// runs, and its outcome takes no tree state (a git status); a prerequisite of an
// ordering rule is journaled with its outcome as before, and the rule reads it.
func TestClearedCommandsAreNotJournaled(t *testing.T) {
	root := prefilterRepo(t, "", "# Rules\n\n- Run `make lint` before committing.\n")
	states := 0
	e := &Enforcer{Loader: &Loader{Registry: rules.Registry()}, State: func(string) (string, error) { states++; return "s", nil }}
	h := &Hooks{Enforcer: e}
	zero := 0
	run := func(id, line string) HookResult {
		res := h.Handle(&HookEvent{Agent: AgentClaude, Phase: PhasePre, Tool: "shell", Cwd: root, Line: line, ID: id, Session: "s1"})
		if !res.Deny {
			h.Handle(&HookEvent{Agent: AgentClaude, Phase: PhasePost, Tool: "shell", Cwd: root, Line: line, ID: id, Session: "s1", Exit: &zero})
		}
		return res
	}
	journal := func() string {
		data, _ := os.ReadFile(filepath.Join(root, ".heed", "journal.jsonl"))
		return string(data)
	}
	if res := run("t1", "git status --short"); res.Deny {
		t.Fatalf("git status denied: %s", res.Reason)
	}
	if j := journal(); j != "" || states != 0 {
		t.Fatalf("a cleared command was journaled (%d tree states taken):\n%s", states, j)
	}
	if res := run("t2", "git commit -m x"); !res.Deny {
		t.Fatalf("git commit allowed before make lint")
	}
	if res := run("t3", "make lint"); res.Deny {
		t.Fatalf("make lint denied: %s", res.Reason)
	}
	if j := journal(); !strings.Contains(j, `"id":"t3"`) || strings.Count(j, `"id":"t3"`) != 2 || strings.Contains(j, `"id":"t1"`) || states == 0 {
		t.Fatalf("make lint and its outcome not journaled (%d tree states):\n%s", states, j)
	}
	if res := run("t4", "git commit -m x"); res.Deny {
		t.Fatalf("git commit denied after make lint: %s", res.Reason)
	}
}

// FuzzPrefilter is TestPrefilterClearsOnlyWhatTheFullPathAllows with the fuzzer's
// command lines: under the rules of bench/processgen and optionRules together, a
// line (a hook's) or its words (a shim's) that the pre-filter clears must be one the
// full path allows, with no warning and nothing to record.
func FuzzPrefilter(f *testing.F) {
	for _, line := range []string{
		"git --version", "git status --short", "git push --forc origin main", "git -c alias.p=push p -f",
		"rm -u=rf x", "npm add x", "CI=1 pnpm install", "sh -c 'git reset --hard'", "make lint && git commit -m x",
		"./scripts/release-5.sh", "pip3.11 install x", "cargo xtask-2 --x", "docker push --tag-4=1 img", "tsc --NOEMIT",
	} {
		f.Add(line, false)
		f.Add(line, true)
	}
	root := prefilterRepo(f, "", processgen.AgentsMD()+"\n"+strings.TrimPrefix(optionRules, "# Rules\n"))
	reg := rules.Registry()
	state := func(string) (string, error) { return "s", nil }
	fast := &Enforcer{Loader: &Loader{Registry: reg}, NoJournal: true, NoRunners: true, State: state}
	full := &Enforcer{Loader: &Loader{Registry: reg, NoPrefilter: true}, NoJournal: true, NoRunners: true, State: state}
	f.Fuzz(func(t *testing.T, line string, words bool) {
		if len(line) > 4096 {
			return
		}
		req := Request{Root: root, Cwd: root, Line: line, Source: "hook:claude"}
		if words {
			req.Line, req.Argv, req.Source = "", strings.Fields(line), "exec"
			if len(req.Argv) == 0 {
				return
			}
		}
		d := fast.Check(req)
		if !d.Cleared {
			return
		}
		if want := full.Check(req); want.Blocked || len(want.Warnings) > 0 || want.Record {
			t.Fatalf("%q %q: the pre-filter cleared it, but the full path says blocked %v, %d warnings, record %v:\n%s",
				req.Argv, req.Line, want.Blocked, len(want.Warnings), want.Record, want.Message)
		}
	})
}
