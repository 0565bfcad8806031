package arch

import (
	"encoding/json"
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
	"github.com/heed-dev/heed/internal/uniq"
)

// importsRecognizer compiles boundary sentences into imports rules.
type importsRecognizer struct{}

func (importsRecognizer) Name() string { return "arch.imports" }

func (importsRecognizer) Recognize(c *policy.Constraint, rc *recognize.RepoContext) recognize.Result {
	var out recognize.Result
	seen := map[string]bool{}
	add := func(r policy.Rule) {
		key := string(r.Params)
		if !seen[key] {
			seen[key] = true
			out.Rules = append(out.Rules, r)
		}
	}
	ctxGroup := contextGroup(c, rc)
	var prev *sentence
	for _, s := range sentences(c.Text) {
		if p := prev; p != nil && len(p.spans) > 0 {
			// "`vendor-api/` holds ... The UI (`src/ui/`) never imports it": the
			// part the sentence before opens with
			if prose, ok := norm.ArchAntecedent(s.prose, p.prose, len(s.spans)); ok {
				s = sentence{prose: prose, spans: append(slices.Clone(s.spans), p.spans[0])}
			}
		}
		prev = &s
		if r, ok, why := recognizeIsolate(s, c, rc, ctxGroup); ok {
			add(r)
			continue
		} else if why != "" {
			out.Unenforced = why
			continue
		}
		rules, why := recognizeBoundary(s, c, rc, ctxGroup)
		if ws, ok := wordSubject(s, c, rc); ok && len(rules) == 0 {
			rules, why = recognizeBoundary(ws, c, rc, ctxGroup)
		}
		if cs, ok := contextSubject(s, c, rc); ok && len(rules) == 0 {
			rules, why = recognizeBoundary(cs, c, rc, ctxGroup)
			for i := range rules {
				rules[i].Doubt("heed takes the subject from the list item above the sentence and its object from a word")
			}
		}
		if len(rules) == 0 {
			if r, ok := testsImportRule(s, c, rc); ok {
				rules, why = []policy.Rule{r}, ""
			} else if r, ok := entryRule(s, c, rc); ok {
				rules, why = []policy.Rule{r}, ""
			} else if rs, ok := eachOnlyRules(s, c, rc); ok {
				rules, why = rs, ""
			} else if hr, hwhy, ok := subjectFromHeading(s, c, rc); ok {
				rules, why = hr, hwhy
			}
		}
		for _, r := range rules {
			add(r)
		}
		if len(rules) == 0 && why != "" {
			out.Unenforced = why
		}
	}
	if len(out.Rules) > 0 {
		out.Unenforced = ""
	}
	out.Rules = exemptTests(out.Rules, c, rc)
	out.Rules = testsMayAlso(out.Rules, c, rc)
	out.Rules = ownBoundariesBelow(out.Rules, c, rc)
	out.Rules = grantedBelow(out.Rules, c, rc)
	return out
}

// contextGroup is the folder pattern the constraint's context declares independent
// ("Code is grouped by feature under `src/features/<name>/`, and features stay
// independent of each other:"), or "".
func contextGroup(c *policy.Constraint, rc *recognize.RepoContext) string {
	for _, s := range append(sentences(c.Context), sentences(c.Text)...) {
		for _, sp := range s.spans {
			if sub, ok := resolveSpan(sp, c, rc); ok && sub.group != "" {
				return sub.group
			}
		}
	}
	return ""
}

func contextIndependent(c *policy.Constraint) bool {
	return norm.StatesIndependence(recognize.Lower(c.Context))
}

// recognizeIsolate reads "a feature must not import another feature's folder".
func recognizeIsolate(s sentence, c *policy.Constraint, rc *recognize.RepoContext, ctxGroup string) (policy.Rule, bool, string) {
	iso, ok := norm.ReadIsolation(s.prose)
	if !ok {
		return policy.Rule{}, false, ""
	}
	if iso.Under >= 0 {
		// "Modules under `src/features/` are independent": the folders of that
		// folder import none of one another
		sub, why := placeSpan(s, iso.Under, []int{iso.Under}, c, rc)
		if why != "" || sub.dir == "" {
			return policy.Rule{}, false, why
		}
		return isolateRule(c, rc, sub.dir+"/*"), true, ""
	}
	noun1, noun2 := iso.Noun1, iso.Noun2
	if strings.TrimSuffix(noun1, "s") != strings.TrimSuffix(noun2, "s") {
		return policy.Rule{}, false, ""
	}
	group := ctxGroup
	if group == "" {
		group = groupFromDirs(noun1, rc)
	}
	if group == "" {
		return policy.Rule{}, false, fmt.Sprintf("names no folder that holds the %ss (write it as `src/%ss/<name>/`)", noun1, noun1)
	}
	return isolateRule(c, rc, group), true, ""
}

