package instr

import (
	"path"
	"strings"
)

// Formats of instruction files (File.Format, Constraint.Format).
const (
	FormatAgents         = "agents"
	FormatAgentsOverride = "agents-override"
	FormatClaude         = "claude"
	FormatClaudeLocal    = "claude-local"
	FormatClaudeRules    = "claude-rules"
	FormatCopilot        = "copilot"
	FormatCopilotInstr   = "copilot-instructions"
	FormatCursor         = "cursor"
	FormatCursorRules    = "cursorrules"
	FormatGemini         = "gemini"
	FormatWindsurf       = "windsurf"
	FormatCline          = "cline"
	FormatContributing   = "contributing"
	// FormatZed is Zed's .rules at the root of a work tree.
	FormatZed = "zed"
	// FormatRoo is Roo Code's .roo/rules/ and .roo/rules-MODE/ folders and the
	// .roorules and .roorules-MODE files.
	FormatRoo = "roo"
	// FormatContinue is Continue's .continue/rules/*.md (and the older .continuerules).
	FormatContinue = "continue"
	// FormatOpenHands is OpenHands' .openhands/microagents/**/*.md (but README.md):
	// repo.md and every microagent without triggers are loaded always, one with
	// triggers (or inputs) when a trigger word comes up.
	FormatOpenHands = "openhands"
	// FormatAmp is AGENT.md, Amp's first name for AGENTS.md (Zed reads it too).
	FormatAmp = "amp"
	// FormatAider is the CONVENTIONS.md at the root that Aider users load with --read.
	FormatAider = "aider"
	// FormatJunie is JetBrains Junie's .junie/guidelines.md.
	FormatJunie = "junie"
)

// Markups of instruction files.
const (
	MarkupMarkdown = "markdown"
	MarkupRST      = "rst"
)

// Classify names the instruction-file format of a repository-relative path, or ""
// when the path is not an instruction file an agent reads. It looks at the path only.
func Classify(rel string) string {
	rel = strings.TrimPrefix(path.Clean("/"+rel), "/")
	dir, base := path.Split(rel)
	dir = strings.TrimSuffix(dir, "/")
	parent := path.Base(dir)
	switch base {
	case "AGENTS.md":
		return FormatAgents
	case "AGENTS.override.md":
		return FormatAgentsOverride
	case "CLAUDE.md":
		return FormatClaude
	case "CLAUDE.local.md":
		return FormatClaudeLocal
	case "GEMINI.md":
		return FormatGemini
	case ".cursorrules":
		return FormatCursorRules
	case ".windsurfrules":
		return FormatWindsurf
	case ".clinerules":
		return FormatCline
	case "AGENT.md":
		return FormatAmp
	case ".continuerules":
		return FormatContinue
	}
	if base == ".roorules" || strings.HasPrefix(base, ".roorules-") && len(base) > len(".roorules-") {
		return FormatRoo
	}
	if dir == "" {
		// Zed reads .rules and Aider users pass CONVENTIONS.md at the top of the work
		// tree only; elsewhere the names are too common to be instructions.
		switch base {
		case ".rules":
			return FormatZed
		case "CONVENTIONS.md":
			return FormatAider
		}
	}
	segs := strings.Split(dir, "/")
	// .claude/rules/**/*.md, .cursor/rules/**/*.md[c], .windsurf/rules/**/*.md and
	// .clinerules/**: any depth below the rules folder.
	for i := range segs {
		tail := segs[i:]
		switch {
		case len(tail) >= 2 && tail[0] == ".claude" && tail[1] == "rules" && strings.HasSuffix(base, ".md"):
			return FormatClaudeRules
		case len(tail) >= 2 && tail[0] == ".cursor" && tail[1] == "rules" && (strings.HasSuffix(base, ".mdc") || strings.HasSuffix(base, ".md")):
			// Cursor takes .md beside .mdc there (and a rule folder's RULE.md); the
			// frontmatter, not the extension, says when it applies
			return FormatCursor
		case len(tail) >= 2 && tail[0] == ".windsurf" && tail[1] == "rules" && strings.HasSuffix(base, ".md"):
			return FormatWindsurf
		case tail[0] == ".clinerules" && (strings.HasSuffix(base, ".md") || strings.HasSuffix(base, ".txt")):
			return FormatCline
		case len(tail) >= 2 && tail[0] == ".roo" && (tail[1] == "rules" || rooModeDir(tail[1]) != "") && isTextRules(base):
			return FormatRoo
		case len(tail) >= 2 && tail[0] == ".continue" && tail[1] == "rules" && strings.HasSuffix(base, ".md"):
			return FormatContinue
		case len(tail) >= 2 && tail[0] == ".openhands" && tail[1] == "microagents" && strings.HasSuffix(base, ".md") && base != "README.md":
			// OpenHands loads every .md below the folder but its README
			return FormatOpenHands
		case len(tail) == 1 && tail[0] == ".junie" && base == "guidelines.md":
			return FormatJunie
		}
	}
	if dir == ".github" && base == "copilot-instructions.md" {
		return FormatCopilot
	}
	if strings.HasPrefix(dir, ".github/instructions") && (dir == ".github/instructions" || strings.HasPrefix(dir, ".github/instructions/")) &&
		strings.HasSuffix(base, ".instructions.md") {
		return FormatCopilotInstr
	}
	if dir == "" || dir == ".github" || dir == "docs" {
		switch strings.ToLower(base) {
		case "contributing.md", "contributing.rst", "contributing":
			return FormatContributing
		}
	}
	_ = parent
	return ""
}

