package main

import "github.com/heed-dev/heed/bench/corpus"

// Repo is one corpus repository (see bench/corpus).
type Repo = corpus.Repo

// LoadCorpus reads MANIFEST.tsv in dir and extracts every file at its real repository
// path, grouped by repository.
func LoadCorpus(dir string) ([]*Repo, error) { return corpus.Load(dir) }
