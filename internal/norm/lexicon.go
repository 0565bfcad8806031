package norm

import (
	"sort"
	"strings"
	"sync"
)

// The lexicon: every English word or phrase heed reads, as data. Phrases are
// lower-case word sequences matched on word tokens; "CODE" stands for a code span.

// Marker kinds: what a phrase does to the words after it.
const (
	mForbid   = "forbid"   // never, do not, avoid: what follows is forbidden
	mRequire  = "require"  // always, must, use: what follows is required
	mRemind   = "remind"   // don't forget to, make sure to: required, not a ban
	mPermit   = "permit"   // may, can, is fine: what follows is allowed
	mInstead  = "instead"  // instead of, rather than, over: what follows is the banned alternative
	mNot      = "not"      // ", not X" after a requirement: X is the banned alternative
	mInsteadE = "insteadE" // a trailing "instead": the clause's objects are the alternative
	mExcept   = "except"   // except, other than: what follows is an exception
	mUnless   = "unless"   // unless: a condition heed cannot see
	mCond     = "cond"     // when, if, while: a condition
	mBefore   = "before"   // before, prior to: an order
	mAfter    = "after"    // after: an order
	mOnly     = "only"     // only: the objects are the only ones allowed
	mHedge    = "hedge"    // try to, if possible: advice
	mTogether = "together" // in the same command, chain: the objects together
	mScope    = "scope"    // in, under, inside: a folder follows
	mPostNeg  = "postneg"  // is forbidden, is not allowed: what precedes is forbidden
	mPostOK   = "postok"   // is fine, is allowed: what precedes is allowed
	mShould   = "should"   // lowers a requirement or ban to advice strength
	mUntil    = "until"    // do not X until Y: Y must come first
	mPurpose  = "purpose"  // run X to format Y: what the command is for
	mWithout  = "without"  // never run X without Y: the ban holds when Y is missing
)

type phrase struct {
	words []string
	kind  string
}

