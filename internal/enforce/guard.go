package enforce

import (
	"fmt"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/heed-dev/heed/internal/config"
	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/shell"
)

// The guard: an agent's tool call that would change the files deciding which rules it
// obeys — heed's folder, the instruction files the policy is compiled from, the
// agents' hook settings — is denied, unless the repository lets agents change that
// kind of file ([guard] agent_may_edit in .heed/config). The user, outside the agent,
// changes them with heed's own commands or an editor (docs/security.md).

// ConfigFile is the repository's heed configuration, relative to its root.
const ConfigFile = ".heed/config"

// homeHookSettings are the agents' user-level settings, relative to the home
// directory: hooks configured there, or a setting that turns every hook off
// (Claude Code's disableAllHooks), apply to every repository.
var homeHookSettings = []string{".claude/settings.json", ".codex/config.toml", ".codex/hooks.json", ".gemini/settings.json", ".cursor/hooks.json"}

// guard tells which paths an agent may not write.
type guard struct {
	root, realRoot string
	home           string
	// sources are the instruction files the policy was compiled from.
	sources map[string]bool
	// instruction tells an instruction file by its path (nil: sources only).
	instruction func(rel string) bool
}

func newGuard(root string, sources []string, instruction func(string) bool) *guard {
	g := &guard{root: filepath.Clean(root), sources: map[string]bool{}, instruction: instruction}
	g.realRoot = g.root
	if r, err := filepath.EvalSymlinks(root); err == nil {
		g.realRoot = r
	}
	if h, err := os.UserHomeDir(); err == nil && filepath.IsAbs(h) {
		g.home = filepath.Clean(h)
	}
	for _, s := range sources {
		g.sources[s] = true
	}
	return g
}

// guardHit is a guarded file a tool call would change.
type guardHit struct {
	kind string
	// shown is the file as the message names it: repository-relative, or ~/...
	shown string
}

// check reports whether writing abs (removing it, when removes: a folder holding a
// guarded file counts) changes a guarded file.
func (g *guard) check(abs string, removes bool) (guardHit, bool) {
	abs = filepath.Clean(abs)
	cands := []string{abs}
	if real, err := filepath.EvalSymlinks(abs); err == nil && real != abs {
		cands = append(cands, real) // a link onto a guarded file writes that file
	}
	for _, p := range cands {
		for _, r := range []string{g.root, g.realRoot} {
			if rel, ok := within(r, p); ok {
				if hit, ok := g.checkRel(rel, removes); ok {
					return hit, true
				}
			}
		}
		if g.home != "" {
			if rel, ok := within(g.home, p); ok {
				for _, h := range homeHookSettings {
					if rel == h || (removes && policy.Contains(rel, h)) {
						return guardHit{kind: policy.GuardHooks, shown: "~/" + h}, true
					}
				}
			}
		}
	}
	return guardHit{}, false
}

// checkRel is check of a repository-relative path.
func (g *guard) checkRel(rel string, removes bool) (guardHit, bool) {
	if k := g.kindOf(rel); k != "" {
		return guardHit{kind: k, shown: rel}, true
	}
	if removes {
		for _, p := range g.known() {
			if policy.Contains(rel, p) {
				return guardHit{kind: g.kindOf(p), shown: p}, true
			}
		}
	}
	return guardHit{}, false
}

func (g *guard) kindOf(rel string) string {
	if k := policy.GuardOf(rel); k != "" {
		return k
	}
	if g.sources[rel] || (g.instruction != nil && g.instruction(rel)) {
		return policy.GuardInstructions
	}
	return ""
}

// heedKept are the files of heed's folder a folder removal or a pattern is judged
// against: what holds the rules and runs heed. The journal, the live index and the
// caches are rebuilt, or only ever make heed stricter when gone; a write to one of
// them by its name is still denied.
var heedKept = []string{policy.File, ConfigFile, policy.HeedDir + "/baseline.json", ShimDir}

