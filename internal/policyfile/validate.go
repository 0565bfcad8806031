package policyfile

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/heed-dev/heed/internal/policy"
)

// The policy file is validated with github.com/google/jsonschema-go (draft 2020-12),
// which heed links anyway for the MCP server and which does no work at start-up: every
// heed process, shims and hooks included, runs the initialisation of every package it
// links, so a validator that compiles its metaschemas in init costs each guarded
// command that time. The library reports the first failure without an instance
// location; locate finds the failing places by descending the schema and the document
// together, so an error still names the field ("/constraints/3/rules/0/severity") and
// every broken place is reported, not only the first.

var (
	schemaOnce sync.Once
	schemaRoot *jsonschema.Schema
	schemaErr  error
	// resolved caches the resolved form of each subschema located is asked about.
	resolvedMu sync.Mutex
	resolved   = map[*jsonschema.Schema]*jsonschema.Resolved{}
)

func rootSchema() (*jsonschema.Schema, error) {
	schemaOnce.Do(func() {
		var s jsonschema.Schema
		if err := json.Unmarshal(policy.SchemaJSON(), &s); err != nil {
			schemaErr = fmt.Errorf("policy schema: %w", err)
			return
		}
		schemaRoot = &s
		_, schemaErr = resolve(schemaRoot)
	})
	return schemaRoot, schemaErr
}

// resolve prepares a subschema of the policy schema for validation on its own: its
// $refs point into the root's $defs, so it is resolved with them beside it.
func resolve(sub *jsonschema.Schema) (*jsonschema.Resolved, error) {
	resolvedMu.Lock()
	defer resolvedMu.Unlock()
	if r, ok := resolved[sub]; ok {
		return r, nil
	}
	s := sub
	if sub != schemaRoot {
		// The library wants the schemas of one resolution to form a tree, so the
		// subschema gets a fresh copy of the definitions rather than the root's.
		var fresh jsonschema.Schema
		if err := json.Unmarshal(policy.SchemaJSON(), &fresh); err != nil {
			return nil, fmt.Errorf("policy schema: %w", err)
		}
		c := *sub
		c.ID = ""
		c.Schema = ""
		c.Defs = fresh.Defs
		s = &c
	}
	r, err := s.Resolve(&jsonschema.ResolveOptions{BaseURI: policy.SchemaURL})
	if err != nil {
		return nil, fmt.Errorf("policy schema: %w", err)
	}
	resolved[sub] = r
	return r, nil
}

func validateDoc(doc any, name string) error {
	root, err := rootSchema()
	if err != nil {
		return err
	}
	doc = plainNumbers(doc)
	r, err := resolve(root)
	if err != nil {
		return err
	}
	if r.Validate(doc) == nil {
		return nil
	}
	out := &policy.ValidationError{File: name}
	seen := map[string]bool{}
	for _, f := range locate(root, doc, nil) {
		pe := &policy.PathError{File: name, Path: pointer(f.loc), Msg: f.msg}
		pe.ConstraintID, pe.RuleID = owners(doc, f.loc)
		key := pe.Path + "\x00" + pe.Msg
		if !seen[key] {
			seen[key] = true
			out.Errors = append(out.Errors, pe)
		}
	}
	sort.SliceStable(out.Errors, func(i, j int) bool { return out.Errors[i].Path < out.Errors[j].Path })
	return out
}

type failure struct {
	loc []string
	msg string
}