// phrasesOf turns a table of kinds and their phrases into phrases, longest first (a
// stable order, so that equal lengths keep the table's sorted kinds), for the
// longest match to win.
func phrasesOf(table map[string][]string) []phrase {
	kinds := make([]string, 0, len(table))
	for k := range table {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	var out []phrase
	for _, kind := range kinds {
		for _, p := range table[kind] {
			out = append(out, phrase{words: strings.Fields(p), kind: kind})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return len(out[i].words) > len(out[j].words) })
	return out
}

// markerPhrases, longest first when matched (see phraseAt).
var markerPhrases = sync.OnceValue(func() []phrase {
	table := map[string][]string{
		mForbid: {
			"never", "do not", "don't", "dont", "must not", "mustn't", "should not", "shouldn't", "shall not",
			"cannot", "can't", "may not", "avoid", "avoid using", "no longer", "not allowed to", "forbidden to",
			"under no circumstances should you", "under no circumstances", "do not ever", "don't ever", "never ever",
			"refrain from", "stop using", "try not to", "try to avoid", "avoid if possible", "it is forbidden to", "you are not allowed to", "are not allowed to",
			"is not allowed to", "must never", "should never", "will never", "please don't", "please do not", "no",
			"forbidden :", "prohibited :", "banned :", "not allowed :", "never use :", "don't use :", "do not use :",
			"recommend against", "we recommend against", "advise against", "we advise against", "we discourage", "discourage",
			"prefer not to", "we prefer not to", "prefer not to use", // a soft ban, not "prefer"
		},
		mRequire: {
			"always", "must", "must always", "use", "run", "should always", "need to", "needs to", "have to",
			"is required", "are required", "required:", "make", "ensure that", "has to", "prefer", "prefer to", "prefer using",
			"only ever", "stick to", "stick with", "switch to", "default to", "reach for", "opt for", "favor", "favour",
			"update", "also update", "also run", "keep in sync", "also edit", "edit", "apply", "rerun", "re-run",
			"perform", "conduct", "execute", "carry out", "rebuild", "build", "pass", "set", "export",
		},
		mRemind: {
			"don't forget to", "do not forget to", "never forget to", "remember to", "make sure to", "make sure you",
			// "Don't forget the changelog entry (`make changelog`)", "don't forget
			// about the docs": what is not to be forgotten is what to do ("do not
			// forget that you cannot ..." carries its own polarity, so not "that")
			"don't forget the", "do not forget the", "never forget the", "don't forget about", "do not forget about",
			"don't forget your", "do not forget your", "dont forget the", "dont forget about",
			"make sure that", "make sure", "be sure to", "ensure", "ensure you", "ensure that you", "please remember to",
			"verify that", "confirm that",
		},
		mPermit: {"may", "can", "you may", "you can", "feel free to", "it is fine to", "it's fine to", "it is ok to", "it's ok to",
			"do not need to", "don't need to", "you do not need to", "you don't need to", "no need to", "there is no need to", "needn't",
			"do not have to", "don't have to", "you do not have to", "you don't have to", "it is not necessary to", "it's not necessary to"},
		mUntil: {"until", "unless and until", "till"},
		mInstead: {
			"instead of", "rather than", "over", "in favor of", "in favour of", "in place of", "as opposed to",
			"not", "and not", "but not", "never", "and never", "but never", "instead of using", "rather than using",
		},
		mInsteadE: {"instead"},
		mExcept:   {"except", "except for", "other than", "apart from", "besides", "excluding", "with the exception of", "but"},
		mWithout:  {"without", "with no"},
		mUnless:   {"unless", "unless explicitly", "without explicit", "without being asked", "without asking", "except when", "except if", "if asked", "when asked", "unless asked"},
		mCond:     {"when", "whenever", "if", "while", "during", "once", "for routine", "when iterating", "while iterating"},
		mBefore:   {"before", "prior to", "ahead of", "first, before", "antes de", "перед", "vor", "avant de", "avant"},
		mAfter:    {"after", "whenever you change", "every time you change", "each time you change"},
		mOnly:     {"only", "exclusively", "solely", "nothing but"},
		mHedge: {
			"try not to", "try to avoid", "avoid if possible", "try to", "if possible", "where possible", "when possible", "whenever possible", "if you can", "preferably",
			"generally", "usually", "typically", "ideally", "in most cases", "consider", "where practical",
			"when practical", "if practical", "as much as possible", "when feasible", "where feasible",
			"good practice", "a good practice", "best practice", "it is a good idea", "it's a good idea", "recommended",
			// "`sbt javafmtAll` was run with JDK 17 when relevant": only where the
			// reader judges it relevant, which heed cannot
			"when relevant", "where relevant", "if relevant", "when appropriate", "where appropriate", "if appropriate", "as appropriate",
			"if applicable", "where applicable", "when applicable",
		},
		mTogether: {"in the same command", "in one command", "in a single command", "in the same command line", "chain", "chaining", "chained", "together with", "combined with", "in the same shell command", "on one line", "in one line", "with &&"},
		mScope:    {"in", "under", "inside", "within", "from within", "in the", "under the", "inside the", "within the"},
		mPostNeg: {
			"is forbidden", "are forbidden", "is not allowed", "are not allowed", "is prohibited", "are prohibited",
			"is banned", "are banned", "is disallowed", "are disallowed", "is not permitted", "are not permitted",
			"must not be used", "must never be used", "should not be used", "should never be used", "is deprecated",
			"are deprecated", "must not be run", "should not be run", "must never be run", "is off-limits", "are off-limits",
			"is not supported", "are not supported", "is not to be used", "is strictly forbidden", "are strictly forbidden",
			"is never acceptable", "are never acceptable", "is not acceptable", "are not acceptable", "is unacceptable",
			"are unacceptable", "is never allowed", "are never allowed", "is never ok", "is never okay", "is never permitted",
			"is a no-go", "is not an option",
		},
		mPostOK: {
			"is fine", "are fine", "is ok", "are ok", "is okay", "are okay", "is allowed", "are allowed", "is permitted", "is optional", "are optional",
			"are permitted", "is acceptable", "are acceptable", "is safe", "are safe", "is encouraged", "are encouraged",
			"is fine to use", "is allowed too", "still works", "can be used", "may be used", "is the exception",
		},
		mShould: {"should", "prefer", "reach for", "opt for", "favor", "favour", "avoid", "recommended", "it is recommended to", "we recommend", "preferably", "ideally", "try to", "consider", "generally", "usually", "recommend against", "we recommend against", "advise against", "we advise against", "we discourage", "discourage"},
	}
	// "we suggest you run X": a requirement, at should strength
	suggest := []string{"we suggest you run", "we suggest that you run", "we also suggest you run", "we recommend you run",
		"we recommend that you run", "we also recommend you run", "suggest you run", "recommend you run"}
	table[mRequire] = append(table[mRequire], suggest...)
	table[mShould] = append(table[mShould], suggest...)
	// longest first, so "do not forget to" wins over "do not"
	return phrasesOf(table)
})

// phraseIndex holds phrases by kind and first word, longest first: the reader asks
// for every token and kind, so a scan of every phrase would dominate compiling.
type phraseIndex map[string]map[string][]phrase

func indexPhrases(ps []phrase) phraseIndex {
	ix := phraseIndex{}
	for _, p := range ps { // ps is longest first; each bucket keeps that order
		byWord := ix[p.kind]
		if byWord == nil {
			byWord = map[string][]phrase{}
			ix[p.kind] = byWord
		}
		byWord[p.words[0]] = append(byWord[p.words[0]], p)
	}
	return ix
}

// firstWord is the key a token is looked up by: its lower-case word, its
// punctuation, or CODE.
func tokenKey(t Token) string {
	switch {
	case t.Code:
		return "CODE"
	case t.Punct:
		return t.Text
	}
	return t.Low
}

var markerIndex = sync.OnceValue(func() phraseIndex { return indexPhrases(markerPhrases()) })

// phraseAt returns the length of the longest phrase of a kind at token i, or 0.
func phraseAt(toks []Token, i int, kind string) int {
	if i >= len(toks) {
		return 0
	}
	for _, p := range markerIndex()[kind][tokenKey(toks[i])] {
		if n := matchWords(toks, i, p.words); n > 0 {
			return n
		}
	}
	return 0
}

// longestAt returns the kind and length of the longest phrase of ix at token i.
func longestAt(ix map[string][]phrase, toks []Token, i int) (string, int) {
	if i >= len(toks) {
		return "", 0
	}
	for _, p := range ix[tokenKey(toks[i])] {
		if n := matchWords(toks, i, p.words); n > 0 {
			return p.kind, n
		}
	}
	return "", 0
}

// byFirstWord indexes phrases of any kind by their first word, longest first.
func byFirstWord(ps []phrase) map[string][]phrase {
	m := map[string][]phrase{}
	for _, p := range ps {
		m[p.words[0]] = append(m[p.words[0]], p)
	}
	return m
}

// matchWords reports how many tokens words match at i (0 if they do not).
func matchWords(toks []Token, i int, words []string) int {
	k := i
	for _, w := range words {
		if k >= len(toks) {
			return 0
		}
		t := toks[k]
		if w == "CODE" {
			if !t.Code {
				return 0
			}
		} else if t.Code || t.Punct && t.Text != w || !t.Punct && t.Low != w {
			return 0
		}
		k++
	}
	return k - i
}

// Verbs: action words and their canonical action. A verb's forms are listed (no
// stemming: the list is the test).
var verbForms = sync.OnceValue(func() map[string]string {
	table := map[string][]string{
		"run":     {"run", "runs", "running", "execute", "executes", "executing", "invoke", "invokes", "invoking", "call", "calls", "calling", "type", "launch", "start", "trigger", "perform", "performing", "do", "apply", "applies", "applying", "rerun", "re-run", "reruns", "re-runs"},
		"use":     {"use", "uses", "using", "used", "rely on", "employ", "utilize", "uses", "emit", "reach for", "opt for", "favor", "favour"},
		"pass":    {"pass", "passes", "passing", "append", "set", "supply", "specify", "provide", "include", "succeed", "succeeds"},
		"install": {"install", "installs", "installing", "add", "adding"},
		"commit":  {"commit", "commits", "committing", "committed"},
		"push":    {"push", "pushes", "pushing", "pushed"},
		"import":  {"import", "imports", "importing", "require", "depend on", "depends on"},
		"update":  {"update", "updates", "updating", "upgrade", "upgrading", "bump", "bumping"},
		"edit":    {"hand-edit", "hand edit", "edit by hand", "manually edit", "edit", "edits", "editing", "modify", "modifying", "change", "changing", "touch", "touching", "write", "writing", "create", "creating"},
		"delete":  {"delete", "deleting", "remove", "removing", "rm"},
		"build":   {"build", "builds", "building", "rebuild", "rebuilds", "rebuilding"},
		"stop":    {"stop", "stops", "stopping", "kill", "kills", "killing", "terminate", "terminating", "shut", "tear", "clean up", "cleanup", "cancel", "cancels", "cancelling", "canceling", "interrupt", "interrupts", "interrupting", "abort", "aborts", "aborting", "halt"},
		"read":    {"read", "reads", "reading", "inspect", "inspecting", "consult", "consulting", "review", "reviewing", "check", "checking", "look", "see"},
		"test":    {"test", "tests", "testing"},
	}
	// a form belongs to one action: a form listed twice is a mistake in the table
	// (its canonical action would depend on map order), which the test catches
	m := map[string]string{}
	for canon, forms := range table {
		for _, f := range forms {
			if prev, ok := m[f]; ok && prev != canon {
				m[f] = "ambiguous"
				continue
			}
			m[f] = canon
		}
	}
	return m
})

// Tools named in plain words, by family: substituting one member forbids the others.
var toolFamilies = sync.OnceValue(func() map[string]string {
	return map[string]string{
		"npm": "js-pm", "yarn": "js-pm", "pnpm": "js-pm", "bun": "js-pm", "npx": "js-run", "pnpx": "js-run", "bunx": "js-run",
		"pip": "py-pm", "pip3": "py-pm", "uv": "py-pm", "poetry": "py-pm", "pipenv": "py-pm", "conda": "py-pm", "pdm": "py-pm",
		"jest": "js-test", "vitest": "js-test", "mocha": "js-test",
		"eslint": "js-lint", "biome": "js-lint", "oxlint": "js-lint",
		"prettier": "js-fmt", "black": "py-fmt", "ruff": "py-fmt", "isort": "py-fmt", "autopep8": "py-fmt", "yapf": "py-fmt",
		"flake8": "py-lint", "pylint": "py-lint", "mypy": "py-types", "pyright": "py-types", "tslint": "js-lint",
		"docker-compose": "compose", "podman": "containers", "docker": "containers",
		"gradle": "gradle", "gradlew": "gradle", "mvn": "maven", "mvnw": "maven",
		"cargo": "", "go": "", "make": "", "git": "", "gh": "", "kubectl": "", "helm": "", "terraform": "", "tofu": "",
		"pytest": "", "tox": "", "nox": "", "node": "", "deno": "", "python": "", "python3": "", "tsc": "", "just": "",
	}
})

// passWords say that a check ended without failures ("the tests pass", "`make
// lint` is clean", "once CI is green").
var passWords = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"pass": true, "passes": true, "passed": true, "passing": true, "succeed": true, "succeeds": true,
		"succeeded": true, "green": true, "clean": true, "cleanly": true}
})

