package instr

import (
	"regexp"
	"strings"

	"github.com/heed-dev/heed/internal/policy"
)

// Level heuristics. A constraint is `must` when it carries a hard marker (must, never,
// always, required, do not, only ...) or is a plain imperative ("Use X", "Run Y before
// committing", "If you touch X, update Y"); `should` when its strongest marker is a
// soft one (should, prefer, avoid, recommended, try to, consider); `info` otherwise
// (descriptions, background, setup narration, pointers to other documents). The
// strongest marker wins: "You should never" is must. The labelled sample in
// testdata/levels.tsv pins the accuracy.

var (
	codeRE     = regexp.MustCompile("`+[^`]*`+")
	mustRE     = regexp.MustCompile(`(?i)\b(must|mustn't|shall|never|always|required|requires?|mandatory|forbidden|prohibited|do not|don't|dont|does not need|cannot|can't|may not|is not allowed|are not allowed|not allowed|not permitted|need to|needs to|have to|has to|make sure|be sure|ensure|under no circumstances|at all times|no exceptions?|only use|use only|only ever|exclusively|strictly|important:|critical:|do n't)\b`)
	shouldRE   = regexp.MustCompile(`(?i)\b(should|shouldn't|prefer|prefers|preferred|preferably|avoid|avoiding|recommended|recommend|recommends|try to|try not to|ideally|consider|encouraged|encourage|where possible|when possible|if possible|whenever possible|as much as possible|it's best|it is best|best practice|better to|favou?r|favou?rs|aim to|aim for|strive|discouraged|rather than|in general|generally|wherever possible|sparingly|be careful|be mindful|keep in mind|mind the)\b`)
	permitRE   = regexp.MustCompile(`(?i)^(you )?(don't|do not|doesn't|does not) (need|have) to\b|^no need to\b|^(you )?(can|may|could|might)\b`)
	labelRE    = regexp.MustCompile(`^(?:[\p{So}\p{Sk}\x{2705}\x{274C}\x{26A0}\x{FE0F}\s]+)?(?:\*\*|__)?([^:*_]{1,40}?)(?:\*\*|__)?\s*(?::|\s[-–—]\s)\s*(?:\*\*|__)?`)
	leadRE     = regexp.MustCompile(`(?i)^(?:if|when|whenever|before|after|once|while|for|in|on|to|during|unless|where|with|as|from|within|until|since)\b[^,:]{0,120}[,:]\s*`)
	negStartRE = regexp.MustCompile(`(?i)^(no|never|not|nothing|none)\b`)
	youRE      = regexp.MustCompile(`(?i)^(please\s+)?(?:always\s+|also\s+|first,?\s+|then\s+|then,\s+|finally,?\s+|just\s+|simply\s+|instead,?\s+|only\s+)*`)
)

// imperativeVerbs start a plain command ("Use X", "Run Y").
var imperativeVerbs = wordSet(`use run add write keep put follow make ensure check update include call create
place name import export remove delete test document format lint commit push open mark set pass return throw
handle wrap log install build start stop reference define declare specify provide list describe explain fix verify
validate confirm leave treat give limit split group sort rename move copy replace prefix suffix annotate type
choose pick select rebase squash sign tag label link mention ask notify report review target bump regenerate
generate rerun re-run execute invoke apply enable disable configure register store save load cache close release
clean refactor extract inline express represent model implement extend override inherit derive maintain preserve
respect honor honour match mirror align separate isolate mock assert expect cover measure benchmark profile
optimize optimise minimize minimise reduce increase stick adhere conform comply remember do be get go avoid prefer
consider try favor favour aim strive use. utilize utilise employ rely depend write. reuse return. print raise
catch prefer. inspect search grep find look review. scope guard gate skip omit drop strip trim hide expose keep.
append insert merge fork clone checkout switch stage unstage sync pin lock unlock upgrade downgrade migrate convert
cast parse serialize serialise encode decode escape quote capitalize lowercase uppercase indent wrap. break justify
prefix. propagate bubble emit dispatch send receive await block wait retry time check. compare restrict allow deny
permit require forbid prohibit avoid. lean test. default seed initialize initialise instantiate construct destroy
dispose own borrow clone. copy. spell word phrase summarize summarise state clarify explain. note. read rebuild
recompile reinstall restart reload refresh reset revert undo squash. amend push. pull fetch merge. bisect
communicate coordinate discuss escalate request file submit send. draft open. close. resolve address respond reply
comment flag tag. triage assign reopen`)

var softVerbs = wordSet(`avoid prefer consider try favor favour aim strive`)

// infoVerbs start sentences that point elsewhere rather than bind.
var infoVerbs = wordSet(`see refer note`)

func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[strings.TrimSuffix(w, ".")] = true
	}
	return m
}