// isolateRule: no folder of group (a pattern "dir/*") imports another.
func isolateRule(c *policy.Constraint, rc *recognize.RepoContext, group string) policy.Rule {
	return isolateRuleExcept(c, rc, group, nil)
}

// isolateRuleExcept: no folder of group imports another, except the folders of
// except (a shared folder among them).
func isolateRuleExcept(c *policy.Constraint, rc *recognize.RepoContext, group string, except []string) policy.Rule {
	params := importsParams{Mode: ModeIsolate, Groups: group, ToExcept: except}
	sm := newSampler(rc)
	base := strings.TrimSuffix(group, "/*")
	a, b := sm.concrete(base+"/a/**", "one"), sm.concrete(base+"/b/**", "two")
	aSib := sm.concrete(base+"/a/**", "helper")
	return archRule(KindImports, params, c,
		fmt.Sprintf("a file in one folder of %s imports from another", group),
		"move what both need to a shared folder, or import it through the owner's public entry point if the instructions allow one",
		sm.importCase(policy.ExpectViolated, a, b, "one feature importing another"),
		sm.importCase(policy.ExpectSatisfied, a, aSib, "a feature importing its own file"))
}

// groupFromDirs finds the folder of a noun's instances: a repository folder named
// after its plural ("features" for feature), when there is exactly one.
func groupFromDirs(noun string, rc *recognize.RepoContext) string {
	if rc == nil {
		return ""
	}
	var found []string
	for _, d := range rc.Dirs {
		base := d[strings.LastIndexByte(d, '/')+1:]
		if base == noun+"s" || base == noun+"es" {
			found = append(found, d)
		}
	}
	if len(found) == 1 {
		return found[0] + "/*"
	}
	return ""
}

