package main

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/heed-dev/heed/internal/policy"
)

// Label is what a careful reader concluded about one constraint, written before the
// compiler was scored on it. See LABELS.md for the rules of labelling.
type Label struct {
	// File is the corpus file, relative to the corpus root: "instructions-2/NAME".
	File string `json:"file"`
	// Line, Text, Level and Heading are the constraint as heed extracted it when the
	// label was written (Heading is the header path joined by " > ").
	Line int    `json:"line"`
	Text string `json:"text,omitempty"`
	// TextSHA stands for Text in a sealed label (the corpus is referred to by file and
	// line, not copied): see TextSHA.
	TextSHA string `json:"text_sha,omitempty"`
	Level   string `json:"level"`
	Heading string `json:"heading,omitempty"`
	// LabelledAt is when the label was written (RFC 3339, UTC).
	LabelledAt string `json:"labelled_at,omitempty"`
	// Checkable is "yes" or "no".
	Checkable string `json:"checkable"`
	// Why, for "no", is one of the reasons in LABELS.md.
	Why string `json:"why,omitempty"`
	// Domain is process, source, architecture or contribution, for "yes".
	Domain string `json:"domain,omitempty"`
	// Rules state the rule in the structured forms of LABELS.md, one per rule.
	Rules []string `json:"rules,omitempty"`
	// Cases are what the rule must say about concrete evidence: a violated case and at
	// least one near miss that satisfies it.
	Cases []policy.Case `json:"cases,omitempty"`
	// Note says what the structured fields cannot express.
	Note string `json:"note,omitempty"`
	// Missed marks a rule of the file that heed's extraction did not produce as a
	// must/should constraint (dropped, merged into another, or levelled info): Line and
	// Text are then the labeller's, quoted from the file.
	Missed bool `json:"missed,omitempty"`
}

// Checkable values and the reasons a constraint is not checkable.
const (
	Yes = "yes"
	No  = "no"
)

var whyNot = map[string]bool{
	"vague":         true, // no concrete object: "write clean code"
	"judgement":     true, // concrete, but deciding it needs understanding meaning
	"workflow":      true, // a way of working that leaves no checkable trace
	"informational": true, // describes, does not require
	"unspecified":   true, // would be checkable, but the file never names what (the command, the path)
	"external":      true, // needs something heed cannot see (CI results, reviews, the issue tracker, runtime)
}

var labelDomains = map[string]bool{
	policy.DomainProcess: true, policy.DomainSource: true,
	policy.DomainArchitecture: true, policy.DomainContribution: true,
}

// Validate reports what is wrong with a label, naming the field.
func (l *Label) Validate() error {
	switch {
	case l.File == "" || l.Line <= 0 || (l.Text == "" && l.TextSHA == ""):
		return fmt.Errorf("file, line and text (or text_sha) are required")
	case l.Checkable == "":
		return fmt.Errorf("not labelled yet (checkable is empty)")
	case l.Checkable == No:
		if !whyNot[l.Why] {
			return fmt.Errorf("checkable no needs why, one of %s", strings.Join(slices.Sorted(maps.Keys(whyNot)), ", "))
		}
		if len(l.Rules) > 0 || len(l.Cases) > 0 {
			return fmt.Errorf("checkable no has rules or cases")
		}
	case l.Checkable == Yes:
		if !labelDomains[l.Domain] {
			return fmt.Errorf("domain %q: want one of %s", l.Domain, strings.Join(slices.Sorted(maps.Keys(labelDomains)), ", "))
		}
		if len(l.Rules) == 0 {
			return fmt.Errorf("checkable yes needs rules")
		}
		var vio, sat int
		for i, c := range l.Cases {
			switch c.Expect {
			case policy.ExpectViolated:
				vio++
			case policy.ExpectSatisfied, policy.ExpectInapplicable:
				sat++
			default:
				return fmt.Errorf("case %d: expect %q: want violated, satisfied or inapplicable", i, c.Expect)
			}
			if err := validCase(l.Domain, c); err != nil {
				return fmt.Errorf("case %d: %w", i, err)
			}
		}
		if vio == 0 || sat == 0 {
			return fmt.Errorf("checkable yes needs a violated case and a satisfied one (has %d and %d)", vio, sat)
		}
	default:
		return fmt.Errorf("checkable %q: want yes or no", l.Checkable)
	}
	return nil
}