// toolJobs are the jobs a formatter, linter or test runner does, by tool: "use Ruff for
// formatting and linting" leaves Black, isort and flake8 no work.
var toolJobs = sync.OnceValue(func() map[string][]string {
	return map[string][]string{
		"ruff": {"py-fmt", "py-lint"}, "black": {"py-fmt"}, "isort": {"py-fmt"}, "autopep8": {"py-fmt"}, "yapf": {"py-fmt"},
		"flake8": {"py-lint"}, "pylint": {"py-lint"},
		"biome": {"js-fmt", "js-lint"}, "prettier": {"js-fmt"}, "eslint": {"js-lint"}, "oxlint": {"js-lint"},
		"vitest": {"js-test"}, "jest": {"js-test"}, "mocha": {"js-test"},
		"pytest": {"py-test"}, "nose2": {"py-test"}, "nosetests": {"py-test"},
	}
})

// jobOfRole is the part of a job a role names ("format" is the formatting of a
// language's files).
var jobOfRole = sync.OnceValue(func() map[string]string {
	return map[string]string{"format": "fmt", "lint": "lint", "test": "test"}
})

// ToolFamily returns a plain-word tool's family ("" when it has none) and whether the
// word is a tool at all.
func ToolFamily(word string) (string, bool) {
	f, ok := toolFamilies()[word]
	return f, ok
}

// Concepts: practices named in words, each with the phrases that name it. The
// process lowering maps a concept to command forms.
var conceptPhrases = sync.OnceValue(func() []phrase {
	table := map[string][]string{
		"force-push": {"force push", "force-push", "force-pushing", "force pushing", "force-pushes", "force pushes", "push --force", "push -f", "push with --force", "force-push to", "force push to",
			// published history is rewritten only by a force push
			"rewrite published history", "rewrite shared history", "rewrite pushed history", "rewrite public history"},
		// rewriting history is more than a force push: a rebase, an amend, a filter
		"rewrite-history": {"rewrite history", "rewrite git history", "rewriting history", "history rewrites", "history rewriting", "rewrite the history", "rewrites of history", "history modification", "history modifications", "modify history", "modifying history"},
		"squash":          {"squash", "squash commits", "squash your commits", "squashing", "squashing commits"},
		"amend":           {"amend", "amend commits", "amend a commit", "amend the commit", "amend existing commits", "amend pushed commits", "amending", "amending commits"},
		"skip-hooks": {"skip hooks", "skip the hooks", "skip git hooks", "skip pre-commit hooks", "skip the pre-commit hooks", "bypass hooks", "bypass the hooks", "bypass git hooks", "bypass pre-commit hooks", "bypass the pre-commit hooks", "disable hooks", "disable the hooks", "disable git hooks", "skip commit hooks", "skip the git hooks", "bypass the git hooks", "skipping hooks", "bypassing hooks", "skipping the hooks", "bypassing the hooks",
			"disable pre-commit hooks", "disable the pre-commit hooks", "disable the git hooks", "skipping pre-commit hooks", "skipping the pre-commit hooks", "bypassing pre-commit hooks", "bypassing the pre-commit hooks"},
		"hard-reset": {"hard reset", "hard-reset", "reset --hard", "hard resets"},
		// the index: "never stage, unstage or commit files", "do not stage anything";
		// "revert" is left out: "do not revert changes you did not make" is about
		// edits, not `git revert`
		"stage":   {"stage", "stage files", "stage changes", "stage your changes", "stage anything", "stage any files", "staging files", "staging changes"},
		"unstage": {"unstage", "unstage files", "unstage changes", "unstage anything", "unstaging"},
		// a package the project does not have yet: "never install a new
		// dependency", "don't add dependencies without asking"; installing the ones
		// the manifests list is not it
		"add-dependency": {"add dependencies", "add a dependency", "add new dependencies", "add a new dependency", "add any dependencies", "add any new dependencies",
			"add third-party dependencies", "add a third-party dependency", "install new dependencies", "install a new dependency", "install new packages", "install a new package",
			"add new packages", "add a new package", "introduce new dependencies", "introduce a new dependency", "adding dependencies", "adding new dependencies", "adding a new dependency",
			"installing new dependencies", "installing new packages"},
		"publish":      {"publish", "publishing", "publish anything", "publish packages", "publish the package", "publish releases", "publish to npm", "publish to pypi", "publish crates"},
		"push-tags":    {"push tags", "push the tags", "push git tags", "push release tags", "push any tags", "push new tags"},
		"tag":          {"create CODE tags", "create CODE tag", "push CODE tags", "add CODE tags", "create tags", "create a tag", "create git tags", "create release tags", "create version tags", "tag releases", "add tags", "cut a release", "cut releases"},
		"push":         {"push", "pushes", "any pushes", "push to the remote", "push changes", "push your changes", "push to remote", "push commits", "push branches", "pushing"},
		"open-pr":      {"create a pr", "create a pull request", "open a pr", "open a pull request", "open prs", "create prs", "open pull requests", "create pull requests", "open any pr", "open any pull request", "publish a pr", "publish a pull request", "submit a pr", "submit a pull request"},
		"draft-pr":     {"open draft prs", "open draft pull requests", "open a draft pr", "open a draft pull request", "create draft prs", "create a draft pr", "create draft pull requests", "create a draft pull request", "draft prs", "draft pull requests", "a draft pr", "a draft pull request", "draft pr", "draft pull request", "created as drafts", "created as a draft", "opened as drafts", "opened as a draft", "open prs as drafts", "open pull requests as drafts", "open it as a draft", "open the pr as a draft", "as a draft pr", "as a draft pull request", "as draft prs", "as draft pull requests"},
		"create-issue": {"create an issue", "open an issue", "file an issue", "create issues", "open issues", "file issues", "publish an issue", "create any issue", "open any issue"},
		// a branch made on the remote by a push: `git push -u origin feat`
		"push-branch": {"create remote branches", "create a remote branch", "open remote branches", "open a remote branch", "push new branches", "push a new branch",
			"create branches on the remote", "create a branch on the remote", "publish branches", "publish a branch", "publish your branch"},
		"rebase":  {"rebase", "rebase the commits", "rebase commits", "rebase your branch", "rebase the branch", "rebasing", "rebase pushed commits", "rebase published commits"},
		"release": {"create a release", "create releases", "create a github release", "publish a release", "publish releases", "make a release", "draft a release"},
		"comment": {"comment on issues or prs", "comment on issues or pull requests", "post comments", "comment on github", "post comments on github", "comment for users"},
		// the forge's place names the command: a comment on a pull request is not
		// one on an issue
		"comment-pr":    {"comment on a pr", "comment on a pull request", "comment on pull requests", "comment on prs", "post comments on pull requests", "post comments on prs"},
		"comment-issue": {"comment on an issue", "comment on issues", "post comments on issues", "comment on issue threads"},
		"commit": {"make any commits", "any commits", "commit", "commit changes", "commit your changes", "commit anything", "create commits", "make commits", "committing",
			// "do not make git commits": the tool named before the practice
			"make git commits", "make any git commits", "create git commits", "make a git commit",
			// "Don't auto-commit - the user reviews and commits": committing on one's own
			"auto-commit", "autocommit", "auto commit", "auto-commit changes"},
		"release-build": {"release build", "release builds", "release-mode build", "build in release mode", "builds in release mode", "build with the release profile", "builds with the release profile", "perform builds with the release profile", "perform release builds", "use the release profile", "with the release profile", "in release mode", "release profile", "--release builds"},
		"merge":         {"merge", "merging", "merge anything"},
		// a pull request merged on the forge, not a `git merge` in the working copy
		"merge-pr": {"merge prs", "merge pull requests", "merge a pr", "merge the pr", "merge a pull request", "merge your pr", "merge your pull request", "merge any pr", "merge any pull request",
			"merge any prs", "merge any pull requests", "merge the pull request", "merge merge requests", "merge a merge request", "merge mrs", "merging prs", "merging pull requests", "merging a pr", "merging a pull request"},
		"close-issue": {"close issues", "close an issue", "close any issue", "close any issues", "close the issue", "closing issues", "close github issues"},
		"close-pr":    {"close prs", "close pull requests", "close a pr", "close a pull request", "close any pr", "close any pull request", "close any prs", "close any pull requests", "closing prs", "closing pull requests"},
		"approve-pr": {"approve prs", "approve pull requests", "approve a pr", "approve a pull request", "approve any pr", "approve any pull request", "approve any prs", "approve any pull requests",
			"approve your own pr", "approve your own pull request", "approve your own prs", "approve your own pull requests", "approving prs", "approving pull requests"},
		// a branch removed: "do not delete branches, local or remote"
		"delete-branch": {"delete branches", "delete a branch", "delete any branch", "delete any branches", "delete git branches",
			"delete the branch", "delete feature branches", "deleting branches", "remove branches"},
		// where the branch is decides the command: a push deletes a remote one
		"delete-remote-branch": {"delete remote branches", "delete a remote branch", "delete any remote branch", "delete any remote branches", "remove remote branches",
			"delete branches on the remote", "delete branches from the remote", "delete branches on origin", "delete branches from origin", "deleting remote branches"},
		"delete-local-branch": {"delete local branches", "delete a local branch", "delete any local branch", "delete any local branches", "remove local branches", "deleting local branches"},
		// a workflow started by hand: `gh workflow run`
		"run-workflow": {"trigger ci workflows", "trigger workflows", "trigger a workflow", "trigger github actions workflows", "trigger ci runs", "trigger ci", "dispatch workflows", "run workflows manually",
			"trigger workflows manually", "trigger ci workflows manually", "trigger ci workflows by hand", "trigger workflows by hand", "run workflows by hand", "start workflows by hand", "re-run workflows", "rerun workflows", "re-run ci", "rerun ci"},
		// a package installed for the whole machine, not the project
		"global-install": {"install packages globally", "install anything globally", "install global packages", "install tools globally", "install dependencies globally", "install globally",
			"global installs", "global install", "global package installs", "installing packages globally", "installing globally", "install npm packages globally", "install a package globally"},
		"sudo": {"sudo", "use sudo", "run as root", "run commands as root"},
		// a local branch, worktree or stash ("NEVER create git branches, worktrees,
		// stashes"): work kept off the branch the file says to work on
		"create-branch": {"create branches", "create a branch", "create a new branch", "create new branches", "create git branches", "create a git branch",
			"create feature branches", "create a feature branch", "create local branches", "create any branches", "create any branch", "make branches", "make a branch", "make a new branch"},
		"worktree": {"create worktrees", "create a worktree", "create git worktrees", "create a git worktree", "create new worktrees", "create a new worktree"},
		"stash":    {"create stashes", "create a stash", "stash changes", "stash your changes", "stash work", "stash your work"},
	}
	return phrasesOf(table)
})

