// Command compiler is the compiler's yardstick: hand-labelled constraints of real
// instruction files the compiler was not grown on, a split into dev and holdout fixed by
// the hash of each file's name, and a scorer that compiles each labelled file at its
// real path and judges the rules against the labels' cases.
//
//	go run ./bench/compiler split                 # every corpus file, its split and size
//	go run ./bench/compiler skeleton FILE...      # unlabelled records of a file's must/should constraints
//	go run ./bench/compiler validate [FILE...]    # check every label (or those of the files)
//	go run ./bench/compiler score [-split dev]    # coverage and precision per split and domain
//	go run ./bench/compiler seal FILE...          # replace each label's text by its hash
//	go run ./bench/compiler stale [-fix]          # dev labels whose text moved; -fix moves them
//
// LABELS.md says how to label; README.md has the figures.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/heed-dev/heed/bench/corpus"
	"github.com/heed-dev/heed/internal/compile"
	"github.com/heed-dev/heed/internal/instr"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/rules"
	"github.com/heed-dev/heed/internal/workers"
)

func main() {
	if len(os.Args) < 2 {
		usage()
	}
	cmd, args := os.Args[1], os.Args[2:]
	var err error
	switch cmd {
	case "split":
		err = runSplit(args)
	case "skeleton":
		err = runSkeleton(args)
	case "validate":
		err = runValidate(args)
	case "score":
		err = runScore(args)
	case "seal":
		err = runSeal(args)
	case "read":
		err = runRead(args)
	case "stale":
		err = runStale(args)
	default:
		usage()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "compiler:", err)
		os.Exit(2)
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: go run ./bench/compiler split|skeleton|validate|score|seal|read|stale [flags]")
	os.Exit(2)
}

// defaultCorpusRoot is the corpus of the shared evaluation tree: the folder HEED_SHARED
// names (as for .ci/run), else ../shared/corpus seen from the repository root (or from
// this folder, where go test runs), so a worktree elsewhere finds it when told once.
func defaultCorpusRoot() string {
	candidates := []string{filepath.Join("..", "shared", "corpus"), filepath.Join("..", "..", "..", "shared", "corpus")}
	if dir := os.Getenv("HEED_SHARED"); dir != "" {
		candidates = append([]string{filepath.Join(dir, "corpus")}, candidates...)
	}
	for _, c := range candidates {
		if _, err := os.Stat(filepath.Join(c, "instructions", "MANIFEST.tsv")); err == nil {
			return c
		}
	}
	return filepath.Join("..", "shared", "corpus")
}

const (
	defaultLabels = "bench/compiler/labels"
	defaultMoved  = "bench/compiler/labels/moved.tsv"
)

// corpusDirs are the corpora whose files are labelled, relative to the corpus root.
// fetched-N are corpora fetched from public repositories for a first-sight round:
// their files are not in shared/ (nothing fetched is committed), only their manifest
// is (bench/compiler/fetched/), and they are looked for in the fetched root.
var corpusDirs = []string{"instructions", "instructions-2", "fetched-1", "fetched-2", "fetched-3", "fetched-4"}

// corpusPresent: corpus dir is there, with its manifest and every file the manifest
// lists. A fetched round restored only in part (the files still being copied in)
// counts as absent, and the scorer says so, rather than failing on the first file
// that is not there yet.
func corpusPresent(root, dir string) bool {
	p := corpusPath(root, dir)
	if _, err := os.Stat(filepath.Join(p, "MANIFEST.tsv")); err != nil {
		return false
	}
	rows, err := corpus.ReadManifest(p)
	if err != nil {
		return true // the manifest's own error is reported where it is read
	}
	for _, row := range rows {
		if _, err := os.Stat(filepath.Join(p, row.Name)); err != nil {
			return false
		}
	}
	return true
}