// known lists the guarded paths that exist, sorted: what removing a folder that
// holds them, or a pattern that matches them, would change.
func (g *guard) known() []string {
	var out []string
	for _, p := range append(append(append([]string(nil), heedKept...), policy.GuardedNames()[1:]...), slices.Collect(maps.Keys(g.sources))...) {
		if _, err := os.Lstat(filepath.Join(g.root, filepath.FromSlash(p))); err == nil {
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out
}

// checkPattern is check of a glob the shell expands against the files (`rm .heed/*`,
// `rm -rf .c*`): pattern is repository-relative.
func (g *guard) checkPattern(pattern string, removes bool) (guardHit, bool) {
	for _, p := range g.known() {
		for q := p; q != "."; q = path.Dir(q) {
			if ok, _ := path.Match(pattern, q); ok && (q == p || removes || g.kindOf(q) != "") {
				return guardHit{kind: g.kindOf(p), shown: p}, true
			}
		}
	}
	return guardHit{}, false
}

// within returns p relative to dir ("/"-separated) when p lies inside dir.
func within(dir, p string) (string, bool) {
	r, err := filepath.Rel(dir, p)
	if err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) || filepath.IsAbs(r) {
		return "", false
	}
	return filepath.ToSlash(r), true
}

// target is a file a command writes, as the command names it.
type target struct {
	word    string
	removes bool
	// glob: the word is a pattern the shell expands.
	glob bool
}

// resolve places a word the command names: absolute, under the home directory (~/),
// or relative to the directory the command runs in (repository-relative cwd). ok is
// false when the place cannot be known.
func (g *guard) resolve(word, cwd string, cwdUnknown bool) (string, bool) {
	switch {
	case word == "~" || strings.HasPrefix(word, "~/"):
		if g.home == "" {
			return "", false
		}
		return filepath.Join(g.home, strings.TrimPrefix(word, "~")), true
	case filepath.IsAbs(word):
		return word, true
	case cwdUnknown:
		return "", false
	case filepath.IsAbs(cwd):
		return filepath.Join(cwd, word), true
	}
	return filepath.Join(g.root, filepath.FromSlash(cwd), word), true
}

// checkTarget judges one target of a command that runs in cwd.
func (g *guard) checkTarget(t target, cwd string, cwdUnknown bool) (guardHit, bool) {
	abs, ok := g.resolve(t.word, cwd, cwdUnknown)
	if !ok {
		return guardHit{}, false
	}
	if t.glob {
		rel, inside := within(g.root, filepath.Clean(abs))
		if !inside {
			return guardHit{}, false
		}
		return g.checkPattern(rel, t.removes)
	}
	return g.check(abs, t.removes)
}

// commandHits lists the guarded files the commands and redirections of a line write.
func (g *guard) commandHits(cmds []engine.Command, redirs []shell.Redirect) []guardHit {
	var hits []guardHit
	g.eachWrite(cmds, redirs, func(t target, cwd string, unknown bool) {
		if h, ok := g.checkTarget(t, cwd, unknown); ok {
			hits = append(hits, h)
		}
	})
	return hits
}

// eachWrite calls yield with each file the commands and redirections of a line
// plainly write (or remove), and the directory its word is relative to.
func (g *guard) eachWrite(cmds []engine.Command, redirs []shell.Redirect, yield func(t target, cwd string, unknown bool)) {
	for _, r := range redirs {
		if t, ok := plainWord(r.Path, r.Dynamic); ok {
			t.removes = false
			yield(t, r.Cwd, r.CwdUnknown)
		}
	}
	for _, c := range cmds {
		if len(c.Argv) == 0 || c.Unparsable != "" {
			continue
		}
		dyn := map[int]bool{}
		for _, i := range c.DynamicArgs {
			dyn[i] = true
		}
		cwd, unknown := c.Cwd, c.CwdUnknown
		ts, dir := commandTargets(c.Argv, dyn)
		if dir != "" { // git -C DIR
			d, ok := g.resolve(dir, cwd, unknown)
			if !ok {
				continue
			}
			cwd, unknown = d, false
		}
		for _, t := range ts {
			yield(t, cwd, unknown)
		}
	}
}

// plainWord turns a word into a target when what it names is plain: a literal, or a
// glob of literals. A word computed at run time ($VAR, $(...)) is not.
func plainWord(w string, dynamic bool) (target, bool) {
	if !dynamic {
		return target{word: w}, true
	}
	if strings.ContainsAny(w, "$`\\\"'") || !strings.ContainsAny(w, "*?[") {
		return target{}, false
	}
	return target{word: w, glob: true}, true
}

// commandTargets lists what an argv plainly writes: rm, mv, cp, tee, sed -i and
// their kin, git rm and git mv, and heed's own commands that write its files. dir is
// the directory git -C moves to.
func commandTargets(argv []string, dyn map[int]bool) (ts []target, dir string) {
	name := path.Base(argv[0])
	args := argv[1:]
	operand := func(i int, removes bool) {
		if t, ok := plainWord(args[i], dyn[i+1]); ok {
			t.removes = removes
			ts = append(ts, t)
		}
	}
	switch name {
	case "rm", "unlink", "rmdir", "shred", "srm":
		for _, i := range operands(args, map[string]bool{"-n": true, "-s": true, "--iterations": true, "--size": true, "--random-source": true}) {
			operand(i, true)
		}
	case "mv", "cp", "install", "ln", "rsync":
		ops := operands(args, map[string]bool{"-t": true, "-S": true, "--target-directory": true, "--suffix": true, "-m": true, "-o": true, "-g": true, "--mode": true, "--owner": true, "--group": true, "-e": true, "--exclude": true, "--include": true})
		targetDir := optionValue(args, "-t", "--target-directory")
		srcs := ops
		var dest int = -1
		if targetDir == "" && len(ops) > 0 {
			dest, srcs = ops[len(ops)-1], ops[:len(ops)-1]
		}
		removes := name == "mv" || (name == "rsync" && hasArg(args, "--remove-source-files"))
		for _, i := range srcs {
			if removes {
				operand(i, true)
			}
		}
		// the destination, and what lands in it when it is a folder
		dests := []string{targetDir}
		if dest >= 0 {
			if dyn[dest+1] {
				return ts, ""
			}
			dests = []string{args[dest]}
		}
		for _, d := range dests {
			if d == "" {
				continue
			}
			// rsync --delete empties the destination of what the source lacks
			ts = append(ts, target{word: d, removes: name == "rsync" && hasPrefixArg(args, "--delete")})
			for _, i := range srcs {
				if !dyn[i+1] {
					ts = append(ts, target{word: strings.TrimSuffix(d, "/") + "/" + path.Base(strings.TrimSuffix(args[i], "/"))})
				}
			}
		}
	case "tee", "truncate":
		for _, i := range operands(args, map[string]bool{"-s": true, "-r": true, "--size": true, "--reference": true}) {
			operand(i, false)
		}
	case "sed", "gsed", "perl":
		inPlace, script := false, false
		for _, a := range args {
			if a == "--" {
				break
			}
			if strings.HasPrefix(a, "--in-place") || (len(a) > 1 && a[0] == '-' && a[1] != '-' && strings.ContainsRune(strings.SplitN(a[1:], "e", 2)[0], 'i')) {
				inPlace = true
			}
			if a == "-e" || a == "-f" || a == "-E" && name == "perl" || strings.HasPrefix(a, "--expression") || strings.HasPrefix(a, "--file") ||
				(len(a) > 1 && a[0] == '-' && a[1] != '-' && (strings.HasSuffix(a, "e") || name == "sed" && strings.HasSuffix(a, "f"))) {
				script = true
			}
		}
		if !inPlace {
			return nil, ""
		}
		values := map[string]bool{"-e": true, "-f": true, "-l": true, "--expression": true, "--file": true, "--line-length": true}
		if name == "perl" {
			values = map[string]bool{"-e": true, "-E": true}
		}
		ops := operands(args, values)
		// a cluster ending in e (-pie, -ne) takes the next word as its script
		ops = withoutClusterValues(args, ops)
		if !script && len(ops) > 0 {
			ops = ops[1:] // the first operand is the script
		}
		for _, i := range ops {
			operand(i, false)
		}
	case "dd":
		for i, a := range args {
			if strings.HasPrefix(a, "of=") {
				if t, ok := plainWord(strings.TrimPrefix(a, "of="), dyn[i+1]); ok {
					ts = append(ts, t)
				}
			}
		}
	case "git":
		i := 0
		for i < len(args) && strings.HasPrefix(args[i], "-") {
			switch args[i] {
			case "-C":
				if i+1 < len(args) {
					if dyn[i+2] {
						return nil, ""
					}
					dir = args[i+1]
				}
				i++
			case "-c", "--git-dir", "--work-tree", "--namespace":
				i++
			}
			i++
		}
		if i >= len(args) {
			return nil, dir
		}
		sub, rest := args[i], args[i+1:]
		base := i + 1
		switch sub {
		case "rm", "mv":
			ops := operands(rest, nil)
			if sub == "mv" && len(ops) > 0 {
				d := ops[len(ops)-1]
				ts = append(ts, target{word: rest[d]})
				ops = ops[:len(ops)-1]
			}
			for _, j := range ops {
				if t, ok := plainWord(rest[j], dyn[base+j+1]); ok {
					t.removes = true
					ts = append(ts, t)
				}
			}
		}
		return ts, dir
	default:
		if IsHeedName(name) {
			ts = heedWrites(args)
		}
	}
	return ts, ""
}

// heedWrites lists the guarded files a heed command writes: compile (not --check),
// baseline, hook install, shim install and uninstall.
func heedWrites(args []string) []target {
	var words []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--repo" || a == "--color" {
			i++
			continue
		}
		if !strings.HasPrefix(a, "-") {
			words = append(words, a)
		}
	}
	if len(words) == 0 {
		return nil
	}
	switch words[0] {
	case "compile":
		if !hasArg(args, "--check") {
			return []target{{word: policy.File}}
		}
	case "baseline":
		return []target{{word: policy.HeedDir + "/baseline.json"}}
	case "hook":
		if len(words) > 1 && words[1] == "install" {
			return []target{{word: policy.HookSettings[0]}}
		}
	case "shim":
		if len(words) > 1 && (words[1] == "install" || words[1] == "uninstall") {
			return []target{{word: ShimDir}}
		}
	}
	return nil
}

