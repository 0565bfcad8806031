package project

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"sort"

	"github.com/heed-dev/heed/internal/instr"
	"github.com/heed-dev/heed/internal/policy"
)

// Stale lists the instruction files that changed, appeared or disappeared since the
// policy file was compiled (by content hash; cheap: no extraction). It is empty for a
// zero-config project, which is compiled fresh every time. `heed compile --check` is
// the full test (it also sees a heed that compiles differently).
func (p *Project) Stale() ([]string, error) {
	if !p.FromFile {
		return nil, nil
	}
	paths, _, err := instr.Discover(p.Root)
	if err != nil {
		return nil, err
	}
	return changedSources(p.Root, p.Policy.Sources, paths), nil
}

// changedSources lists the instruction files that are not what sources recorded: a
// discovered file the policy does not list (it appeared), a source whose content hash
// differs, or a source that can no longer be read though it could then. Imported files
// are sources without being discovered: they are checked by name. Stale and the
// zero-config cache both judge by it, so they never disagree.
func changedSources(root string, sources []policy.SourceFile, discovered []string) []string {
	known := make(map[string]string, len(sources))
	for _, s := range sources {
		known[s.Path] = s.SHA256
	}
	var out []string
	seen := map[string]bool{}
	check := func(rel string) {
		if seen[rel] {
			return
		}
		seen[rel] = true
		want, was := known[rel]
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
		if err != nil {
			if was && want != "" {
				out = append(out, rel) // deleted or unreadable now
			} else if !was {
				out = append(out, rel) // appeared, unreadable
			}
			return
		}
		sum := sha256.Sum256(data)
		if !was || want != hex.EncodeToString(sum[:]) {
			out = append(out, rel)
		}
	}
	for _, rel := range discovered {
		check(rel)
	}
	for _, s := range sources {
		check(s.Path)
	}
	sort.Strings(out)
	return out
}
