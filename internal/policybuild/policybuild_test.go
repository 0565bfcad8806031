package policybuild

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/policyfile"
	"github.com/heed-dev/heed/internal/project"
)

func writeAgents(t *testing.T, root, text string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(root, "AGENTS.md"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func readPolicy(t *testing.T, root string) []byte {
	t.Helper()
	b, err := os.ReadFile(project.PolicyPath(root))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

const agents = "# Rules\n\n- Never run `git push --force`.\n- Use pnpm, not npm.\n"

// A compile writes the policy once; --check then finds it up to date, and stale (without
// writing) after the instruction files change.
func TestRunWritesThenChecks(t *testing.T) {
	root := t.TempDir()
	writeAgents(t, root, agents)
	res, err := Run(root, Options{NoValidate: true})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Created || !res.Written || !res.Stale || res.Counts["rules"] == 0 {
		t.Fatalf("first compile: created %v written %v stale %v counts %v: want a new policy with rules", res.Created, res.Written, res.Stale, res.Counts)
	}
	first := readPolicy(t, root)

	res, err = Run(root, Options{Check: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.Stale || res.Written {
		t.Errorf("--check right after a compile: stale %v written %v, want up to date", res.Stale, res.Written)
	}

	writeAgents(t, root, agents+"- Never run `rm -rf /`.\n")
	res, err = Run(root, Options{Check: true})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Stale || res.Written || len(res.Changes.AddedConstraints) != 1 {
		t.Errorf("--check after a new sentence: stale %v written %v added %v, want stale, one constraint to add", res.Stale, res.Written, res.Changes.AddedConstraints)
	}
	if !bytes.Equal(readPolicy(t, root), first) {
		t.Error("--check wrote the policy file")
	}
}

// A compile that would drop a rule a person edited stops, names the rule, and writes
// nothing; with DropLost it drops it.
func TestRunKeepsEditedRulesUnlessTold(t *testing.T) {
	root := t.TempDir()
	writeAgents(t, root, agents)
	if _, err := Run(root, Options{NoValidate: true}); err != nil {
		t.Fatal(err)
	}
	pol, err := policyfile.Parse(readPolicy(t, root), policy.File)
	if err != nil {
		t.Fatal(err)
	}
	edited := ""
	for i := range pol.Entries {
		e := &pol.Entries[i]
		if len(e.Rules) > 0 && bytes.Contains([]byte(e.Text), []byte("push")) {
			e.Rules[0].Severity = policy.SeverityWarning
			edited = e.Rules[0].ID
		}
	}
	if edited == "" {
		t.Fatal("no rule compiled from the push sentence")
	}
	data, err := policy.Marshal(pol)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(project.PolicyPath(root), data, 0o644); err != nil {
		t.Fatal(err)
	}

	writeAgents(t, root, "# Rules\n\n- Use pnpm, not npm.\n")
	_, err = Run(root, Options{NoValidate: true})
	var lost *LostRulesError
	if !errors.As(err, &lost) || len(lost.Lost) != 1 || lost.Lost[0] != edited {
		t.Fatalf("compile after the edited rule's sentence went: %v, want the lost rule %s named", err, edited)
	}
	if !bytes.Equal(readPolicy(t, root), data) {
		t.Error("a compile that stopped for a lost rule wrote the policy file")
	}

	res, err := Run(root, Options{NoValidate: true, DropLost: true})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Written || len(res.Changes.LostRules) != 1 || bytes.Contains(readPolicy(t, root), []byte(edited)) {
		t.Errorf("--drop-lost: written %v lost %v: want the edited rule dropped", res.Written, res.Changes.LostRules)
	}
}

// A policy file that does not parse is an error that says so, and a compile leaves it
// alone.
func TestRunRefusesABrokenPolicy(t *testing.T) {
	root := t.TempDir()
	writeAgents(t, root, agents)
	os.MkdirAll(filepath.Join(root, ".heed"), 0o755)
	broken := []byte("{ not json")
	if err := os.WriteFile(project.PolicyPath(root), broken, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Run(root, Options{NoValidate: true})
	var bad *PolicyError
	if !errors.As(err, &bad) {
		t.Fatalf("compile over a broken policy: %v, want a PolicyError", err)
	}
	if !bytes.Equal(readPolicy(t, root), broken) {
		t.Error("compile overwrote a policy file it could not read")
	}
}