// corpusPath is where corpus dir lives: under the corpus root, or, for a fetched
// corpus, under the fetched root ($HEED_FETCHED_CORPUS, or fetched-corpus beside the
// folder that holds shared/).
func corpusPath(root, dir string) string {
	p := filepath.Join(root, dir)
	if _, err := os.Stat(p); err == nil || !strings.HasPrefix(dir, "fetched-") {
		return p
	}
	fetched := os.Getenv("HEED_FETCHED_CORPUS")
	if fetched == "" {
		fetched = filepath.Join(root, "..", "..", "fetched-corpus")
	}
	return filepath.Join(fetched, dir)
}

// LayoutDirs says, for a corpus dir ("instructions-2", "fetched-3"), the folder that
// holds the layouts of its repositories, or "" for none.
type LayoutDirs func(corpusDir string) string

// layoutsDirs is where fetched/layouts.sh writes the repositories' layouts, beside the
// fetched corpora: layouts/ for the fetched rounds (`layouts.sh N`), layouts-shared/
// for the shared corpus (`layouts.sh shared`). They are two folders so that writing
// the one never changes a layout the other's scores rest on.
func layoutsDirs(root string) LayoutDirs {
	fetched := filepath.Dir(corpusPath(root, "fetched-1"))
	return func(dir string) string {
		if strings.HasPrefix(dir, "fetched-") {
			return filepath.Join(fetched, "layouts")
		}
		return filepath.Join(fetched, "layouts-shared")
	}
}

// LayoutUse counts, for one corpus, the labelled files compiled with their
// repository's layout, by the layout's origin (corpus.Repo.Layout), and those
// compiled with a context made from the manifest's language alone.
type LayoutUse struct {
	ByOrigin map[string]int
	Without  int
}

// With is how many files had a layout, whatever its origin.
func (u *LayoutUse) With() int {
	n := 0
	for _, c := range u.ByOrigin {
		n += c
	}
	return n
}

// formatLayoutUse writes one line a corpus: files with a layout (by origin) and without.
func formatLayoutUse(use map[string]*LayoutUse) string {
	var b strings.Builder
	b.WriteString("labelled files compiled with their repository's layout (by the commit it is of) and without one, per corpus:\n")
	for _, dir := range corpusDirs {
		u := use[dir]
		if u == nil {
			continue
		}
		var origins []string
		for o := range u.ByOrigin {
			origins = append(origins, o)
		}
		sort.Strings(origins)
		var parts []string
		for _, o := range origins {
			parts = append(parts, fmt.Sprintf("%s %d", o, u.ByOrigin[o]))
		}
		by := ""
		if len(parts) > 0 {
			by = " (" + strings.Join(parts, ", ") + ")"
		}
		fmt.Fprintf(&b, "  %-15s %3d with%s, %d without\n", dir, u.With(), by, u.Without)
	}
	return b.String()
}

// fileInfo is one corpus file with its split and must/should constraints.
type fileInfo struct {
	corpus.File
	Key         string // corpus-relative: "instructions-2/NAME"
	Split       string
	Constraints []policy.Constraint // must and should only, in line order
}

// loadFiles extracts every corpus file on its own, at its real repository path.
func loadFiles(root string, moved map[string]bool) ([]*fileInfo, error) {
	var out []*fileInfo
	for _, dir := range corpusDirs {
		if !corpusPresent(root, dir) {
			continue
		}
		rows, err := corpus.ReadManifest(corpusPath(root, dir))
		if err != nil {
			return nil, err
		}
		for _, row := range rows {
			src, err := os.ReadFile(filepath.Join(corpusPath(root, dir), row.Name))
			if err != nil {
				return nil, fmt.Errorf("read corpus file: %w", err)
			}
			format := instr.Classify(row.Path)
			if format == "" {
				format = row.Kind
			}
			cons, _ := instr.Extract(row.Path, src, format, policy.Scope{Dir: instr.ScopeDir(row.Path, format)})
			key := dir + "/" + row.Name
			fi := &fileInfo{File: row, Key: key, Split: Split(key, moved)}
			for _, c := range cons {
				if c.Level == policy.Must || c.Level == policy.Should {
					fi.Constraints = append(fi.Constraints, c)
				}
			}
			sort.SliceStable(fi.Constraints, func(i, j int) bool { return fi.Constraints[i].Line < fi.Constraints[j].Line })
			out = append(out, fi)
		}
	}
	return out, nil
}

