package instr

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/heed-dev/heed/internal/norm"
	"github.com/heed-dev/heed/internal/policy"
)

// MaxFileSize is the largest instruction file heed reads; bigger files are skipped
// with a warning (no agent loads 5 MB of instructions either).
const MaxFileSize = 5 << 20

// Extract splits one instruction file into constraints. relPath is the file's
// repository-relative path ("/"-separated); it picks the markup (.rst and .txt are
// reStructuredText) and goes into every constraint and id. format is the
// instruction-file format (Format* constants, "" to derive it from relPath), scope
// the file's scope before front matter narrows it. Problems with the file are
// warnings; Extract never fails.
func Extract(relPath string, src []byte, format string, scope policy.Scope) ([]policy.Constraint, []Warning) {
	res := extract(relPath, src, format, scope)
	return res.constraints, res.warns
}

// extraction is everything read from one file.
type extraction struct {
	constraints []policy.Constraint
	warns       []Warning
	refs        []importRef
	scope       policy.Scope
	activation  string
	description string
	markup      string
}

func extract(relPath string, src []byte, format string, scope policy.Scope) extraction {
	relPath = strings.TrimPrefix(path.Clean("/"+strings.ReplaceAll(relPath, "\\", "/")), "/")
	if format == "" {
		format = Classify(relPath)
	}
	res := extraction{scope: scope, activation: "always", markup: MarkupOf(relPath)}
	warn := func(line int, format string, args ...any) {
		res.warns = append(res.warns, Warning{File: relPath, Line: line, Msg: fmt.Sprintf(format, args...)})
	}
	switch {
	case len(src) > MaxFileSize:
		warn(0, "file is %d bytes, larger than the %d MB limit; skipped", len(src), MaxFileSize>>20)
		return res
	case len(bytes.TrimSpace(bytes.TrimPrefix(src, []byte("\ufeff")))) == 0:
		warn(0, "file is empty; it gives no constraints")
		return res
	case isBinary(src):
		warn(0, "file looks binary (it holds NUL bytes); skipped")
		return res
	}
	if !utf8.Valid(src) {
		line := 1 + bytes.Count(src[:firstInvalid(src)], []byte("\n"))
		warn(line, "file is not valid UTF-8 (first bad byte on line %d); invalid bytes read as U+FFFD", line)
		src = bytes.ToValidUTF8(src, []byte("\uFFFD"))
	}
	src = bytes.ReplaceAll(src, []byte("\r\n"), []byte("\n"))
	src, wrapped := unwrapInstructionsFence(src)

	var fm *frontMatter
	var body []byte
	var fmWarns []Warning
	if wrapped && bytes.HasPrefix(src, []byte("\n---")) {
		// the wrapper's first line held the fence: the front matter starts on line 2
		fm, body, fmWarns = splitFrontMatter(relPath, src[1:])
		body = append([]byte("\n"), body...)
		if fm != nil {
			for k := range fm.KeyLine {
				fm.KeyLine[k]++
			}
			fm.Lines++
		}
		for i := range fmWarns {
			fmWarns[i].Line++
		}
	} else {
		fm, body, fmWarns = splitFrontMatter(relPath, src)
	}
	res.warns = append(res.warns, fmWarns...)
	if fm != nil {
		res.applyFrontMatter(relPath, format, fm)
	}
	if format == FormatRoo {
		if mode := RooMode(relPath); mode != "" {
			res.activation = "mode:" + mode
		}
	}

	x := &extractor{file: relPath, format: format, scope: res.scope, imports: importsFollowed(format)}
	if res.markup == MarkupRST {
		extractRST(x, body)
	} else {
		extractMarkdown(x, body)
	}
	res.warns = append(res.warns, x.warns...)
	res.refs = x.refs
	if len(res.scope.Globs) == 0 {
		// "Read when writing or editing code under `Backend/` or `Backend.Tests/`."
		// opening the document: its rules are for that code
		if globs := openingScope(x.out); len(globs) > 0 {
			res.scope.Globs = anchorGlobs(res.scope.Dir, globs)
			for i := range x.out {
				x.out[i].Scope.Globs = res.scope.Globs
			}
		}
	}
	res.constraints = x.out
	assignIDs(res.constraints, relPath)
	return res
}

// openingScope returns the folders, as globs, that a document's opening sentence
// gives its rules to (norm.DocumentScope): one of its first three constraints, before
// any second-level heading.
func openingScope(cs []policy.Constraint) []string {
	for i, c := range cs {
		if i >= 3 || len(c.HeaderPath) > 1 {
			break
		}
		if globs := norm.DocumentLanguageScope(c.Text); len(globs) > 0 {
			return globs // "This rule applies globally to all TypeScript files"
		}
		spans := norm.DocumentScope(c.Text)
		if len(spans) == 0 {
			continue
		}
		var globs []string
		for _, sp := range spans {
			sp = strings.TrimPrefix(sp, "./")
			switch {
			case strings.ContainsAny(sp, "*?{"):
				globs = append(globs, sp)
			case strings.HasSuffix(sp, "/") || !strings.Contains(path.Base(sp), "."):
				globs = append(globs, strings.TrimSuffix(sp, "/")+"/**")
			default:
				return nil // a file or a name: no folder to hold the rules
			}
		}
		return globs
	}
	return nil
}

