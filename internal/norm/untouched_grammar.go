package norm

import (
	"path"
	"regexp"
	"slices"
	"strings"
	"sync"
)

// The files a change must leave alone, read from the sentence's grammar rather than
// from its opening words: the ban may come after a clause ("For changes to user
// config, don't edit `docs/Config.md` by hand"), after the path it is about ("`gen/` -
// protobuf output; never edit this folder"), in parentheses ("(do not hand-edit
// `lib/generated/**`)"), as a passive ("files under `x/` are generated and should
// not be edited"), or as a label over a list ("Don't edit generated files: `a`, `b`").
// The paths are the code spans (or words with a slash) the ban governs: those after
// its verb in its clause, or, when it names them by "this folder", "them" or nothing,
// those the text opens with; a passive's are its subject's.

// untouchedByGrammar reads what UntouchedFiles' opening-words reading does not.
func untouchedByGrammar(text string) (Untouched, bool) {
	toks := Tokenize(text)
	for i := range toks {
		verb, hand, passive, added := editBanAt(toks, i)
		if verb < 0 {
			continue
		}
		end := clauseEnd(toks, verb)
		var paths []string
		if passive && i > 0 && (toks[i-1].Low == "that" || toks[i-1].Low == "which" || toks[i-1].Low == "who") {
			// "artifacts that must not be hand-edited (`.result`, `config.md`)": the
			// relative word's noun, which the paths after the verb name, not the
			// sentence's subject
			paths = pathsIn(toks[verb+1 : end])
		} else if passive {
			paths = pathsIn(toks[sentenceClauseStart(toks, i):i])
		} else if directObject(toks[verb+1 : end]) {
			paths = pathsIn(toks[verb+1 : end])
		}
		if toks[verb].Low == "rewrite" && rewriteOnlyRE().MatchString(text) {
			// "Don't rewrite `README.md` — modify it incrementally": rewriting the
			// whole file is banned, editing it is the way
			continue
		}
		if !passive && workKindSubject(toks, i) {
			continue
		}
		if len(paths) == 0 && !passive && pronounBeforeBan(toks, i) {
			// "Queries and components import from it — they never change": a
			// statement of what stays stable, with a subject of its own; no order
			// to the reader about the file named before
			continue
		}
		if len(paths) == 0 && (passive || anaphoricObject(toks[verb+1:end])) {
			paths = headPaths(toks)
		}
		if len(paths) == 0 {
			continue
		}
		if added && utHiddenRE().MatchString(Sentence{Tokens: toks[sentenceClauseStart(toks, i):i]}.Raw()) {
			// "When you deploy, never commit `.env` files": a ban under a condition
			// heed cannot see
			continue
		}
		if added && !passive && !narrowOnlyByTail(toks[verb+1:end]) {
			// "Do not commit the `.c` files the build generates": some of those
			// files, a kind heed cannot tell
			continue
		}
		if passive && memberOfFile(toks[sentenceClauseStart(toks, i):i]) || !passive && memberOfFile(toks[verb+1:end]) {
			// "Never change `integrations.telemetry.enabled` in `docs/release/docs.json`",
			// "the package version in `pubspec.yaml` should not be modified": a part of
			// the file is what must stay, which a ban of every change to the file
			// would misread; heed cannot see the part, so no rule
			return Untouched{}, false
		}
		u := Untouched{Paths: paths, HandOnly: hand || utGeneratedRE().MatchString(text) || ToolWritten(text), EditsOnly: editOnlyVerb(toks[verb].Low)}
		if added {
			u = Untouched{Paths: paths, AddedOnly: true, AtRoot: atRepositoryRoot(toks)}
		}
		if c := untouchedCondition(toks[verb+1 : end]); c != "" {
			if !askedCondition(c) {
				// "when the migration is pending": a situation heed cannot see, in
				// which the ban alone holds; as the opening-words reading does, no rule
				return Untouched{}, false
			}
			u.Condition = c // "without an explicit request": warns
		}
		return u, true
	}
	return Untouched{}, false
}