func runSplit(args []string) error {
	fs := flag.NewFlagSet("split", flag.ExitOnError)
	root := fs.String("corpus", defaultCorpusRoot(), "corpus root holding instructions/ and instructions-2/")
	fs.Parse(args)
	moved, err := LoadMoved(defaultMoved)
	if err != nil {
		return err
	}
	files, err := loadFiles(*root, moved)
	if err != nil {
		return err
	}
	fmt.Println("split\tfile\tkind\tlanguage\tmust_should")
	for _, f := range files {
		fmt.Printf("%s\t%s\t%s\t%s\t%d\n", f.Split, f.Key, f.Kind, f.Language, len(f.Constraints))
	}
	return nil
}

// runSkeleton prints unlabelled records for the must/should constraints of each named
// file: all of them, or a sample of -cap drawn with a seed made from the file's name.
func runSkeleton(args []string) error {
	fs := flag.NewFlagSet("skeleton", flag.ExitOnError)
	root := fs.String("corpus", defaultCorpusRoot(), "corpus root")
	limit := fs.Int("cap", 0, "label at most this many constraints of a file (a seeded sample); 0 for all")
	fs.Parse(args)
	files, err := loadFiles(*root, nil)
	if err != nil {
		return err
	}
	byKey := map[string]*fileInfo{}
	for _, f := range files {
		byKey[f.Key] = f
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetEscapeHTML(false)
	for _, key := range fs.Args() {
		f := byKey[key]
		if f == nil {
			return fmt.Errorf("%s: not a corpus file (want instructions/NAME or instructions-2/NAME)", key)
		}
		cons := f.Constraints
		if *limit > 0 && len(cons) > *limit {
			r := rand.New(rand.NewSource(seedOf(key)))
			idx := r.Perm(len(cons))[:*limit]
			sort.Ints(idx)
			picked := make([]policy.Constraint, len(idx))
			for i, j := range idx {
				picked[i] = cons[j]
			}
			cons = picked
		}
		for _, c := range cons {
			l := Label{File: key, Line: c.Line, Text: c.Text, Level: string(c.Level), Heading: strings.Join(c.HeaderPath, " > ")}
			if err := enc.Encode(l); err != nil {
				return err
			}
		}
	}
	return nil
}

func seedOf(s string) int64 {
	var h int64 = 1469598103934665603
	for i := 0; i < len(s); i++ {
		h = (h ^ int64(s[i])) * 1099511628211
	}
	return h
}

func runValidate(args []string) error {
	fs := flag.NewFlagSet("validate", flag.ExitOnError)
	dir := fs.String("labels", defaultLabels, "folder of label files (*.jsonl)")
	fs.Parse(args)
	set := &LabelSet{Origin: map[*Label]string{}}
	var err error
	if fs.NArg() > 0 {
		for _, name := range fs.Args() {
			if err := set.read(name); err != nil {
				return err
			}
		}
	} else if set, err = LoadLabels(*dir); err != nil {
		return err
	}
	bad := 0
	for _, l := range set.Labels {
		if err := l.Validate(); err != nil {
			fmt.Printf("%s: %v\n", set.Origin[l], err)
			bad++
		}
	}
	fmt.Printf("%d labels, %d invalid\n", len(set.Labels), bad)
	if bad > 0 {
		return fmt.Errorf("%d invalid labels", bad)
	}
	return nil
}

// corpusIndex knows, for each corpus file key, its repository and real path, and the
// compiled entries of that repository by file path and line.
type corpusIndex struct {
	repoOf  map[string]*corpus.Repo // key → repository
	pathOf  map[string]string       // key → path in the repository
	lines   map[string][]string     // key → the file's lines
	entries map[string]map[int][]*policy.Entry
	// layouts counts the labelled files compiled with and without a layout, by corpus.
	layouts map[string]*LayoutUse
}

// compileLabelled compiles every corpus repository that holds a labelled file, with
// all of its instruction files (so nested files keep their scope and neighbours), with
// its layout when layouts (which may be nil) gives its corpus a folder of them.
func compileLabelled(root string, layouts LayoutDirs, set *LabelSet) (*corpusIndex, error) {
	want := map[string]bool{}
	for _, l := range set.Labels {
		want[l.File] = true
	}
	ix := &corpusIndex{repoOf: map[string]*corpus.Repo{}, pathOf: map[string]string{}, lines: map[string][]string{}, entries: map[string]map[int][]*policy.Entry{}, layouts: map[string]*LayoutUse{}}
	recs := rules.Recognizers()
	for _, dir := range corpusDirs {
		if !corpusPresent(root, dir) {
			continue // a fixture may hold one corpus only
		}
		repos, err := corpus.Load(corpusPath(root, dir))
		if err != nil {
			return nil, err
		}
		if layouts != nil {
			if at := layouts(dir); at != "" {
				if _, err := corpus.UseLayouts(repos, at); err != nil {
					return nil, err
				}
			}
		}
		for _, r := range repos {
			needed := false
			for path, name := range r.Names {
				key := dir + "/" + name
				ix.repoOf[key], ix.pathOf[key] = r, path
				if want[key] {
					needed = true
					u := ix.layouts[dir]
					if u == nil {
						u = &LayoutUse{ByOrigin: map[string]int{}}
						ix.layouts[dir] = u
					}
					if r.Layout != "" {
						u.ByOrigin[r.Layout]++
					} else {
						u.Without++
					}
					src, err := os.ReadFile(filepath.Join(corpusPath(root, dir), name))
					if err != nil {
						return nil, fmt.Errorf("read corpus file: %w", err)
					}
					ix.lines[key] = strings.Split(string(src), "\n")
				}
			}
			if !needed {
				continue
			}
			p, _ := compile.Compile(r.Set, r.Context, recs)
			byPath := map[string]string{}
			for path, name := range r.Names {
				byPath[path] = dir + "/" + name
			}
			if modelRun.dir != "" {
				rep, err := modelCompile(modelRun.dir, p, r.Context, r.Paths, func(path string) bool {
					key, ok := byPath[path]
					return ok && want[key] && modelKeeps(key)
				}, io.Discard)
				if err != nil {
					return nil, fmt.Errorf("model bridge, %s: %w", r.Name, err)
				}
				modelRun.total.add(rep)
				if modelRun.exactOnly {
					dropApproximations(p)
				}
			}
			for i := range p.Entries {
				e := &p.Entries[i]
				key := byPath[e.File]
				if ix.entries[key] == nil {
					ix.entries[key] = map[int][]*policy.Entry{}
				}
				ix.entries[key][e.Line] = append(ix.entries[key][e.Line], e)
			}
		}
	}
	for key := range want {
		if ix.repoOf[key] == nil {
			return nil, fmt.Errorf("labels name %s, which is not a corpus file", key)
		}
	}
	return ix, nil
}

// itemsOf returns the entries of the items a lead-in introduces: those below it in
// the same file whose context is the lead-in's text.
func (ix *corpusIndex) itemsOf(key string, line int, lead []*policy.Entry) []*policy.Entry {
	if len(lead) == 0 {
		return nil
	}
	text := strings.Join(strings.Fields(lead[0].Text), " ")
	var items []*policy.Entry
	for l := line + 1; l <= line+maxItemSpan; l++ {
		for _, e := range ix.entries[key][l] {
			if e.File == lead[0].File && strings.Join(strings.Fields(e.Context), " ") == text {
				items = append(items, e)
			}
		}
	}
	return items
}

// executable: the entry has a rule other than a model's judgement.
func executable(e *policy.Entry) bool {
	return slices.ContainsFunc(e.Rules, func(r policy.Rule) bool { return r.Domain != policy.DomainSemantic })
}

// maxItemSpan bounds how far below a lead-in its items are looked for.
const maxItemSpan = 80

// ScoreAll judges every label. layouts, when not nil, gives each corpus its folder of
// repository layouts (fetched/layouts.sh): a repository with one is compiled with the
// context `heed compile` builds from a checkout, as a user's would be. It also
// returns, per corpus, how many labelled files were compiled with a layout.
func ScoreAll(root string, layouts LayoutDirs, set *LabelSet, moved map[string]bool) ([]LabelOutcome, map[string]*LayoutUse, error) {
	ix, err := compileLabelled(root, layouts, set)
	if err != nil {
		return nil, nil, err
	}
	judge := RegistryJudge(rules.Registry())
	outs := make([]LabelOutcome, len(set.Labels))
	workers.Each(len(set.Labels), 0, func(i int) {
		l := set.Labels[i]
		entries, stale := matchEntries(l, ix.entries[l.File][l.Line])
		var items []*policy.Entry
		if l.Checkable == Yes && !slices.ContainsFunc(entries, executable) {
			items = ix.itemsOf(l.File, l.Line, entries) // a lead-in's items, only when it has no rule
		}
		outs[i] = JudgeWithItems(l, Split(l.File, moved), entries, items, judge)
		outs[i].Stale = stale
	})
	// A sealed label has no text: show the file's, for the problem lists.
	for i := range outs {
		l := outs[i].Label
		if l.Text != "" {
			continue
		}
		if es, _ := matchEntries(l, ix.entries[l.File][l.Line]); len(es) > 0 {
			l.Text = es[0].Text
		} else if lines := ix.lines[l.File]; l.Line <= len(lines) {
			l.Text = strings.TrimSpace(lines[l.Line-1])
		}
	}
	return outs, ix.layouts, nil
}

func runScore(args []string) error {
	fs := flag.NewFlagSet("score", flag.ExitOnError)
	root := fs.String("corpus", defaultCorpusRoot(), "corpus root")
	dir := fs.String("labels", defaultLabels, "folder of label files")
	only := fs.String("split", "", "print only this split's table (dev, holdout, all)")
	verbose := fs.Bool("v", false, "list the dev split's misreadings and misses, and its families")
	reveal := fs.Bool("reveal", false, "also list the holdout's misreadings and misses: every file shown must then move to dev (labels/moved.tsv)")
	revealDomain := fs.String("reveal-domain", "", "like -reveal, for the labels and rules of one domain only")
	asJSON := fs.Bool("json", false, "print the tallies as JSON")
	stages := fs.Bool("stages", false, "count each split's misses by family and the stage heed lost them at (no sentences)")
	families := fs.Bool("families", false, "count the misreadings and misses of each split by family (no sentences), with one dev example each")
	useLayouts := fs.Bool("layouts", true, "compile each repository that has a layout (fetched/layouts.sh: layouts/ for the fetched rounds, layouts-shared/ for the shared corpus) with the context heed builds from a checkout; false: from the manifest's language only")
	sharedLayouts := fs.Bool("layouts-shared", true, "with -layouts, also compile the shared corpus's repositories with their layouts (layouts-shared/, `fetched/layouts.sh shared`); false: the fetched rounds' only, as before stop 38")
	modelDir := fs.String("model-dir", "", "run heed's model path (compile --llm) through the file bridge in this folder: requests are written to DIR/requests, answers read from DIR/answers (bridge.go)")
	modelSample := fs.Int("model-sample", 1, "with -model-dir: score only one in N labelled files, chosen by a hash of the file's name (the same files with and without -model-dir)")
	modelExact := fs.Bool("model-exact-only", false, "with -model-dir: keep only the model's rules it calls exact, dropping its approximations (a policy heed could adopt; compare the figures)")
	modelPart := fs.Int("model-sample-part", 0, "with -model-sample N: which of the N disjoint parts to keep (0..N-1); a part nobody answered is a fresh measurement")
	modelSplit := fs.String("model-split", "holdout", "with -model-dir or -model-sample: the split whose files the model path runs over and the sample keeps (dev, holdout, all)")
	corpusOnly := fs.String("only", "", "score only the labels of this corpus (instructions, instructions-2, fetched-1, fetched-2, fetched-3, fetched-4): one round's figures")
	fs.Parse(args)
	set, err := LoadLabels(*dir)
	if err != nil {
		return err
	}
	if *corpusOnly != "" {
		set.Keep(func(l *Label) bool { return strings.HasPrefix(l.File, *corpusOnly+"/") })
	}
	for _, l := range set.Labels {
		if err := l.Validate(); err != nil {
			return fmt.Errorf("%s: %w", set.Origin[l], err)
		}
	}
	moved, err := LoadMoved(filepath.Join(*dir, "moved.tsv"))
	if err != nil {
		return err
	}
	if *modelPart < 0 || *modelSample > 0 && *modelPart >= *modelSample {
		return fmt.Errorf("-model-sample-part %d: want 0..%d", *modelPart, *modelSample-1)
	}
	modelRun.dir, modelRun.sample, modelRun.part, modelRun.split, modelRun.moved, modelRun.exactOnly = *modelDir, *modelSample, *modelPart, *modelSplit, moved, *modelExact
	if *modelDir != "" || *modelSample > 1 {
		set.Keep(func(l *Label) bool { return modelKeeps(l.File) })
	}
	for _, dir := range corpusDirs {
		if !corpusPresent(*root, dir) && strings.HasPrefix(dir, "fetched-") {
			n := len(set.Labels)
			set.Keep(func(l *Label) bool { return !strings.HasPrefix(l.File, dir+"/") })
			if n > len(set.Labels) {
				fmt.Fprintf(os.Stderr, "compiler: %d labels of %s skipped: the fetched corpus is not (or not all) at %s (bench/compiler/fetched/README.md says how to fetch it)\n", n-len(set.Labels), dir, corpusPath(*root, dir))
			}
		}
	}
	var layouts LayoutDirs
	if *useLayouts {
		layouts = layoutsDirs(*root)
		if !*sharedLayouts {
			fetchedOnly := layouts
			layouts = func(dir string) string {
				if strings.HasPrefix(dir, "fetched-") {
					return fetchedOnly(dir)
				}
				return ""
			}
		}
	}
	outs, use, err := ScoreAll(*root, layouts, set, moved)
	if err != nil {
		return err
	}
	rep := Tabulate(outs)
	if *modelDir != "" {
		pending, err := pendingRequests(*modelDir)
		if err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "%s; %d requests await an answer in %s\n", modelRun.total, len(pending), filepath.Join(*modelDir, "requests"))
	}
	if *asJSON {
		enc := json.NewEncoder(os.Stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(rep.BySplit)
	}
	fmt.Println(formatLayoutUse(use))
	for _, split := range []string{"holdout", "dev", "all"} {
		if *only != "" && *only != split {
			continue
		}
		fmt.Println(rep.Format(split))
	}
	show := func(split string) {
		var sel []LabelOutcome
		for _, o := range outs {
			if o.Split == split {
				sel = append(sel, o)
			}
		}
		lines, fams := Problems(sel)
		fmt.Printf("== %s: %d misreadings and misses\n", split, len(lines))
		for _, l := range lines {
			fmt.Println(l)
		}
		fmt.Printf("== %s: families\n", split)
		for _, f := range TopFamilies(fams) {
			fmt.Printf("%5d  %s\n", fams[f], f)
		}
	}
	if *families {
		printFamilies(outs)
	}
	if *stages {
		printStages(outs)
	}
	if *verbose {
		show("dev")
	}
	if *reveal || *revealDomain != "" {
		var sel []LabelOutcome
		for _, o := range outs {
			if o.Split == "holdout" && (*revealDomain == "" || inDomain(o, *revealDomain)) {
				sel = append(sel, o)
			}
		}
		lines, _ := Problems(sel)
		fmt.Printf("== holdout revealed: %d misreadings and misses\n", len(lines))
		for _, l := range lines {
			fmt.Println(l)
		}
		fmt.Println("(holdout revealed: move every file shown to labels/moved.tsv and label fresh ones)")
	}
	return nil
}

// runSeal rewrites label files so that they refer to the corpus by file, line and a
// hash of the text, without copying the corpus's text: text becomes text_sha, and the
// heading (also the corpus's words) is dropped. A missed rule's text is the
// labeller's quote of the file and is hashed the same way.
func runSeal(args []string) error {
	for _, name := range args {
		set := &LabelSet{Origin: map[*Label]string{}}
		if err := set.read(name); err != nil {
			return err
		}
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		for _, l := range set.Labels {
			if l.Text != "" {
				l.TextSHA, l.Text = TextSHA(l.Text), ""
			}
			l.Heading = ""
			if err := enc.Encode(l); err != nil {
				return err
			}
		}
		if err := os.WriteFile(name, b.Bytes(), 0o644); err != nil {
			return fmt.Errorf("seal %s: %w", name, err)
		}
	}
	return nil
}

// printFamilies counts problems by family in each split, without showing a holdout
// sentence, and gives one dev example of each family.
func printFamilies(outs []LabelOutcome) {
	bySplit := map[string][]LabelOutcome{}
	for _, o := range outs {
		bySplit[o.Split] = append(bySplit[o.Split], o)
	}
	_, devF := Problems(bySplit["dev"])
	_, holdF := Problems(bySplit["holdout"])
	all := map[string]int{}
	for k, v := range devF {
		all[k] += v
	}
	for k, v := range holdF {
		all[k] += v
	}
	example := map[string]string{}
	for i := range bySplit["dev"] {
		o := &bySplit["dev"][i]
		lines, fams := Problems([]LabelOutcome{*o})
		for f := range fams {
			if example[f] == "" && len(lines) > 0 {
				example[f] = strings.ReplaceAll(lines[0], "\n", " ")
			}
		}
	}
	fmt.Printf("%5s %5s %5s  %s\n", "all", "dev", "hold", "family (one dev example)")
	for _, f := range TopFamilies(all) {
		fmt.Printf("%5d %5d %5d  %s\n", all[f], devF[f], holdF[f], f)
		if e := example[f]; e != "" {
			fmt.Printf("                   %s\n", e)
		}
	}
}

// printStages prints, for each split, its misses counted by family and stage.
func printStages(outs []LabelOutcome) {
	bySplit := map[string][]LabelOutcome{}
	for _, o := range outs {
		bySplit[o.Split] = append(bySplit[o.Split], o)
	}
	for _, split := range []string{"holdout", "dev"} {
		counts := Stages(bySplit[split])
		fmt.Printf("== %s: misses by family and stage\n", split)
		for _, k := range TopFamilies(counts) {
			fmt.Printf("%5d  %s\n", counts[k], k)
		}
	}
}

// inDomain: the label is of the domain, or heed compiled a rule of it.
func inDomain(o LabelOutcome, domain string) bool {
	if o.Label.Checkable == Yes && o.Label.Domain == domain {
		return true
	}
	for _, r := range o.Rules {
		if r.Rule.Domain == domain {
			return true
		}
	}
	return false
}
