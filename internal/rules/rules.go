// Package rules assembles the rule kinds and recognisers of every domain into the
// registry and catalogue a build of heed uses. Each domain lives in its own package
// below this one.
package rules

import (
	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/lower"
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
	kinds = append(kinds, script.Kinds()...)
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
