// Package instr reads what a repository tells its coding agents: it discovers every
// instruction file, gives each its scope, follows imports, and splits the Markdown (or
// reStructuredText) into constraints, exactly as an agent would read them.
package instr

import (
	"fmt"

	"github.com/heed-dev/heed/internal/policy"
)

// File is one instruction file that was read.
type File struct {
	// Path is repository-relative and "/"-separated.
	Path string `json:"path"`
	// Format names the convention: agents, agents-override, claude, claude-local,
	// claude-rules, copilot, copilot-instructions, cursor, cursorrules, gemini,
	// windsurf, cline, zed, roo, continue, openhands, amp, aider, junie, contributing.
	Format string       `json:"format"`
	Scope  policy.Scope `json:"scope"`
	// SHA256 is the hash of the file's content, also for a file skipped because it was
	// read under another name or overridden ("" when it cannot be read).
	SHA256 string `json:"sha256"`
	// ImportedBy is the file whose @import brought this one in ("" for a discovered file).
	ImportedBy string `json:"imported_by,omitempty"`
	// Reference is set on a document read because a line of ImportedBy links to it
	// without binding its reader to it ("Usage and quick start: README.md", a line
	// that is itself no rule). Such a document was written for other readers (a
	// package's users, a site's visitors), so its must-constraints bind as should:
	// they warn, never block.
	Reference bool `json:"reference,omitempty"`
	// Linked is set on a document read because an instruction file links to it or
	// names it (not an @import, which the agent loads with its importer), and on what
	// such a document imports: no agent loads it by itself (policy.SourceFile.Linked).
	Linked bool `json:"linked,omitempty"`
	// Markup is "markdown" or "rst".
	Markup string `json:"markup,omitempty"`
	// Activation says when an agent loads the file: "always" (the default), "globs"
	// (only for matching paths), "requested" (Cursor/Windsurf/Continue: the model
	// decides from the description), "manual" (only when a person mentions it),
	// "triggered" (OpenHands: when a trigger word comes up in the conversation) or
	// "mode:MODE" (Roo Code's .roo/rules-MODE/: only in that mode).
	Activation string `json:"activation,omitempty"`
	// Description is the front-matter description (Cursor, Windsurf, Copilot).
	Description string `json:"description,omitempty"`
	// Constraints is how many constraints the file gave.
	Constraints int `json:"constraints"`
	// Skipped says why the file gave no constraints although it was found: "symlink
	// to AGENTS.md (read once)", "overridden by AGENTS.override.md", "larger than 5 MB".
	Skipped string `json:"skipped,omitempty"`
}

// Warning is a problem with an instruction file that did not stop the rest from being
// read: it always names the file and says what is wrong.
type Warning struct {
	File string `json:"file"`
	Line int    `json:"line,omitempty"`
	Msg  string `json:"message"`
}

func (w Warning) String() string {
	if w.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", w.File, w.Line, w.Msg)
	}
	return fmt.Sprintf("%s: %s", w.File, w.Msg)
}

// Set is everything read from a repository's instruction files.
type Set struct {
	Root        string              `json:"-"`
	Files       []File              `json:"files"`
	Constraints []policy.Constraint `json:"constraints"`
	Warnings    []Warning           `json:"warnings,omitempty"`
}