// recognizeBoundary reads the forbid and only forms.
func recognizeBoundary(s sentence, c *policy.Constraint, rc *recognize.RepoContext, ctxGroup string) ([]policy.Rule, string) {
	ctx := norm.BoundaryContext{Context: c.Context, Lower: recognize.Lower(c.Context), Spans: len(s.spans)}
	if len(c.HeaderPath) > 0 {
		ctx.Heading = c.HeaderPath[len(c.HeaderPath)-1]
	}
	b := norm.ReadBoundary(s.prose, ctx)
	switch b.Form {
	case norm.BoundaryForbid:
		rules, why := forbidRules(s, c, rc, b.From, b.To, b.Both)
		if b.Imperative && len(rules) == 0 {
			return nil, ""
		}
		return targetExceptions(s, c, rc, b.Except, rules, why)
	case norm.BoundaryOnly:
		return onlyRules(s, c, rc, b.From, b.To)
	case norm.BoundaryForbidWord:
		// "never access SQLAlchemy from `services/`": a library named in words,
		// read only when the repository declares or imports a package of that name
		name, ok := packageNamed(b.ToWord, rc)
		if !ok {
			return nil, ""
		}
		from, why, _ := placeAll(s, c, rc, b.From)
		if why != "" {
			return nil, why
		}
		if r, ok := forbidRule(c, rc, from, []subject{{packages: []string{name}}}); ok {
			return []policy.Rule{r}, ""
		}
		return nil, ""
	case norm.BoundaryEachOther:
		idx := b.From
		if len(idx) < 2 {
			return nil, ""
		}
		var out []policy.Rule
		for _, a := range idx {
			for _, t := range idx {
				if a == t {
					continue
				}
				rs, why := forbidRules(s, c, rc, []int{a}, []int{t}, false)
				if why != "" {
					return nil, why
				}
				out = append(out, rs...)
			}
		}
		return out, ""
	case norm.BoundaryImportsNothing:
		rules, why := onlyRules(s, c, rc, b.From, nil)
		if libs := librariesAside(c.Text); len(rules) > 0 && len(libs) > 0 {
			// "`domain/` imports nothing (no FastAPI, SQLAlchemy, etc.)": the
			// libraries named are banned there too
			from, _, _ := placeAll(s, c, rc, b.From)
			var to []subject
			for _, l := range libs {
				to = append(to, subject{packages: []string{l}})
			}
			if r, ok := forbidRule(c, rc, from, to); ok {
				rules = append(rules, r)
			}
		}
		return rules, why
	case norm.BoundaryOnlyWords:
		ws, idx := withWords(s, b.Words)
		if why := placeWords(ws, c, rc, b.From, idx); why != "" {
			return nil, why
		}
		return onlyRules(ws, c, rc, b.From, idx)
	case norm.BoundaryTestsOnly:
		return testsOnlyRules(s, c, rc, b.From, b.To)
	case norm.BoundaryNothingIn:
		if ctxGroup != "" && contextIndependent(c) && allInGroup(s, c, rc, ctxGroup, append(b.From, b.To...)) {
			return nil, fmt.Sprintf("an example of the independence of the folders of %s that its context states; the rule that states it covers this", ctxGroup)
		}
		return forbidRules(s, c, rc, b.From, b.To, b.Both)
	case norm.BoundaryExcept:
		rules, why := exceptRules(s, c, rc, b.From, b.To)
		return targetExceptions(s, c, rc, b.Except, rules, why)
	case norm.BoundaryWords:
		return wordBoundary(s, c, rc, b.FromWord, b.ToWord, b.Both)
	case norm.BoundaryWordForbid:
		// "the renderer must never import from `src/main/`": the importer is the
		// one folder the word names, or no rule
		to, why, _ := placeAll(s, c, rc, b.To)
		if why != "" {
			return nil, "" // a target that is no part of the code: another domain's
		}
		dir, guessed := placeWordPhrase(b.FromWord, to, c, rc)
		if dir == "" {
			return nil, ""
		}
		from := []subject{{globs: []string{dir + "/**"}, dir: dir}}
		var rules []policy.Rule
		if r, ok := forbidRule(c, rc, from, to); ok {
			rules = append(rules, r)
		}
		if r, ok := forbidRule(c, rc, to, from); ok && b.Both {
			rules = append(rules, r)
		}
		doubtGuessed(rules, guessed)
		return rules, ""
	}
	return nil, ""
}

// placeWord places a layer named as a word: the folder of that name, or of its
// singular ("controllers" is the folder controller/ of a Java project).
func placeWord(w string, c *policy.Constraint, rc *recognize.RepoContext) (string, string) {
	names := []string{w}
	switch {
	case strings.HasSuffix(w, "ies"):
		names = append(names, strings.TrimSuffix(w, "ies")+"y")
	case strings.HasSuffix(w, "ses"), strings.HasSuffix(w, "xes"):
		names = append(names, strings.TrimSuffix(w, "es"), strings.TrimSuffix(w, "s"))
	case strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss"):
		names = append(names, strings.TrimSuffix(w, "s"))
	default:
		names = append(names, w+"s")
	}
	why := ""
	for _, n := range names {
		pl := placeNames([]string{n}, c, rc)[0]
		if pl.dir != "" {
			return pl.dir, ""
		}
		if why == "" || pl.many {
			why = pl.why
		}
	}
	return "", why
}

// wordBoundary places the two words of a word boundary against the repository's
// folders. Both placed: the boundary between them; one placed: the other is named as
// what heed could not place (the sentence speaks of the repository's parts, and
// only one of them is there); neither: no boundary of this repository's parts.
func wordBoundary(s sentence, c *policy.Constraint, rc *recognize.RepoContext, from, to string, both bool) ([]policy.Rule, string) {
	if rc == nil || len(rc.Dirs) == 0 || from == to {
		return nil, ""
	}
	fromSub, _ := placeWordSubject(from, c, rc)
	toSub, toWhy := placeWordSubject(to, c, rc)
	switch {
	case len(fromSub.globs) == 0:
		return nil, "" // the subject is no part of this repository: no layer sentence
	case len(toSub.globs) == 0 && !norm.NamesImport(s.prose):
		return nil, "" // "never call the network": a word of another kind
	case len(toSub.globs) == 0:
		return nil, toWhy
	}
	var rules []policy.Rule
	if r, ok := forbidRule(c, rc, []subject{fromSub}, []subject{toSub}); ok {
		rules = append(rules, r)
	}
	if both {
		if r, ok := forbidRule(c, rc, []subject{toSub}, []subject{fromSub}); ok {
			rules = append(rules, r)
		}
	}
	if len(rules) == 0 {
		return nil, "the importing side is not a folder or file kind"
	}
	return rules, ""
}