// conceptAt returns the concept named at token i, its length in tokens, and the code
// span it holds ("create `v*` tags": v*). A one-word concept ("commit", "push") names
// the practice only as the verb of its clause (anchored): "never push", not "the
// commit message".
var conceptIndex = sync.OnceValue(func() map[string][]phrase { return byFirstWord(conceptPhrases()) })

func conceptAt(toks []Token, i int, anchored bool) (string, int, string) {
	if i >= len(toks) {
		return "", 0, ""
	}
	for _, p := range conceptIndex()[tokenKey(toks[i])] {
		if len(p.words) == 1 && !anchored {
			continue
		}
		if n := matchWords(toks, i, p.words); n > 0 {
			code := ""
			for k := i; k < i+n; k++ {
				if toks[k].Code {
					code = toks[k].Text
				}
			}
			return p.kind, n, code
		}
	}
	return "", 0, ""
}

// Events that an order refers to in words: "before committing" is before `git commit`.
var eventPhrases = sync.OnceValue(func() []phrase {
	table := map[string][]string{
		"commit": {"committing", "commit", "you commit", "each commit", "every commit", "a commit", "making a commit", "creating a commit", "committing changes", "committing code", "committing your changes", "any commit"},
		"push":   {"pushing", "push", "you push", "each push", "every push", "pushing changes", "pushing code", "pushing your changes"},
		"finish": {"submitting your work", "submitting the work", "you submit your work", "submitting changes", "submitting your changes", "you submit changes", "you submit your changes", "submitting code", "submitting work", "you're done", "you are done", "you're finished", "you are finished", "done", "finished", "finishing", "you finish", "finishing a task", "completing a task", "marking a task complete", "handing off", "declaring a task done", "wrapping up", "the end of a task", "the end of the task", "the end of your task", "the end of each task", "the end of every task", "the end of each session", "the end of the session", "completing your task", "you complete a task", "finishing a code session", "finishing your task",
			"finishing the task", "completing the task", "completing your work", "finishing your work", "you finish a task", "returning control to the user", "handing back",
			"finalizing", "finalizing changes", "finalizing your changes", "finalising changes", "finishing up", "considering a change done", "considering the work complete",
			"you are satisfied with the changes", "you're satisfied with the changes", "you are satisfied with your changes", "you're satisfied with your changes",
			"you are happy with the changes", "you're happy with your changes",
			"considering a task complete", "considering the task complete", "considering a task done", "considering the task done",
			"considering your work complete", "you consider it done", "you consider it complete", "you consider it finished",
			"you consider the task done", "you consider the task complete", "you consider your work done", "you consider your work complete",
			"you consider the work done", "you consider the work complete", "your change is complete", "your changes are complete",
			"the change is complete", "the changes are complete", "your work is complete", "the work is complete", "the task is complete",
			"declaring the task complete", "marking the task complete", "marking a task as complete",
			"presenting final changes", "presenting your changes", "presenting the final changes", "presenting changes",
			"reporting back", "handing the work back", "handing work back",
			"you hand the work back", "you hand back the work", "you hand it back", "handing it back", "completion", "ending your session", "ending the session", "ending a session", "ending each session", "you end your session", "you end the session", "completing any task", "finishing any task", "completing any work", "finishing any work", "proposing changes", "proposing your changes", "you propose changes",
			"finishing a change", "finishing your change", "finishing the change", "completing a change", "completing your change",
			"you mark a task complete", "you mark the task complete", "you mark a task as complete", "you mark the task as complete", "you mark it complete", "you mark it done"},
		"merge": {"merging", "you merge", "merging a pr", "merging prs", "merging pull requests", "merging a pull request", "merge",
			"a change is merged", "changes are merged", "your change is merged", "your changes are merged", "a pr is merged", "a pull request is merged", "being merged", "it is merged", "it's merged", "they are merged", "code is merged"},
		"branch": {"you make a new branch", "you make a branch", "making a new branch", "making a branch", "you create a branch", "you create a new branch", "creating a branch", "creating a new branch", "starting a new branch", "you start a new branch", "branching off", "you branch off", "creating feature branches", "creating a feature branch", "you create a feature branch"},
		"pr": {"every pr", "each pr", "every pull request", "each pull request", "any pr", "the pr", "submitting", "you submit", "making a pr", "making prs", "making pull requests", "making a pull request", "opening prs", "opening pull requests", "opening a pr", "opening a pull request", "submitting a pr", "submitting a pull request", "creating a pr", "creating a pull request", "you open a pr", "you open a pull request", "you open your pr", "you open your pull request", "opening your pr", "opening your pull request", "you submit your pr", "submitting your pr", "sending a pr", "a pr", "a pull request", "submission", "requesting review", "requesting a review", "asking for review", "asking for a review", "you ask for review", "you ask for a review",
			"creating pr", "creating prs", "opening pr", "opening prs", "submitting pr", "submitting prs", "prs", "pushing a pr", "raising a pr", "raising a pull request",
			"pr/merge", "you request a review", "you request review", "requesting reviews",
			// the bare verb, as a ban names the moment ("Do not open a PR with a broken build")
			"open a pr", "open a pull request", "open prs", "open pull requests", "submit a pr", "submit a pull request", "create a pr", "create a pull request"},
	}
	return phrasesOf(table)
})