// isTextRules reports whether a file in a rules folder that takes any text file
// (Roo Code's) is one: Markdown or plain text.
func isTextRules(base string) bool {
	switch strings.ToLower(path.Ext(base)) {
	case ".md", ".markdown", ".txt":
		return true
	}
	return false
}

// rooModeDir returns the mode of a Roo Code mode-specific rules folder name
// ("rules-code" gives "code"), or "".
func rooModeDir(name string) string {
	if mode, ok := strings.CutPrefix(name, "rules-"); ok {
		return mode
	}
	return ""
}

// RooMode returns the Roo Code mode a rules file is limited to (.roo/rules-MODE/...
// or .roorules-MODE), or "" for a file every mode reads.
func RooMode(rel string) string {
	rel = strings.TrimPrefix(path.Clean("/"+rel), "/")
	segs := strings.Split(rel, "/")
	base := segs[len(segs)-1]
	if mode, ok := strings.CutPrefix(base, ".roorules-"); ok {
		return mode
	}
	for i := 0; i+1 < len(segs)-1; i++ {
		if segs[i] == ".roo" {
			return rooModeDir(segs[i+1])
		}
	}
	return ""
}

// MarkupOf says how a file's text is written: reStructuredText for .rst and .txt
// (Sphinx sources), Markdown for everything else (rules files without an extension
// are Markdown or plain text, which Markdown reads as paragraphs).
func MarkupOf(rel string) string {
	switch strings.ToLower(path.Ext(rel)) {
	case ".rst", ".txt":
		return MarkupRST
	}
	return MarkupMarkdown
}

// ScopeDir is the directory a file governs before front-matter globs narrow it: the
// file's own directory, or for files kept in a tool's folder (.claude/, .cursor/rules/,
// .github/, .agents/ ...) the directory that folder configures.
func ScopeDir(rel, format string) string {
	rel = strings.TrimPrefix(path.Clean("/"+rel), "/")
	dir := path.Dir(rel)
	if dir == "." {
		dir = ""
	}
	segs := strings.Split(dir, "/")
	if dir == "" {
		segs = nil
	}
	// Cut at the first tool folder: everything inside it configures its parent.
	for i, s := range segs {
		switch s {
		case ".claude", ".cursor", ".windsurf", ".clinerules", ".github", ".agents", ".codex", ".gemini",
			".roo", ".continue", ".openhands", ".junie":
			return strings.Join(segs[:i], "/")
		}
	}
	switch format {
	case FormatCopilot, FormatCopilotInstr, FormatContributing:
		return ""
	}
	return dir
}

// importsFollowed reports whether agents of this format follow @path imports.
func importsFollowed(format string) bool {
	switch format {
	case FormatClaude, FormatClaudeLocal, FormatClaudeRules, FormatGemini, FormatAgents, FormatAgentsOverride, FormatAmp:
		return true
	}
	return false
}
