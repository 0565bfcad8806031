package arch

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// ---- layers named in words, and the items of a direction list ----

// chainRecognizer reads two shapes the span readers leave: an arrow chain whose steps
// are named in words, some with their folder in parentheses ("UI components → query
// hooks (`src/hooks`) → API client (`src/api`) → backend"), and one edge of a list
// under a heading that names the direction of dependencies ("## Dependency direction"
// + "- `transport` depends on `service`": `service` must not depend back on
// `transport`).
type chainRecognizer struct{}

func (chainRecognizer) Name() string { return "arch.chain" }

func (chainRecognizer) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	var out recognize.Result
	for _, s := range sentences(c.Text) {
		if from, to, ok := norm.ArchDirectionEdge(s.prose); ok && norm.ArchDirectionFramed(c.Context, c.HeaderPath) {
			if r, ok := directionRule(s, c, rc, from, to); ok {
				out.Rules = append(out.Rules, r)
			}
			continue
		}
		steps := norm.ArchWordChain(s.prose)
		if steps == nil || !norm.ArchChainFramed(s.prose, c.Context, c.HeaderPath) || spansOnly(steps) || bareChainLayers(s, c, rc) != nil {
			continue // no chain, a flow, or one the layers reader places
		}
		r, why := wordChainRule(s, c, rc, steps)
		if why != "" {
			out.Unenforced = why
			continue
		}
		out.Rules = append(out.Rules, r)
	}
	if len(out.Rules) > 0 {
		out.Unenforced = ""
	}
	out.Rules = exemptTests(out.Rules, c, rc)
	return out
}

// spansOnly reports whether every step is a code span alone: the layers reader's.
func spansOnly(steps []norm.ChainStep) bool {
	for _, st := range steps {
		if st.Span < 0 || st.Words != "" {
			return false
		}
	}
	return true
}

// directionRule: the edge's target must not import its source.
func directionRule(s sentence, c *policy.Constraint, rc *recognize.RepoContext, from, to int) (policy.Rule, bool) {
	src, ok1 := resolveSpan(s.spans[from], c, rc)
	dst, ok2 := resolveSpan(s.spans[to], c, rc)
	if !ok1 || !ok2 || src.fileKind || dst.fileKind {
		return policy.Rule{}, false
	}
	if src.dir == "" || dst.dir == "" {
		// bare names deeper than the root ("`ui` depends on `domain`" in
		// app/src/main/kotlin/com/acme/): sibling folders of one parent, as the
		// layers of a list are placed
		a, b := strings.Trim(s.spans[from], "/"), strings.Trim(s.spans[to], "/")
		if parent, ok := commonParent([]string{a, b}, c, rc); ok && !strings.Contains(a+b, "/") {
			src = subject{dir: path.Join(parent, a), globs: []string{path.Join(parent, a) + "/**"}}
			dst = subject{dir: path.Join(parent, b), globs: []string{path.Join(parent, b) + "/**"}}
		}
	}
	r, ok := forbidRule(c, rc, []subject{dst}, []subject{src})
	if ok && len(r.Cases) == 0 {
		// a workspace package as the importer ("`@acme/ee` -> `@acme/shared`"):
		// cases in a workspace of packages
		r.Cases = workspaceCases(dst, src)
		if len(r.Cases) == 0 {
			return policy.Rule{}, false
		}
	}
	return r, ok
}

// workspaceCases are the cases of a boundary whose importer is a workspace package
// (JavaScript or TypeScript): a file of that package importing the target, and
// importing a file of its own. None when the importer is no package name or the
// target is neither a folder nor one package.
func workspaceCases(importer, target subject) []policy.Case {
	if len(importer.packages) != 1 || len(importer.globs) > 0 {
		return nil
	}
	files := map[string]string{
		"package.json":                   `{ "private": true, "workspaces": ["packages/*"] }` + "\n",
		"packages/importer/package.json": `{ "name": "` + importer.packages[0] + `", "main": "src/index.ts" }` + "\n",
		"packages/importer/src/index.ts": "export const x = 1;\n",
		"packages/importer/src/own.ts":   "export const y = 1;\n",
	}
	spec := ""
	switch {
	case len(target.globs) > 0:
		f := newSampler(nil).concrete(target.globs[0], "target")
		files[f] = "export const z = 1;\n"
		spec = relPath("packages/importer/src", strings.TrimSuffix(f, path.Ext(f)))
	case len(target.packages) == 1:
		files["packages/target/package.json"] = `{ "name": "` + target.packages[0] + `", "main": "src/index.ts" }` + "\n"
		files["packages/target/src/index.ts"] = "export const z = 1;\n"
		spec = target.packages[0]
	default:
		return nil
	}
	from := "packages/importer/src/a.ts"
	return []policy.Case{
		{Expect: policy.ExpectViolated, Path: from, Code: "import { z } from \"" + spec + "\";\n", Files: files, Note: "the package importing what depends on it"},
		{Expect: policy.ExpectSatisfied, Path: from, Code: "import { y } from \"./own\";\n", Files: files, Note: "the package importing a file of its own"},
	}
}

// chainPlace is a step of a chain placed in the repository.
type chainPlace struct {
	name    string
	paths   []string
	byWords bool // placed by a folder of the name's word, not by a span
}

