package githook

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// events are the hooks heed installs, with the heed command each runs.
var events = []struct{ name, run string }{
	{"pre-commit", `"$HEED" check --staged`},
	{"commit-msg", `"$HEED" hook git commit-msg "$1"`},
	{"pre-push", `"$HEED" hook git pre-push "$@"`},
}

// Marker identifies a hook file heed wrote.
const Marker = "# heed: managed git hook"

// An Installed is one hook written: pre-commit (heed check --staged), commit-msg
// (heed hook git commit-msg FILE) or pre-push (heed hook git pre-push).
type Installed struct {
	Name, Path string
	// Kept is the file name the hook that was there before now has (it runs first);
	// empty when there was none, or it was heed's.
	Kept string
	// Failed: the old hook was kept but heed's could not be written (Install's error
	// says why); the caller says where the old hook went.
	Failed bool
}

// Install writes heed's hooks, running the heed binary at the path heed, into the
// hooks directory of the repository at root, chaining any hook that was there: the
// old hook is kept as <name>.pre-heed and runs first. A hook heed wrote before is
// rewritten (heed may have moved). On an error it returns the hooks written so far.
func Install(root, heed string) ([]Installed, error) {
	out, err := gitOut(root, "rev-parse", "--path-format=absolute", "--git-path", "hooks")
	if err != nil {
		return nil, fmt.Errorf("%s is not a git repository: %v", root, err)
	}
	dir := strings.TrimSpace(out)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var done []Installed
	for _, ev := range events {
		path := filepath.Join(dir, ev.name)
		chained := path + ".pre-heed"
		in := Installed{Name: ev.name, Path: path}
		old, err := os.ReadFile(path)
		switch {
		case err == nil && bytes.Contains(old, []byte(Marker)):
			// Ours: rewrite it.
		case err == nil:
			if _, err := os.Stat(chained); err == nil {
				return done, fmt.Errorf("%s exists and is not heed's, and %s is taken too; move one of them away first", path, chained)
			}
			if err := os.Rename(path, chained); err != nil {
				return done, fmt.Errorf("keep the existing %s hook: %v", ev.name, err)
			}
			in.Kept = filepath.Base(chained)
		case os.IsNotExist(err):
		default:
			return done, fmt.Errorf("read %s: %v", path, err)
		}
		failed := func(err error) ([]Installed, error) {
			if in.Kept != "" {
				in.Failed = true
				done = append(done, in)
			}
			return done, err
		}
		tmp := path + ".heed-tmp"
		if err := os.WriteFile(tmp, []byte(script(ev.name, ev.run, heed)), 0o755); err != nil {
			return failed(err)
		}
		if err := os.Rename(tmp, path); err != nil {
			os.Remove(tmp)
			return failed(err)
		}
		done = append(done, in)
	}
	return done, nil
}

// script is one hook: run the chained hook (with the same arguments and standard
// input), then heed. It fails closed when heed cannot be found.
func script(name, run, heed string) string {
	q := "'" + strings.ReplaceAll(heed, "'", `'\''`) + "'"
	var b strings.Builder
	b.WriteString("#!/bin/sh\n")
	b.WriteString(Marker + " (heed hook install git). The hook that was here before, if any,\n")
	b.WriteString("# is " + name + ".pre-heed and runs first. Remove this file to stop heed's checks.\n")
	fmt.Fprintf(&b, "HEED=%s\n", q)
	b.WriteString("[ -x \"$HEED\" ] || HEED=$(command -v heed) || {\n")
	fmt.Fprintf(&b, "\techo \"heed: %s hook: the heed binary is gone ($HEED); blocked. Reinstall with: heed hook install git\" >&2\n", name)
	b.WriteString("\texit 1\n}\n")
	b.WriteString("chained=\"$(dirname \"$0\")/" + name + ".pre-heed\"\n")
	if name == "pre-push" {
		// Both hooks read the refs on standard input.
		b.WriteString("input=$(cat)\n")
		b.WriteString("if [ -x \"$chained\" ]; then printf '%s\\n' \"$input\" | \"$chained\" \"$@\" || exit $?; fi\n")
		b.WriteString("printf '%s\\n' \"$input\" | " + run + "\n")
		return b.String()
	}
	b.WriteString("if [ -x \"$chained\" ]; then \"$chained\" \"$@\" || exit $?; fi\n")
	b.WriteString("exec " + run + "\n")
	return b.String()
}