// operands returns the positions (in args) of the words that are not options or
// option values (values names the options that take the next word); after "--"
// every word is an operand.
func operands(args []string, values map[string]bool) []int {
	var out []int
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			for j := i + 1; j < len(args); j++ {
				out = append(out, j)
			}
			break
		}
		if len(a) > 1 && a[0] == '-' {
			if values[a] {
				i++
			}
			continue
		}
		out = append(out, i)
	}
	return out
}

// withoutClusterValues drops from ops the word after an option cluster that ends in
// a script option (sed -ne 'p' file, perl -pie 's/a/b/' file).
func withoutClusterValues(args []string, ops []int) []int {
	skip := map[int]bool{}
	for i, a := range args {
		if len(a) > 2 && a[0] == '-' && a[1] != '-' && (strings.HasSuffix(a, "e") || strings.HasSuffix(a, "E") || strings.HasSuffix(a, "f")) {
			skip[i+1] = true
		}
	}
	var out []int
	for _, i := range ops {
		if !skip[i] {
			out = append(out, i)
		}
	}
	return out
}

// optionValue returns the value of an option given as `-t X`, `-tX`, `--long X` or
// `--long=X`.
func optionValue(args []string, short, long string) string {
	for i, a := range args {
		switch {
		case a == "--":
			return ""
		case a == short || a == long:
			if i+1 < len(args) {
				return args[i+1]
			}
		case strings.HasPrefix(a, long+"="):
			return strings.TrimPrefix(a, long+"=")
		case len(short) == 2 && strings.HasPrefix(a, short) && len(a) > 2 && a[1] != '-':
			return a[2:]
		}
	}
	return ""
}

