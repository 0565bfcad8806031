package doccmd

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// block is a run of commands from one fenced block (or one "$ " line).
type block struct {
	file  string
	line  int
	cmds  []command
	skip  string // the not-run reason
	fence string
}

type command struct {
	line    int
	text    string
	exit    int
	blocked bool
	// says are the phrases the comment quotes ("..."): heed's output has each
	says []string
}

var (
	fenceRE  = regexp.MustCompile("^\\s*```+\\s*([A-Za-z-]*)")
	notRunRE = regexp.MustCompile(`^\s*<!--\s*not run:\s*(.+?)\s*-->\s*$`)
	dollarRE = regexp.MustCompile(`^\s*\$ (.+)$`)
	markRE   = regexp.MustCompile(`^(blocked|exit (\d+))\b`)
	quoteRE  = regexp.MustCompile(`"([^"]+)"`)
)

var shellLangs = map[string]bool{"sh": true, "bash": true, "shell": true, "zsh": true, "console": true}

// extract reads the blocks of one Markdown file.
func extract(t *testing.T, file string) []block {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var out []block
	var cur *block
	inFence, lang := false, ""
	pendingSkip, lastNonBlank := "", ""
	sc := bufio.NewScanner(strings.NewReader(string(data)))
	for n := 1; sc.Scan(); n++ {
		l := sc.Text()
		if m := fenceRE.FindStringSubmatch(l); m != nil {
			if !inFence {
				inFence, lang = true, strings.ToLower(m[1])
				pendingSkip = ""
				if m := notRunRE.FindStringSubmatch(lastNonBlank); m != nil {
					pendingSkip = m[1]
				}
				if shellLangs[lang] {
					cur = &block{file: file, line: n, skip: pendingSkip, fence: lang}
				}
			} else {
				inFence = false
				if cur != nil && len(cur.cmds) > 0 {
					out = append(out, *cur)
				}
				cur = nil
			}
			lastNonBlank = l
			continue
		}
		switch {
		case inFence && cur != nil && lang != "console":
			cur.add(n, strings.TrimSpace(l))
		case dollarRE.MatchString(l) && (!inFence || cur != nil):
			text := dollarRE.FindStringSubmatch(l)[1]
			if cur != nil {
				cur.add(n, text)
			} else {
				b := block{file: file, line: n}
				if m := notRunRE.FindStringSubmatch(lastNonBlank); m != nil {
					b.skip = m[1]
				}
				b.add(n, text)
				out = append(out, b)
			}
		}
		if strings.TrimSpace(l) != "" {
			lastNonBlank = l
		}
	}
	return out
}

// add appends a line: a continuation of the last command, or a command of its own
// with the expectation its trailing comment states.
func (b *block) add(n int, l string) {
	if l == "" || strings.HasPrefix(l, "#") {
		return
	}
	if k := len(b.cmds); k > 0 && strings.HasSuffix(b.cmds[k-1].text, "\\") {
		b.cmds[k-1].text += "\n" + l
		return
	}
	c := command{line: n, text: l}
	if comment := trailingComment(l); comment != "" {
		if m := markRE.FindStringSubmatch(comment); m != nil {
			if m[1] == "blocked" {
				c.exit, c.blocked = 1, true
			} else {
				c.exit, _ = strconv.Atoi(m[2])
			}
			for _, q := range quoteRE.FindAllStringSubmatch(comment, -1) {
				c.says = append(c.says, q[1])
			}
		}
	}
	b.cmds = append(b.cmds, c)
}

// trailingComment is the text after a '#' that starts a shell comment (outside
// quotes, after whitespace).
func trailingComment(l string) string {
	var quote byte
	for i := 0; i < len(l); i++ {
		c := l[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '#' && i > 0 && (l[i-1] == ' ' || l[i-1] == '\t'):
			return strings.TrimSpace(l[i+1:])
		}
	}
	return ""
}

// script is the block as one bash script that checks every command's exit status
// (and that a blocked one says so) and stops at the first that does not do what
// its text says.
func (b *block) script() string {
	var s strings.Builder
	s.WriteString("__out=$(mktemp)\n")
	for _, c := range b.cmds {
		where := fmt.Sprintf("%s:%d", filepath.Base(b.file), c.line)
		fmt.Fprintf(&s, "echo %q\n{ %s\n} >\"$__out\" 2>&1 </dev/null; __s=$?\ncat \"$__out\"\n", "+ "+c.text, c.text)
		fmt.Fprintf(&s, "if [ \"$__s\" -ne %d ]; then echo %q \"exit $__s, want %d\" >&2; exit 90; fi\n", c.exit, "doc command "+where+":", c.exit)
		if c.blocked {
			fmt.Fprintf(&s, "if ! grep -q BLOCKED \"$__out\"; then echo %q >&2; exit 91; fi\n", "doc command "+where+": the text says blocked, and heed did not say BLOCKED")
		}
		for _, q := range c.says {
			fmt.Fprintf(&s, "if ! grep -qF -- %q \"$__out\"; then echo %q >&2; exit 92; fi\n", q, "doc command "+where+": the text quotes \""+q+"\", and the output does not say it")
		}
	}
	return s.String()
}