// rewriteOnlyRE: a ban of rewriting that leaves editing allowed.
var rewriteOnlyRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(?:modify|edit|update|change|extend)\b[^.]*\b(?:incrementally|in place|gradually|surgically|piece by piece)\b|\bwholesale\b|\bfrom scratch\b`)
})

// pronounBeforeBan: the ban word at i follows a pronoun that is the clause's
// subject and not the reader ("they never change", "which never changes").
func pronounBeforeBan(toks []Token, i int) bool {
	if i == 0 {
		return false
	}
	switch toks[i-1].Low {
	case "they", "it", "these", "those", "he", "she", "which", "that":
		return true
	case "and", "but":
		// "they stay as they are and never change": the clause's subject, before
		// its first verb
		k := i - 1
		for k > 0 && !toks[k-1].Punct {
			k--
		}
		switch toks[k].Low {
		case "they", "it", "these", "those":
			return true
		}
	}
	return false
}

// workKindSubject: the ban word at i follows a kind of work as its subject
// ("release-only tasks shouldn't touch `app/`"), which heed cannot tell from the
// rest; "changes must not touch `vendor/`" is every change.
func workKindSubject(toks []Token, i int) bool {
	if i < 2 || toks[i-2].Punct {
		return false
	}
	switch toks[i-1].Low {
	case "tasks", "task", "development", "work", "changes", "prs", "fixes", "refactors", "features", "feature", "commits":
	default:
		return false
	}
	switch toks[i-2].Low {
	case "all", "any", "the", "your", "our", "every", "no", "and", "or", "these", "those":
		return false
	}
	return true
}

// editBanAt finds a ban of editing at token i: "never edit", "do not hand-edit",
// "don't manually modify", or a passive "should not be (manually) edited". It returns
// the index of the edit verb (-1 for none), whether the ban is of edits by hand, and
// whether it is a passive (its paths are its subject). A ban of committing ("never
// commit it", "don't check them in", "must not be committed") is one of adding the
// files to a change: added.
func editBanAt(toks []Token, i int) (verb int, hand, passive, added bool) {
	n := phraseAt(toks, i, mForbid)
	if n == 0 || toks[i].Low == "no" {
		return -1, false, false, false
	}
	j := i + n
	for j < len(toks) && (editFillers()[toks[j].Low] || toks[j].Low == "be") && !toks[j].Code {
		if toks[j].Low == "manually" || toks[j].Low == "directly" {
			hand = hand || toks[j].Low == "manually"
		}
		passive = passive || toks[j].Low == "be"
		j++
	}
	if j >= len(toks) || toks[j].Code {
		return -1, false, false, false
	}
	w := toks[j].Low
	switch {
	case w == "hand-edit" || w == "hand-edited" || w == "hand-modify":
		hand = true
	case passive && editParticiples()[w]:
	case !passive && editVerbs()[w]:
	case !hand && (!passive && w == "commit" || passive && w == "committed" ||
		(!passive && w == "check" || passive && w == "checked") && checkedIn(toks, j+1)):
		return j, false, passive, true
	default:
		return -1, false, false, false
	}
	for k := j + 1; k < clauseEnd(toks, j); k++ {
		switch toks[k].Low {
		case "manually", "yourself":
			hand = true
		case "hand":
			hand = hand || k > 0 && toks[k-1].Low == "by"
		}
	}
	return j, hand, passive, false
}

// checkedIn: "in" follows the verb, at once or after its pronoun ("check them in").
func checkedIn(toks []Token, k int) bool {
	if k < len(toks) && toks[k].Low == "in" {
		return true
	}
	return k+1 < len(toks) && (toks[k].Low == "them" || toks[k].Low == "it" || toks[k].Low == "these" || toks[k].Low == "those") && toks[k+1].Low == "in"
}

var editVerbs = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"edit": true, "modify": true, "touch": true, "change": true, "alter": true, "rewrite": true}
})

var editParticiples = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"edited": true, "modified": true, "touched": true, "changed": true, "altered": true, "rewritten": true}
})

// editFillers stand between a ban word and its verb ("never ever manually edit").
var editFillers = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"ever": true, "manually": true, "directly": true}
})

// clauseEnd is where the clause holding token i ends: a full stop, a semicolon, or a
// dash (a list after a colon stays in the clause: "Don't edit generated files: `a`").
func clauseEnd(toks []Token, i int) int {
	for k := i + 1; k < len(toks); k++ {
		if toks[k].Punct {
			switch toks[k].Text {
			case ".", ";", "!", "?", "—":
				return k
			}
		}
	}
	return len(toks)
}

// sentenceClauseStart is where the clause holding token i begins.
func sentenceClauseStart(toks []Token, i int) int {
	for k := i - 1; k >= 0; k-- {
		if toks[k].Punct {
			switch toks[k].Text {
			case ".", ";", "!", "?":
				return k + 1
			}
		}
	}
	return 0
}

// pathsIn are the paths the tokens name: code spans that look like files or folders,
// and words with a slash. A span that is a command (it has a space) is none.
func pathsIn(toks []Token) []string {
	var out []string
	for k, t := range toks {
		p := t.Text
		if !t.Code && !plainPath(p) {
			continue
		}
		if dir, ok := folderOfList(toks, k); ok && len(out) > 0 {
			// "`.venv/`, `results/` or `__pycache__/` under `tests/integration`":
			// the folder the listed names lie in, not one more path
			for i, listed := range out {
				out[i] = path.Join(dir, listed)
				if strings.HasSuffix(listed, "/") {
					out[i] += "/"
				}
			}
			return out
		}
		if extensionOnly(p) {
			p = "*" + p // "never edit a `.result` by hand": files of that extension
		}
		if fileLike(p) && !strings.HasPrefix(p, "http") && !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

// folderOfList reports whether path token k is the folder a list of paths just
// before it lies in: "under" (or "in", "inside", "within") between the list's last
// path and a folder ("`results/` under `tests/integration`"); not "files in `gen/`",
// whose folder belongs to a noun.
func folderOfList(toks []Token, k int) (string, bool) {
	if k < 2 {
		return "", false
	}
	switch toks[k-1].Low {
	case "under", "in", "inside", "within":
	default:
		return "", false
	}
	prev, dir := toks[k-2], strings.TrimSuffix(toks[k].Text, "/")
	if !prev.Code && !plainPath(prev.Text) || path.Ext(dir) != "" || dir == "" || strings.ContainsAny(dir, "*?") {
		return "", false
	}
	return dir, true
}

// memberOfFile reports whether the words a ban governs name a thing inside a file
// rather than the file: a noun or a code span, then "in" (or "of", "inside",
// "within") and a file with an extension ("the version in `pubspec.yaml`", "`key` in
// `config.json`"); not "files in `gen/`" (a folder) nor "anything in `x.json`".
func memberOfFile(toks []Token) bool {
	for k := 2; k < len(toks); k++ {
		t := toks[k]
		if !t.Code && !plainPath(t.Text) || !fileLike(t.Text) || strings.HasSuffix(t.Text, "/") || path.Ext(t.Text) == "" {
			continue
		}
		switch toks[k-1].Low {
		case "in", "of", "inside", "within":
		default:
			continue
		}
		before := toks[k-2]
		if before.Punct {
			continue
		}
		switch before.Low {
		case "anything", "everything", "file", "files", "content", "contents", "lines", "line", "nothing":
			continue
		}
		return true
	}
	return false
}

// anaphoricObject: the ban names its object by a word that points back ("this
// folder", "these", "them", "it") or names none before its clause's end.
func anaphoricObject(toks []Token) bool {
	for _, t := range toks {
		if t.Punct {
			return false
		}
		switch t.Low {
		case "this", "these", "it", "them", "that", "those":
			return true
		case "by", "hand", "manually", "directly", "yourself", "either", "at", "all", "ever":
			continue
		case "unless", "without", "except", "if", "when", "while":
			return true // "never modify without a request": no object before the condition
		}
		return false
	}
	return true
}

// headPaths are the paths a text opens with, before the dash, colon or verb that
// says what they are ("`gen/` - protobuf output", "`global.json`: pins the SDK"), or
// the folder a plain noun that opens it is placed in ("Screenshots in `tmp/shots/`
// are for local debugging").
func headPaths(toks []Token) []string {
	if out := headSpans(toks); len(out) > 0 {
		return out
	}
	return headFolder(toks)
}

// headSpans are the code spans a text opens with ("the `gen/` folder", "`a` and `b`").
func headSpans(toks []Token) []string {
	var out []string
	for _, t := range toks {
		if t.Punct {
			if t.Text == "," || t.Text == "(" || t.Text == ")" {
				continue
			}
			break
		}
		if !t.Code {
			if t.Low != "the" && t.Low != "and" && t.Low != "or" { // "the `gen/` folder", "`a` and `b`"
				break
			}
			continue
		}
		if !fileLike(t.Text) {
			return nil
		}
		out = append(out, t.Text)
	}
	return out
}

// untouchedCondition: what the ban's clause says after its object that narrows it
// ("without an explicit request", "unless asked", "in tests"), which heed cannot see.
func untouchedCondition(toks []Token) string {
	for i, t := range toks {
		if t.Code || t.Punct {
			continue
		}
		switch t.Low {
		case "unless", "without", "except", "if", "when", "while", "in", "during", "for", "outside", "until", "before":
		case "to":
			// "do not edit `dylint.toml` to disable a rule": the edit is banned for
			// one end, which no change shows
			if i+1 >= len(toks) || toks[i+1].Code {
				continue
			}
		default:
			continue
		}
		if t.Low == "in" && i+1 < len(toks) && (toks[i+1].Code || toks[i+1].Low == "the" || toks[i+1].Low == "any") {
			continue // "in `docs/`": where the files are
		}
		return strings.TrimSpace(Sentence{Tokens: toks[i:]}.Raw())
	}
	return ""
}

// plainPath: a word written without backticks is taken for a path only when it reads
// as one: a slash and a dot or a trailing slash, in lower case ("doc/gallery/" or
// "src/app.py", never "RPC/message", "and/or" or "client/server").
func plainPath(w string) bool {
	if !strings.Contains(w, "/") || strings.HasPrefix(w, "/") || strings.ToLower(w) != w {
		return false
	}
	return strings.HasSuffix(w, "/") || strings.Contains(w[strings.LastIndex(w, "/"):], ".")
}

// directObject: the ban's first path is its verb's object, a few words at most after
// it ("edit the translated docs under `docs/ja`", "edit generated files: `a`"), not a
// word inside another object ("change the published history of `org/repo` branches").
func directObject(toks []Token) bool {
	words := 0
	for _, t := range toks {
		if t.Code || plainPath(t.Text) {
			return true
		}
		if t.Punct {
			continue
		}
		switch t.Low {
		case "of", "from", "with", "by", "to", "than", "like", "as":
			return false
		}
		if words++; words > 5 {
			return false
		}
	}
	return false
}

// askedCondition: a condition of being asked or allowed ("unless asked", "without an
// explicit request", "without approval"), which a person can grant: the ban warns.
func askedCondition(c string) bool {
	low := strings.ToLower(c)
	if approvalInSentenceRE.MatchString(low) {
		return true
	}
	for _, w := range []string{"request", "approval", "permission", "asked", "told", "discuss", "consent", "sign-off"} {
		if strings.Contains(low, w) {
			return true
		}
	}
	return false
}

// extensionOnly: a span that is a file extension (".result", ".snap"), not a dot
// file's name (".env", ".npmrc").
func extensionOnly(p string) bool {
	if len(p) < 2 || len(p) > 10 || p[0] != '.' || strings.ContainsAny(p[1:], "./-_") || dotFiles()[strings.ToLower(p)] {
		return false
	}
	for _, r := range p[1:] {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// dotFiles are names of files that start with a dot.
var dotFiles = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, f := range strings.Fields(".env .envrc .npmrc .nvmrc .yarnrc .gitignore .gitattributes .gitmodules .editorconfig " +
		".pypirc .netrc .mailmap .dockerignore .prettierrc .eslintrc .babelrc .stylelintrc .browserslistrc .ds_store .htaccess .bashrc .zshrc .profile .vimrc .tool-versions") {
		m[f] = true
	}
	return m
})

// DotPath: a span that names a dot file or a tool's dot folder (`.env`, `.venv`,
// `.github`), not a member of the code (`.then`, `.unwrap`): "Devcontainer: no
// `.venv`" says a folder is absent, and bans no method.
func DotPath(span string) bool {
	if !strings.HasPrefix(strings.TrimSpace(span), ".") {
		return false
	}
	p := strings.ToLower(strings.TrimSuffix(strings.TrimSpace(span), "/"))
	return dotFiles()[p] || dotFolders()[p]
}

// dotFolders are folders that tools make or read, named with a leading dot.
var dotFolders = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, f := range strings.Fields(".venv .git .github .gitlab .circleci .vscode .idea .devcontainer .cache .next .nuxt .svelte-kit " +
		".turbo .vercel .husky .cargo .tox .nox .pytest_cache .mypy_cache .ruff_cache .gradle .mvn .dart_tool .angular .yarn " +
		".pnpm-store .storybook .changeset .terraform .claude .cursor .config .local .ssh .aws .docker .expo .parcel-cache") {
		m[f] = true
	}
	return m
})

// headFolder: a text that opens with a plain noun of files and the folder it is in
// ("Screenshots in `tmp/shots/`", "Build outputs under `dist/`"): that folder. A noun
// of changes ("Changes in `src/`") names no files.
func headFolder(toks []Token) []string {
	for k := 0; k < len(toks) && k < 4; k++ {
		t := toks[k]
		if t.Code || t.Punct {
			return nil
		}
		switch t.Low {
		case "changes", "edits", "modifications", "commits", "work", "updates", "fixes", "anything", "everything", "nothing":
			return nil
		case "in", "under", "inside":
			if k == 0 || k+1 >= len(toks) || !toks[k+1].Code || !strings.HasSuffix(toks[k+1].Text, "/") {
				return nil
			}
			return []string{toks[k+1].Text}
		}
	}
	return nil
}

// narrowOnlyByTail: what follows the last path a ban names says nothing that narrows
// it (a noun like "files", "folder", or a place "in your commits", "to the
// repository"), where a relative clause would ("the `.c` files the build generates").
func narrowOnlyByTail(toks []Token) bool {
	last := -1
	for k, t := range toks {
		if t.Code || plainPath(t.Text) {
			last = k
		}
	}
	if last < 0 {
		return true // a pronoun's paths are the text's head
	}
	return utTailRE().MatchString(Sentence{Tokens: toks[last+1:]}.Raw())
}

// atRepositoryRoot: the text places what it names at the repository's root ("at the
// repo root", "in the root of the repository", "in the project root"); "the root of
// the docs site" is another root.
func atRepositoryRoot(toks []Token) bool {
	repoWord := func(w string) bool { return w == "repo" || w == "repository" || w == "project" }
	for k := 0; k+2 < len(toks); k++ {
		if toks[k].Low != "at" && toks[k].Low != "in" || toks[k+1].Low != "the" {
			continue
		}
		w := toks[k+2].Low
		if repoWord(w) && k+3 < len(toks) && toks[k+3].Low == "root" {
			return true
		}
		if w != "root" {
			continue
		}
		if k+3 >= len(toks) || toks[k+3].Low != "of" {
			return true
		}
		j := k + 4
		if j < len(toks) && toks[j].Low == "the" {
			j++
		}
		if j < len(toks) && repoWord(toks[j].Low) {
			return true
		}
	}
	return false
}
