package policy

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// File is where a repository keeps its policy, relative to the repository root.
const File = ".heed/policy.json"

// SchemaURL is the $schema a written policy file points editors at.
const SchemaURL = "https://heed.dev/schema/policy.schema.json"

// Origins other than a recogniser's name.
const (
	OriginManual = "manual"
)

// ExpectUndetermined is the expectation of a case whose rule cannot decide it offline
// (a judge rule without a model).
const ExpectUndetermined = "undetermined"

//go:embed schema/policy.schema.json
var schemaJSON []byte

// SchemaJSON returns the policy file's JSON Schema (draft 2020-12), as published in
// docs/policy.schema.json.
func SchemaJSON() []byte { return bytes.Clone(schemaJSON) }

// PathError is a problem at one place of a policy file. Path is a JSON Pointer
// ("/constraints/3/rules/0/kind"); RuleID and ConstraintID name what the place belongs
// to, when it lies inside a rule or a constraint.
type PathError struct {
	File         string
	Path         string
	RuleID       string
	ConstraintID string
	Msg          string
}

func (e *PathError) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		b.WriteString(": ")
	}
	if e.Path != "" {
		b.WriteString("at ")
		b.WriteString(e.Path)
	} else {
		b.WriteString("at the top level")
	}
	switch {
	case e.RuleID != "":
		fmt.Fprintf(&b, " (rule %s)", e.RuleID)
	case e.ConstraintID != "":
		fmt.Fprintf(&b, " (constraint %s)", e.ConstraintID)
	}
	b.WriteString(": ")
	b.WriteString(e.Msg)
	return b.String()
}

// ValidationError lists every problem found in a policy file.
type ValidationError struct {
	File   string
	Errors []*PathError
}

