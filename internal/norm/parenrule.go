package norm

import (
	"regexp"
	"strings"
	"sync"
)

// ParenRule restates a rule written in parentheses after a fragment that binds nothing
// by itself, as the sentence a reader takes from it, for the recognisers:
//
//	"`generated/` – API client produced by codegen (do not edit by hand)"
//	    → "Do not edit `generated/` by hand."
//	"`packages/types/` — shared types (deprecated; never modify, add to core instead)"
//	    → "Never modify `packages/types/`."
//	"Fixtures for test data (avoid `factory_bot`)" → "Avoid `factory_bot`."
//
// The object of a verb without one is the fragment's subject: its leading code span.
// "no X" and "not X" in parentheses are left as they are: "Return an empty list (not
// `null`)" is no ban on `null`. ok is false when the text is no such fragment.
func ParenRule(text string) (string, bool) {
	return parenRule(text, "")
}

// ItemParenRule restates an item of a list whose lead-in carries the rule in
// parentheses ("**CI-owned outputs (do not hand-edit):**" + "- `dist/`"): the rule,
// with the item's leading code span as its object ("Do not hand-edit `dist/`.").
func ItemParenRule(item, leadIn string) (string, bool) {
	leadIn = strings.Trim(strings.TrimSpace(leadIn), "*_")
	subject := leadingSpan(item)
	if !strings.HasSuffix(leadIn, ":") || subject == "" {
		return "", false
	}
	// "**CI-owned outputs (do not hand-edit)**:": the emphasis may end before the colon
	out, ok := parenRule(strings.TrimRight(strings.TrimSuffix(leadIn, ":"), "*_ "), subject)
	if !ok || !fileVerbRE().MatchString(out) {
		// items under "Commands (never run in CI):" may be what the lead-in allows
		// elsewhere: only a ban on touching the listed files is read from it
		return "", false
	}
	return out, true
}

func parenRule(text, subject string) (string, bool) {
	m := parenRuleRE().FindStringSubmatchIndex(text)
	if m == nil {
		return "", false
	}
	outside := strings.TrimSpace(text[:m[0]] + " " + text[m[1]:])
	if bindingWordRE().MatchString(replaceSpans(outside)) {
		return "", false // the fragment says its rule itself
	}
	inner := text[m[2]:m[3]]
	for _, part := range strings.Split(inner, ";") {
		part = strings.TrimSpace(part)
		if i := strings.Index(part, ", "); i > 0 {
			part = part[:i] // "never modify, add types to core instead"
		}
		hm := hardBanLeadRE().FindStringIndex(part)
		if hm == nil {
			if am := avoidLeadRE().FindStringIndex(part); am != nil && strings.HasPrefix(strings.TrimSpace(part[am[1]:]), "`") {
				return capitalise(part) + ".", true
			}
			continue
		}
		rest := strings.Fields(part[hm[1]:])
		if len(rest) == 0 {
			continue
		}
		if strings.Contains(part, "`") {
			return capitalise(part) + ".", true // the ban names its own object
		}
		if subject == "" {
			subject = leadingSpan(outside)
		}
		if subject == "" {
			continue
		}
		// the subject after the verb: "do not edit" + `generated/` + "by hand"
		out := strings.TrimSpace(part[:hm[1]]) + " " + rest[0] + " " + subject
		if len(rest) > 1 {
			out += " " + strings.Join(rest[1:], " ")
		}
		return capitalise(out) + ".", true
	}
	return "", false
}

var (
	// the last parenthetical of the text, when it is the text's last part
	parenRuleRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\(([^()]+)\)\s*\.?\s*$`) })
	// a ban as firm outside parentheses as in them, at the start of a part
	hardBanLeadRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)^(?:never|do not|don't|don’t|must not|must never|should never)\b`)
	})
	avoidLeadRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?i)^avoid\b`) })
	// words that make a fragment a rule of its own (a modal, a ban, an order)
	bindingWordRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\b(?:must|mustn't|should|shouldn't|never|always|don't|do not|avoid|prefer|required?|only|forbidden)\b`)
	})
	// a ban on changing files: what a lead-in over a list of paths forbids
	fileVerbRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)^(?:never|do not|don't|don’t|must not|must never) (?:hand-edit|edit|modify|change|touch|commit|delete|remove|rename|move|write to|write)\b`)
	})
	leadingSpanRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile("^[*_\\s]*(`[^`]+`)") })
	spanRE        = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile("`[^`]*`") })
)

// ParenBanStrength reads the inside of a parenthesis for a ban of its own: "must" for
// "never ...", "do not ..." and "must not ..." (as firm as outside parentheses),
// "should" for "avoid ...", "" otherwise.
func ParenBanStrength(inner string) string {
	inner = strings.TrimSpace(inner)
	switch {
	case hardBanLeadRE().MatchString(inner):
		return "must"
	case avoidLeadRE().MatchString(inner):
		return "should"
	}
	return ""
}

// leadingSpan is the code span a fragment starts with ("`generated/` – ..."), or "".
func leadingSpan(s string) string {
	if m := leadingSpanRE().FindStringSubmatch(s); m != nil {
		return m[1]
	}
	return ""
}

func replaceSpans(s string) string { return spanRE().ReplaceAllString(s, " X ") }

func capitalise(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