// placeWordSubject places a part named as a word: its folder (placeWord), else the
// family of sibling folders the word begins ("compiler packages" are
// packages/compiler-core and packages/compiler-dom: packages/compiler-*).
func placeWordSubject(w string, c *policy.Constraint, rc *recognize.RepoContext) (subject, string) {
	dir, why := placeWord(w, c, rc)
	if dir != "" {
		// the folder as a span naming it resolves, as every boundary's parts do
		if sub, ok := resolveSpan(dir+"/", c, rc); ok {
			return sub, ""
		}
		return subject{}, why
	}
	if g := familyGlob(w, rc); g != "" {
		return subject{globs: []string{g + "/**"}}, ""
	}
	return subject{}, why
}

// familyGlob is the pattern of two or more sibling folders named w-<something> or
// w_<something> (in the singular too), all in one parent folder; "" when there are
// none or they stand in several parents.
func familyGlob(w string, rc *recognize.RepoContext) string {
	stems := []string{w}
	if t, ok := strings.CutSuffix(w, "s"); ok && len(t) > 2 {
		stems = append(stems, t)
	}
	for _, stem := range stems {
		for _, sep := range []string{"-", "_"} {
			parent, n, ok := "", 0, true
			for _, d := range rc.Dirs {
				i := strings.LastIndexByte(d, '/')
				base, par := d[i+1:], ""
				if i >= 0 {
					par = d[:i]
				}
				if !strings.HasPrefix(base, stem+sep) || len(base) == len(stem)+1 {
					continue
				}
				if n > 0 && par != parent {
					ok = false
				}
				parent, n = par, n+1
			}
			if ok && n >= 2 {
				if parent == "" {
					return stem + sep + "*"
				}
				return parent + "/" + stem + sep + "*"
			}
		}
	}
	return ""
}

// libAsideRE: a parenthesis that names what a part of the code must not use: "(no
// FastAPI, SQLAlchemy, HTTP, etc.)".

// librariesAside are the libraries a boundary's parenthesis names, as package names:
// "(no FastAPI, SQLAlchemy, HTTP, etc.)" is fastapi and sqlalchemy. A word in capitals
// (HTTP, SQL, ORM) names a concern, not a package; more than one word is a phrase.
func librariesAside(text string) []string {
	var out []string
	for _, w := range norm.LibrariesAside(text) {
		if packageNameRE.MatchString(strings.ToLower(w)) {
			out = append(out, strings.ToLower(w))
		}
	}
	return out
}

func allInGroup(s sentence, c *policy.Constraint, rc *recognize.RepoContext, group string, idx []int) bool {
	for _, i := range idx {
		sub, ok := resolveSpan(s.spans[i], c, rc)
		if !ok || sub.dir == "" || !matchAny([]string{group}, sub.dir) {
			return false
		}
	}
	return len(idx) > 0
}

// resolveAll resolves spans to subjects; ok is false when one does not resolve (a
// rule over half the names the sentence gives would be wrong), and why then says
// which name, when it is one heed could not place.
func resolveAll(s sentence, c *policy.Constraint, rc *recognize.RepoContext, idx []int) ([]subject, bool) {
	subs, why, _ := placeAll(s, c, rc, idx)
	return subs, why == "" && len(subs) > 0
}

