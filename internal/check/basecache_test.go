package check

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/project"
)

// baseRepo is a repository whose instruction file bans eval() and whose code calls
// it in existing files: the base's self-validation demotes the ban.
func baseRepo(t *testing.T, existing int) *gitRepo {
	t.Helper()
	files := map[string]string{
		"AGENTS.md":   "# Rules\n\n- Never call `eval()` in Python code.\n",
		"app/main.py": "def main():\n    return 1\n",
	}
	for i := range existing {
		files[fmt.Sprintf("app/m%02d.py", i)] = "def f(x):\n    return eval(x)\n"
	}
	g := newRepo(t, files)
	g.commit("feat: base")
	return g
}

// validatedBase opens the rules of rev and self-validates them on rev, as a diff
// check does; it returns the eval ban's severity and review, and the demoted ids.
func validatedBase(t *testing.T, g *gitRepo, rev string, tune func(*policy.Policy)) (severity, review string, demoted []string) {
	t.Helper()
	p, err := project.OpenRev(g.dir, rev, project.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if tune != nil {
		tune(p.Policy)
	}
	demoted, err = ValidateBaseRules(p, rev, ValidateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range p.Policy.Rules() {
		if b.Rule.Domain == policy.DomainSource {
			if severity != "" {
				t.Fatalf("more than one source rule: %+v", p.Policy.Rules())
			}
			severity, review = b.Rule.Severity, b.Rule.Review
		}
	}
	if severity == "" {
		t.Fatalf("no source rule compiled from the ban")
	}
	for _, c := range p.Rules {
		if c.Rule.Domain == policy.DomainSource && c.Rule.Severity != severity {
			t.Errorf("compiled rule at %s, the policy's at %s", c.Rule.Severity, severity)
		}
	}
	return severity, review, demoted
}

// mark rewrites every kept verdict's review to say it came from the cache: a
// validation that reads the cache shows it, one that judges the tree does not.
func mark(t *testing.T, g *gitRepo) {
	t.Helper()
	path := project.CacheFile(g.dir, "base-validation")
	f := loadBaseCache(path)
	if f == nil || len(f.Entries) == 0 {
		t.Fatalf("nothing kept at %s", path)
	}
	for i := range f.Entries {
		for j := range f.Entries[i].Rules {
			f.Entries[i].Rules[j].Rule.Review = "from the cache"
		}
	}
	data, _ := json.Marshal(f)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestASecondDiffOnTheSameBaseUsesTheKeptVerdicts(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	g := baseRepo(t, 80)
	sev, review, demoted := validatedBase(t, g, "HEAD", nil)
	if sev != policy.SeverityWarning || !strings.Contains(review, "existing sites") || len(demoted) != 1 {
		t.Fatalf("the base's idiom: %s %q %v, want a warning for review", sev, review, demoted)
	}
	mark(t, g)
	sev2, review2, demoted2 := validatedBase(t, g, "HEAD", nil)
	if review2 != "from the cache" {
		t.Fatalf("the second validation judged the tree again (review %q)", review2)
	}
	if sev2 != sev || strings.Join(demoted2, " ") != strings.Join(demoted, " ") {
		t.Errorf("kept verdicts %s %v, judged %s %v", sev2, demoted2, sev, demoted)
	}
}

func TestTheKeptVerdictsGoWhenTheBaseOrTheRulesChange(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	g := baseRepo(t, 80)
	validatedBase(t, g, "HEAD", nil)
	mark(t, g)

	// the rules' thresholds differ: the same tree is judged again, and with a
	// higher bound on sites the ban keeps its level
	sev, review, _ := validatedBase(t, g, "HEAD", func(p *policy.Policy) {
		p.SelfValidation = &policy.SelfValidation{MaxSites: 1000, MaxFileShare: 1, MaxSiteShare: 100}
	})
	if review == "from the cache" || sev != policy.SeverityError {
		t.Errorf("other thresholds: %s %q, want the ban judged again and kept at error", sev, review)
	}

	// the working tree marks the code vendored: which files are judged changed
	g.write(map[string]string{".gitattributes": "app/m* linguist-vendored\n"})
	sev, review, _ = validatedBase(t, g, "HEAD", nil)
	if review == "from the cache" || sev != policy.SeverityError {
		t.Errorf("attributes changed: %s %q, want the ban judged again and kept at error", sev, review)
	}
	os.Remove(g.dir + "/.gitattributes")

	// another base: the existing sites are gone
	g.git("rm", "-q", "app/m*.py")
	g.commit("refactor: no eval")
	mark(t, g)
	sev, review, _ = validatedBase(t, g, "HEAD", nil)
	if review == "from the cache" || sev != policy.SeverityError {
		t.Errorf("a new base without the sites: %s %q, want the ban judged again and kept at error", sev, review)
	}
	// the old base is still kept
	if _, review, _ = validatedBase(t, g, "HEAD~1", nil); review != "from the cache" {
		t.Errorf("the first base was judged again (review %q): its verdicts were dropped", review)
	}
}

func TestTheKeptVerdictsAreBounded(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	path := project.CacheFile(t.TempDir(), "base-validation")
	long := strings.Repeat("a reason to review this rule. ", 1000)
	for i := range 3 * baseCacheEntries {
		storeBaseValidation(path, baseCacheEntry{Key: fmt.Sprint("base-", i), Rules: []baseCacheRule{{Rule: policy.Rule{ID: "r", Review: long}}}})
		st, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if st.Size() > baseCacheBytes {
			t.Fatalf("after %d bases the cache is %d bytes, bound %d", i+1, st.Size(), baseCacheBytes)
		}
	}
	f := loadBaseCache(path)
	if f == nil || len(f.Entries) == 0 || len(f.Entries) > baseCacheEntries {
		t.Fatalf("the cache holds %v entries, want 1 to %d", f, baseCacheEntries)
	}
	if last := fmt.Sprint("base-", 3*baseCacheEntries-1); f.Entries[0].Key != last {
		t.Errorf("the latest base is not kept first: %s", f.Entries[0].Key)
	}
	// a base too large for the bound is not kept at all, and the others stay
	storeBaseValidation(path, baseCacheEntry{Key: "huge", Rules: []baseCacheRule{{Rule: policy.Rule{ID: "r", Review: strings.Repeat("x", baseCacheBytes)}}}})
	if g := loadBaseCache(path); g == nil || len(g.Entries) != len(f.Entries) || g.Entries[0].Key == "huge" {
		t.Errorf("a base over the bound replaced the cache")
	}
}