// wordChainRule turns a chain into layers, the last step lowest. A step's span places
// it; a step named in words only is the one folder of its last word's name (in either
// number) beside the folders the spans place, or else in the whole repository. A step
// at either end that places nowhere ("→ backend", "→ API endpoints") is outside the
// code and left out; one in the middle leaves the order unknown: no rule.
func wordChainRule(s sentence, c *policy.Constraint, rc *recognize.RepoContext, steps []norm.ChainStep) (policy.Rule, string) {
	placed := make([]*chainPlace, len(steps))
	var anchors []string
	for i, st := range steps {
		if st.Span < 0 {
			continue
		}
		sub, ok := resolveSpan(s.spans[st.Span], c, rc)
		if !ok || sub.dir == "" || len(sub.globs) == 0 {
			continue
		}
		placed[i] = &chainPlace{name: stepName(st, s), paths: sub.globs}
		anchors = append(anchors, path.Dir(sub.dir))
	}
	var guessed []string
	for i, st := range steps {
		if placed[i] != nil || st.Words == "" {
			continue
		}
		if d, ok := folderOfWords(st.Words, anchors, c, rc); ok {
			placed[i] = &chainPlace{name: st.Words, paths: []string{d + "/**"}, byWords: true}
			guessed = append(guessed, fmt.Sprintf("%q is %s", st.Words, d+"/"))
		}
	}
	first, last := 0, len(steps)-1
	for first <= last && placed[first] == nil {
		first++
	}
	for last >= first && placed[last] == nil {
		last--
	}
	var layers []layer
	seen := map[string]bool{}
	for i := first; i <= last; i++ {
		if placed[i] == nil {
			return policy.Rule{}, fmt.Sprintf("names a layer heed cannot place in this repository (%q)", stepName(steps[i], s))
		}
		if seen[placed[i].paths[0]] {
			return policy.Rule{}, "names one folder as two layers"
		}
		seen[placed[i].paths[0]] = true
		layers = append(layers, layer{Name: placed[i].name, Paths: placed[i].paths})
	}
	if len(layers) < 2 {
		return policy.Rule{}, "names fewer than two layers heed can place in this repository"
	}
	slices.Reverse(layers) // lowest first
	names := make([]string, len(layers))
	for i, l := range layers {
		names[i] = l.Name
	}
	r := layersRule(c, rc, layers, names)
	if len(guessed) > 0 {
		r.Doubt("a layer named in words was placed by the repository's folders (" + strings.Join(guessed, ", ") + "): heed warns until a person confirms it")
	}
	return r, ""
}

// stepName is how a report names a step: its words, else its span.
func stepName(st norm.ChainStep, s sentence) string {
	if st.Words != "" {
		return st.Words
	}
	if st.Span >= 0 && st.Span < len(s.spans) {
		return s.spans[st.Span]
	}
	return "?"
}

// folderOfWords finds the one folder a part named in words is ("UI components" is
// src/components/ beside src/hooks/): a folder named by the words' last word, in
// either number, first among the siblings of the anchors (the folders the chain's
// spans place), else in the whole repository (within the instruction file's scope).
// Two candidates are no answer.
func folderOfWords(words string, anchors []string, c *policy.Constraint, rc *recognize.RepoContext) (string, bool) {
	if rc == nil || len(rc.Dirs) == 0 {
		return "", false
	}
	fields := strings.Fields(words)
	head := fields[len(fields)-1]
	if !norm.ArchPartNoun(head) {
		return "", false
	}
	var all, beside []string
	for _, d := range rc.Dirs {
		if skipped(d) || c != nil && c.Scope.Dir != "" && d != c.Scope.Dir && !strings.HasPrefix(d, c.Scope.Dir+"/") {
			continue
		}
		if _, ok := oneChildNamed([]string{path.Base(d)}, head); !ok {
			continue
		}
		all = append(all, d)
		if slices.Contains(anchors, path.Dir(d)) {
			beside = append(beside, d)
		}
	}
	switch {
	case len(beside) == 1:
		return beside[0], true
	case len(beside) == 0 && len(all) == 1:
		return all[0], true
	}
	return "", false
}

// placeWordPhrase places a part named in words: one word as placeWord does; several
// ("UI components") by their last word, which names the folder, the words before it
// a qualifier heed cannot check ("UI"). A name several folders share is the one
// beside the folders of the sentence's other parts (near, "`frontend/src/api`"
// places "UI components" at frontend/src/components/). guessed says how a part was
// placed by the layout, for a rule's review; "" for one word placed as it stands.
func placeWordPhrase(words string, near []subject, c *policy.Constraint, rc *recognize.RepoContext) (dir, guessed string) {
	fields := strings.Fields(words)
	if len(fields) == 0 {
		return "", ""
	}
	head := fields[len(fields)-1]
	if len(fields) == 1 {
		if dir, _ = placeWord(head, c, rc); dir != "" {
			return dir, ""
		}
	} else if !norm.ArchPartNoun(head) {
		return "", ""
	} else {
		dir, _ = placeWord(head, c, rc)
	}
	if dir == "" {
		var anchors []string
		for _, n := range near {
			if n.dir != "" {
				anchors = append(anchors, path.Dir(n.dir))
			}
		}
		if len(anchors) == 0 {
			return "", ""
		}
		var ok bool
		if dir, ok = folderOfWords(words, anchors, c, rc); !ok {
			return "", ""
		}
	}
	return dir, fmt.Sprintf("%q is %s", words, dir+"/")
}

// doubtGuessed makes the rules of a part placed by its words' last word warn.
func doubtGuessed(rules []policy.Rule, guessed string) {
	if guessed == "" {
		return
	}
	for i := range rules {
		rules[i].Doubt("a part named in words was placed by the repository's folders (" + guessed + "): heed warns until a person confirms it")
	}
}
