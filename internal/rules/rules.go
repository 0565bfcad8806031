// Package rules assembles the rule kinds and recognisers of every domain into the
// registry and catalogue a build of heed uses. Each domain lives in its own package
// below this one.
package rules

import (
	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lower"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/rules/arch"
	"github.com/heed-dev/heed/internal/rules/contrib"
	"github.com/heed-dev/heed/internal/rules/docs"
	"github.com/heed-dev/heed/internal/rules/process"
	"github.com/heed-dev/heed/internal/rules/script"
	"github.com/heed-dev/heed/internal/rules/semantic"
	"github.com/heed-dev/heed/internal/rules/source"
)

// Registry returns a registry of every rule kind heed knows.
func Registry() *engine.Registry {
	var kinds []engine.Kind
	kinds = append(kinds, semantic.Kinds()...)
	for _, k := range script.Kinds() {
		// a script rule on commands reads a case's command line as the process
		// kinds do (the script package links no shell parser)
		k.CaseEvidence = scriptCaseEvidence
		kinds = append(kinds, k)
	}
	kinds = append(kinds, contrib.Kinds()...)
	kinds = append(kinds, process.Kinds()...)
	kinds = append(kinds, arch.Kinds()...)
	kinds = append(kinds, source.Kinds()...)
	kinds = append(kinds, docs.Kinds()...)
	return engine.NewRegistry(kinds...)
}

// Recognizers returns the offline compiler's catalogue, in the order they are tried.
// Every recogniser sees every constraint; a constraint may yield rules from several.
func Recognizers() []recognize.Recognizer {
	var recs []recognize.Recognizer
	recs = append(recs, contrib.Recognizers()...)
	recs = append(recs, lower.Process())
	recs = append(recs, lower.Passing())
	recs = append(recs, arch.Recognizers()...)
	recs = append(recs, source.Recognizers()...)
	recs = append(recs, docs.Recognizers()...)
	return recs
}

// scriptCaseEvidence is a script case's evidence: its files, commits and pull request
// as for any kind, and its commands (argv or a shell line, and the history) parsed as
// the process kinds parse them, wrappers looked through. Without it a case given as a
// shell line held no command, and a script on commands found every case inapplicable.
func scriptCaseEvidence(c policy.Case) (*engine.Evidence, error) {
	ev, err := engine.DefaultCaseEvidence(c)
	if err != nil || c.Shell == "" && len(c.Argv) == 0 && len(c.History) == 0 {
		return ev, err
	}
	cmds, err := process.CaseEvidence(policy.Case{Argv: c.Argv, Shell: c.Shell, Cwd: c.Cwd, History: c.History})
	if err != nil {
		return nil, err
	}
	ev.Commands = cmds.Commands
	return ev, nil
}