var eventIndex = sync.OnceValue(func() map[string][]phrase { return byFirstWord(eventPhrases()) })

func eventAt(toks []Token, i int) (string, int) {
	ev, n := longestAt(eventIndex(), toks, i)
	if m := doneFrameAt(toks, i); m > n {
		return "finish", m
	}
	return ev, n
}

// doneFrameAt matches the end of the work said as a verdict on it, in the frame
// instruction files use for it rather than as a fixed phrase: a verb of declaring
// ("marking", "declaring", "considering", "calling", "claiming", "reporting"), an
// optional determiner, the work ("task", "work", "change", "feature", "ticket",
// "round"), an optional "as", and the verdict ("complete", "done", "finished"):
// "marking any task complete", "claiming any work done", "declaring your change
// finished". It returns how many tokens match, 0 for none.
func doneFrameAt(toks []Token, i int) int {
	if i >= len(toks) {
		return 0
	}
	switch toks[i].Low {
	case "marking", "declaring", "considering", "calling", "claiming", "reporting", "treating":
	default:
		return 0
	}
	k := i + 1
	if k < len(toks) {
		switch toks[k].Low {
		case "a", "an", "any", "the", "each", "every", "your", "this", "that", "all", "some":
			k++
		}
	}
	noun := false
	if k < len(toks) {
		switch toks[k].Low {
		case "task", "tasks", "work", "change", "changes", "feature", "features", "ticket", "issue", "round", "job", "it":
			k, noun = k+1, true
		}
	}
	if !noun {
		return 0
	}
	if k < len(toks) && toks[k].Low == "as" {
		k++
	}
	if k < len(toks) {
		switch toks[k].Low {
		case "complete", "completed", "done", "finished", "fixed", "resolved":
			return k + 1 - i
		}
	}
	return 0
}

// Subjects that make a sentence describe something other than the reader's actions
// ("the CLI never calls `exit`"): a ban only binds the reader.
var readerSubjects = map[string]bool{
	"you": true, "agents": true, "agent": true, "ai": true, "we": true, "contributors": true, "developers": true,
	"please": true, "claude": true, "copilot": true, "codex": true, "assistants": true, "llms": true, "models": true,
}

// FamilyMembers lists the tools of a family, sorted.
func FamilyMembers(family string) []string {
	var out []string
	for t, f := range toolFamilies() {
		if f == family && family != "" {
			out = append(out, t)
		}
	}
	sort.Strings(out)
	return out
}

// Table header cells, by the role they give their column's cells: "Don't | Do
// instead | Why" reads each row as a ban and its alternative.
var columnRoles = sync.OnceValue(func() map[string]string {
	m := map[string]string{}
	for _, w := range []string{"don't", "dont", "do not", "don't do", "do not do", "avoid", "never", "bad", "wrong", "❌", "instead of", "deprecated", "forbidden", "not", "banned", "anti-pattern", "incorrect", "old", "legacy", "don't use", "do not use", "not this", "before"} {
		m[w] = mForbid
	}
	for _, w := range []string{"do", "do instead", "use", "use instead", "instead", "prefer", "preferred", "good", "✅", "correct", "recommended", "replacement", "alternative", "new", "this", "after", "do this", "use this"} {
		m[w] = mRequire
	}
	return m
})

// ColumnRole returns the role a table header cell gives its column ("forbid",
// "require"), or "" for a column of reasons or names.
func columnRole(header string) string {
	h := strings.ToLower(strings.Trim(strings.TrimSpace(header), "*_:`"))
	h = strings.TrimSpace(strings.TrimLeft(h, "❌✅ "))
	if r, ok := columnRoles()[h]; ok {
		return r
	}
	for _, e := range []string{"❌", "✅"} {
		if strings.Contains(header, e) {
			return columnRoles()[e]
		}
	}
	if negatedVerbColumn(h) {
		return mForbid // "Never run", "Do not use"
	}
	return ""
}

// Languages named in words, by the files they stand for: "after changing Rust code".
var languageGlobs = sync.OnceValue(func() map[string][]string {
	return map[string][]string{
		"rust": {"**/*.rs"}, "python": {"**/*.py"}, "go": {"**/*.go"}, "golang": {"**/*.go"},
		"typescript": {"**/*.ts", "**/*.tsx"}, "javascript": {"**/*.js", "**/*.jsx", "**/*.mjs", "**/*.cjs"},
		"java": {"**/*.java"}, "kotlin": {"**/*.kt", "**/*.kts"}, "c#": {"**/*.cs"}, "csharp": {"**/*.cs"},
		"ruby": {"**/*.rb"}, "swift": {"**/*.swift"}, "php": {"**/*.php"}, "elixir": {"**/*.ex", "**/*.exs"},
		"proto": {"**/*.proto"}, "protobuf": {"**/*.proto"}, "scss": {"**/*.scss"}, "css": {"**/*.css"},
		"dart": {"**/*.dart"}, "c++": {"**/*.cpp", "**/*.cc", "**/*.h", "**/*.hpp"},
		"gherkin": {"**/*.feature"}, "markdown": {"**/*.md"}, "yaml": {"**/*.yml", "**/*.yaml"}, "sql": {"**/*.sql"},
		"scala": {"**/*.scala"}, "terraform": {"**/*.tf"}, "ocaml": {"**/*.ml", "**/*.mli"}, "lua": {"**/*.lua"},
		"vue": {"**/*.vue"}, "svelte": {"**/*.svelte"}, "haskell": {"**/*.hs"}, "zig": {"**/*.zig"},
		// the short names prose uses ("JS/CSS files", "TS changes")
		"js": {"**/*.js", "**/*.jsx", "**/*.mjs", "**/*.cjs"}, "ts": {"**/*.ts", "**/*.tsx"}, "py": {"**/*.py"},
	}
})

// File kinds named in words, by the files they stand for: "if you add a dependency"
// changes a package manifest, "after editing the migrations" a migration. Reading a
// kind as these files is an inference, so an order after them is a warning.
var fileKindPhrases = sync.OnceValue(func() []phrase {
	return phrasesOf(map[string][]string{
		"dependencies": {"dependency", "dependencies", "deps", "a dependency", "a new dependency", "new dependencies", "third-party dependencies", "package dependencies", "the dependencies"},
		"migrations":   {"migration", "migrations", "a migration", "database migrations", "db migrations", "migration files", "migration sql"},
		"translations": {"translation", "translations", "locale files", "locales", "translation files", "i18n strings", "translation strings"},
		"graphql":      {"graphql schema", "the graphql schema", "graphql files", "graphql queries"},
		"workflows":    {"workflows", "ci workflows", "github workflows", "workflow files", "github actions workflows"},
		"protos":       {"protos", "proto files", "protobuf definitions", "protobuf files", ".proto files", "protobufs", "protobuf", "the protobufs", "the protos", "the proto files", "proto definitions"},
		"markdown":     {"markdown", "markdown files", "docs", "the docs", "documentation", "the documentation"},
	})
})

