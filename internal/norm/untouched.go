package norm

import (
	"github.com/heed-dev/heed/internal/lazyre"

	"regexp"
	"strings"
	"sync"
)

// Files a change must leave alone: "Never edit `localazy.xml` — it is auto-generated",
// "Do not modify `docs/game-rules.md` without explicit approval", "Do not commit
// `.env` files", "Do not edit .rst files under doc/gallery or doc/api, except
// doc/api/api_changes/".

// Untouched is what such a sentence says.
type Untouched struct {
	// Paths are the files or folders as written (a name, a path, a folder with a
	// trailing slash, an extension ".env" or a glob); Ext narrows folders to files
	// with that extension ("`.rst` files under doc/gallery").
	Paths, Except []string
	Ext           string
	// AddedOnly: the sentence forbids committing or adding them, not editing.
	AddedOnly bool
	// Condition is a condition heed cannot see ("unless explicitly asked",
	// "without approval"), as written: the rule can only warn.
	Condition string
	// HandOnly: the sentence forbids editing them by hand ("by hand", "manually",
	// "hand-edit"): regenerating them is how they change.
	HandOnly bool
	// Role is a kind of file named instead of paths (RoleMigration), only where the
	// sentence bans edits to the existing ones.
	Role string
	// AtRoot: the sentence places the files at the repository's root ("the
	// `PAT_*.md` notes at the repo root"): a bare name is a file there, not anywhere.
	AtRoot bool
	// EditsOnly: the sentence forbids editing them (edit, modify, change, alter,
	// update, rewrite): changing the files that are there. A file a change adds
	// (a new snapshot, a new migration) is no edit of them; "touch" reaches it.
	EditsOnly bool
	// Creates: the sentence forbids creating them ("do not create new files under
	// `src/legacy/`"): the write that makes one breaks it, as the change that adds one
	// does. It implies AddedOnly.
	Creates bool
}

// editOnlyVerb reports whether a verb of a ban is about changing a file that is
// there, not about adding one ("touch" is about any).
func editOnlyVerb(w string) bool {
	switch strings.TrimSuffix(strings.TrimSuffix(strings.ToLower(w), "ed"), "d") {
	case "edit", "modifi", "modify", "change", "chang", "alter", "update", "updat", "rewrite", "rewritten", "hand-edit":
		return true
	}
	return false
}

// RoleMigration: the repository's migrations, as the lowering finds them.
const RoleMigration = "migration"

func utRE(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}

var (
	utLeadRE = utRE(`(?i)^(?:(?:a |the )?(?:contributor|agent|you)s? )?(?:must not|mustn't|should not|shouldn't|may not|never|do not|don't|no) (?:ever )?(?:(edit|modify|touch|change|update|alter)|(commit|add|check in|stage|create))\b (?:any |the |to |changes to |new )?(?:(?:an? |any |the )?(existing|already[- ]applied|applied|committed|shipped|merged) )?`)
	// utRoleRE: a kind of file named by a noun where the paths would be ("never edit
	// an existing alembic migration"): migrations, which the lowering places
	utRoleRE = utRE(`(?i)^(?:[\w-]+ )?(?:database |db |schema |sql )?migrations?(?: files?| scripts?)?\b`)
	// utBoldRE: a bold run of words ("**Never edit existing migrations**")
	utBoldRE = utRE("\\*\\*([A-Za-z][^*`]*?)\\*\\*")
	// "by hand", "manually": the means of an edit, not the file
	utMeansRE     = utRE(`(?i)\b(?:by hand|manually|hand-edit|directly edit|(?:with|in|using) (?:a |an |your )?(?:text )?editor)\b`)
	utHiddenRE    = utRE(`(?i)\b(?:unless|without (?:explicit |prior )?(?:approval|permission|discussion|asking|being asked)|except when|if|when|before|after)\b`)
	utTokenRE     = utRE("^(?:`([^`]+)`|([\\w.*-]*[/.][\\w./*-]*))")
	utExtRE       = utRE(`(?i)^(?:raw )?` + "(?:`?\\.?([a-z0-9]{1,6})`? )?" + `files? (?:under|in|inside|within) `)
	utTailRE      = utRE(`(?i)^(?:\s*(?:files?|folder|directory|dir|package|directly|anywhere|in the repository|to the repository|by accident|in (?:your|a|the|any) (?:pull requests?|prs?|changes?|commits?|patch(?:es)?)))*\s*(?:$|[.;:,—–(-])`)
	utListRE      = utRE(`^\s*(?:,\s*(?:and |or |nor )?|\s+(?:and|or|nor|ni)\s+)(?:any )?(?:other )?`)
	utExceptRE    = utRE(`(?i)^,?\s*(?:except|but not|other than) (?:for |in |under )?`)
	utSentenceRE  = utRE(`[.!?]\s+`)
	utDirectlyRE  = utRE(`(?i)\bdirectly\b`)
	utGeneratedRE = utRE(`(?i)\b(?:re-?generat\w*|(?:auto-?)?generated|codegen)\b`)
	utKnownRE     = utRE(`^(?:AUTHORS|LICENSE|COPYING|CODEOWNERS|Makefile|Dockerfile|NOTICE|VERSION)$`)
)

