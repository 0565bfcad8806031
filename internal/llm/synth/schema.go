package synth

import (
	"encoding/json"

	"github.com/heed-dev/heed/internal/policy"
)

// Answer is what the model returns for one constraint. Every field is required (the
// OpenAI strict structured-output subset); empty strings and lists mean "none".
type Answer struct {
	// Statement is the constraint rewritten to stand alone (its heading context folded
	// in, pronouns resolved).
	Statement string `json:"statement"`
	// Route is the domain the model assigns: process, source, architecture,
	// contribution, semantic, or none.
	Route       string       `json:"route"`
	Enforceable bool         `json:"enforceable"`
	Reason      string       `json:"reason"`
	Rules       []AnswerRule `json:"rules"`
}

// AnswerRule is one proposed rule.
type AnswerRule struct {
	Kind string `json:"kind"`
	// ParamsJSON is the kind's params object encoded as a JSON string: params differ
	// per kind, and strict schemas cannot hold free-form objects.
	ParamsJSON string   `json:"params_json"`
	Globs      []string `json:"globs"`
	// Exclude removes paths from the rule's scope: the files the instruction exempts.
	Exclude    []string     `json:"exclude"`
	Exact      bool         `json:"exact"`
	Message    string       `json:"message"`
	Suggestion string       `json:"suggestion"`
	Cases      []AnswerCase `json:"cases"`
}

// AnswerCase is an authored case in the strict shape.
type AnswerCase struct {
	Expect  string       `json:"expect"`
	Argv    []string     `json:"argv"`
	Shell   string       `json:"shell"`
	Cwd     string       `json:"cwd"`
	History [][]string   `json:"history"`
	Path    string       `json:"path"`
	Code    string       `json:"code"`
	Files   []AnswerFile `json:"files"`
	Message string       `json:"message"`
	Changed []string     `json:"changed"`
	PR      string       `json:"pr"`
	Note    string       `json:"note"`
}

// AnswerFile is another file present in a case's repository.
type AnswerFile struct {
	Path    string `json:"path"`
	Content string `json:"content"`
}

func (c AnswerCase) policy() policy.Case {
	out := policy.Case{
		Expect: c.Expect, Argv: c.Argv, Shell: c.Shell, Cwd: c.Cwd, History: c.History,
		Path: c.Path, Code: c.Code, Message: c.Message, Changed: c.Changed, PR: c.PR, Note: c.Note,
	}
	if len(c.Files) > 0 {
		out.Files = map[string]string{}
		for _, f := range c.Files {
			out.Files[f.Path] = f.Content
		}
	}
	if len(out.Argv) == 0 {
		out.Argv = nil
	}
	if len(out.History) == 0 {
		out.History = nil
	}
	if len(out.Changed) == 0 {
		out.Changed = nil
	}
	return out
}

// SchemaName names the answer format.
const SchemaName = "heed_rule_synthesis"

// Schema is the JSON Schema of Answer, in the subset OpenAI's strict mode accepts
// (every property required, no additional properties) which Anthropic's tool
// input_schema and local servers accept too.
var Schema = json.RawMessage(`{
  "type": "object",
  "additionalProperties": false,
  "required": ["statement", "route", "enforceable", "reason", "rules"],
  "properties": {
    "statement": {"type": "string", "description": "the instruction rewritten as one standalone sentence"},
    "route": {"type": "string", "enum": ["process", "source", "architecture", "contribution", "semantic", "none"]},
    "enforceable": {"type": "boolean"},
    "reason": {"type": "string", "description": "why these rules enforce the instruction, or why it cannot be enforced"},
    "rules": {
      "type": "array",
      "items": {
        "type": "object",
        "additionalProperties": false,
        "required": ["kind", "params_json", "globs", "exclude", "exact", "message", "suggestion", "cases"],
        "properties": {
          "kind": {"type": "string"},
          "params_json": {"type": "string", "description": "the kind's params object, JSON-encoded"},
          "globs": {"type": "array", "items": {"type": "string"}},
          "exclude": {"type": "array", "items": {"type": "string"}},
          "exact": {"type": "boolean"},
          "message": {"type": "string"},
          "suggestion": {"type": "string"},
          "cases": {
            "type": "array",
            "items": {
              "type": "object",
              "additionalProperties": false,
              "required": ["expect", "argv", "shell", "cwd", "history", "path", "code", "files", "message", "changed", "pr", "note"],
              "properties": {
                "expect": {"type": "string", "enum": ["violated", "satisfied", "inapplicable"]},
                "argv": {"type": "array", "items": {"type": "string"}},
                "shell": {"type": "string"},
                "cwd": {"type": "string"},
                "history": {"type": "array", "items": {"type": "array", "items": {"type": "string"}}},
                "path": {"type": "string"},
                "code": {"type": "string"},
                "files": {
                  "type": "array",
                  "items": {
                    "type": "object",
                    "additionalProperties": false,
                    "required": ["path", "content"],
                    "properties": {"path": {"type": "string"}, "content": {"type": "string"}}
                  }
                },
                "message": {"type": "string"},
                "changed": {"type": "array", "items": {"type": "string"}},
                "pr": {"type": "string"},
                "note": {"type": "string"}
              }
            }
          }
        }
      }
    }
  }
}`)