var fileKindIndex = sync.OnceValue(func() map[string][]phrase { return byFirstWord(fileKindPhrases()) })

// fileKindGlobs are the files each kind stands for.
var fileKindGlobs = map[string][]string{
	"dependencies": {"**/package.json", "**/pyproject.toml", "**/requirements*.txt", "**/setup.py", "**/setup.cfg", "**/go.mod", "**/Cargo.toml", "**/Gemfile", "**/*.gemspec", "**/pom.xml", "**/build.gradle", "**/build.gradle.kts", "**/composer.json", "**/*.csproj", "**/Package.swift", "**/mix.exs", "**/pubspec.yaml"},
	"migrations":   {"**/migrations/**", "**/migrate/**", "**/*.sql"},
	"translations": {"**/locales/**", "**/locale/**", "**/i18n/**", "**/translations/**", "**/lang/**"},
	"graphql":      {"**/*.graphql", "**/*.gql"},
	"workflows":    {".github/workflows/**"},
	"protos":       {"**/*.proto"},
	"markdown":     {"**/*.md", "**/*.mdx", "docs/**", "doc/**"},
}

// fileKindAt returns the files of the kind named at token i and the phrase's length.
func fileKindAt(toks []Token, i int) ([]string, int) {
	kind, n := longestAt(fileKindIndex(), toks, i)
	if n == 0 {
		return nil, 0
	}
	return fileKindGlobs[kind], n
}

// changeWords say that files changed: "after changing", "if X changed".
var changeWords = map[string]bool{
	"change": true, "changes": true, "changed": true, "changing": true, "edit": true, "edits": true, "edited": true,
	"editing": true, "modify": true, "modified": true, "modifying": true, "modifications": true, "touch": true,
	"touched": true, "touching": true, "update": true, "updated": true, "updating": true,
	"add": true, "adds": true, "added": true, "adding": true, "upgrade": true, "upgraded": true, "upgrading": true,
	"bump": true, "bumped": true, "bumping": true, "remove": true, "removed": true, "removing": true,
}

// gitVerbs are actions only git performs among the commands an agent runs: "never
// commit with `--no-verify`" is about `git commit`.
// meansParticiples name the tool that does a job ("handled by `ruff`", "enforced by
// `eslint`"): what follows them is no object of a ban.
var meansParticiples = map[string]bool{"handled": true, "enforced": true, "done": true, "managed": true, "fixed": true,
	"caught": true, "covered": true, "checked": true, "generated": true, "formatted": true, "run": true}

// affectWords say which part of the project a change reaches: "changes that
// affect the API".
var affectWords = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"affect": true, "affects": true, "affecting": true, "touch": true, "touches": true}
})

// wholeCodeWords before "code" say which code in general, not a part of the
// project: "the source code", "the production code".
var wholeCodeWords = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"source": true, "production": true, "project": true, "application": true, "app": true,
		"existing": true, "own": true, "repository": true, "repo": true, "library": true, "test": true, "tests": true, "generated": true}
})

// folderWords follow a name that is a folder: "the `web` directory".
var folderWords = sync.OnceValue(func() map[string]bool {
	return map[string]bool{"directory": true, "directories": true, "folder": true, "folders": true, "dir": true}
})

// placeWords put what follows as the place of the act ("in tests", "inside the
// test suite"), not its object.
var placeWords = map[string]bool{"in": true, "inside": true, "within": true, "from": true, "during": true, "across": true, "throughout": true, "of": true}

// prerequisiteFiller are the words between "without" and what must have run first.
var prerequisiteFiller = map[string]bool{"running": true, "first": true, "having": true, "run": true, "a": true, "the": true,
	"successful": true, "successfully": true, "passing": true, "green": true, "clean": true, "executing": true}

var gitVerbs = map[string]bool{"commit": true, "push": true, "rebase": true, "cherry-pick": true, "merge": true, "stash": true}

// notRequiredPhrases say that what the sentence names is not asked for ("Conventional
// Commit prefixes are not required").
var notRequiredPhrases = []string{"not required", "not mandatory", "not necessary", "not needed", "aren't required",
	"isn't required", "are optional", "is optional", "not enforced", "no need for", "don't need", "do not need", "needn't"}

// NotRequired reports whether a sentence says that what it names after subject (a
// word of the sentence, lower case) is not asked for: "Conventional Commit prefixes
// such as `feat:` are not required". A part named between them ("the scope is not
// required") makes it about that part, not the subject.
func NotRequired(sentence, subject string, parts ...string) bool {
	for _, s := range Sentences(sentence) {
		low := strings.ToLower(s.Raw())
		at := strings.Index(low, subject)
		if at < 0 {
			continue
		}
		// "Don't use conventional commits", "never follow the convention": the
		// subject is banned, so certainly not required
		toks := Tokenize(low[:at])
		for k := max(0, len(toks)-4); k < len(toks); k++ {
			if phraseAt(toks, k, mForbid) > 0 {
				return true
			}
		}
		for _, p := range notRequiredPhrases {
			k := strings.Index(low[at:], p)
			if k < 0 {
				continue
			}
			between := low[at+len(subject) : at+k]
			about := true
			for _, part := range parts {
				about = about && !strings.Contains(between, part)
			}
			if about {
				return true
			}
		}
	}
	return false
}

// postingConcepts are the concepts of posting something on the forge; postedThings
// the things such a verb may go on to name in a list ("publish an issue, pull
// request, or review comment").
var postingConcepts = map[string]bool{"open-pr": true, "create-issue": true, "comment": true, "comment-pr": true, "comment-issue": true, "release": true,
	"create-branch": true, "worktree": true, "stash": true, "merge-pr": true, "close-issue": true, "close-pr": true, "approve-pr": true}

var postedThingIndex = sync.OnceValue(func() map[string][]phrase {
	return byFirstWord(phrasesOf(map[string][]string{
		"open-pr":       {"pr", "prs", "pull request", "pull requests"},
		"create-issue":  {"issue", "issues"},
		"push-branch":   {"remote branch", "remote branches"},
		"comment":       {"comment", "comments", "review comment", "review comments", "review"},
		"release":       {"release", "releases"},
		"create-branch": {"branch", "branches", "local branch", "local branches", "feature branch", "feature branches"},
		"worktree":      {"worktree", "worktrees", "git worktree", "git worktrees"},
		"stash":         {"stash", "stashes"},
		"skip":          {"discussion", "discussions", "post", "posts", "snapshot", "snapshots"}, // nothing heed runs creates these
	}))
})

// fileExtensions name files in plain words: documents, data and configuration, and
// source files of languages whose extension is not also a product's name.
var fileExtensions = map[string]bool{"md": true, "mdc": true, "mdx": true, "rst": true, "txt": true, "json": true, "jsonc": true,
	"yml": true, "yaml": true, "toml": true, "lock": true, "cfg": true, "ini": true, "env": true, "gitignore": true,
	"go": true, "py": true, "rs": true, "ts": true, "tsx": true, "jsx": true, "mjs": true, "cjs": true, "sh": true,
	"sql": true, "proto": true, "graphql": true, "rb": true, "java": true, "kt": true, "kts": true, "cs": true,
	"swift": true, "php": true, "cpp": true, "hpp": true, "css": true, "scss": true, "html": true, "xml": true,
	"gradle": true, "csproj": true, "sln": true, "tf": true, "mod": true, "sum": true}