// applyFrontMatter narrows the scope by the format's glob field and records how the
// agent activates the file.
func (res *extraction) applyFrontMatter(file, format string, fm *frontMatter) {
	warn := func(key, format string, args ...any) {
		line := fm.KeyLine[key]
		if line == 0 {
			line = 1
		}
		res.warns = append(res.warns, Warning{File: file, Line: line, Msg: fmt.Sprintf(format, args...)})
	}
	res.description = strings.TrimSpace(strings.Join(fm.Fields["description"], " "))
	var globs []string
	key := ""
	for _, k := range []string{"applyTo", "globs", "paths"} {
		if fm.has(k) {
			key = k
			globs = append(globs, globList(fm.Fields[k])...)
		}
	}
	always, never := false, false
	if v := fm.first("alwaysApply"); fm.has("alwaysApply") && (format == FormatCursor || format == FormatContinue) {
		switch strings.ToLower(v) {
		case "true", "yes", "on":
			always = true
			if fm.Quoted["alwaysApply"] && format == FormatCursor {
				warn("alwaysApply", "alwaysApply is the string %q, which Cursor reads as false; heed reads it as true", v)
			}
		case "false", "no", "off", "":
			never = true
		default:
			warn("alwaysApply", "alwaysApply: %q is not true or false; read as false", v)
			never = true
		}
	}
	if format == FormatContinue && fm.has("regex") && !always {
		// Continue also wants the file's content to match; heed scopes by path only,
		// so it applies the rule to more files than Continue loads it for.
		warn("regex", "regex: Continue loads this rule only for files whose content matches %s; heed applies it by path alone",
			strings.Join(fm.Fields["regex"], ", "))
	}
	trigger := strings.ToLower(fm.first("trigger"))
	for _, g := range globs {
		if strings.Count(g, "{") != strings.Count(g, "}") || strings.Count(g, "[") != strings.Count(g, "]") {
			warn(key, "%s: glob %q has unbalanced brackets; it matches nothing", key, g)
		}
	}
	switch {
	case always || trigger == "always_on" || trigger == "always":
		res.activation = "always"
		if always && len(globs) > 0 {
			// Cursor applies an alwaysApply rule everywhere, whatever its globs say.
			globs = nil
		}
	case len(globs) > 0:
		res.activation = "globs"
	case format == FormatOpenHands:
		// OpenHands reads a microagent with triggers as knowledge (loaded when a
		// trigger word comes up), with inputs as a task (run on request), and any
		// other as repository knowledge, loaded always; type: says so explicitly.
		switch t := strings.ToLower(fm.first("type")); {
		case t == "knowledge" || t == "task" || (t != "repo" && (fm.has("triggers") || fm.has("inputs"))):
			res.activation = "triggered"
		}
	case format == FormatContinue:
		// alwaysApply: false without globs: the agent pulls the rule in by its
		// name or description. Unset: always.
		if never {
			res.activation = "requested"
		}
	case format == FormatCursor || format == FormatWindsurf:
		switch {
		case trigger == "manual":
			res.activation = "manual"
		case trigger == "model_decision" || res.description != "":
			res.activation = "requested"
		case fm.has("alwaysApply") || fm.has("globs") || trigger == "glob":
			res.activation = "manual"
		}
	}
	if len(globs) > 0 && !(len(globs) == 1 && (globs[0] == "**" || globs[0] == "**/*" || globs[0] == "*")) {
		res.scope.Globs = anchorGlobs(res.scope.Dir, globs)
	}
}

// anchorGlobs makes globs of a file that governs dir relative to the repository root
// (policy.Scope globs are): "src/**/*.ts" in packages/x/.cursor/rules becomes
// "packages/x/src/**/*.ts". Globs without "/" match base names anywhere already.
func anchorGlobs(dir string, globs []string) []string {
	out := make([]string, 0, len(globs))
	for _, g := range globs {
		g = strings.TrimPrefix(g, "./")
		if dir != "" && strings.Contains(strings.TrimPrefix(g, "/"), "/") && !strings.HasPrefix(g, "**/") {
			g = dir + "/" + strings.TrimPrefix(g, "/")
		}
		out = append(out, g)
	}
	return out
}

func isBinary(src []byte) bool {
	head := src
	if len(head) > 8000 {
		head = head[:8000]
	}
	return bytes.IndexByte(head, 0) >= 0
}

func firstInvalid(src []byte) int {
	for i := 0; i < len(src); {
		r, n := utf8.DecodeRune(src[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return len(src)
}

// assignIDs gives every constraint its stable id: a hash of the key (the file the
// text stands in), the header path, the normalised text and the index among earlier
// constraints with the same three. Line numbers, levels and the rest of the file do
// not enter it, so editing other parts of the file keeps the id.
func assignIDs(cs []policy.Constraint, key string) {
	seen := map[string]int{}
	for i := range cs {
		base := key + "\x00" + strings.Join(cs[i].HeaderPath, "\x1f") + "\x00" + normID(cs[i].Text)
		n := seen[base]
		seen[base] = n + 1
		sum := sha256.Sum256([]byte(base + "\x00" + strconv.Itoa(n)))
		cs[i].ID = hex.EncodeToString(sum[:6])
	}
}

// normID is the text as the id sees it: white space collapsed.
func normID(s string) string {
	if !strings.Contains(s, "  ") && !strings.ContainsAny(s, "\t\n\r") && strings.TrimSpace(s) == s {
		return s // texts are built normalised; skip the copy
	}
	return normSpace(s)
}