func (e *ValidationError) Error() string {
	if len(e.Errors) == 1 {
		return e.Errors[0].Error()
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %d problems:", e.File, len(e.Errors))
	for _, pe := range e.Errors {
		c := *pe
		c.File = ""
		b.WriteString("\n  ")
		b.WriteString(c.Error())
	}
	return b.String()
}

// RulePath is the JSON Pointer of a rule in the policy file (for errors about it).
func RulePath(entry, rule int) string {
	return "/constraints/" + strconv.Itoa(entry) + "/rules/" + strconv.Itoa(rule)
}

// CheckUnique reports the duplicate constraint and rule ids of a policy: the
// invariant its schema cannot state.
func CheckUnique(p *Policy, name string) error {
	out := &ValidationError{File: name}
	cons := map[string]int{}
	rules := map[string]string{}
	for i, e := range p.Entries {
		if j, dup := cons[e.ID]; dup {
			out.Errors = append(out.Errors, &PathError{File: name, Path: "/constraints/" + strconv.Itoa(i) + "/id", ConstraintID: e.ID,
				Msg: fmt.Sprintf("duplicate constraint id (also at /constraints/%d)", j)})
		}
		cons[e.ID] = i
		for j, r := range e.Rules {
			at := RulePath(i, j)
			if prev, dup := rules[r.ID]; dup {
				out.Errors = append(out.Errors, &PathError{File: name, Path: at + "/id", RuleID: r.ID,
					Msg: fmt.Sprintf("duplicate rule id (also at %s)", prev)})
			}
			rules[r.ID] = at
		}
	}
	if len(out.Errors) > 0 {
		return out
	}
	return nil
}

// Marshal renders the policy as the policy file holds it: indented, entries in the
// order given, a trailing newline, sealed (Integrity set to the seal of its content,
// whatever p.Integrity held). The output is deterministic for a given value.
func Marshal(p *Policy) ([]byte, error) {
	q, err := sealed(p)
	if err != nil {
		return nil, err
	}
	return encode(&q)
}

// sealed is the policy as the file holds it, with the defaults filled in and its
// seal set.
func sealed(p *Policy) (Policy, error) {
	q := *p
	if q.Schema == "" {
		q.Schema = SchemaURL
	}
	if q.Version == 0 {
		q.Version = CurrentVersion
	}
	if q.Sources == nil {
		q.Sources = []SourceFile{}
	}
	if q.Entries == nil {
		q.Entries = []Entry{}
	}
	q.Integrity = ""
	unsealed, err := encode(&q)
	if err != nil {
		return q, err
	}
	sum := sha256.Sum256(unsealed)
	q.Integrity = sealPrefix + hex.EncodeToString(sum[:])
	return q, nil
}

// sealPrefix names the seal's hash function.
const sealPrefix = "sha256:"

// SealError says how a policy file's content and its seal disagree.
type SealError struct {
	// Missing: the file carries no seal (written by hand, or by a heed before seals).
	Missing bool
}

func (e *SealError) Error() string {
	if e.Missing {
		return "it carries no integrity seal: heed did not write it (or an older heed did)"
	}
	return "its content does not match its integrity seal: it was edited since heed compile wrote it"
}

// CheckSeal reports whether a policy file's bytes are as heed wrote them: the seal
// they carry is the seal of their content. Layout does not count (a policy
// reindented by hand, or with a line added at its end, is still sealed); any change
// to a value does. The seal is a checksum, not a signature: it tells an edit that
// went around heed from one made through it (heed compile seals what it keeps),
// not a forger who recomputes it. A nil error means sealed; a *SealError, not; any
// other error, bytes that do not decode as a policy.
func CheckSeal(data []byte) error {
	var p Policy
	if err := json.Unmarshal(data, &p); err != nil {
		return err
	}
	if p.Integrity == "" {
		return &SealError{Missing: true}
	}
	q, err := sealed(&p)
	if err != nil {
		return err
	}
	if q.Integrity != p.Integrity {
		return &SealError{}
	}
	return nil
}

func encode(q *Policy) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(&q); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// WriteAtomic writes data to path through a temporary file and a rename.
func WriteAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("create %s: %w", dir, err)
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	tmp := f.Name()
	fail := func(err error) error {
		f.Close()
		os.Remove(tmp)
		return fmt.Errorf("write %s: %w", path, err)
	}
	if _, err := f.Write(data); err != nil {
		return fail(err)
	}
	if err := f.Sync(); err != nil {
		return fail(err)
	}
	if err := f.Chmod(0o644); err != nil {
		return fail(err)
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// Fingerprint hashes what a person may edit in a rule (everything but its id, origin
// and fingerprint), with params in canonical form. A generated rule stores it in
// Generated; a rule whose fingerprint no longer matches was edited by hand.
func Fingerprint(r *Rule) string {
	q := *r
	q.ID, q.Origin, q.Generated = "", "", ""
	q.Params = canonicalJSON(q.Params)
	data, err := json.Marshal(&q)
	if err != nil {
		return ""
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:8])
}

// EnforcementKey identifies what a rule checks, apart from the words it was compiled
// from: two rules with the same key (an order a file states in its lead-in and again
// in the list below it, a rule AGENTS.md and CLAUDE.md both give) are one check, run
// once. Empty when the rule cannot be encoded.
func EnforcementKey(r *Rule) string {
	data, err := json.Marshal(struct {
		Domain, Kind, Severity string
		Params                 json.RawMessage
		Scope                  Scope
		When                   *Condition
	}{r.Domain, r.Kind, r.Severity, canonicalJSON(r.Params), r.Scope, r.When})
	if err != nil {
		return ""
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:12])
}

// Edited reports whether a rule was written or changed by a person: its origin is
// manual, it has no fingerprint, or it no longer matches it.
func (r *Rule) Edited() bool {
	return r.Origin == OriginManual || r.Generated == "" || Fingerprint(r) != r.Generated
}

// canonicalJSON re-encodes JSON with sorted keys and no insignificant space, so that
// reformatting params by hand does not count as an edit.
func canonicalJSON(raw json.RawMessage) json.RawMessage {
	if len(bytes.TrimSpace(raw)) == 0 {
		return nil
	}
	var v any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return raw
	}
	out, err := json.Marshal(v) // maps marshal with sorted keys
	if err != nil {
		return raw
	}
	return out
}
