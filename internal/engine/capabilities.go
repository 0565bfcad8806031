package engine

import "github.com/heed-dev/heed/internal/policy"

// What a check may tell a driver beyond Targets and Judge. Each is optional: a check
// that does not implement one gets the safe default (it may judge any file, be about
// any program, read no history). A rule package asserts its checks implement the ones
// they mean to (var _ engine.FileSelector = (*xCheck)(nil)), so that a renamed method
// breaks the build instead of silently widening what a run reads or shims.
//
//   - FileSelector: which files the check might judge, before they are read (heed
//     check and self-validation read only the files some rule wants).
//   - FileByFile: whether the check judges files one at a time (StreamWith).
//   - ProgramLister: which programs a command rule is about (the live index, PATH
//     shims).
//   - Ordering: a rule about what must run before what, which reads the session's
//     earlier commands (live enforcement's journal).
//   - Delegator: a command rule whose alternative runs the forbidden command itself.
//   - TreeReader: a check that reads the repository's whole listing, not only the
//     files it judges.
//   - NameBanner: a check that bans names of code by name, and can find where a file
//     declares them (self-validation asks whether the project defines what it bans).
//   - Batcher: a check that judges files with the other checks of its family in one
//     pass; the engine forms the batches (Wrapper: a check that judges through
//     another, batched as that one).
//
// Which files a check judges it declares as a FileNeed (files.go), and the engine
// lists them: their order, the batches and the workers are the engine's.

// WriteGuard is a check about which files may be written at all ("never edit
// `docs/api/` by hand"): live enforcement judges an agent's write with it before the
// write happens, generated and vendored files included, which the content checks
// leave alone.
type WriteGuard interface {
	GuardsWrites() bool
}

// WriteGuards are the checks among cs that guard writes.
func WriteGuards(cs []Compiled) []Compiled { return guarding(cs, WriteGuard.GuardsWrites) }

// guarding are the checks among cs that are a G and whose guards says so.
func guarding[G any](cs []Compiled, guards func(G) bool) []Compiled {
	var out []Compiled
	for _, c := range cs {
		if g, ok := c.Check.(G); ok && guards(g) {
			out = append(out, c)
		}
	}
	return out
}

// CommitGuard is a check about which paths a commit may hold ("do not commit
// `.env`"): live enforcement judges an agent's `git add` and `git commit` with it,
// against the paths the command would put in the commit, before it runs. The change's
// paths are all it reads.
type CommitGuard interface {
	GuardsCommits() bool
}

// CommitGuards are the checks among cs that guard commits.
func CommitGuards(cs []Compiled) []Compiled { return guarding(cs, CommitGuard.GuardsCommits) }

// FileSelector is a check that can tell, before a file is read, whether it might
// judge it: the evidence then need not hold the files none of a run's checks wants (a
// policy of Python rules need not read a project's translations). A check that is not
// one may judge any file.
type FileSelector interface {
	// WantsFile reports whether the check might judge the file at path, whose
	// extension gives language lang ("" when it names none heed knows).
	WantsFile(path, lang string) bool
}

// WantedFiles is whether any of the checks might judge a file, by its path; nil when
// some check may judge any file.
func WantedFiles(cs []Compiled) func(path string) bool {
	sels := make([]FileSelector, 0, len(cs))
	var conds []*policy.Condition
	for _, c := range cs {
		s, ok := c.Check.(FileSelector)
		if !ok {
			return nil
		}
		sels = append(sels, s)
		if c.Rule == nil {
			continue
		}
		if w := c.Rule.When; w != nil && (w.Added != "" || w.Docstring) {
			// the lines a condition reads ("a change that adds a function") are
			// in files the check itself may not judge
			conds = append(conds, w)
		}
	}
	return func(p string) bool {
		l := LangOf(p, nil)
		for _, s := range sels {
			if s.WantsFile(p, l) {
				return true
			}
		}
		for _, w := range conds {
			if len(w.Paths) == 0 || (policy.Scope{Globs: w.Paths}).Covers(p) {
				return true
			}
		}
		return false
	}
}

// ProgramLister is a check about commands of some programs only: live enforcement
// judges a command with the rules about its program, and shims those programs.
type ProgramLister interface {
	// Programs lists the program names the check can match, "*" when any.
	Programs() []string
	// ProgramSpecs lists the program names and patterns as the rule writes them, for
	// PATH shims.
	ProgramSpecs() []string
}

// Ordering is a check about what must run before what: judging a command it guards
// needs the session's earlier commands, and the commands it reads later (its
// prerequisites) must be recorded when they run.
type Ordering interface {
	// Guards reports whether judging argv needs the session's history.
	Guards(argv []string) bool
	// Prerequisite reports whether argv's outcome must be recorded.
	Prerequisite(argv []string) bool
	// PrerequisitePrograms lists the programs of the prerequisites (they are shimmed
	// and journaled too).
	PrerequisitePrograms() []string
	// Fresh reports whether a prerequisite counts only after the latest change.
	Fresh() bool
}

