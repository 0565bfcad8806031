package compile_test

import (
	"os"
	"strings"
	"testing"
)

// A scale is the verdicts a case can get, from the loosest to the strictest, and the
// two labels that want a range of them: at least the middle one (something is said),
// at most the middle one (nothing is blocked). Files, commits and pull requests are
// judged clean, warned or flagged; commands allowed, warned or blocked.
type scale struct {
	levels          [3]string
	atLeast, atMost string
}

var (
	fileScale    = scale{levels: [3]string{"clean", "warned", "flagged"}, atLeast: "caught", atMost: "noblock"}
	commandScale = scale{levels: [3]string{"allowed", "warned", "blocked"}, atLeast: "flagged", atMost: "unblocked"}
)

// bounds are the levels a label allows, loosest and strictest; ok is false for a
// label the scale does not know.
func (s scale) bounds(want string) (lo, hi int, ok bool) {
	switch want {
	case s.atLeast:
		return 1, 2, true
	case s.atMost:
		return 0, 1, true
	}
	for i, l := range s.levels {
		if l == want {
			return i, i, true
		}
	}
	return 0, 0, false
}

// Outcomes of one expectation, from the best to the worst.
const (
	outcomeRight  = "right"
	outcomeWeak   = "weak"   // a violation warned where the label wants a block
	outcomeMissed = "missed" // less than the label wants
	outcomeWrong  = "wrong"  // stricter than the label allows
)

// judge compares a verdict with its label: right, wrong (stricter than the label
// allows), weak (warned where the label wants the strictest) or missed. A label or a
// verdict the scale does not know is wrong, so a typo in a batch never counts as met.
func (s scale) judge(want, got string) string {
	lo, hi, ok := s.bounds(want)
	g, _, gok := s.bounds(got)
	if !ok || !gok || got == s.atLeast || got == s.atMost {
		return outcomeWrong
	}
	switch {
	case g > hi:
		return outcomeWrong
	case g < lo && g > 0:
		return outcomeWeak
	case g < lo:
		return outcomeMissed
	}
	return outcomeRight
}

// met reports whether a verdict meets its label.
func (s scale) met(want, got string) bool { return s.judge(want, got) == outcomeRight }

// worse returns the worse of two outcomes ("" for none yet): wrong, then missed, then
// weak, then right; an outcome marked as a known gap ("gap-missed") ranks as itself.
func worse(a, b string) string {
	rank := func(o string) int {
		switch strings.TrimPrefix(o, "gap-") {
		case outcomeWeak:
			return 1
		case outcomeMissed:
			return 2
		case outcomeWrong:
			return 3
		}
		return 0
	}
	if a == "" || rank(b) > rank(a) {
		return b
	}
	return a
}

// batchFromEnv is the batch file the environment variable names; without it the test
// is skipped. Batches of public sentences stay outside the repository (their text is
// never committed), so a test that scores one measures the compiler and fails nothing.
func batchFromEnv(t *testing.T, name string) string {
	t.Helper()
	file := os.Getenv(name)
	if file == "" {
		t.Skipf("%s names no batch", name)
	}
	return file
}

// The batches' one reading of a label: each outcome, on both scales, and a label or a
// verdict the scale does not know never counts as met.
func TestScaleJudgesLabels(t *testing.T) {
	for _, c := range []struct {
		s              scale
		want, got, out string
	}{
		{fileScale, "flagged", "flagged", outcomeRight},
		{fileScale, "flagged", "warned", outcomeWeak},
		{fileScale, "flagged", "clean", outcomeMissed},
		{fileScale, "warned", "flagged", outcomeWrong},
		{fileScale, "warned", "clean", outcomeMissed},
		{fileScale, "clean", "warned", outcomeWrong},
		{fileScale, "caught", "warned", outcomeRight},
		{fileScale, "caught", "flagged", outcomeRight},
		{fileScale, "caught", "clean", outcomeMissed},
		{fileScale, "noblock", "clean", outcomeRight},
		{fileScale, "noblock", "warned", outcomeRight},
		{fileScale, "noblock", "flagged", outcomeWrong},
		{commandScale, "blocked", "warned", outcomeWeak},
		{commandScale, "flagged", "warned", outcomeRight},
		{commandScale, "flagged", "allowed", outcomeMissed},
		{commandScale, "unblocked", "blocked", outcomeWrong},
		{commandScale, "unblocked", "allowed", outcomeRight},
		{commandScale, "allowed", "allowed", outcomeRight},
		// the other scale's words, and typos
		{commandScale, "clean", "allowed", outcomeWrong},
		{fileScale, "flaged", "flagged", outcomeWrong},
		{fileScale, "caught", "caught", outcomeWrong},
	} {
		if got := c.s.judge(c.want, c.got); got != c.out {
			t.Errorf("%v: want %s, got %s: %s, want %s", c.s.levels, c.want, c.got, got, c.out)
		}
	}
	if w := worse(worse(worse("", outcomeRight), "gap-missed"), outcomeWeak); w != "gap-missed" {
		t.Errorf("worse: %s, want gap-missed", w)
	}
	if w := worse(outcomeMissed, outcomeWrong); w != outcomeWrong {
		t.Errorf("worse: %s, want wrong", w)
	}
}