// Issue 21: the README's two commands, and the demo README's, must do what the text
// says; `heed exec -- npm install  # blocked` ran npm. Every command the
// documentation shows to be run is run here.
func TestDocumentedCommandsDoWhatTheTextSays(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("not the repository root: %s", root)
	}
	files := []string{filepath.Join(root, "README.md")}
	docs, _ := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	files = append(files, docs...)
	files = append(files, filepath.Join(root, "examples", "demo", "README.md"))

	var blocks []block
	for _, f := range files {
		blocks = append(blocks, extract(t, f)...)
	}
	// what the documentation is known to show: the test cannot pass on nothing
	var all []string
	for _, b := range blocks {
		if b.skip == "" {
			for _, c := range b.cmds {
				all = append(all, c.text)
			}
		}
	}
	joined := strings.Join(all, "\n")
	for _, want := range []string{"go build -o bin/ ./cmd/...", "bin/heed check --all --repo examples/demo", "heed exec --repo .. -- npm install", "heed test --repo examples/demo", "heed check --diff HEAD~1"} {
		if !strings.Contains(joined, want) {
			t.Fatalf("the documentation no longer shows %q to be run; commands found:\n%s", want, joined)
		}
	}

	env := docEnv(t, root)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	for _, b := range blocks {
		name := fmt.Sprintf("%s:%d", strings.TrimPrefix(b.file, root+"/"), b.line)
		if b.skip != "" {
			t.Logf("%s: not run: %s", name, b.skip)
			continue
		}
		start := time.Now()
		cmd := exec.CommandContext(ctx, "bash", "-c", b.script())
		cmd.Dir = root
		cmd.Env = env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Errorf("%s: %v\n%s", name, err, out)
			continue
		}
		t.Logf("%s: %d commands in %s", name, len(b.cmds), time.Since(start).Round(time.Millisecond))
	}
}

// docEnv is a clean environment for the commands: bin/ first on the PATH, a fresh
// HOME and TMPDIR (nothing of the user's configuration, nothing left behind), a git
// identity, and the Go caches of this machine (a build from cold caches takes
// minutes).
func docEnv(t *testing.T, root string) []string {
	goenv := func(k string) string {
		out, err := exec.Command("go", "env", k).Output()
		if err != nil {
			t.Fatalf("go env %s: %v", k, err)
		}
		return strings.TrimSpace(string(out))
	}
	env := []string{
		"PATH=" + filepath.Join(root, "bin") + string(os.PathListSeparator) + os.Getenv("PATH"),
		"HOME=" + t.TempDir(),
		"TMPDIR=" + t.TempDir(),
		"GOCACHE=" + goenv("GOCACHE"),
		"GOMODCACHE=" + goenv("GOMODCACHE"),
		"GOPATH=" + goenv("GOPATH"),
		"GOFLAGS=" + strings.TrimSpace(os.Getenv("GOFLAGS")+" -buildvcs=false"),
		"GOTOOLCHAIN=" + goenv("GOTOOLCHAIN"),
		"GIT_AUTHOR_NAME=heed docs", "GIT_AUTHOR_EMAIL=docs@heed.invalid",
		"GIT_COMMITTER_NAME=heed docs", "GIT_COMMITTER_EMAIL=docs@heed.invalid",
		"GIT_CONFIG_NOSYSTEM=1", "NO_COLOR=1", "LANG=C.UTF-8",
	}
	for _, k := range []string{"GOPROXY", "GONOSUMDB", "GOPRIVATE", "GONOPROXY", "GOSUMDB", "CC", "CGO_ENABLED"} {
		if v, ok := os.LookupEnv(k); ok {
			env = append(env, k+"="+v)
		}
	}
	return env
}

// Issue 21: `.ci/run` needs the shared acceptance cases (../shared, or HEED_SHARED)
// and nothing said so. AGENTS.md says it, and the script stops at once with the
// place it looked and what to do, before any build.
func TestCIRunSaysWhatItNeeds(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	agents, err := os.ReadFile(filepath.Join(root, "AGENTS.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(agents), "`.ci/run` needs the shared acceptance cases") || !strings.Contains(string(agents), "`../shared`") {
		t.Errorf("AGENTS.md no longer says what .ci/run needs")
	}
	empty := t.TempDir()
	cmd := exec.Command("bash", filepath.Join(root, ".ci", "run"))
	cmd.Env = append(os.Environ(), "HEED_SHARED="+empty)
	out, _ := cmd.CombinedOutput()
	if code := cmd.ProcessState.ExitCode(); code != 2 || !strings.Contains(string(out), "the acceptance cases are not at "+empty) || !strings.Contains(string(out), "HEED_SHARED=DIR") {
		t.Errorf(".ci/run without the shared cases: exit %d, want 2 and where it looked\n%s", code, out)
	}
	if strings.Contains(string(out), "== ") {
		t.Errorf(".ci/run went on without the shared cases:\n%s", out)
	}
}

// Issue 21: the first build takes minutes with no word of it. The README's quick
// start says so before a user waits on a silent build.
func TestReadmeSaysTheFirstBuildTakesMinutes(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	build := strings.Index(readme, "go build -o bin/ ./cmd/...")
	note := strings.Index(readme, "The first build compiles the Tree-sitter grammars with gcc and takes a few minutes")
	if build < 0 || note < 0 {
		t.Fatalf("README.md: the quick start's build (%d) or its first-build note (%d) is gone", build, note)
	}
	if next := strings.Index(readme[build:], "\n## "); next >= 0 && note > build+next {
		t.Errorf("README.md: the first-build note is not in the quick start with the build")
	}
}