// Triggerer is a command rule that can say which literal words a command must
// carry for the rule to apply to it at all (live enforcement's pre-filter: a command
// with none of them is run without loading the rule).
type Triggerer interface {
	// Triggers returns the words (positional words as written, subcommand aliases
	// included) and the option names (without their dashes, lower case) one of
	// which a command must carry for the rule to match, judge or record it; always
	// is true when no such literal requirement exists (a ban of the whole program,
	// a glob subcommand, a rule about the command line's shape).
	Triggers() (words, options []string, always bool)
}

// Delegator is a command rule whose alternative runs the forbidden command on the
// agent's behalf ("use `make test`, not `go test`": make runs go test).
type Delegator interface {
	Delegates(argv []string) bool
}

// TreeReader is a check that reads the repository's whole listing (Evidence.Tree), not
// only the files it judges: a judge rule without a model looks for a file in its
// scope. A driver that keeps of the listing only the files its checks judge keeps all
// of it for a run with one.
type TreeReader interface {
	ReadsTree() bool
}

// ReadsTree reports whether any of the checks reads the whole listing.
func ReadsTree(cs []Compiled) bool {
	for _, c := range cs {
		if r, ok := c.Check.(TreeReader); ok && r.ReadsTree() {
			return true
		}
	}
	return false
}

// BranchJudge is a check that judges commits by the branch they are made on ("never
// commit directly to `main`"). A diff check gives such a check the branch the
// change's uncommitted part would be committed on (Evidence.CommitBranch), which
// costs it a git call: it makes that call only when the branch checked out is one
// a check judges.
type BranchJudge interface {
	// CommitBranches are the branches on which the check judges commits.
	CommitBranches() []string
}

// CommitBranches are the branches any of the checks judges commits on.
func CommitBranches(cs []Compiled) map[string]bool {
	var out map[string]bool
	for _, c := range cs {
		if b, ok := c.Check.(BranchJudge); ok {
			for _, name := range b.CommitBranches() {
				if out == nil {
					out = map[string]bool{}
				}
				out[name] = true
			}
		}
	}
	return out
}

// NameBanner is a check that bans names of code by name (an identifier, a function
// called, a class constructed). A ban of a name the project itself declares and uses
// in several files is most often a misreading (a sentence that describes the design)
// or a rule about new code only: self-validation asks it where a file declares one.
type NameBanner interface {
	// BannedNames are the names the check bans.
	BannedNames() []string
	// Declares returns the first name of BannedNames that f declares (a type, class,
	// module, function, method or constant) and the line of the declaration; ok is
	// false when f declares none of them or cannot be read.
	Declares(f *File) (name string, line int, ok bool)
}

// Batcher is a check that judges files together with the other checks of its family
// in a run: one parse and one walk of a file for all of them (the source rules'
// combined Tree-sitter query). The engine, not the check, forms a run's batches:
// before the run's first Judge it hands the family's first member the family's
// members, in the order of the run's rules, so a batch is the same whatever order
// the workers reach the files in. In Run the members are the checks with targets; in
// a streamed run (StreamWith) they are every file-by-file check of the family (a
// file's targets are known only when it is read).
type Batcher interface {
	// BatchFamily names the family: the checks of one run that give the same name
	// form one batch.
	BatchFamily() string
	// StartBatch begins the run's batch of the family on ev with its members. It is
	// called once per run and family, before any Judge of the run.
	StartBatch(ev *Evidence, members []Check)
}

// Wrapper is a check that judges through another (self-validation's sample of a
// rule's files): the engine batches the check it wraps (Batcher).
type Wrapper interface {
	Unwrap() Check
}

// Unwrap is the check c judges through, unwrapped of every Wrapper; c itself when it
// wraps none.
func Unwrap(c Check) Check {
	for {
		w, ok := c.(Wrapper)
		if !ok {
			return c
		}
		c = w.Unwrap()
	}
}

// ImportBanner is a check that bans importing packages by name ("never import
// `requests`"). Self-validation asks whether most of the files it flags are the
// project's own code of that name: then the sentence names a part of the project,
// not the package.
type ImportBanner interface {
	// BannedImports are the packages the check bans, as the rule names them.
	BannedImports() []string
}

// startBatches hands each family of Batchers among cs its members (in cs's order),
// through its first member. A StartBatch that panics leaves the family unbatched: each
// member then judges on its own.
func startBatches(ev *Evidence, cs []Check) {
	var families []string
	members := map[string][]Check{}
	for _, c := range cs {
		c = Unwrap(c)
		b, ok := c.(Batcher)
		if !ok {
			continue
		}
		f := b.BatchFamily()
		if _, seen := members[f]; !seen {
			families = append(families, f)
		}
		members[f] = append(members[f], c)
	}
	for _, f := range families {
		ms := members[f]
		func() {
			defer func() { _ = recover() }()
			ms[0].(Batcher).StartBatch(ev, ms)
		}()
	}
}