func hasPrefixArg(args []string, prefix string) bool {
	for _, a := range args {
		if strings.HasPrefix(a, prefix) {
			return true
		}
	}
	return false
}

func hasArg(args []string, want string) bool {
	for _, a := range args {
		if a == want {
			return true
		}
	}
	return false
}

// writeHits lists the guarded files a tool's writes change (cwd places relative
// paths).
func (g *guard) writeHits(cwd string, writes []FileWrite) []guardHit {
	var hits []guardHit
	for _, w := range writes {
		for i, p := range []string{w.Path, w.patchSource} {
			if p == "" {
				continue
			}
			if !filepath.IsAbs(p) {
				p = filepath.Join(cwd, p)
			}
			// a deleted file, or the source of a move, is removed
			if h, ok := g.check(p, w.Delete || i == 1); ok {
				hits = append(hits, h)
			}
		}
	}
	return hits
}

// allow drops the hits of the kinds the repository lets agents change. An error
// (a configuration heed cannot read) names the file.
func allow(root string, hits []guardHit) ([]guardHit, error) {
	if len(hits) == 0 {
		return nil, nil
	}
	may, err := readGuardConfig(root)
	if err != nil {
		return nil, err
	}
	var out []guardHit
	seen := map[string]bool{}
	for _, h := range hits {
		if may[h.kind] || seen[h.shown] {
			continue
		}
		seen[h.shown] = true
		out = append(out, h)
	}
	return out, nil
}