// UntouchedFiles reads the files a sentence says a change must not touch; of a
// constraint of several sentences, the first that says so.
func UntouchedFiles(text string) (Untouched, bool) {
	if len(DefinitionSubjects(text)) > 0 {
		// "`handle_webhook` should not touch `settings.DEBUG`": what a function's
		// code touches, not a file a change edits
		return Untouched{}, false
	}
	if ban, ok := noCommitted(text); ok {
		text = ban // "No committed `.env` files"
	}
	for _, sent := range utSentenceRE().Split(strings.Join(strings.Fields(text), " "), -1) {
		if u, ok := untouchedIn(sent); ok {
			if !u.HandOnly && !u.AddedOnly && utDirectlyRE().MatchString(sent) && utGeneratedRE().MatchString(text) {
				// "Edit the templates, then regenerate. Do not edit `config.md`
				// directly": not directly, that is by hand; the change that holds
				// it regenerated is the way ("Never edit X: it is generated" bans
				// any change to it)
				u.HandOnly = true
			}
			if !u.HandOnly && !u.AddedOnly && ToolWritten(text) {
				// "Do not modify `docs/v*/`. Those are frozen snapshots managed by
				// devtools": the tool writes them; a hand edit is what is banned
				u.HandOnly = true
			}
			return u, true
		}
		if u, ok := untouchedLaterClause(sent); ok {
			return u, true
		}
	}
	return untouchedByGrammar(text)
}

// untouchedLaterClause reads a ban that opens a later clause of the sentence ("Use
// `SecretStr` for secrets, never commit `.env` files"), when the words before it set
// no condition on it ("if you deploy, never commit ..." is a ban heed cannot place).
func untouchedLaterClause(sent string) (Untouched, bool) {
	for i := 0; i < len(sent); i++ {
		if sent[i] != ',' && sent[i] != ';' {
			continue
		}
		before, rest := sent[:i], strings.TrimSpace(sent[i+1:])
		if utHiddenRE().MatchString(before) || !utLeadRE().MatchString(rest) {
			continue
		}
		return untouchedIn(rest)
	}
	return Untouched{}, false
}

func untouchedIn(text string) (Untouched, bool) {
	t := strings.TrimSpace(strings.ReplaceAll(text, "``", "`"))
	t = utBoldRE().ReplaceAllString(t, "$1")
	t = strings.TrimLeft(t, "-*• ")
	hand := utMeansRE().MatchString(t)
	if hand {
		// "never edit `x` by hand", "do not manually modify `x`": the means set
		// aside, what is left names the files
		t = utMeansRE().ReplaceAllStringFunc(t, func(w string) string {
			if strings.HasSuffix(strings.ToLower(w), "edit") {
				return "edit" // "hand-edit", "directly edit"
			}
			return ""
		})
		t = strings.Join(strings.Fields(t), " ")
	}
	m := utLeadRE().FindStringSubmatchIndex(t)
	if m == nil {
		return Untouched{}, false
	}
	u := Untouched{AddedOnly: m[4] >= 0 && !strings.HasSuffix(strings.ToLower(t[:m[1]]), "changes to "), HandOnly: hand}
	u.Creates = u.AddedOnly && strings.EqualFold(t[m[4]:m[5]], "create")
	u.EditsOnly = !u.AddedOnly && m[2] >= 0 && editOnlyVerb(t[m[2]:m[3]])
	existing := m[6] >= 0 && !u.AddedOnly
	if existing {
		// "never edit existing migrations": the files that are there; new ones are
		// how the history grows
		u.EditsOnly = true
	}
	if hand && u.AddedOnly {
		return Untouched{}, false
	}
	rest := t[m[1]:]
	if existing {
		if r := utRoleRE().FindString(rest); r != "" {
			u.Role = RoleMigration
			rest = rest[len(r):]
			if !utTailRE().MatchString(approvalInSentenceRE.ReplaceAllString(rest, "")) {
				return Untouched{}, false
			}
			if c := approvalInSentenceRE.FindString(t); c != "" {
				u.Condition = c
			} else if utHiddenRE().MatchString(t[:strings.IndexAny(t+".", ".;—")]) {
				return Untouched{}, false
			}
			return u, true
		}
	}
	if e := utExtRE().FindStringSubmatch(rest); e != nil {
		u.Ext = strings.ToLower(e[1])
		rest = rest[len(e[0]):]
	}
	paths, rest := utPaths(rest)
	if len(paths) == 0 {
		return Untouched{}, false
	}
	u.Paths = paths
	if e := utExceptRE().FindString(rest); e != "" {
		u.Except, rest = utPaths(rest[len(e):])
	}
	if !utTailRE().MatchString(approvalInSentenceRE.ReplaceAllString(rest, "")) {
		return Untouched{}, false // "the `.c` files Cython generates": a kind heed cannot tell
	}
	if c := approvalInSentenceRE.FindString(t); c != "" {
		u.Condition = c
	} else if utHiddenRE().MatchString(t[:strings.IndexAny(t+".", ".;—")]) {
		return Untouched{}, false
	}
	return u, true
}

