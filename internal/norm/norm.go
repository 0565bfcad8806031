// Package norm reads English rule sentences into norms: who may or must do what, to
// which objects, instead of what, under which condition and scope, with which
// exceptions. It is the one place heed reads English; every domain lowers norms into
// rules of its kinds. The lexicon (lexicon.go) is data, and the reader is a single
// left-to-right pass over tokens: markers open segments, objects fill them.
package norm

import (
	"slices"
	"strings"
)

// Polarity is what a norm does to its objects.
type Polarity string

const (
	Require Polarity = "require"
	Forbid  Polarity = "forbid"
	Permit  Polarity = "permit"
)

// Hedges soften a norm.
const (
	// HedgeAdvice: "try to", "if possible": the norm is advice.
	HedgeAdvice = "advice"
	// HedgeReminder: "don't forget to", "make sure to": a requirement phrased with a
	// negation, never a ban.
	HedgeReminder = "reminder"
)

// Kind is an object's type.
type Kind string

const (
	KCommand Kind = "command" // a command line or its prefix: `git push`
	KFlag    Kind = "flag"    // an option: `--no-verify`
	KTool    Kind = "tool"    // a tool named in plain words: yarn
	KConcept Kind = "concept" // a practice named in words: force-push, amend
	KEvent   Kind = "event"   // an event named in words: committing, opening a PR
	KPath    Kind = "path"    // a path or glob: `web/`, `*.py`
	KCode    Kind = "code"    // any other code span: an API, identifier, keyword
	KRole    Kind = "role"    // a command named by its role: the tests, the linter
)

// Object is one thing a norm is about.
type Object struct {
	Kind Kind
	// Text is the object as written (a code span's content, a tool word, a concept
	// or event name).
	Text string
	// Argv is a command's words, for KCommand (and a tool's single word).
	Argv []string
	// Origin says where the object came from when the sentence did not name it:
	// "heading", "lead-in", "block"; empty for the sentence itself.
	Origin string
	// Alone: the sentence names the command's bare form ("the bare `cargo test`",
	// "`pytest` alone"): the command with nothing added.
	Alone bool
	// Cwd is the folder a `cd DIR &&` before the command goes to ("❌ Wrong:" over
	// `cd packages/x && npm test`): where it runs, relative to the instruction's
	// folder.
	Cwd string
	// Env are environment assignments the command is named with ("`npm install`
	// with `NODE_ENV=production`"): NAME=value, or NAME for any value.
	Env []string
}

// Norm is one reading of a sentence.
type Norm struct {
	Polarity Polarity
	// Strength is "must" or "should", from the sentence's own words.
	Strength string
	Hedge    string
	// Only: the objects are the only ones allowed ("only use pnpm").
	Only bool
	// Verb is the canonical action ("run", "use", "pass", "commit"...), if named.
	Verb    string
	Objects []Object
	// Instead are the alternatives the sentence prescribes for a forbidden object
	// (use X instead of Y: X), or, when InsteadOfPrevious, the norm is itself the
	// alternative to the previous sentence's ban ("...; use X instead").
	Instead           []Object
	InsteadOfPrevious bool
	// Except are exceptions the sentence grants.
	Except []Object
	// Lacking: a ban holds only when the command lacks these options ("never run
	// `cargo publish` without `--dry-run`"); NoArgs: only when it is given no
	// argument ("do not run `npm test` without a path").
	Lacking []Object
	NoArgs  bool
	// InPackage: the objects run from a package's or module's own folder, never from
	// the repository root ("run tests from within the specific package directory").
	InPackage bool
	// RunIn: the objects run from these folders, not from the repository root ("run
	// `cargo` commands from `core/`", "`docker compose` commands must be run from
	// `deploy/`").
	RunIn []string
	// Together: the objects are forbidden or required together (in one command line).
	Together bool
	// ByHand: the objects are forbidden when the reader runs them on their own ("do
	// not run `go test` directly"); a task runner's target that runs them is the way.
	ByHand bool
	// Before: the norm holds before these events or commands ("run X before
	// committing"); After: after these (changes to paths, commands).
	Before, After []Object
	// Unless: globs of files whose change alone needs no order ("run `make test`
	// before pushing, unless you only touched Markdown files").
	Unless []string
	// Declarative: a statement of how the project works ("we use uv"), not an
	// instruction.
	Declarative bool
	// First: "run X first": X must precede what comes after it in the session, at
	// any earlier point (not only since the last change).
	First bool
	// When are the events or commands a condition names ("when pushing").
	When []Object
	// Condition is a condition heed cannot evaluate ("unless asked", "when working on
	// Windows"), as written.
	Condition string
	// Scope are folders or globs the sentence limits the norm to.
	Scope []string
	// OnBranches: the ban holds while one of these branches is checked out ("never
	// rebase `develop`", "no `git reset --hard` on `main`").
	OnBranches []string
	// Subject is who the sentence binds, when it is not the reader ("the CLI").
	Subject string
	// Ask: the forbidden action may run once the user (or a maintainer) agrees ("ask
	// before ...", "never ... without explicit approval", "unless the user asks"):
	// where the agent can put the question, it asks; never a block (Uncertain says
	// why).
	Ask bool
	// Uncertain lists why the reading is not certain; a norm with reasons must not
	// become a block.
	Uncertain []string
	// Sentence is the sentence the norm was read from.
	Sentence string
}

