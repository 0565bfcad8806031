package process

import (
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// conceptRec compiles prohibitions of named practices written in prose: "Never force
// push", "Never amend commits", "Agents never publish anything", "Don't create `v*`
// tags", "never skip the git hooks", "Never `--no-verify`". Each practice is a fixed
// set of command forms.
type conceptRec struct{}

func (conceptRec) Name() string { return OriginConcept }

type concept struct {
	name string
	re   *lazyre.RE
	// anchored: the practice must be the prohibition's verb (within its first words:
	// "never publish anything", not "never put ids into anything this repo publishes")
	anchored   bool
	forbid     func(s sentence, m []string) []Pattern
	allow      func(forbid []Pattern) []Pattern
	message    string
	suggestion string
}

var forcePushFlags = []string{"-f", "--force", "--force-with-lease", "--force-if-includes"}

func forcePush(sentence, []string) []Pattern {
	return []Pattern{
		{Program: []string{"git"}, Args: []string{"push"}, Flags: [][]string{forcePushFlags}},
		{Program: []string{"git"}, Args: []string{"push", "+*"}},
	}
}

func fixed(ps ...Pattern) func(sentence, []string) []Pattern {
	return func(sentence, []string) []Pattern { return ps }
}

var publishForms = []Pattern{
	{Program: []string{"cargo"}, Args: []string{"publish"}},
	{Program: []string{"npm"}, Args: []string{"publish"}},
	{Program: []string{"pnpm"}, Args: []string{"publish"}},
	{Program: []string{"yarn"}, Args: []string{"publish"}},
	{Program: []string{"yarn"}, Args: []string{"npm", "publish"}},
	{Program: []string{"bun"}, Args: []string{"publish"}},
	{Program: []string{"uv"}, Args: []string{"publish"}},
	{Program: []string{"poetry"}, Args: []string{"publish"}},
	{Program: []string{"twine"}, Args: []string{"upload"}},
	{Program: []string{"gem"}, Args: []string{"push"}},
	{Program: []string{"dotnet"}, Args: []string{"nuget", "push"}},
	{Program: []string{"changeset"}, Args: []string{"publish"}},
	{Program: []string{"gh"}, Args: []string{"release", "create"}},
}

var concepts = []concept{
	{
		name:       "force-push",
		re:         lazyre.New(`\bforce[- ]?push(?:es|ed|ing)?\b|\bpush(?:ing)?\s+(?:with\s+)?--?force\b|\brewrit(?:e|ing)\s+(?:the\s+)?(?:git\s+|published\s+|shared\s+|public\s+|remote\s+)?history\b`),
		forbid:     forcePush,
		allow:      dryRunAllows,
		message:    "force-pushing is forbidden",
		suggestion: "push new commits on top (git push without --force)",
	},
	{
		name:       "amend",
		anchored:   true,
		re:         lazyre.New(`\bamend(?:s|ed|ing)?\b(?:\s+(?:an?\s+|the\s+|existing\s+|your\s+|previous\s+|pushed\s+)*(?:commits?|one|history))?`),
		forbid:     fixed(Pattern{Program: []string{"git"}, Args: []string{"commit"}, Flags: [][]string{{"--amend"}}}),
		message:    "amending commits is forbidden",
		suggestion: "create a new commit instead",
	},
	{
		name: "skip-hooks",
		re:   lazyre.New(`\b(?:skip(?:ping)?|bypass(?:ing)?|disabl(?:e|ing)|circumvent(?:ing)?|ignor(?:e|ing))\s+(?:the\s+|any\s+)?(?:git\s+|pre-commit\s+|commit\s+|pre-push\s+|local\s+)*hooks?\b|--no-verify`),
		forbid: fixed(
			Pattern{Program: []string{"git"}, Args: []string{"commit"}, Flags: [][]string{{"--no-verify", "-n"}}},
			Pattern{Program: []string{"git"}, Args: []string{"push"}, Flags: [][]string{{"--no-verify"}}},
			Pattern{Program: []string{"git"}, Args: []string{"merge"}, Flags: [][]string{{"--no-verify"}}},
		),
		message:    "skipping the git hooks is forbidden",
		suggestion: "let the hooks run and fix what they report",
	},
	{
		name:       "hard-reset",
		re:         lazyre.New(`\bhard[- ]reset(?:s|ting)?\b|\breset(?:ting)?\s+--hard\b`),
		forbid:     fixed(Pattern{Program: []string{"git"}, Args: []string{"reset"}, Flags: [][]string{{"--hard"}}}),
		message:    "`git reset --hard` is forbidden",
		suggestion: "set your own changes aside with git stash push <paths>",
	},
	{
		name:     "publish",
		anchored: true,
		re:       lazyre.New(`\bpublish(?:ing)?\b(?:\s+(?:anything|any\s+\w+|packages?|crates?|releases?|the\s+package|to\s+\w+))?`),
		forbid: func(sentence, []string) []Pattern {
			return append([]Pattern(nil), publishForms...)
		},
		allow:      dryRunAllows,
		message:    "publishing is forbidden",
		suggestion: "leave publishing to the release process (a --dry-run is fine)",
	},
	{
		name:     "tags",
		anchored: true,
		re:       lazyre.New(`\b(?:create|creating|add|adding|make|making|cut|cutting)\s+(?:any\s+|new\s+|release\s+)?(?:(⟦\d+⟧)\s+)?(?:git\s+|release\s+|version\s+)?tags?\b`),
		forbid: func(s sentence, m []string) []Pattern {
			glob := "*"
			if len(m) > 1 && m[1] != "" {
				if k := spanIndex(m[1]); k >= 0 && k < len(s.spans) && !strings.ContainsAny(s.spans[k], " `") {
					glob = s.spans[k]
				}
			}
			return []Pattern{
				{Program: []string{"git"}, Args: []string{"tag", glob}},
				{Program: []string{"gh"}, Args: []string{"release", "create", glob}},
			}
		},
		allow: func([]Pattern) []Pattern {
			return []Pattern{
				{Program: []string{"git"}, Args: []string{"tag"}, Flags: [][]string{{"-l", "--list"}}},
				{Program: []string{"git"}, Args: []string{"tag"}, Flags: [][]string{{"-d", "--delete"}}},
				{Program: []string{"git"}, Args: []string{"tag"}, Flags: [][]string{{"-v", "--verify"}}},
			}
		},
		message:    "creating tags is forbidden",
		suggestion: "leave tagging to the release process",
	},
	{
		name:     "push",
		anchored: true,
		re:       lazyre.New(`^\s*(?:ever\s+)?push(?:ing)?\b(?:\s+(?:directly\s+)?to\s+(?:the\s+)?(main|master)\b)?`),
		forbid: func(s sentence, m []string) []Pattern {
			if len(m) > 1 && m[1] != "" {
				b := m[1]
				return []Pattern{
					{Program: []string{"git"}, Args: []string{"push", b}},
					{Program: []string{"git"}, Args: []string{"push", "*:" + b}},
					{Program: []string{"git"}, Args: []string{"push", "*:refs/heads/" + b}},
				}
			}
			return []Pattern{{Program: []string{"git"}, Args: []string{"push"}}}
		},
		allow:      dryRunAllows,
		message:    "pushing is forbidden",
		suggestion: "commit locally and report what you committed; leave pushing to a person",
	},
}

func (conceptRec) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	var rules []policy.Rule
	done := map[string]bool{}
	sents := sentences(c.Text)
	for si, s := range sents {
		var reach string
		if neg := prohibition(s.prose); neg >= 0 {
			reach = negationReach(s.prose[neg:])
		}
		// "Prefer creating a new commit rather than amending an existing one"
		if m := lazyre.New(`\b(?:rather than|instead of)\s+(.*)$`).FindStringSubmatch(s.prose); m != nil && reach == "" {
			reach = m[1]
		}
		// "Never `--no-verify`": the flag in a span
		reachRaw := restore(reach, s.spans)
		if reach == "" {
			continue
		}
		for _, k := range concepts {
			if done[k.name] {
				continue
			}
			text := reach
			if k.name == "skip-hooks" {
				text = strings.ToLower(reachRaw)
			}
			loc := k.re.FindStringSubmatchIndex(text)
			if loc == nil {
				continue
			}
			if k.anchored && len(strings.Fields(text[:loc[0]])) > 3 {
				continue
			}
			var m []string
			for i := 0; i < len(loc); i += 2 {
				if loc[i] < 0 {
					m = append(m, "")
				} else {
					m = append(m, text[loc[i]:loc[i+1]])
				}
			}
			if k.name == "push" && (done["force-push"] || strings.Contains(reach, "force")) {
				continue
			}
			if k.name == "amend" && strings.Contains(text, "amendment") {
				continue
			}
			forbid := k.forbid(s, m)
			var allow []Pattern
			if k.allow != nil {
				allow = k.allow(forbid)
			}
			hedged := hedgeRE.MatchString(s.prose) || strings.Contains(s.prose, "rather than")
			r := commandRule(c, forbid, allow, nil, hedged)
			r.Exact = !conditionRE.MatchString(strings.ToLower(c.Text)) && k.name != "publish" && !strings.HasPrefix(strings.TrimSpace(reach), "rather")
			r.Message = k.message
			r.Suggestion = k.suggestion
			if sug := suggestionFrom(sents, si); sug != "" {
				r.Suggestion = sug
			}
			rules = append(rules, r)
			done[k.name] = true
			if k.name == "force-push" {
				done["push"] = true
			}
		}
	}
	return recognize.Result{Rules: rules}
}