// levelOf classifies one clause or constraint text.
func levelOf(text string) policy.Level {
	prose := codeRE.ReplaceAllString(text, " CODESPAN ")
	prose = strings.ReplaceAll(prose, "’", "'")
	prose = strings.Join(strings.Fields(prose), " ")
	if prose == "" || prose == "CODESPAN" {
		return policy.Info
	}
	// "❌ `any`", "✅ DO:" in style lists mark forbidden and required patterns.
	if strings.HasPrefix(prose, "❌") || strings.HasPrefix(prose, "🚫") || strings.HasPrefix(prose, "⛔") {
		return policy.Must
	}
	main := mainClause(prose)
	hard := mustRE.FindStringIndex(main)
	soft := shouldRE.FindStringIndex(main)
	if hard == nil && soft == nil {
		hard = mustRE.FindStringIndex(prose)
		soft = shouldRE.FindStringIndex(prose)
	}
	body := stripLead(prose)
	if permitRE.MatchString(body) && hard != nil && !strongMust(prose) {
		// "You don't need to run X", "You can skip Y": permission, not obligation.
		hard = nil
	}
	if hard != nil {
		return policy.Must
	}
	if soft != nil {
		return policy.Should
	}
	if negStartRE.MatchString(body) && !strings.HasPrefix(strings.ToLower(body), "note") {
		return policy.Must
	}
	w := firstWord(body)
	switch {
	case softVerbs[w]:
		return policy.Should
	case infoVerbs[w]:
		return policy.Info
	case imperativeVerbs[w] && !nounUse(body, w):
		return policy.Must
	}
	return policy.Info
}

var strongRE = regexp.MustCompile(`(?i)\b(must|never|always|required|shall)\b`)

func strongMust(s string) bool { return strongRE.MatchString(s) }

var (
	condLeadRE  = regexp.MustCompile(`(?i)^(?:if|when|whenever|unless|where|because|since|in case|once|while)\b[^,]{0,160},\s*`)
	condTrailRE = regexp.MustCompile(`(?i)[\s,]+(?:if|unless|when|whenever|because|since|so that|in case|where)\s`)
)

// mainClause drops leading and trailing conditions, so the markers read are those of
// the obligation itself: "PREFER X if clippy must be disabled" is a preference.
func mainClause(s string) string {
	if m := condLeadRE.FindStringIndex(s); m != nil && m[1] < len(s) {
		s = s[m[1]:]
	}
	if m := condTrailRE.FindStringIndex(s); m != nil && m[0] > 8 {
		s = s[:m[0]]
	}
	return s
}

// stripLead removes what comes before a clause's verb: a bold label ("**Testing**:"),
// a condition ("If you change X, "), "Please", "Always" and the like.
func stripLead(s string) string {
	s = strings.TrimLeft(s, " *_>\"'([")
	for range 3 {
		before := s
		if m := labelRE.FindStringSubmatchIndex(s); m != nil && len(strings.Fields(s[m[2]:m[3]])) <= 5 && m[1] < len(s) {
			s = s[m[1]:]
		}
		if m := leadRE.FindStringIndex(s); m != nil && m[1] < len(s) {
			s = s[m[1]:]
		}
		s = strings.TrimLeft(s, " *_>\"'([")
		if loc := youRE.FindStringIndex(s); loc != nil && loc[1] < len(s) {
			s = s[loc[1]:]
		}
		if s == before {
			break
		}
	}
	return s
}

func firstWord(s string) string {
	f := strings.FieldsFunc(s, func(r rune) bool {
		return r == ' ' || r == ',' || r == ':' || r == '*' || r == '_' || r == '"' || r == '(' || r == ')'
	})
	if len(f) == 0 {
		return ""
	}
	return strings.ToLower(f[0])
}

// nounUse catches a verb-looking first word that is a noun or a title: "Test files
// live in tests/", "Build output goes to dist/", "Format: ...".
func nounUse(body, w string) bool {
	f := strings.Fields(body)
	if len(f) < 2 {
		// A single word ("Testing", "Lint") is a label, not a command.
		return true
	}
	second := strings.ToLower(strings.Trim(f[1], ",.:;*_"))
	switch second {
	case "is", "are", "was", "were", "has", "have", "files", "file", "output", "code", "suite", "suites",
		"data", "logic", "cases", "case", "tools", "tool", "command", "commands", "script", "scripts",
		"step", "steps", "process", "system", "time", "names", "name", "types", "calls", "results",
		"directory", "folder", "runner", "runs", "helpers", "utilities", "mode", "options", "flags",
		"config", "configuration", "setup", "changes", "requests", "messages", "guidelines", "rules",
		"lives", "live", "goes", "contains", "includes", "uses", "will", "can", "may", "should", "must":
		return true
	}
	return false
}