// optionPractices are options that belong to one practice whatever command carries
// them: a ban of the option alone is a ban of the practice.
var optionPractices = map[string]string{"--no-verify": "skip-hooks", "--amend": "amend", "--no-gpg-sign": "unsigned-commit"}

// bareWords before a command say it is meant with nothing added ("the bare `cargo
// test`", "a plain `pytest`").
var bareWords = map[string]bool{"bare": true, "plain": true, "naked": true, "unscoped": true, "unfiltered": true, "just": true}

// Subcommands a tool named in plain words may be followed by ("git rebase").
var toolSubcommands = sync.OnceValue(func() map[string][]string {
	js := []string{"install", "add", "publish", "run", "test", "ci", "update", "upgrade", "audit", "link", "exec", "dlx", "remove", "uninstall"}
	return map[string][]string{
		"git": {"rebase", "push", "commit", "merge", "reset", "clean", "stash", "checkout", "switch", "tag", "cherry-pick", "pull", "fetch", "branch", "revert", "submodule", "add", "rm", "mv", "restore", "worktree", "bisect", "filter-branch", "gc", "am", "apply"},
		"npm": js, "pnpm": js, "yarn": js, "bun": js,
		"cargo":     {"build", "test", "run", "publish", "update", "install", "clippy", "fmt", "bench", "check", "add", "remove", "yank"},
		"docker":    {"push", "build", "run", "rm", "rmi", "compose", "prune", "system", "pull", "login", "exec"},
		"kubectl":   {"apply", "delete", "edit", "scale", "drain", "exec", "rollout", "patch"},
		"terraform": {"apply", "destroy", "plan", "import", "init", "state"},
		"helm":      {"install", "upgrade", "uninstall", "rollback", "delete"},
		"pip":       {"install", "uninstall"}, "pip3": {"install", "uninstall"},
		"go":     {"get", "build", "test", "run", "install", "mod", "generate", "vet"},
		"uv":     {"add", "pip", "sync", "run", "lock", "remove"},
		"poetry": {"add", "install", "update", "lock", "publish", "run"},
		"gh":     {"pr", "release", "issue", "repo", "workflow"},
	}
})

// Roles: commands named by what they do ("the tests", "the linter"); the lowering
// finds the command the instruction file gives each role.
var rolePhrases = sync.OnceValue(func() []phrase {
	table := map[string][]string{
		"test":      {"the tests", "all tests", "all the tests", "the test suite", "the full test suite", "the whole test suite", "test suite", "tests", "unit tests", "the unit tests", "all unit tests", "the relevant tests", "relevant tests", "passing tests", "green tests"},
		"build":     {"building", "building first", "a build", "a successful build", "a fresh build", "the build", "build", "a clean build", "the full build", "a green build", "a passing build", "green build"},
		"lint":      {"the linter", "linter", "the linters", "linters", "lint", "linting", "the lint", "lint checks", "static checks", "the static checks"},
		"format":    {"the formatter", "formatter", "the formatters", "formatters", "formatting", "the code formatter", "code formatters"},
		"typecheck": {"type checks", "the type checker", "type checking", "typecheck", "the typecheck", "type-check", "the type checks"},
		"hooks":     {"pre-commit hooks", "the pre-commit hooks", "all pre-commit hooks", "pre-commit checks", "the pre-commit checks", "the git hooks", "git hooks"},
	}
	return phrasesOf(table)
})

var roleIndex = sync.OnceValue(func() map[string][]phrase { return byFirstWord(rolePhrases()) })

func roleAt(toks []Token, i int) (string, int) { return longestAt(roleIndex(), toks, i) }

// bareVerbRole: a role named by one bare word that is also a verb ("build") where a
// clause's verb stands, at its start or after a modal, a negation or "to": the
// clause's verb ("Never build with `--release`"), not what a verb acts on ("verify
// build and tests pass").
func bareVerbRole(toks []Token, i, n int) bool {
	if n != 1 || !verbLike(toks[i].Low) {
		return false
	}
	if i == 0 || toks[i-1].Punct {
		return true
	}
	switch toks[i-1].Low {
	case "never", "always", "don't", "dont", "do", "not", "must", "should", "please", "to", "you", "we", "can", "may", "first", "then", "and", "or":
		return true
	}
	return false
}

// verbLike reports the one-word role names that are verbs too.
func verbLike(w string) bool { return w == "build" }

// purposeVerbs are the verbs of a purpose clause that name the files a command checks
// or rewrites ("run `make fmt` to format `.go` files").
var purposeVerbs = map[string]bool{"format": true, "lint": true, "check": true, "verify": true, "validate": true,
	"typecheck": true, "type-check": true, "reformat": true}

// argumentWords name a positional argument a command must be given ("without a path").
var argumentWords = map[string]bool{"path": true, "paths": true, "argument": true, "arguments": true, "args": true,
	"arg": true, "file": true, "files": true, "filter": true, "target": true, "targets": true, "pattern": true,
	"package": true, "module": true, "test": true, "spec": true}

// banPurposeVerbs open a purpose clause that narrows a ban to one use of a command
// ("do not use `curl` to test HMR issues"). A purpose that is what the command is for
// ("don't use `sudo` to install packages", "never use `npx` to run tools") does not
// narrow it, so install, run, add and their kin are not here.
var banPurposeVerbs = map[string]bool{"test": true, "debug": true, "fix": true, "reproduce": true, "fetch": true,
	"download": true, "access": true, "query": true, "check": true, "inspect": true, "verify": true, "validate": true,
	"investigate": true, "look": true, "see": true, "read": true, "bypass": true, "skip": true, "work": true,
	"avoid": true, "find": true, "search": true, "explore": true, "poll": true, "monitor": true, "probe": true}

// meansVerbs are imperatives that name a result and leave the command that makes it to
// a "with" ("regenerate the stubs with `buf generate`").
var meansVerbs = map[string]bool{"regenerate": true, "re-generate": true, "rebuild": true, "reformat": true,
	"format": true, "lint": true, "update": true, "refresh": true, "recompile": true, "compile": true, "build": true,
	"check": true, "verify": true, "validate": true, "test": true, "generate": true, "sync": true, "install": true,
	"scan": true, "audit": true, "typecheck": true, "type-check": true,
	// "start one app with `pnpm --filter web dev`": the run the command makes
	"start": true, "launch": true, "serve": true, "boot": true}

// exampleSpans are the code spans a sentence that forbids nothing gives as examples:
// "Prefix nx commands with the package manager (e.g., `pnpm nx build`, `npm exec nx
// test`)", "a runner such as `uv run pytest`".
func exampleSpans(toks []Token) []string {
	for i := range toks {
		n := 0
		switch {
		case toks[i].Low == "e.g." || toks[i].Low == "eg" || toks[i].Low == "i.e.":
			n = 1
		case i+1 < len(toks) && (toks[i].Low == "for" && toks[i+1].Low == "example" || toks[i].Low == "such" && toks[i+1].Low == "as"):
			n = 2
		}
		if n == 0 {
			continue
		}
		var spans []string
		for k := i + n; k < len(toks); k++ {
			switch {
			case toks[k].Code:
				spans = append(spans, toks[k].Text)
			case toks[k].Text == "," || toks[k].Low == "or" || toks[k].Low == "and" || toks[k].Text == "/":
			default:
				if len(spans) > 0 || toks[k].Text != ":" {
					return spans
				}
			}
		}
		return spans
	}
	return nil
}

