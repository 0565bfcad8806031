package project

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"sort"

	"github.com/heed-dev/heed/internal/instr"
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
	known := map[string]string{}
	for _, s := range p.Policy.Sources {
		known[s.Path] = s.SHA256
	}
	var out []string
	seen := map[string]bool{}
	check := func(rel string) {
		if seen[rel] {
			return
		}
		seen[rel] = true
		data, err := os.ReadFile(filepath.Join(p.Root, filepath.FromSlash(rel)))
		if err != nil {
			if _, was := known[rel]; was {
				out = append(out, rel) // deleted or unreadable
			}
			return
		}
		sum := sha256.Sum256(data)
		if known[rel] != hex.EncodeToString(sum[:]) {
			out = append(out, rel)
		}
	}
	for _, rel := range paths {
		check(rel)
	}
	for rel := range known { // imported files are not discovered: check them by name
		check(rel)
	}
	sort.Strings(out)
	return out, nil
}
