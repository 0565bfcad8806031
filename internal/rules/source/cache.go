package source

import (
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/resultcache"
)

// CacheVersion changes whenever a change to this package could change a verdict on the
// same rule and file (a predicate's meaning, the region queries, a grammar upgrade, what
// a fix is exact for), so old cached results are never reused by a build that would
// judge differently.
const CacheVersion = "source-23 ts0.25.0 py0.25.0 js0.25.0 ts0.23.2 go0.25.0 rs0.24.0 java0.23.5"

// ruleKey identifies what a rule computes in the results cache (internal/resultcache).
func ruleKey(r *policy.Rule) string { return resultcache.RuleKey(CacheVersion, r) }
