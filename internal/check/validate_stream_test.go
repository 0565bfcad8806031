package check

import (
	"fmt"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/report"
)

// sites lists findings as "file:line fingerprint", sorted.
func sites(fs []report.Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, fmt.Sprintf("%s:%d %s", f.File, f.Line, f.Fingerprint))
	}
	slices.Sort(out)
	return out
}

// The pass streams the files through the rules, one file in memory at a time per
// worker, and finds what `heed check --all` finds on the same tree: the same sites,
// fingerprinted alike, the generated and vendored files left out, suppression comments
// obeyed. A rule judged on a sample finds what the check finds in the files of its
// sample. Each file is judged once by each rule.
func TestValidateStreamedFindsWhatCheckFinds(t *testing.T) {
	files := map[string]string{
		".gitattributes":   "src/gen.py linguist-generated\n",
		"src/gen.py":       "BAD\nRARE\n",
		"vendor/lib/x.py":  "BAD\nRARE\n",
		"src/rare.py":      "RARE\nok\nRARE\n",
		"src/quiet.py":     "RARE  # heed:ignore no-rare legacy code\nRARE\nBAD  # heed:ignore no-bad legacy code\nBAD\n",
		"src/same/dupe.py": "BAD\nok\nBAD\n",
	}
	for i := range 30 {
		files[fmt.Sprintf("src/m%02d.py", i)] = "ok\nBAD\n" + strings.Repeat("BAD\n", i%3)
	}
	g := newRepo(t, files)
	g.commit("base")
	var judged atomic.Int64
	rules := func() []engine.Compiled { return countedWordRules(&judged) }
	res := g.run(Options{Mode: All, NoCache: true}, rules()...)
	want := map[string][]report.Finding{}
	for _, f := range res.Findings {
		want[f.Rule] = append(want[f.Rule], f)
	}
	if len(want["no-bad"]) != 63 || len(want["no-rare"]) != 3 {
		t.Fatalf("the check found %d BAD and %d RARE sites, want 63 and 3 (the fixture is wrong)", len(want["no-bad"]), len(want["no-rare"]))
	}

	judged.Store(0)
	v, err := Validate(g.dir, rules(), ValidateOptions{NoCache: true, SampleFiles: -1})
	if err != nil {
		t.Fatal(err)
	}
	if v.Files != 34 || v.Tree == "the working tree" {
		t.Errorf("judged %d files of %s, want the 34 of HEAD's tree not generated or vendored", v.Files, v.Tree)
	}
	if n := judged.Load(); n != 2*int64(v.Files) {
		t.Errorf("%d judgements, want each of the %d files judged once by each rule", n, v.Files)
	}
	for _, id := range []string{"no-bad", "no-rare"} {
		rv := v.Rule(id)
		if got, w := sites(rv.Findings), sites(want[id]); !slices.Equal(got, w) {
			t.Errorf("%s: the pass found\n %q\nthe check\n %q", id, got, w)
		}
		if rv.Sites != len(want[id]) || rv.Applies != v.Files || !rv.Complete {
			t.Errorf("%s: %d sites in %d files it applies to (complete %v), want %d in %d", id, rv.Sites, rv.Applies, rv.Complete, len(want[id]), v.Files)
		}
	}
	if bad := v.Rule("no-bad"); bad.Files != 32 || bad.Verdict != ValidDemote {
		t.Errorf("no-bad: %d files, %s: want the 32 files with an unsuppressed BAD, demoted", bad.Files, bad.Verdict)
	}
	if rare := v.Rule("no-rare"); rare.Verdict != ValidBaseline || len(v.Baseline()) != 3 {
		t.Errorf("no-rare: %s with a baseline of %d sites, want its three unsuppressed sites", rare.Verdict, len(v.Baseline()))
	}

	// On a sample of 10: the check's sites in the files of the sample, the sample
	// drawn as sampleFiles draws it from the files the pass judges.
	var judgeable []*engine.File
	for p := range files {
		if p != "src/gen.py" && !strings.HasPrefix(p, "vendor/") {
			judgeable = append(judgeable, &engine.File{Path: p, Lang: engine.LangOf(p, nil)})
		}
	}
	slices.SortFunc(judgeable, func(a, b *engine.File) int { return strings.Compare(a.Path, b.Path) })
	samples, _, _ := sampleFiles(rules(), &engine.Evidence{Mode: engine.ModeAll}, judgeable, 10)
	judged.Store(0)
	sv, err := Validate(g.dir, rules(), ValidateOptions{NoCache: true, SampleFiles: 10})
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"no-bad", "no-rare"} {
		var in []report.Finding
		for _, f := range want[id] {
			if samples[id][f.File] {
				in = append(in, f)
			}
		}
		rv := sv.Rule(id)
		if rv.Sampled != 10 || rv.Of != 34 || !slices.Equal(sites(rv.Findings), sites(in)) {
			t.Errorf("%s on a sample of %d of %d: found %q, want the check's sites in the sample %q", id, rv.Sampled, rv.Of, sites(rv.Findings), sites(in))
		}
	}
	if n := judged.Load(); n != 20 {
		t.Errorf("%d judgements on samples of 10, want 20", n)
	}
}
