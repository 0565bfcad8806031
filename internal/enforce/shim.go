package enforce

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
)

// ShimDir is the default directory of a repository's PATH shims.
const ShimDir = ".heed/bin"

// ShimPlan is what installing shims does.
type ShimPlan struct {
	Dir string
	// Names are the programs shimmed; Removed the stale shims taken away.
	Names, Removed []string
	// Unshimmable lists rule programs a PATH shim cannot catch (paths, globs that
	// match nothing on PATH): agent hooks and heed exec still check them.
	Unshimmable []string
}

// ShimNames lists the programs to shim for the rules: every program a process rule is
// about, and the prerequisites of ordering rules (their exit status is recorded).
// Glob names (pip3.*) are expanded against pathEnv.
func ShimNames(rules []engine.Compiled, pathEnv string) (names, unshimmable []string) {
	seen := map[string]bool{}
	add := func(n string) {
		if !seen[n] && n != "" && n != "heed" {
			seen[n] = true
			names = append(names, n)
		}
	}
	for _, c := range rules {
		for _, p := range programSpecs(c) {
			switch {
			case strings.Contains(p, "/"):
				unshimmable = append(unshimmable, p)
			case strings.ContainsAny(p, "*?["):
				found := false
				for _, dir := range filepath.SplitList(pathEnv) {
					ents, _ := os.ReadDir(dir)
					for _, e := range ents {
						if ok, _ := path.Match(p, e.Name()); ok {
							add(e.Name())
							found = true
						}
					}
				}
				if !found {
					unshimmable = append(unshimmable, p)
				}
			default:
				add(p)
			}
		}
	}
	sort.Strings(names)
	sort.Strings(unshimmable)
	return names, slices.Compact(unshimmable)
}

// programSpecs are the program names and patterns a rule is about, unexpanded.
func programSpecs(c engine.Compiled) []string {
	if sl, ok := c.Check.(engine.ProgramLister); ok {
		return sl.ProgramSpecs()
	}
	var out []string
	for _, p := range RulePrograms(c) {
		if p != "*" {
			out = append(out, p)
		}
	}
	return out
}

// InstallShims makes dir a shim directory: a marker, and for every name a symlink to
// the heed executable exe. Shims of names no longer wanted are removed; files that are
// not heed's links are never touched.
func InstallShims(dir, exe string, names []string) (*ShimPlan, error) {
	plan := &ShimPlan{Dir: dir}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("create %s: %w", dir, err)
	}
	marker := filepath.Join(dir, ShimMarker)
	if err := os.WriteFile(marker, []byte("heed PATH shims: every link here runs "+exe+"\n"), 0o644); err != nil {
		return nil, fmt.Errorf("write %s: %w", marker, err)
	}
	// git must not see the shims
	_ = os.WriteFile(filepath.Join(dir, ".gitignore"), []byte("*\n"), 0o644)
	if root, ok := FindRoot(dir); ok && strings.HasPrefix(dir, root) {
		EnsureIgnored(root)
	}
	want := map[string]bool{}
	for _, n := range names {
		want[n] = true
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", dir, err)
	}
	for _, e := range ents {
		p := filepath.Join(dir, e.Name())
		if !want[e.Name()] && isHeedLink(p) {
			if err := os.Remove(p); err != nil {
				return nil, fmt.Errorf("remove stale shim %s: %w", p, err)
			}
			plan.Removed = append(plan.Removed, e.Name())
		}
	}
	for _, n := range names {
		p := filepath.Join(dir, n)
		if target, err := os.Readlink(p); err == nil && target == exe {
			plan.Names = append(plan.Names, n)
			continue
		}
		if _, err := os.Lstat(p); err == nil {
			if !isHeedLink(p) {
				return nil, fmt.Errorf("%s exists and is not a heed shim; remove it or choose another --dir", p)
			}
			if err := os.Remove(p); err != nil {
				return nil, err
			}
		}
		if err := os.Symlink(exe, p); err != nil {
			return nil, fmt.Errorf("create shim %s: %w", p, err)
		}
		plan.Names = append(plan.Names, n)
	}
	return plan, nil
}

// UninstallShims removes every heed link of dir and its marker; other files stay.
func UninstallShims(dir string) ([]string, error) {
	ents, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", dir, err)
	}
	var removed []string
	for _, e := range ents {
		p := filepath.Join(dir, e.Name())
		if isHeedLink(p) {
			if err := os.Remove(p); err != nil {
				return removed, fmt.Errorf("remove %s: %w", p, err)
			}
			removed = append(removed, e.Name())
		}
	}
	os.Remove(filepath.Join(dir, ShimMarker))
	os.Remove(filepath.Join(dir, ".gitignore"))
	os.Remove(dir) // only when empty
	return removed, nil
}

// isHeedLink reports whether p is a symlink to a heed executable.
func isHeedLink(p string) bool {
	fi, err := os.Lstat(p)
	if err != nil || fi.Mode()&os.ModeSymlink == 0 {
		return false
	}
	target, err := os.Readlink(p)
	if err != nil {
		return false
	}
	if filepath.Base(target) == "heed" || strings.HasPrefix(filepath.Base(target), "heed-") {
		return true
	}
	self := selfInfo()
	t, err := os.Stat(p)
	return err == nil && self != nil && os.SameFile(t, self)
}

// IsShimDir reports whether dir holds heed's shims.
func IsShimDir(dir string) bool {
	_, err := os.Stat(filepath.Join(dir, ShimMarker))
	return err == nil
}

// ShimsRunHeed reports whether the shim directory dir holds links to the heed binary
// itself (installed before heed-shim could be used).
func ShimsRunHeed(dir string) bool {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	for _, e := range ents {
		if target, err := os.Readlink(filepath.Join(dir, e.Name())); err == nil && filepath.Base(target) == "heed" {
			return true
		}
	}
	return false
}