// locate returns the deepest places where doc fails schema s: a child that fails its
// own subschema is descended into; a node that fails while all its children pass (a
// missing or unknown field, a wrong type) is reported itself.
func locate(s *jsonschema.Schema, doc any, loc []string) []failure {
	s = deref(s)
	r, err := resolve(s)
	if err != nil {
		return []failure{{loc, err.Error()}}
	}
	verr := r.Validate(doc)
	if verr == nil {
		return nil
	}
	var out []failure
	switch v := doc.(type) {
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if sub := s.Properties[k]; sub != nil {
				out = append(out, locate(sub, v[k], appendLoc(loc, k))...)
			} else if s.AdditionalProperties != nil && !isFalse(s.AdditionalProperties) {
				out = append(out, locate(s.AdditionalProperties, v[k], appendLoc(loc, k))...)
			}
		}
		// the object's own keywords, which its children cannot break
		var missing, unknown []string
		for _, k := range s.Required {
			if _, ok := v[k]; !ok {
				missing = append(missing, k)
			}
		}
		if s.AdditionalProperties != nil && isFalse(s.AdditionalProperties) {
			for _, k := range keys {
				if s.Properties[k] == nil {
					unknown = append(unknown, k)
				}
			}
		}
		if len(missing) > 0 {
			out = append(out, failure{loc, "missing required field(s): " + strings.Join(missing, ", ")})
		}
		if len(unknown) > 0 {
			out = append(out, failure{loc, "unknown field(s): " + strings.Join(unknown, ", ")})
		}
	case []any:
		if s.Items != nil {
			for i, e := range v {
				out = append(out, locate(s.Items, e, appendLoc(loc, strconv.Itoa(i)))...)
			}
		}
	}
	if len(out) == 0 {
		out = append(out, failure{loc, leafMessage(s, doc, verr)})
	}
	return out
}

// deref follows a subschema that is only a reference into $defs.
func deref(s *jsonschema.Schema) *jsonschema.Schema {
	for i := 0; i < 8 && s.Ref != "" && schemaRoot != nil; i++ {
		name, ok := strings.CutPrefix(s.Ref, "#/$defs/")
		d := schemaRoot.Defs[name]
		if !ok || d == nil {
			break
		}
		s = d
	}
	return s
}

func isFalse(s *jsonschema.Schema) bool {
	b, err := json.Marshal(s)
	return err == nil && bytes.Equal(bytes.TrimSpace(b), []byte("false"))
}

func appendLoc(loc []string, k string) []string {
	return append(append([]string(nil), loc...), k)
}

// leafMessage says what is wrong with a value that fails its own schema, in words for
// the keywords a person meets most (a misspelt enum value), else in the library's.
func leafMessage(s *jsonschema.Schema, doc any, err error) string {
	got, _ := json.Marshal(doc)
	if len(s.Enum) > 0 {
		var vals []string
		for _, v := range s.Enum {
			b, _ := json.Marshal(v)
			vals = append(vals, string(b))
		}
		return fmt.Sprintf("value must be one of %s; got %s", strings.Join(vals, ", "), got)
	}
	if s.Const != nil {
		b, _ := json.Marshal(*s.Const)
		return fmt.Sprintf("value must be %s; got %s", b, got)
	}
	return schemaMessage(err)
}

// schemaMessage keeps what is wrong, without the library's trail of the schemas it
// passed through ("validating root: validating /$defs/rule: ").
func schemaMessage(err error) string {
	msg := err.Error()
	for strings.HasPrefix(msg, "validating ") {
		_, rest, ok := strings.Cut(msg, ": ")
		if !ok {
			break
		}
		msg = rest
	}
	msg = strings.ReplaceAll(msg, "unexpected additional properties", "unknown field(s)")
	msg = strings.ReplaceAll(msg, "required: missing properties:", "missing required field(s):")
	return strings.Join(strings.Fields(msg), " ")
}

// plainNumbers turns json.Number (the decoder's UseNumber) into float64, which the
// validator reads as a JSON number.
func plainNumbers(v any) any {
	switch x := v.(type) {
	case json.Number:
		if f, err := x.Float64(); err == nil {
			return f
		}
		return x.String()
	case map[string]any:
		for k, e := range x {
			x[k] = plainNumbers(e)
		}
	case []any:
		for i, e := range x {
			x[i] = plainNumbers(e)
		}
	}
	return v
}