// Certain reports whether the norm was read with certainty.
func (n *Norm) Certain() bool { return len(n.Uncertain) == 0 }

// String renders what heed understood, for the policy and for review:
// `forbid: git commit --no-verify | instead: git commit | in web/`.
func (n *Norm) String() string {
	var parts []string
	head := string(n.Polarity)
	if n.Only {
		head += " only"
	}
	if n.Hedge != "" {
		head += " (" + n.Hedge + ")"
	}
	if n.Strength == "should" {
		head += " (should)"
	}
	parts = append(parts, head+": "+objects(n.Objects))
	if n.Together {
		parts = append(parts, "together in one command line")
	}
	if n.ByHand {
		parts = append(parts, "run by hand, not by a task runner")
	}
	if len(n.Instead) > 0 {
		parts = append(parts, "instead: "+objects(n.Instead))
	}
	if n.InsteadOfPrevious {
		parts = append(parts, "instead of the previous ban")
	}
	if len(n.Except) > 0 {
		parts = append(parts, "except: "+objects(n.Except))
	}
	if len(n.Lacking) > 0 {
		parts = append(parts, "without: "+objects(n.Lacking))
	}
	if n.NoArgs {
		parts = append(parts, "with no argument")
	}
	if len(n.RunIn) > 0 {
		if slices.Equal(n.RunIn, []string{"."}) {
			parts = append(parts, "run from the repository root, nowhere else")
		} else {
			parts = append(parts, "run from "+strings.Join(n.RunIn, ", ")+", not the root")
		}
	}
	if n.InPackage {
		parts = append(parts, "from a package's folder, not the root")
	}
	if len(n.Before) > 0 {
		parts = append(parts, "before: "+objects(n.Before))
	}
	if len(n.After) > 0 {
		parts = append(parts, "after: "+objects(n.After))
	}
	if len(n.Unless) > 0 {
		parts = append(parts, "unless only: "+strings.Join(n.Unless, ", "))
	}
	if n.First {
		parts = append(parts, "first")
	}
	if len(n.Scope) > 0 {
		parts = append(parts, "in "+strings.Join(n.Scope, ", "))
	}
	if len(n.OnBranches) > 0 {
		parts = append(parts, "on branch "+strings.Join(n.OnBranches, ", "))
	}
	if n.Condition != "" {
		parts = append(parts, "if: "+n.Condition)
	}
	if n.Ask {
		parts = append(parts, "ask: the user may approve")
	}
	if n.Subject != "" {
		parts = append(parts, "subject: "+n.Subject)
	}
	if len(n.Uncertain) > 0 {
		parts = append(parts, "uncertain: "+strings.Join(n.Uncertain, "; "))
	}
	return strings.Join(parts, " | ")
}

func objects(os []Object) string {
	var s []string
	for _, o := range os {
		t := o.Text
		if o.Kind == KConcept || o.Kind == KEvent || o.Kind == KRole {
			t = string(o.Kind) + ":" + t
			if o.Kind == KConcept && len(o.Argv) > 0 {
				t += " " + strings.Join(o.Argv, " ")
			}
		}
		if o.Alone {
			t += " (alone)"
		}
		if o.Origin != "" {
			t += " (from " + o.Origin + ")"
		}
		s = append(s, t)
	}
	return strings.Join(s, ", ")
}