// placeAll resolves the spans of a sentence's list, placing folder names against the
// repository's folders; why names the first name that places nowhere or in several
// folders; soft names a bare word placed as a package name because it is no folder
// (the reason when the sentence needed a folder there).
func placeAll(s sentence, c *policy.Constraint, rc *recognize.RepoContext, idx []int) (subs []subject, why, soft string) {
	for _, i := range idx {
		if i >= len(s.spans) {
			return nil, "names a folder or package heed cannot place", ""
		}
		sub, w := placeSpan(s, i, idx, c, rc)
		if sub.empty() {
			if w == "" {
				w = "names a folder or package heed cannot place"
			}
			return nil, w, ""
		}
		if sub.group != "" && sub.dir == "" {
			// a placeholder pattern (`src/features/<name>/`) is no one part
			return nil, "names a folder or package heed cannot place", ""
		}
		if w != "" && soft == "" {
			soft = w
		}
		subs = append(subs, sub)
	}
	return subs, "", soft
}

// importerGlobs are what an importer subject selects: folders and file kinds by glob,
// a workspace package by name.
func importerSide(subs []subject) (globs, packages []string, ok bool) {
	for _, s := range subs {
		switch {
		case len(s.globs) > 0:
			globs = append(globs, s.globs...)
		case len(s.packages) > 0 && strings.HasPrefix(s.packages[0], "@"):
			packages = append(packages, s.packages...)
		default:
			return nil, nil, false // a bare package name cannot import anything here
		}
	}
	return uniq.Values(globs), uniq.Values(packages), true
}

// targetSide keeps, for a folder subject, the folder only: "`web`" the folder is
// not also the npm package "web".
func targetSide(subs []subject) (globs, packages []string) {
	for _, s := range subs {
		globs = append(globs, s.globs...)
		if len(s.globs) == 0 || s.lang != "" || s.anywhere || strings.HasPrefix(s.packages0(), "@") {
			packages = append(packages, s.packages...)
		}
	}
	return uniq.Values(globs), uniq.Values(packages)
}

func (s subject) packages0() string {
	if len(s.packages) == 0 {
		return ""
	}
	return s.packages[0]
}

func forbidRules(s sentence, c *policy.Constraint, rc *recognize.RepoContext, fromIdx, toIdx []int, both bool) ([]policy.Rule, string) {
	from, why1, soft := placeAll(s, c, rc, fromIdx)
	to, why2, _ := placeAll(s, c, rc, toIdx)
	if why1 != "" || why2 != "" {
		return nil, joinWhy(why1, why2)
	}
	rules := []policy.Rule{}
	if r, ok := forbidRule(c, rc, from, to); ok {
		rules = append(rules, r)
	} else {
		if soft != "" {
			return nil, soft
		}
		return nil, "the importing side is not a folder or file kind"
	}
	if both {
		if r, ok := forbidRule(c, rc, to, from); ok {
			rules = append(rules, r)
		}
	}
	return rules, ""
}

func forbidRule(c *policy.Constraint, rc *recognize.RepoContext, from, to []subject) (policy.Rule, bool) {
	fg, fp, ok := importerSide(from)
	if !ok || len(fg)+len(fp) == 0 {
		return policy.Rule{}, false
	}
	tg, tp := targetSide(to)
	if len(tg)+len(tp) == 0 {
		return policy.Rule{}, false
	}
	params := importsParams{Mode: ModeForbid, From: fg, FromPackages: fp, To: tg, ToPackages: tp}
	sm := newSampler(rc, append(append([]subject(nil), from...), to...)...)
	var cases []policy.Case
	if len(fg) > 0 && len(tg) > 0 {
		src := sm.concrete(fg[0], "importer")
		dst := sm.concrete(tg[0], "target")
		other := sm.concrete("neutral/**", "other")
		cases = append(cases,
			sm.importCase(policy.ExpectViolated, src, dst, "an import across the boundary"),
			sm.importCase(policy.ExpectSatisfied, src, other, "an import of something else"))
	}
	summary := fmt.Sprintf("%s imports %s", list(append(humans(fg), fp...)), list(append(humans(tg), tp...)))
	return archRule(KindImports, params, c, summary, "", cases...), true
}