// ShownSpans returns the commands a line shows as the project's own, though it
// requires nothing: the head of a list of commands ("`pnpm lint` - Lint code", "Lint:
// `pnpm lint`"), a code span that stands alone or after a label, with nothing but a
// description after a dash or colon. A span in running prose shows nothing ("`cargo
// test` is slow here" describes it), and neither does a line with a ban, an
// "instead", a "without", an exception or a hedge ("`npm` is not supported"). The
// spans a prose sentence gives as examples ("e.g.", "such as") are shown too.
func ShownSpans(text string) []string {
	toks := Tokenize(text)
	for i := range toks {
		for _, kind := range []string{mForbid, mPostNeg, mInstead, mInsteadE, mWithout, mUnless, mExcept, mHedge} {
			if phraseAt(toks, i, kind) > 0 {
				return nil
			}
		}
	}
	at := 0
	for at < len(toks) && !toks[at].Code {
		at++
	}
	// "Lint: `pnpm lint`"; a table row "Lint | `pnpm lint`"
	if at == len(toks) || at > 0 && (toks[at-1].Text != ":" && toks[at-1].Text != "|" || at > 5) {
		return exampleSpans(toks)
	}
	var spans []string
	for ; at < len(toks) && toks[at].Code; at++ {
		spans = append(spans, toks[at].Text)
		// "`gofmt -w <file>` (or `go fmt ./...`)", "`make lint` / `make fmt`"
		for at+1 < len(toks) && toks[at+1].Punct && toks[at+1].Text != "-" && toks[at+1].Text != ":" && at+2 < len(toks) && (toks[at+2].Code || toks[at+2].Low == "or" && at+3 < len(toks) && toks[at+3].Code) {
			at++
			if toks[at+1].Low == "or" {
				at++
			}
		}
	}
	// (and a table row that opens with the command: "`pnpm lint` | Lint")
	if at < len(toks) && !toks[at].Punct && toks[at].Text != "|" {
		return nil
	}
	return spans
}

// ProjectSubject: the subject is the project itself ("this project uses pnpm", "we
// use uv"), whose tools the reader uses too.
func ProjectSubject(subject string) bool {
	switch strings.ToLower(strings.TrimSpace(subject)) {
	case "we", "this project", "the project", "this repo", "the repo", "this repository", "the repository",
		"the monorepo", "this monorepo", "the whole repo", "the codebase", "this codebase", "our project":
		return true
	}
	return false
}

// NamesPackageManagement: the sentence says the tool is the package manager ("as its
// package manager", "to manage dependencies", "for package management").
func NamesPackageManagement(sentence string) bool {
	low := strings.ToLower(sentence)
	for _, p := range []string{"package manag", "dependency manag", "manage dependencies", "managing dependencies", "for dependencies", "gestor de paquetes",
		"dependencies are managed", "packages are managed", "manage packages", "manage our dependencies", "manage the dependencies",
		"包管理", "パッケージマネージャ", "paketmanager", "gestionnaire de paquets"} {
		if strings.Contains(low, p) {
			return true
		}
	}
	return false
}

// PackageManagerStatement: text states the project's package manager ("We use `uv` to
// manage dependencies", "This project uses pnpm as its package manager"), which binds
// the reader as a "use" would.
func PackageManagerStatement(text string) bool {
	// "We use pnpm.", "This repo uses uv.": so short a statement names nothing but
	// the tool, which is then the project's package manager
	if !NamesPackageManagement(text) && len(strings.Fields(text)) > 4 {
		return false
	}
	for _, n := range Read(text, Context{}) {
		if n.Polarity != Require || n.Verb != "use" || !(n.Declarative || ProjectSubject(n.Subject)) {
			continue
		}
		for _, o := range n.Objects {
			w := o.Text
			if fam, ok := ToolFamily(strings.ToLower(w)); ok && (fam == "js-pm" || fam == "py-pm") {
				return true
			}
		}
	}
	return false
}

// MeansSpan: the sentence gives the code span as the means of its work ("run tests
// with `X`", "build using `X`", "via `X`").
func MeansSpan(sentence, span string) bool {
	toks := Tokenize(sentence)
	for i, t := range toks {
		if t.Code && t.Text == span && i > 0 {
			switch toks[i-1].Low {
			case "with", "using", "via", "through":
				return true
			}
		}
	}
	return false
}

// ChangedArea is the part of the project a change condition names in one word, ""
// when it names none: "after backend changes", "if you've made changes to the
// frontend", "before committing frontend changes" give backend and frontend. The
// lowering finds the folder of that name, if the repository has one.
func ChangedArea(condition string) string {
	toks := Tokenize(condition)
	var words []string
	for _, t := range toks {
		if !t.Code && !t.Punct {
			words = append(words, t.Low)
		}
	}
	for i, w := range words {
		if !changeWords[w] {
			continue
		}
		// "backend changes"
		if i > 0 && (w == "changes" || w == "change") && areaWord(words[i-1]) {
			return words[i-1]
		}
		// "changes to the frontend", "changed the frontend", "changes in the docs",
		// "changes that affect the API", "changes affecting the frontend"
		j := i + 1
		if j < len(words) && (words[j] == "that" || words[j] == "which") {
			j++
		}
		affects := false
		if j < len(words) && (words[j] == "to" || words[j] == "in" || affectWords()[words[j]]) {
			affects = affectWords()[words[j]]
			j++
		}
		if j < len(words) && (words[j] == "the" || words[j] == "your") {
			j++
		} else if affects {
			continue // "changes that affect users": whom, not a part of the project
		}
		if j == len(words)-1 && areaWord(words[j]) {
			return words[j]
		}
		// "changes to the cli folder", "touched the client code": the part's name
		// before the word
		if j == len(words)-2 && areaWord(words[j]) && (folderWords()[words[j+1]] || words[j+1] == "code") && !wholeCodeWords()[words[j]] {
			return words[j]
		}
	}
	return ""
}

// areaWord: a word that may name a part of the project (not "your", "any", "code").
func areaWord(w string) bool {
	switch w {
	case "your", "the", "any", "all", "these", "those", "my", "of", "to", "new", "code", "local", "pending", "staged", "some", "other", "such", "relevant",
		"you", "we", "i", "they", "if", "when", "whenever", "after", "once", "before",
		"made", "make", "making", "have", "has", "had", "do", "does", "did", "no", "breaking", "major", "minor", "small", "large", "big", "significant", "unrelated",
		// ("for changes affecting the server": a preposition, no part of the project)
		"for", "with", "from", "on", "at", "by", "in", "into", "about", "a", "an":
		return false
	}
	if verbForms()[w] != "" {
		return false // "committed changes", "pushed changes"
	}
	for _, r := range w {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return len(w) > 1
}

// reasonOpeners open a clause that explains a rule just stated, after its colon.
var reasonOpeners = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, w := range []string{"the", "this", "that", "it", "it's", "they", "these", "those", "both", "we", "our", "otherwise", "because", "since"} {
		m[w] = true
	}
	return m
})

// commandWrappers run the command line that follows them ("`sudo` with `pip`").
var commandWrappers = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, w := range []string{"sudo", "doas", "env", "nohup", "nice", "time", "xargs"} {
		m[w] = true
	}
	return m
})

// authorshipVerb: the word asks for tests to be written ("include tests", "add
// tests", "comes with tests"), not run.
func authorshipVerb(w string) bool {
	switch w {
	case "include", "includes", "including", "add", "adds", "adding", "write", "writes", "writing", "contain",
		"contains", "provide", "provides", "ship", "ships", "with", "accompanied", "create", "creates":
		return true
	}
	return false
}

// testModifier: a word that stands between an authorship verb and the tests it asks
// for ("include new unit tests").
func testModifier(w string) bool {
	switch w {
	case "new", "a", "the", "some", "any", "unit", "regression", "appropriate", "relevant", "corresponding",
		"matching", "more", "additional", "adequate", "sufficient", "good", "proper", "its", "their", "own":
		return true
	}
	return false
}
