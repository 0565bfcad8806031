package instr

import (
	"strings"

	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
)

// momentLeadIn reports a sentence that introduces a block of commands and names the
// moment they run at, in the reader's imperative ("Scan your code before pushing
// with:", "Before you open a PR, check:"): said without a modal, it still asks for
// the block. A sentence about what someone else does ("The CI runs these before
// merging:") is not one.
func momentLeadIn(text string) bool {
	t := strings.TrimSpace(text)
	if !strings.HasSuffix(t, ":") || norm.FramingEvent(nil, t) == "" {
		return false
	}
	if strings.HasPrefix(t, "`") {
		return false // "`make ci` runs these before merging:": what a command does
	}
	switch firstWord(t) {
	case "", "the", "this", "these", "that", "those", "it", "we", "they", "ci", "our", "a", "an", "each", "every", "some", "there", "here":
		return false
	}
	return true
}

// noteRow reports a table row of a command and an imperative about it (see
// norm.CommandNoteRow).
func noteRow(text, ctx string) bool {
	_, ok := norm.CommandNoteRow(text, strings.Split(headerOf(ctx), " | "))
	return ok
}

// noteRowLevel is the level of such a row: its sentence's, a should at least.
func noteRowLevel(text, ctx string) policy.Level {
	s, _ := norm.CommandNoteRow(text, strings.Split(headerOf(ctx), " | "))
	return maxLevel(policy.Should, levelOf(s))
}

// headerOf is a table row's header, without the lead-in before it.
func headerOf(ctx string) string {
	if i := strings.LastIndex(ctx, " — "); i >= 0 {
		return ctx[i+len(" — "):]
	}
	return ctx
}
