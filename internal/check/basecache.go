package check

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"slices"
	"strconv"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/project"
)

// The verdicts of a base's self-validation, kept. `heed check --diff REV` without a
// policy committed at REV judges the base's rules on the base's tree (and its
// commit and co-change rules on the base's recent commits) before it judges the
// change: a pass over the code that costs a tenth of a second on a small project and
// seconds on a large one, the same every time the same base is asked again (a
// branch's checks, CI reruns, a hook). The verdicts are a function of this build of
// heed, the rules as compiled (the policy before any demotion: thresholds and sample
// size included), the base's tree, the base's commit when a rule reads the history,
// and the attribute files git consults for the tree's files (they decide which files
// are vendored or generated). Those are the key; what is kept is each rule the pass
// changed, as it left it, so a second check applies it without judging anything.
// The cache is in the user's cache folder beside the compiled policy, one file a
// repository, holding the last few bases in at most baseCacheBytes.

const baseCacheVersion = "heed-base-validation 1"

// baseCacheEntries is how many bases the cache keeps for a repository (the latest
// first): a branch's base, main's tip, a release branch.
const baseCacheEntries = 8

// baseCacheBytes bounds the cache file of a repository; the oldest bases go first.
const baseCacheBytes = 1 << 20

type baseCacheFile struct {
	Version string           `json:"version"`
	Entries []baseCacheEntry `json:"entries"`
}

type baseCacheEntry struct {
	// Key hashes the build, the rules, the tree and the commit (when the history
	// was read); Attrs the attribute files named in AttrFiles, as they were.
	Key       string   `json:"key"`
	AttrFiles []string `json:"attr_files,omitempty"`
	Attrs     string   `json:"attrs"`
	Demoted   []string `json:"demoted,omitempty"`
	// Rules are the rules the validation changed, by their place in the policy.
	Rules []baseCacheRule `json:"rules,omitempty"`
}

type baseCacheRule struct {
	Entry int         `json:"entry"`
	Index int         `json:"index"`
	Rule  policy.Rule `json:"rule"`
}

// baseCacheKey keys the validation of p's rules on rev, or "" when it cannot be
// told (no build identity, rev unresolved).
func baseCacheKey(p *project.Project, rev string, opt ValidateOptions) string {
	build := project.BuildIdentity()
	if build == "" || p.Repo == nil || !p.Repo.Git {
		return ""
	}
	tree, err := p.Repo.ResolveTree(rev)
	if err != nil || tree == "" {
		return ""
	}
	commit := ""
	if readsHistory(p.Rules) {
		if commit, err = p.Repo.ResolveRev(rev); err != nil || commit == "" {
			return ""
		}
	}
	rules, err := json.Marshal(p.Policy)
	if err != nil {
		return ""
	}
	h := sha256.New()
	for _, part := range []string{baseCacheVersion, build, tree, commit, strconv.Itoa(opt.SampleFiles)} {
		h.Write([]byte(part))
		h.Write([]byte{0})
	}
	h.Write(rules)
	return hex.EncodeToString(h.Sum(nil))
}

// readsHistory reports whether the history review would judge any of rules.
func readsHistory(rules []engine.Compiled) bool {
	for _, c := range rules {
		if c.Rule.Domain == policy.DomainContribution && c.Has(engine.UseHistory) && !c.Rule.Dropped() {
			return true
		}
	}
	return false
}

// attrsSum hashes the contents of files (absent ones as absent).
func attrsSum(files []string) string {
	h := sha256.New()
	for _, f := range files {
		h.Write([]byte(f))
		data, err := os.ReadFile(f)
		if err != nil {
			h.Write([]byte{0, 'x', 0})
			continue
		}
		h.Write([]byte{0, 'f', 0})
		h.Write([]byte(strconv.Itoa(len(data))))
		h.Write([]byte{0})
		h.Write(data)
	}
	return hex.EncodeToString(h.Sum(nil))
}

func loadBaseCache(path string) *baseCacheFile {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	var f baseCacheFile
	if json.Unmarshal(data, &f) != nil || f.Version != baseCacheVersion {
		return nil
	}
	return &f
}

// cachedBaseValidation applies the kept verdicts of key to p's policy and returns
// the demoted rules' ids, or ok false when none are kept (or they do not fit the
// policy).
func cachedBaseValidation(path, key string, pol *policy.Policy) (demoted []string, ok bool) {
	f := loadBaseCache(path)
	if f == nil {
		return nil, false
	}
	for _, e := range f.Entries {
		if e.Key != key || attrsSum(e.AttrFiles) != e.Attrs {
			continue
		}
		for _, cr := range e.Rules {
			if cr.Entry < 0 || cr.Entry >= len(pol.Entries) || cr.Index < 0 || cr.Index >= len(pol.Entries[cr.Entry].Rules) ||
				pol.Entries[cr.Entry].Rules[cr.Index].ID != cr.Rule.ID {
				return nil, false
			}
		}
		for _, cr := range e.Rules {
			pol.Entries[cr.Entry].Rules[cr.Index] = cr.Rule
		}
		return e.Demoted, true
	}
	return nil, false
}

// rulesJSON is each rule of pol, encoded, by entry and place.
func rulesJSON(pol *policy.Policy) [][][]byte {
	out := make([][][]byte, len(pol.Entries))
	for i := range pol.Entries {
		out[i] = make([][]byte, len(pol.Entries[i].Rules))
		for j := range pol.Entries[i].Rules {
			out[i][j], _ = json.Marshal(&pol.Entries[i].Rules[j])
		}
	}
	return out
}

// ruleChanges lists the rules of pol that differ from before (rulesJSON of pol
// before the validation changed it).
func ruleChanges(before [][][]byte, pol *policy.Policy) []baseCacheRule {
	var out []baseCacheRule
	for i := range pol.Entries {
		for j := range pol.Entries[i].Rules {
			now, _ := json.Marshal(&pol.Entries[i].Rules[j])
			if i >= len(before) || j >= len(before[i]) || !bytes.Equal(before[i][j], now) {
				out = append(out, baseCacheRule{Entry: i, Index: j, Rule: pol.Entries[i].Rules[j]})
			}
		}
	}
	return out
}

// storeBaseValidation keeps e first in the cache at path, best effort: the bases
// kept are the latest baseCacheEntries that fit in baseCacheBytes.
func storeBaseValidation(path string, e baseCacheEntry) {
	f := loadBaseCache(path)
	if f == nil {
		f = &baseCacheFile{Version: baseCacheVersion}
	}
	entries := []baseCacheEntry{e}
	for _, old := range f.Entries {
		if (old.Key != e.Key || old.Attrs != e.Attrs) && len(entries) < baseCacheEntries {
			entries = append(entries, old)
		}
	}
	for len(entries) > 0 {
		data, err := json.Marshal(&baseCacheFile{Version: baseCacheVersion, Entries: entries})
		if err != nil {
			return
		}
		if len(data) <= baseCacheBytes {
			_ = policy.WriteAtomic(path, data)
			return
		}
		entries = slices.Delete(entries, len(entries)-1, len(entries))
	}
}
