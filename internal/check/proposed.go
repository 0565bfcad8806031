package check

import (
	"errors"
	"fmt"
	"io/fs"
	"time"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/project"
	"github.com/heed-dev/heed/internal/repo"
	"github.com/heed-dev/heed/internal/report"
)

// ProposedWrite judges a write before it happens: newContent for the
// repository-relative path, with the project's source and architecture rules, on the
// lines that differ from the file on disk (every line of a new file). The rest of the
// tree is the working tree with this file replaced. Suppression comments in
// newContent apply. Generated, vendored and binary content is not judged.
func ProposedWrite(p *project.Project, path string, newContent []byte) ([]report.Finding, error) {
	return ProposedWriteRules(p.Root, p.Select(policy.DomainSource, policy.DomainArchitecture), path, newContent)
}

// ProposedWriteRules is ProposedWrite with the rules given.
func ProposedWriteRules(root string, rules []engine.Compiled, path string, newContent []byte) ([]report.Finding, error) {
	if !repo.ValidRel(path) {
		return nil, usage("path %q is not a repository-relative path", path)
	}
	r, err := repo.Open(root)
	if err != nil {
		return nil, err
	}
	if why := repo.ClassifyIn(r, path, newContent); why != "" {
		return []report.Finding{}, nil
	}
	old, err := r.ReadFile(path)
	isNew := errors.Is(err, fs.ErrNotExist)
	if err != nil && !isNew {
		var tl *repo.TooLargeError
		if !errors.As(err, &tl) {
			return nil, fmt.Errorf("read %s: %w", path, err)
		}
		isNew = true // judge every line: heed cannot tell what changed
	}
	file := &engine.File{Path: path, Content: newContent, Lang: engine.LangOf(path, newContent), New: isNew}
	if !isNew {
		// Deleting lines is editing too (a removed licence header): their anchors
		// are owned like touched lines.
		file.Touched, file.Deleted = repo.ChangedLines(old, newContent)
	}
	ev := &engine.Evidence{
		Mode:    engine.ModeDiff,
		Files:   []*engine.File{file},
		Tree:    &repo.Overlay{Base: r.Worktree(), Files: map[string][]byte{path: newContent}},
		Changed: []string{path},
	}
	defer ev.Close()
	cache := attachCache(root, ev, false)
	outcomes := engine.Run(rules, ev, engine.Options{Timeout: 10 * time.Second})
	saveCache(root, cache)
	li := newLineIndex(ev)
	var found []report.Finding
	for i := range outcomes {
		ownChange(ev, &outcomes[i])
		o := &outcomes[i]
		for _, t := range o.Targets {
			for _, f := range t.Findings {
				if f.Path != "" && f.Path != path {
					continue
				}
				rf := report.FromEngine(f, o.Rule, o.Constraint)
				li.fingerprint(&rf)
				found = append(found, rf)
			}
		}
	}
	found, _ = applySuppressions(found, collectDirectives(ev.Files))
	report.Sort(found)
	if found == nil {
		found = []report.Finding{}
	}
	return found, nil
}