// exceptRules: only the importers named may import the targets; everything else in
// scope must not.
func exceptRules(s sentence, c *policy.Constraint, rc *recognize.RepoContext, allowedIdx, toIdx []int) ([]policy.Rule, string) {
	allowed, why1, soft := placeAll(s, c, rc, allowedIdx)
	to, why2, _ := placeAll(s, c, rc, toIdx)
	if why1 != "" || why2 != "" {
		return nil, joinWhy(why1, why2)
	}
	ag, _, ok := importerSide(allowed)
	if !ok || len(ag) == 0 {
		if soft != "" {
			return nil, soft
		}
		return nil, "the allowed importers are not a folder or file kind"
	}
	tg, tp := targetSide(to)
	params := importsParams{Mode: ModeForbid, From: []string{"**"}, FromExcept: ag, To: tg, ToPackages: tp}
	sm := newSampler(rc, append(append([]subject(nil), allowed...), to...)...)
	var cases []policy.Case
	if len(tg) > 0 {
		dst := sm.concrete(tg[0], "target")
		bad := sm.concrete("neutral/**", "importer")
		good := sm.concrete(ag[0], "allowed")
		other := sm.concrete("elsewhere/**", "other")
		cases = append(cases,
			sm.importCase(policy.ExpectViolated, bad, dst, "an importer that is not allowed"),
			sm.importCase(policy.ExpectSatisfied, bad, other, "the same importer importing something else"),
			sm.importCase(policy.ExpectInapplicable, good, dst, "an allowed importer: the rule does not apply to it"))
	}
	summary := fmt.Sprintf("a file other than %s imports %s", list(humans(ag)), list(append(humans(tg), tp...)))
	return []policy.Rule{archRule(KindImports, params, c, summary, "", cases...)}, ""
}

// withWords is the sentence with the folder names of a list written without code
// spans added as spans, and their indexes; "and" joins them, it names none.
func withWords(s sentence, list string) (sentence, []int) {
	out := sentence{prose: s.prose, spans: append([]string(nil), s.spans...)}
	var idx []int
	for _, w := range norm.ArchWords(list) {
		if w == "and" {
			continue
		}
		idx = append(idx, len(out.spans))
		out.spans = append(out.spans, w)
	}
	return out, idx
}

// placeWords places folder names written without code spans, with the subject: a
// name in several folders is the one beside the others ("`api/` imports application +
// contracts only" with frontend/src/api and backend/src/app/{api,application,contracts}
// is backend's), a word the folder beside the subject when there is one. Each span is
// rewritten as its folder's path. why is set when a name is no folder: a word that is
// not one ("imports lodash only") is no boundary of the repository's parts.
func placeWords(s sentence, c *policy.Constraint, rc *recognize.RepoContext, fromIdx, wordIdx []int) string {
	if len(fromIdx) != 1 || rc == nil || len(rc.Dirs) == 0 {
		return "the importing side is not one folder"
	}
	subj, _ := folderName(s.spans[fromIdx[0]])
	if subj == "" {
		return "the importing side is not a folder"
	}
	names := []string{subj}
	for _, i := range wordIdx {
		names = append(names, s.spans[i])
	}
	pl := placeNames(names, c, rc)
	if pl[0].dir == "" {
		return pl[0].why
	}
	s.spans[fromIdx[0]] = pl[0].dir
	parent := path.Dir(pl[0].dir)
	for k, i := range wordIdx {
		if sib := path.Join(parent, s.spans[i]); parent != "." && isDir(rc, sib) {
			s.spans[i] = sib
			continue
		}
		if pl[k+1].dir == "" {
			return pl[k+1].why
		}
		s.spans[i] = pl[k+1].dir
	}
	return ""
}

// testsOnlyRules: only test files (those named, or the repository's usual ones) may
// import the targets.
func testsOnlyRules(s sentence, c *policy.Constraint, rc *recognize.RepoContext, namedIdx, toIdx []int) ([]policy.Rule, string) {
	to, why, _ := placeAll(s, c, rc, toIdx)
	if why != "" {
		return nil, why
	}
	var tests []string
	for _, i := range namedIdx {
		if sub, ok := resolveSpan(s.spans[i], c, rc); ok && sub.fileKind {
			tests = append(tests, sub.globs...)
		}
	}
	if len(tests) == 0 {
		tests = defaultTestGlobs(rc)
	}
	tg, tp := targetSide(to)
	if len(tg)+len(tp) == 0 {
		return nil, ""
	}
	params := importsParams{Mode: ModeForbid, From: []string{"**"}, FromExcept: tests, To: tg, ToPackages: tp}
	sm := newSampler(rc, to...)
	var cases []policy.Case
	if len(tg) > 0 {
		dst := sm.concrete(tg[0], "target")
		bad := sm.concrete("neutral/**", "importer")
		cases = append(cases,
			sm.importCase(policy.ExpectViolated, bad, dst, "production code importing what only tests may"),
			sm.importCase(policy.ExpectSatisfied, bad, sm.concrete("elsewhere/**", "other"), "the same file importing something else"))
		if t := testVariant(bad, tests); t != "" {
			cases = append(cases, sm.importCase(policy.ExpectInapplicable, t, dst, "a test file: the rule does not apply to it"))
		}
	}
	summary := fmt.Sprintf("a file that is not a test imports %s", list(append(humans(tg), tp...)))
	return []policy.Rule{archRule(KindImports, params, c, summary, "", cases...)}, ""
}

