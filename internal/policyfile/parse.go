// Package policyfile reads a policy file (.heed/policy.json) and validates it against
// heed's JSON Schema, naming the field and the rule of every problem. It is apart from
// internal/policy, the data model, so that what only reads compiled rules (heed-shim,
// the live index) links no validator.
package policyfile

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/heed-dev/heed/internal/policy"
)

// Parse validates data against the policy schema and decodes it. name is used in
// errors (the file's path).
func Parse(data []byte, name string) (*policy.Policy, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, &policy.PathError{File: name, Msg: "empty file (run `heed compile` to write it again)"}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		return nil, jsonSyntaxError(name, data, err)
	}
	if dec.More() {
		off := int(dec.InputOffset())
		line, col := lineCol(data, off)
		return nil, fmt.Errorf("%s:%d:%d: invalid JSON: unexpected content after the policy object", name, line, col)
	}
	if err := validateDoc(doc, name); err != nil {
		return nil, err
	}
	var p policy.Policy
	if err := json.Unmarshal(data, &p); err != nil {
		// The schema admits only what decodes; this is a defect in the schema.
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if err := policy.CheckUnique(&p, name); err != nil {
		return nil, err
	}
	return &p, nil
}

// ValidateEncoded checks a policy, encoded by policy.Marshal as data, against the
// schema and the invariants the schema cannot state (unique ids). It checks the
// written form, not the Go value's default encoding: a policy without constraints is
// written with "constraints": [], which is valid, where its nil slice would encode as
// null. `heed compile` validates the bytes it is about to write.
func ValidateEncoded(p *policy.Policy, data []byte) error {
	var doc any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&doc); err != nil {
		return err
	}
	if err := validateDoc(doc, ""); err != nil {
		return err
	}
	return policy.CheckUnique(p, "")
}

func jsonSyntaxError(name string, data []byte, err error) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		line, col := lineCol(data, int(se.Offset))
		return fmt.Errorf("%s:%d:%d: invalid JSON: %v", name, line, col, se)
	}
	if errors.Is(err, errUnexpectedEOF) || strings.Contains(err.Error(), "unexpected EOF") {
		return fmt.Errorf("%s: invalid JSON: the file ends in the middle of a value", name)
	}
	return fmt.Errorf("%s: invalid JSON: %v", name, err)
}

var errUnexpectedEOF = errors.New("unexpected EOF")

func lineCol(data []byte, off int) (int, int) {
	if off > len(data) {
		off = len(data)
	}
	line := 1 + bytes.Count(data[:off], []byte("\n"))
	col := off - bytes.LastIndexByte(data[:off], '\n')
	return line, col
}

// pointer renders JSON Pointer tokens (RFC 6901).
func pointer(tokens []string) string {
	var b strings.Builder
	for _, t := range tokens {
		b.WriteByte('/')
		t = strings.ReplaceAll(t, "~", "~0")
		b.WriteString(strings.ReplaceAll(t, "/", "~1"))
	}
	return b.String()
}

// owners finds the ids of the constraint and rule enclosing an instance location.
func owners(doc any, loc []string) (constraintID, ruleID string) {
	if len(loc) < 2 || loc[0] != "constraints" {
		return "", ""
	}
	top, _ := doc.(map[string]any)
	entries, _ := top["constraints"].([]any)
	i, err := strconv.Atoi(loc[1])
	if err != nil || i < 0 || i >= len(entries) {
		return "", ""
	}
	entry, _ := entries[i].(map[string]any)
	constraintID, _ = entry["id"].(string)
	if len(loc) < 4 || loc[2] != "rules" {
		return constraintID, ""
	}
	rules, _ := entry["rules"].([]any)
	j, err := strconv.Atoi(loc[3])
	if err != nil || j < 0 || j >= len(rules) {
		return constraintID, ""
	}
	rule, _ := rules[j].(map[string]any)
	ruleID, _ = rule["id"].(string)
	return constraintID, ruleID
}
