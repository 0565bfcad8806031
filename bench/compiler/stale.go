package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/heed-dev/heed/internal/policy"
)

// StaleFix is what can be done for a stale label: the lines where the extractor now
// gives a constraint with the label's text.
type StaleFix struct {
	Label *Label
	// At are the constraints at the label's line now.
	At []policy.Constraint
	// Found are the lines of the file whose constraint has the label's text (its seal).
	Found []int
}

// staleLabels finds the labels whose sealed text is no constraint at their line any
// more while some constraint is there (what the scorer counts as stale), among the
// labels of the given files' constraints (every level, keyed by corpus file), and
// where their text is now.
func staleLabels(labels []*Label, cons map[string][]policy.Constraint) []StaleFix {
	var out []StaleFix
	for _, l := range labels {
		if l.Text == "" && l.TextSHA == "" {
			continue
		}
		sha := l.TextSHA
		if sha == "" {
			sha = TextSHA(l.Text)
		}
		fix := StaleFix{Label: l}
		matched := false
		for _, c := range cons[l.File] {
			same := TextSHA(c.Text) == sha
			if c.Line == l.Line {
				fix.At = append(fix.At, c)
				matched = matched || same
			}
			if same && (len(fix.Found) == 0 || fix.Found[len(fix.Found)-1] != c.Line) {
				fix.Found = append(fix.Found, c.Line)
			}
		}
		if matched || len(fix.At) == 0 {
			continue
		}
		out = append(out, fix)
	}
	return out
}

// labelLineRe is the start of a label record as the label files hold it.
var labelLineRe = regexp.MustCompile(`^\{"file":"([^"]*)","line":(\d+),`)

// moveLabelLine rewrites, in one label file's bytes, the record at record number n
// (1-based) so that its line is to, checking it is the label of file at line from.
// The rest of the record is left byte for byte.
func moveLabelLine(src []byte, n int, file string, from, to int) ([]byte, error) {
	recs := bytes.SplitAfter(src, []byte("\n"))
	if n < 1 || n > len(recs) {
		return nil, fmt.Errorf("no record %d", n)
	}
	m := labelLineRe.FindSubmatch(recs[n-1])
	if m == nil || string(m[1]) != file || string(m[2]) != strconv.Itoa(from) {
		return nil, fmt.Errorf("record %d is not the label of %s:%d", n, file, from)
	}
	head := fmt.Sprintf(`{"file":%q,"line":%d,`, file, to)
	recs[n-1] = append([]byte(head), recs[n-1][len(m[0]):]...)
	return bytes.Join(recs, nil), nil
}

// runStale lists the dev split's stale labels: those whose text the extractor no
// longer gives at their line. When the text is now a constraint at exactly one other
// line of the file, -fix moves the label there; the others are listed with the
// constraints at their line, to relabel by hand. A holdout label is never shown or
// touched: only their count is printed.
func runStale(args []string) error {
	fs := flag.NewFlagSet("stale", flag.ExitOnError)
	root := fs.String("corpus", defaultCorpusRoot(), "corpus root")
	dir := fs.String("labels", defaultLabels, "folder of label files")
	fix := fs.Bool("fix", false, "move each dev label whose text is now at exactly one other line there")
	fs.Parse(args)
	set, err := LoadLabels(*dir)
	if err != nil {
		return err
	}
	moved, err := LoadMoved(filepath.Join(*dir, "moved.tsv"))
	if err != nil {
		return err
	}
	present := map[string]bool{}
	for _, d := range corpusDirs {
		present[d] = corpusPresent(*root, d)
	}
	set.Keep(func(l *Label) bool { c, _, _ := strings.Cut(l.File, "/"); return present[c] })
	files, err := compiledConstraints(*root, set)
	if err != nil {
		return err
	}
	all := staleLabels(set.Labels, files)
	var dev []StaleFix
	holdout := 0
	for _, f := range all {
		if Split(f.Label.File, moved) == "dev" {
			dev = append(dev, f)
		} else {
			holdout++
		}
	}
	sort.SliceStable(dev, func(i, j int) bool {
		a, b := dev[i].Label, dev[j].Label
		if a.File != b.File {
			return a.File < b.File
		}
		return a.Line < b.Line
	})
	edits := map[string][]byte{}
	moves, byHand := 0, 0
	for _, f := range dev {
		l := f.Label
		if len(f.Found) == 1 {
			moves++
			fmt.Printf("MOVE  %s:%d -> %d\n", l.File, l.Line, f.Found[0])
			if *fix {
				name, rec, _ := strings.Cut(set.Origin[l], ":")
				n, _ := strconv.Atoi(rec)
				src, ok := edits[name]
				if !ok {
					if src, err = os.ReadFile(name); err != nil {
						return err
					}
				}
				if src, err = moveLabelLine(src, n, l.File, l.Line, f.Found[0]); err != nil {
					return fmt.Errorf("%s: %w", set.Origin[l], err)
				}
				edits[name] = src
			}
			continue
		}
		byHand++
		fmt.Printf("HAND  %s:%d (%s) label: %s %s\n", l.File, l.Line, set.Origin[l], l.Checkable, strings.Join(l.Rules, "; "))
		if len(f.Found) > 1 {
			fmt.Printf("      its text is at lines %v\n", f.Found)
		}
		for _, c := range f.At {
			fmt.Printf("      now at %d: [%s] %s  (seal %s)\n", c.Line, c.Level, c.Text, TextSHA(c.Text))
		}
	}
	for name, src := range edits {
		if err := os.WriteFile(name, src, 0o644); err != nil {
			return fmt.Errorf("write %s: %w", name, err)
		}
	}
	fmt.Printf("stale dev labels: %d (%d whose text is at one other line%s, %d to relabel by hand); stale holdout labels: %d (not shown)\n",
		len(dev), moves, map[bool]string{true: ", moved", false: ""}[*fix], byHand, holdout)
	return nil
}

// compiledConstraints compiles the labels' repositories as the scorer does (their
// layouts included) and returns the constraints of the entries heed made, keyed by
// corpus file: the scorer matches labels against these.
func compiledConstraints(root string, set *LabelSet) (map[string][]policy.Constraint, error) {
	ix, err := compileLabelled(root, layoutsDirs(root), set)
	if err != nil {
		return nil, err
	}
	out := map[string][]policy.Constraint{}
	for key, byLine := range ix.entries {
		for _, es := range byLine {
			for _, e := range es {
				out[key] = append(out[key], e.Constraint)
			}
		}
		sort.SliceStable(out[key], func(i, j int) bool { return out[key][i].Line < out[key][j].Line })
	}
	return out, nil
}
