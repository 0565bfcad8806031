package check

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
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
	if !repo.ValidRel(path) {
		return nil, usage("path %q is not a repository-relative path", path)
	}
	// files a rule says to leave alone ("never edit `docs/api/` by hand"), generated
	// and vendored ones above all: judged before the content is
	if guards := engine.WriteGuards(p.Rules); len(guards) > 0 {
		file := writtenFile(p.Root, path)
		file.Content, file.Lang = newContent, engine.LangOf(path, newContent)
		if found := judgeGuards(guards, file); len(found) > 0 {
			return found, nil
		}
	}
	return ProposedWriteRules(p.Root, p.Select(policy.DomainSource, policy.DomainArchitecture), path, newContent)
}

// judgeGuards judges one write with the rules that guard which files may be written:
// they read the written path only, so no tree is opened for them.
func judgeGuards(rules []engine.Compiled, file *engine.File) []report.Finding {
	rules, also := dropRestated(rules)
	ev := &engine.Evidence{Mode: engine.ModeDiff, Files: []*engine.File{file}, Changed: []string{file.Path}, AgentWrite: true}
	defer ev.Close()
	var found []report.Finding
	for _, o := range engine.Run(rules, ev, engine.Options{Timeout: 10 * time.Second}) {
		for _, t := range o.Targets {
			for _, f := range t.Findings {
				rf := report.FromEngine(f, o.Rule, o.Constraint)
				also.note(&rf)
				found = append(found, rf)
			}
		}
	}
	report.Sort(found)
	return found
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
		file.Touched, file.Deleted, file.Replaced = repo.ChangedLinesReplacing(old, newContent)
	}
	found := judgeWrite(r, root, rules, file)
	if !isNew && len(file.Deleted) > 0 && anchoredOnly(found, file) {
		// A line owned only because lines after it were deleted is untouched: a
		// finding there counts only when the file before the write did not have it
		// (the licence header removed), not when it was there all along.
		before := judgeWrite(r, root, rules, &engine.File{Path: path, Content: old, Lang: engine.LangOf(path, old)})
		had := map[string]bool{}
		for _, f := range before {
			had[f.Rule+"\x00"+lineText(old, f.Line)] = true
		}
		kept := found[:0:0]
		for _, f := range found {
			if file.Deleted[f.Line] && !file.Touched[f.Line] && had[f.Rule+"\x00"+lineText(newContent, f.Line)] {
				continue
			}
			kept = append(kept, f)
		}
		found = kept
	}
	found, _ = applySuppressions(found, collectDirectives([]*engine.File{file}))
	report.Sort(found)
	if found == nil {
		found = []report.Finding{}
	}
	return found, nil
}

// judgeWrite runs rules on one file as the tree would hold it, returning the findings
// in it that the file's touched lines own.
func judgeWrite(r *repo.Repo, root string, rules []engine.Compiled, file *engine.File) []report.Finding {
	rules, also := dropRestated(rules) // one denial a site, naming every file that says it
	ev := &engine.Evidence{
		Mode:    engine.ModeDiff,
		Files:   []*engine.File{file},
		Tree:    &repo.Overlay{Base: r.Worktree(), Files: map[string][]byte{file.Path: file.Content}},
		Changed: []string{file.Path},
	}
	defer ev.Close()
	// one file: keep the rest of the tree's facts; none read without a rule that needs them
	cache := attachCache(root, ev, !usesImportGraph(rules), true)
	outcomes := engine.Run(rules, ev, engine.Options{Timeout: 10 * time.Second})
	saveCache(root, cache)
	li := newLineIndex(ev)
	var found []report.Finding
	for i := range outcomes {
		o := &outcomes[i]
		for _, t := range o.Targets {
			for _, f := range t.Findings {
				if f.Path != "" && f.Path != file.Path {
					continue
				}
				rf := report.FromEngine(f, o.Rule, o.Constraint)
				also.note(&rf)
				li.fingerprint(&rf)
				found = append(found, rf)
			}
		}
	}
	return found
}

// anchoredOnly reports whether a finding lies on a line owned only as the anchor of
// deleted lines.
func anchoredOnly(found []report.Finding, file *engine.File) bool {
	for _, f := range found {
		if file.Deleted[f.Line] && !file.Touched[f.Line] {
			return true
		}
	}
	return false
}

// lineText is line n (1-based) of content, "" past its end.
func lineText(content []byte, n int) string {
	for i := 1; len(content) > 0; i++ {
		l, rest, _ := bytes.Cut(content, []byte("\n"))
		if i == n {
			return strings.TrimSpace(string(l))
		}
		content = rest
	}
	return ""
}

// GuardedShellWrites judges the files a shell command writes or removes (paths,
// repository-relative, as enforce.WrittenPaths reads them) with the rules that guard
// which files may be written: `sed -i` on a file a rule says never to edit breaks it
// as a Write would. Only the paths are judged; a path that is no file yet is a file
// the command adds.
func GuardedShellWrites(p *project.Project, paths []string) []report.Finding {
	guards := engine.WriteGuards(p.Rules)
	if len(guards) == 0 {
		return nil
	}
	var found []report.Finding
	for _, rel := range paths {
		if !repo.ValidRel(rel) {
			continue
		}
		found = append(found, judgeGuards(guards, writtenFile(p.Root, rel))...)
	}
	return found
}

// writtenFile is the file at rel as a write finds it: new when it is not there (a
// "do not create" rule judges that, a "do not edit" one leaves it).
func writtenFile(root, rel string) *engine.File {
	_, err := os.Stat(filepath.Join(root, filepath.FromSlash(rel)))
	return &engine.File{Path: rel, New: errors.Is(err, fs.ErrNotExist)}
}