// onlyRules: the importers may import (of the repository's own code) only the
// targets and themselves.
func onlyRules(s sentence, c *policy.Constraint, rc *recognize.RepoContext, fromIdx, toIdx []int) ([]policy.Rule, string) {
	from, why, soft := placeAll(s, c, rc, fromIdx)
	if why != "" {
		return nil, why
	}
	var to []subject
	if len(toIdx) > 0 {
		if to, why, _ = placeAll(s, c, rc, toIdx); why != "" {
			return nil, why
		}
	}
	if _, _, ok := importerSide(from); !ok {
		if soft != "" {
			return nil, soft
		}
		return nil, "the importing side is not a folder"
	}
	// Each package named is bound on its own: in "`a` and `b` may import only `c`"
	// (or "must not import any other package") `a` must not import `b` either.
	var rules []policy.Rule
	for _, f := range from {
		r, ok := onlyRule(c, rc, f, to)
		if !ok {
			if soft != "" {
				return nil, soft
			}
			return nil, "the importing side is not a folder"
		}
		rules = append(rules, r)
		if f.group != "" && f.dir != "" && f.group == f.dir+"/*" {
			// "`apps/*` may only import from `packages/*`": each app imports
			// only itself and the packages, so no app imports another
			rules = append(rules, isolateRule(c, rc, f.group))
		}
	}
	return rules, ""
}

// onlyRule: one importer may import (of the repository's own code) only the targets
// and itself.
func onlyRule(c *policy.Constraint, rc *recognize.RepoContext, from subject, to []subject) (policy.Rule, bool) {
	fg, fp, ok := importerSide([]subject{from})
	if !ok || len(fg) == 0 {
		return policy.Rule{}, false
	}
	tg, tp := targetSide(to)
	params := importsParams{Mode: ModeOnly, From: fg, FromPackages: fp, To: tg, ToPackages: tp}
	sm := newSampler(rc, append([]subject{from}, to...)...)
	src := sm.concrete(fg[0], "importer")
	other := sm.concrete("neutral/**", "other")
	good := sm.concrete(fg[0], "sibling")
	if len(tg) > 0 {
		good = sm.concrete(tg[0], "allowed")
	}
	summary := fmt.Sprintf("%s imports another part of the repository than %s", list(humans(fg)), list(append(humans(tg), tp...)))
	if len(tg)+len(tp) == 0 {
		summary = fmt.Sprintf("%s imports another part of the repository", list(humans(fg)))
	}
	return archRule(KindImports, params, c, summary, "",
		sm.importCase(policy.ExpectViolated, src, other, "an import of a folder the rule does not allow"),
		sm.importCase(policy.ExpectSatisfied, src, good, "an allowed import")), true
}

// archRule fills a rule of the domain.
func archRule(kind string, params any, c *policy.Constraint, message, suggestion string, cases ...policy.Case) policy.Rule {
	raw, _ := json.Marshal(params)
	return policy.Rule{Domain: policy.DomainArchitecture, Kind: kind, Params: raw, Severity: recognize.Severity(c.Level),
		Exact: true, Message: message, Suggestion: suggestion, Cases: cases}
}

// joinWhy joins the reasons two lists of names gave.
func joinWhy(a, b string) string {
	if a != "" && b != "" {
		return a + "; " + b
	}
	return a + b
}