// readGuardConfig reads the [guard] section of the repository's .heed/config through
// internal/config, the one reader of that file:
//
//	[guard]
//	agent_may_edit = ["instructions"]   # and/or "hooks", "heed"
//
// A missing file or section lets agents change none of them. The file must be a
// regular file of at most 1 MiB, not a link.
func readGuardConfig(root string) (map[string]bool, error) {
	cfg, err := config.Load(filepath.Join(root, filepath.FromSlash(ConfigFile)), false, false)
	if err != nil {
		return nil, err
	}
	may := map[string]bool{}
	for _, k := range cfg.AgentMayEdit {
		may[k] = true
	}
	return may, nil
}

// guardMessage words the denial of a tool call that would change guarded files.
func guardMessage(hits []guardHit) string {
	var b strings.Builder
	b.WriteString("[heed] BLOCKED: an agent may not change the files that decide which rules it obeys\n")
	kinds := map[string]bool{}
	for i, h := range hits {
		if i == 5 {
			fmt.Fprintf(&b, "  (and %d more)\n", len(hits)-5)
			break
		}
		kinds[h.kind] = true
		fmt.Fprintf(&b, "  File: %s (%s)\n", h.shown, guardWhat(h.kind))
	}
	b.WriteString("  Why: a change there could switch a rule, or heed itself, off for this session\n")
	var keys []string
	for _, k := range []string{policy.GuardInstructions, policy.GuardHooks, policy.GuardHeed} {
		if kinds[k] {
			keys = append(keys, strconv.Quote(k))
		}
	}
	fmt.Fprintf(&b, "  Instead: ask the user to make the change (then `heed compile`); a repository that lets agents make it says so in %s: [guard] agent_may_edit = [%s] (docs/security.md)\n", ConfigFile, strings.Join(keys, ", "))
	return b.String()
}

func guardWhat(kind string) string {
	switch kind {
	case policy.GuardInstructions:
		return "an instruction file heed compiles the rules from"
	case policy.GuardHooks:
		return "the agent's hook settings, which run heed"
	}
	return "heed's own files: the policy, its configuration, the journal, the shims"
}