// utPaths reads a list of paths at the start of s, and what follows it.
func utPaths(s string) ([]string, string) {
	var out []string
	for {
		m := utTokenRE().FindStringSubmatch(s)
		if m == nil {
			break
		}
		p := m[1] + strings.TrimRight(m[2], ",.;:")
		if !fileLike(p) || m[1] == "" && jsLibraryName(p) {
			// "Never add Moment.js": a library by its name, not a file
			return nil, s
		}
		out = append(out, strings.TrimRight(p, ",."))
		s = s[len(m[0]):]
		if l := utListRE().FindString(s); l != "" && utTokenRE().MatchString(s[len(l):]) {
			s = s[len(l):]
			continue
		}
		break
	}
	return out, s
}

// jsLibraryName reports whether a word is a library's name that ends in ".js", as
// prose writes one without a code span: a file by that name would be written in one.
func jsLibraryName(w string) bool {
	switch strings.ToLower(w) {
	case "node.js", "moment.js", "chart.js", "three.js", "vue.js", "next.js", "nuxt.js", "express.js", "d3.js",
		"day.js", "immutable.js", "ember.js", "backbone.js", "angular.js", "react.js", "lodash.js", "underscore.js",
		"socket.io", "p5.js", "pixi.js", "anime.js", "highlight.js", "video.js", "alpine.js", "svelte.js",
		"knockout.js", "require.js", "ethers.js", "web3.js":
		return true
	}
	return false
}

// fileLike reports whether a token names a file or folder rather than a branch or a
// word: it has a slash, a dot or a glob, or is one of the conventional file names.
func fileLike(p string) bool {
	if strings.ContainsAny(p, " <>") || p == "" {
		return false
	}
	return strings.ContainsAny(p, "/.*") || utKnownRE().MatchString(p)
}

// untouchedLeadRE: a lead-in that keeps the files of its list from edits ("Never
// modify these without explicit approval:", "Do not edit the following files:").
var untouchedLeadRE = lazyre.New(`(?i)^(?:never|do not|don't|must not)\s+(modify|edit|change|touch|alter|hand-edit)\s+(?:these|the following|any of these|any of the following)(?:\s+files)?(\s+(?:without|unless)\b[^:]*)?:\s*$`)

// UntouchedLeadItem reads an item of such a list as the sentence it stands for ("-
// `scripts/release.mjs`" is "Never modify `scripts/release.mjs` without explicit
// approval."); ok is false for any other pair.
func UntouchedLeadItem(lead, item string) (string, bool) {
	lead = strings.Trim(strings.TrimSpace(lead), "*_ ")
	item = strings.TrimSpace(item)
	if !strings.HasPrefix(item, "`") || !strings.HasSuffix(lead, ":") {
		return "", false
	}
	m := untouchedLeadRE.FindStringSubmatch(lead)
	if m == nil {
		return "", false
	}
	end := strings.Index(item[1:], "`")
	if end < 0 {
		return "", false
	}
	return "Never " + strings.ToLower(m[1]) + " " + item[:end+2] + m[2] + ".", true
}

// germanUntouchedRE: a German sentence glossed word by word, its verb still last
// ("`x` never by hand edit.").
var germanUntouchedRE = lazyre.New("^(`[^`]+`)\\s+(?:never|must not|must never)\\s+(by hand\\s+)?(edit|modify|change|touch)\\s*\\.?$")

// UntouchedGlossed reads a sentence of another language that keeps a file from edits,
// glossed into English and put in English order; ok is false when it is none.
func UntouchedGlossed(text string) (string, bool) {
	end := strings.ToLower(strings.TrimRight(strings.TrimSpace(text), ".!"))
	verbLast := false
	for _, v := range []string{"bearbeiten", "ändern", "verändern", "anfassen", "editieren", "modifizieren", " edit", " modify", " change", " touch"} {
		verbLast = verbLast || strings.HasSuffix(end, v)
	}
	if !strings.HasPrefix(strings.TrimSpace(text), "`") || !verbLast {
		return "", false // a span first and the verb last, or no such sentence
	}
	g, _ := Gloss(text) // (the compiler may have glossed it already)
	if m := germanUntouchedRE.FindStringSubmatch(strings.TrimSpace(g)); m != nil {
		return "Never " + m[3] + " " + m[1] + " " + strings.TrimSpace(m[2]) + ".", true
	}
	return "", false
}
