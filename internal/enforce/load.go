package enforce

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
)

// Loader finds the process rules of a repository: from the live index when it is
// fresh, else the slow way (the whole project), rebuilding the index. Either way it
// first verifies the policy file (see Verify).
type Loader struct {
	// Registry compiles the index's rules.
	Registry *engine.Registry
	// Open loads every rule of the project at root (project.Open): the policy file
	// when there is one, else the instruction files compiled in memory. policyFile
	// reports which. Without it (heed-shim, which links no compiler), Load answers
	// from the live index only and returns ErrStale when that cannot.
	Open func(root string) (rules []engine.Compiled, policyFile bool, err error)
	// NoPrefilter turns the live index's pre-filter off (LoadFor then loads the
	// rules as Load does): tests compare the two paths.
	NoPrefilter bool
}

// ErrStale means the live index cannot answer: it is missing, was written for
// another policy or by another version, or names a rule kind the loader's registry
// lacks.
var ErrStale = errors.New("the live index is stale")

// Set is the process rules loaded for a check.
type Set struct {
	Rules []engine.Compiled
	// Total counts the repository's process rules, loaded or not.
	Total int
	// FromIndex is true when the rules came from the live index.
	FromIndex bool
	// Sources are the instruction files the policy file was compiled from (none
	// without a policy file).
	Sources []string
	// Cleared is set, with no rule loaded, when the index's pre-filter found that no
	// rule can apply to the commands (LoadFor).
	Cleared bool
}

// LoadFor returns the process rules of the repository at root that can be about the
// given programs (every rule when all is true), for the commands cmds (their programs
// are programs): when the live index is fresh and its pre-filter finds that none of
// cmds carries a word a rule about its program needs, it returns a Cleared set
// without reading or compiling a rule. Without cmds it never clears. A policy file
// that is not what heed compile wrote, or whose instruction files changed since, is
// an *UntrustedError.
func (l *Loader) LoadFor(root string, cmds []engine.Command, programs []string, all bool) (*Set, error) {
	policyPath := filepath.Join(root, filepath.FromSlash(policy.File))
	if l.Registry != nil {
		// ErrStale too when there is no policy file: the index is keyed on one
		x, err := openIndex(root, policyPath, programs, all)
		var rules []engine.Compiled
		if err == nil {
			// the index was written from a verified policy (heed compile, or the slow
			// path below), and openIndex checked the instruction files
			if !all && !l.NoPrefilter && x.cleared(cmds) {
				return &Set{Total: x.h.Total, FromIndex: true, Sources: sourcePaths(x.h.Sources), Cleared: true}, nil
			}
			rules, err = x.rules(programs, all, l.Registry)
		}
		if err == nil {
			return &Set{Rules: rules, Total: x.h.Total, FromIndex: true, Sources: sourcePaths(x.h.Sources)}, nil
		}
		if !errors.Is(err, ErrStale) {
			return nil, err
		}
	}
	if l.Open == nil {
		if _, err := os.Stat(policyPath); errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%w: no %s (the instruction files are compiled by heed)", ErrStale, policy.File)
		}
		return nil, fmt.Errorf("%w: %s does not describe %s", ErrStale, IndexFile, policy.File)
	}
	// the bytes the index will be keyed on are read before the rules: were the policy
	// to change in between, the index would be stale, never wrong
	data, readErr := os.ReadFile(policyPath)
	if readErr != nil && !errors.Is(readErr, fs.ErrNotExist) {
		return nil, fmt.Errorf("read %s: %w", policy.File, readErr)
	}
	var sources []policy.SourceFile
	if readErr == nil {
		var err error
		if sources, err = verifyPolicy(root, data); err != nil {
			return nil, err
		}
	}
	rules, fromFile, err := l.Open(root)
	if err != nil {
		return nil, err
	}
	var process []engine.Compiled
	for _, c := range rules {
		if c.Rule.Domain == policy.DomainProcess {
			process = append(process, c)
		}
	}
	if fromFile && readErr == nil {
		// best effort: the next command takes the fast path
		_ = WriteIndex(root, data, process)
	}
	return &Set{Rules: process, Total: len(process), Sources: sourcePaths(sources)}, nil
}

// Verify checks the policy file of the repository at root as Load does, without
// loading rules, and returns the instruction files it was compiled from (none
// without a policy file: zero-config compiles the instruction files as they stand).
func (l *Loader) Verify(root string) ([]string, error) {
	policyPath := filepath.Join(root, filepath.FromSlash(policy.File))
	x, err := openIndex(root, policyPath, nil, false)
	if err == nil {
		return sourcePaths(x.h.Sources), nil
	}
	var ue *UntrustedError
	if errors.As(err, &ue) {
		return nil, err
	}
	data, err := os.ReadFile(policyPath)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", policy.File, err)
	}
	sources, err := verifyPolicy(root, data)
	if err != nil {
		return nil, err
	}
	return sourcePaths(sources), nil
}

func sourcePaths(sources []policy.SourceFile) []string {
	out := make([]string, 0, len(sources))
	for _, s := range sources {
		out = append(out, s.Path)
	}
	return out
}