// packageNamed finds the third-party package a word names: one the repository's
// manifests declare or its code imports, the name in any case ("SQLAlchemy" is
// sqlalchemy), with "-" and "_" alike.
func packageNamed(word string, rc *recognize.RepoContext) (string, bool) {
	if rc == nil || word == "" {
		return "", false
	}
	fold := func(s string) string { return strings.ReplaceAll(strings.ToLower(s), "_", "-") }
	w := fold(word)
	for _, p := range rc.Packages {
		if fold(p.Name) == w || fold(path.Base(p.Name)) == w {
			return p.Name, true
		}
	}
	if rc.SourceImports != nil {
		for _, m := range rc.SourceImports() {
			if fold(m.Name) == w {
				return m.Name, true
			}
		}
	}
	return "", false
}

// wordSubject rewrites a boundary whose subject is a word naming one folder of the
// repository ("UI code may only use `core`", with `src/ui/`) into the span form the
// boundary readers take ("§1 may only use §0", §1 `ui`).
func wordSubject(s sentence, c *policy.Constraint, rc *recognize.RepoContext) (sentence, bool) {
	if rc == nil || len(rc.Dirs) == 0 {
		return sentence{}, false
	}
	word, rest, ok := norm.WordSubject(s.prose)
	if !ok {
		return sentence{}, false
	}
	if d := repoPath(word, c, rc); !isDir(rc, d) {
		return sentence{}, false
	}
	spans := append(append([]string(nil), s.spans...), word)
	return sentence{prose: fmt.Sprintf("§%d %s", len(spans)-1, rest), spans: spans}, true
}

// contextSubject rewrites a boundary whose subject is the one folder the list item
// above it names and whose object is a word naming one folder ("Controller Layer
// (`web` package):" + "NEVER accesses the Repository directly.") into the span form
// ("§0 must not import §1").
func contextSubject(s sentence, c *policy.Constraint, rc *recognize.RepoContext) (sentence, bool) {
	if rc == nil || len(rc.Dirs) == 0 || !strings.Contains(c.Context, "`") {
		return sentence{}, false
	}
	should, words, ok := norm.ContextObject(s.prose)
	if !ok {
		return sentence{}, false
	}
	ctx := recognize.CodeSpans(c.Context)
	if len(ctx) != 1 {
		return sentence{}, false
	}
	subj := strings.Trim(strings.TrimSpace(ctx[0]), "/")
	if sub, ok := resolveSpan(subj, c, rc); !ok || sub.empty() || sub.anywhere {
		return sentence{}, false
	}
	obj := ""
	for _, w := range words {
		if sub, ok := resolveSpan(w, c, rc); ok && w != subj && !sub.empty() && !sub.anywhere {
			obj = w
			break
		}
	}
	if obj == "" {
		return sentence{}, false
	}
	modal := "must not"
	if should {
		modal = "should not"
	}
	return sentence{prose: "§0 " + modal + " import §1", spans: []string{subj, obj}}, true
}

// targetExceptions allows the imports rules the parts of their targets a sentence
// excepts ("`motion/` imports nothing from `firm/` except `firm/messages/`", "`lib/doc`
// is private: reach it only through `lib/doc/hooks`"); an exception heed cannot place
// leaves no rule, for the rule without it would flag what the sentence allows.
func targetExceptions(s sentence, c *policy.Constraint, rc *recognize.RepoContext, except []int, rules []policy.Rule, why string) ([]policy.Rule, string) {
	if len(except) == 0 || len(rules) == 0 {
		return rules, why
	}
	ex, exWhy, _ := placeAll(s, c, rc, except)
	if exWhy != "" {
		return nil, exWhy
	}
	globs, _ := targetSide(ex)
	if len(globs) == 0 {
		return nil, "names an exception heed cannot place"
	}
	for i := range rules {
		if !withTargetExceptions(&rules[i], globs) {
			return nil, "makes an exception heed cannot apply"
		}
	}
	return rules, why
}

// withTargetExceptions adds globs of targets an imports rule allows after all.
func withTargetExceptions(r *policy.Rule, globs []string) bool {
	if r.Kind != KindImports {
		return false
	}
	var p importsParams
	if err := json.Unmarshal(r.Params, &p); err != nil {
		return false
	}
	p.ToExcept = uniq.Values(append(p.ToExcept, globs...))
	raw, err := json.Marshal(p)
	if err != nil {
		return false
	}
	r.Params = raw
	return true
}