// validCase checks that a case carries the evidence of its domain.
func validCase(domain string, c policy.Case) error {
	switch domain {
	case policy.DomainProcess:
		if (c.Shell == "") == (len(c.Argv) == 0) {
			return fmt.Errorf("a process case has exactly one of shell or argv")
		}
	case policy.DomainSource, policy.DomainArchitecture:
		if c.Path == "" {
			return fmt.Errorf("a %s case needs path and code", domain)
		}
	case policy.DomainContribution:
		if c.Message == "" && len(c.Changed) == 0 && c.PR == "" && c.Path == "" {
			return fmt.Errorf("a contribution case needs message, changed, pr or path")
		}
	}
	return nil
}

// LabelSet is every label of the labels folder, by the file it was read from.
type LabelSet struct {
	Labels []*Label
	// Origin maps each label to "labels-file:line" for error messages.
	Origin map[*Label]string
}

// LoadLabels reads every *.jsonl file of dir, one label a line.
func LoadLabels(dir string) (*LabelSet, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	set := &LabelSet{Origin: map[*Label]string{}}
	for _, name := range names {
		if err := set.read(name); err != nil {
			return nil, err
		}
	}
	return set, nil
}

// Keep keeps the labels keep returns true for.
func (s *LabelSet) Keep(keep func(*Label) bool) {
	var out []*Label
	for _, l := range s.Labels {
		if keep(l) {
			out = append(out, l)
		}
	}
	s.Labels = out
}

func (s *LabelSet) read(name string) error {
	f, err := os.Open(name)
	if err != nil {
		return fmt.Errorf("read labels: %w", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 4<<20)
	for n := 1; sc.Scan(); n++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		var l Label
		dec := json.NewDecoder(bytes.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&l); err != nil {
			return fmt.Errorf("%s:%d: %w", name, n, err)
		}
		s.Labels = append(s.Labels, &l)
		s.Origin[&l] = fmt.Sprintf("%s:%d", name, n)
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("read %s: %w", name, err)
	}
	return nil
}

// Split names the split of a corpus file. Every file of the first corpus
// ("instructions/") is dev: the compiler was grown on those files. A file of a later
// corpus is holdout when the hash of its name falls in the lowest 30 of 100 buckets,
// unless it was moved to dev after a holdout failure was looked at (moved: false), or
// when it was added to the holdout as a fresh file, labelled before any score of it
// was seen (moved: true).
func Split(file string, moved map[string]bool) string {
	dir, name, ok := strings.Cut(file, "/")
	if added, listed := moved[file]; listed {
		if added {
			return "holdout"
		}
		return "dev"
	}
	if !ok || dir == "instructions" {
		return "dev"
	}
	if strings.HasPrefix(dir, "fetched-") {
		return "holdout" // fetched for a first-sight round, labelled before any score
	}
	sum := sha256.Sum256([]byte(name))
	if binary.BigEndian.Uint64(sum[:8])%100 < 30 {
		return "holdout"
	}
	return "dev"
}

// LoadMoved reads moved.tsv: corpus files moved between the splits (file, date, why,
// and "holdout" in a fourth column for a fresh file added to the holdout). The map
// says true for a file added to the holdout, false for one moved to dev.
func LoadMoved(path string) (map[string]bool, error) {
	out := map[string]bool{}
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return out, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read moved files: %w", err)
	}
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cols := strings.Split(line, "\t")
		if len(cols) < 3 {
			return nil, fmt.Errorf("%s:%d: want file, date, why separated by tabs", path, i+1)
		}
		out[cols[0]] = len(cols) > 3 && strings.TrimSpace(cols[3]) == "holdout"
	}
	return out, nil
}
