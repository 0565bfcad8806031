package trajectory

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/heed-dev/heed/internal/lazyre"
)

// parseCodex reads a Codex rollout (~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl):
// {timestamp, type, payload} records. session_meta and turn_context give the cwd, the
// model and the starting commit; response_item records hold function_call /
// custom_tool_call items (shell, shell_command, exec_command, local_shell_call,
// apply_patch) and their *_output items, paired by call_id.
func parseCodex(data []byte) (*Trajectory, error) { return readCodex(dataLines(data)) }

// readCodex is parseCodex over lines read one at a time (Read).
func readCodex(next func() ([]byte, bool)) (*Trajectory, error) {
	t := &Trajectory{}
	var lineWarnings []string
	read := false
	byCall := map[string][]int{} // call_id -> steps
	cwd := ""
	var lastText string
	for r := range records(next, t, &lineWarnings) {
		read = true
		p := obj(r.m, "payload")
		if p == nil {
			continue
		}
		switch str(r.m, "type") {
		case "session_meta":
			if c := str(p, "cwd"); c != "" {
				cwd = c
				if t.Cwd == "" {
					t.Cwd = c
				}
			}
			if g := obj(p, "git"); g != nil && t.StartCommit == "" {
				t.StartCommit = str(g, "commit_hash")
				if b := str(g, "branch"); b != "HEAD" {
					t.StartBranch = b
				}
			}
		case "turn_context":
			if c := str(p, "cwd"); c != "" {
				cwd = c
			}
			if t.Model == "" {
				t.Model = str(p, "model")
			}
		case "response_item":
			ptype := str(p, "type")
			switch ptype {
			case "function_call", "custom_tool_call", "local_shell_call":
				steps := codexCall(p, cwd, t, r.line)
				for i := range steps {
					steps[i].Time = str(r.m, "timestamp")
					steps[i].Record = r.line
				}
				first := len(t.Steps)
				t.Steps = append(t.Steps, steps...)
				if id := str(p, "call_id", "id"); id != "" {
					for i := range steps {
						byCall[id] = append(byCall[id], first+i)
					}
				}
			case "function_call_output", "custom_tool_call_output", "local_shell_call_output":
				id := str(p, "call_id")
				idx, ok := byCall[id]
				if !ok {
					t.Warnings = append(t.Warnings, fmt.Sprintf("line %d: an output for call %q, whose call is not in the rollout", r.line, id))
					continue
				}
				out, exit := codexOutput(p["output"])
				for _, i := range idx {
					s := &t.Steps[i]
					if s.Kind == KindCommand {
						s.Output, s.Exit = capOutput(out), exit
						if exit != nil && *exit != 0 && codexRefusedRE.MatchString(out) {
							s.Denied = true
						}
					} else if exit != nil && *exit != 0 {
						s.Denied = true // the patch did not apply
					}
				}
			case "message":
				if str(p, "role") == "assistant" {
					if s := textOf(p["content"]); strings.Contains(s, prMarker) {
						lastText = s
					}
				}
			}
		}
	}
	t.PR = prFrom(lastText)
	if !read {
		return nil, fmt.Errorf("no readable record in the rollout")
	}
	t.Warnings = append(lineWarnings, t.Warnings...)
	return t, nil
}

var codexRefusedRE = lazyre.New(`(?i)(rejected by (the )?user|command was blocked|blocked by (a )?hook|denied by (a )?hook|exec command rejected|sandbox denied)`)

// codexCall turns a call item into steps: one command, or one step per file of an
// apply_patch.
func codexCall(p map[string]any, cwd string, t *Trajectory, line int) []Step {
	name := str(p, "name")
	var args map[string]any
	if a := str(p, "arguments"); a != "" {
		if err := json.Unmarshal([]byte(a), &args); err != nil {
			// Some tools take free-form input; a shell tool whose arguments do not parse
			// still shows what was asked.
			args = map[string]any{"input": a}
		}
	}
	if args == nil {
		args = map[string]any{}
	}
	if act := obj(p, "action"); act != nil { // local_shell_call
		args = act
		if name == "" {
			name = "local_shell"
		}
	}
	if in := str(p, "input"); in != "" {
		args["input"] = in
	}
	wd := str(args, "workdir", "cwd", "working_directory")
	if wd == "" {
		wd = cwd
	}
	switch name {
	case "apply_patch":
		return patchSteps(str(args, "input", "patch"), wd, name, t, line)
	case "shell", "container.exec", "local_shell", "shell_command", "exec_command", "exec", "unified_exec":
		var lineText string
		switch c := args["command"].(type) {
		case []any:
			argv := make([]string, 0, len(c))
			for _, a := range c {
				s, _ := a.(string)
				argv = append(argv, s)
			}
			// ["bash", "-lc", "script"] is the script; ["apply_patch", patch] is a patch.
			if len(argv) >= 2 && (argv[0] == "apply_patch" || argv[0] == "applypatch") {
				return patchSteps(argv[1], wd, "apply_patch", t, line)
			}
			if len(argv) == 3 && isShell(argv[0]) && (argv[1] == "-lc" || argv[1] == "-c") {
				lineText = argv[2]
			} else {
				lineText = joinArgv(argv)
			}
		case string:
			lineText = c
		}
		if lineText == "" {
			lineText = str(args, "cmd", "script", "input")
		}
		if strings.HasPrefix(strings.TrimSpace(lineText), "apply_patch") && strings.Contains(lineText, "*** Begin Patch") {
			return patchSteps(lineText[strings.Index(lineText, "*** Begin Patch"):], wd, "apply_patch", t, line)
		}
		return []Step{{Kind: KindCommand, Tool: name, Command: lineText, Cwd: wd}}
	}
	return nil
}

func isShell(s string) bool {
	switch strings.TrimPrefix(s, "/bin/") {
	case "bash", "sh", "zsh", "/usr/bin/bash", "/usr/bin/zsh":
		return true
	}
	return false
}

// joinArgv renders an argv as a shell line (single-quoting what needs it).
func joinArgv(argv []string) string {
	parts := make([]string, len(argv))
	for i, a := range argv {
		if a != "" && !strings.ContainsAny(a, " \t\n'\"\\$`&|;<>()*?[]{}#~!") {
			parts[i] = a
			continue
		}
		parts[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
	}
	return strings.Join(parts, " ")
}

var codexExitRE = lazyre.New(`(?m)^(?:Exit code:|Process exited with code|exit code:?)\s*(-?[0-9]+)`)

// codexOutput reads an output item: a JSON string {"output", "metadata": {"exit_code"}},
// or the plain text of newer tools ("Exit code: 0\nWall time: ...\nOutput:\n...").
func codexOutput(v any) (string, *int) {
	s, ok := v.(string)
	if !ok {
		if m, ok := v.(map[string]any); ok {
			b, _ := json.Marshal(m)
			s = string(b)
		} else {
			s = textOf(v)
		}
	}
	var j map[string]any
	if json.Unmarshal([]byte(s), &j) == nil {
		out := str(j, "output", "stdout")
		if md := obj(j, "metadata"); md != nil {
			if n, ok := intOf(md["exit_code"]); ok {
				return out, intPtr(n)
			}
		}
		if n, ok := intOf(j["exit_code"]); ok {
			return out, intPtr(n)
		}
		return out, nil
	}
	out := s
	if i := strings.Index(s, "\nOutput:\n"); i >= 0 {
		out = s[i+len("\nOutput:\n"):]
	}
	if m := codexExitRE.FindStringSubmatch(s); m != nil {
		n, _ := intOf(m[1])
		return out, intPtr(n)
	}
	return out, nil
}

// patchSteps splits an apply_patch envelope ("*** Begin Patch" ... "*** End Patch")
// into one step per file.
func patchSteps(patch, cwd, tool string, t *Trajectory, line int) []Step {
	files, err := ParsePatch(patch)
	if err != nil {
		t.Warnings = append(t.Warnings, fmt.Sprintf("line %d: %v", line, err))
	}
	var out []Step
	for _, f := range files {
		s := Step{Tool: tool, Cwd: cwd, Path: f.Path}
		switch f.Op {
		case "add":
			s.Kind = KindPatch
			c := strings.Join(f.Added, "\n")
			if len(f.Added) > 0 {
				c += "\n"
			}
			s.Content = &c
			s.Added = f.Added
		case "delete":
			s.Kind = KindDelete
		default:
			s.Kind = KindPatch
			s.Added = f.Added
			if f.MoveTo != "" {
				out = append(out, Step{Kind: KindDelete, Tool: tool, Cwd: cwd, Path: f.Path})
				s.Path = f.MoveTo
			}
			for _, h := range f.Hunks {
				s.Edits = append(s.Edits, Edit{Old: h.Old, New: h.New})
			}
		}
		out = append(out, s)
	}
	return out
}

// PatchFile is one file of an apply_patch envelope.
type PatchFile struct {
	Op     string // add, update, delete
	Path   string
	MoveTo string
	Added  []string
	Hunks  []Edit
}

// ParsePatch reads Codex's apply_patch format. It returns the files it could read and
// an error naming the first line it could not.
func ParsePatch(patch string) ([]PatchFile, error) {
	lines := strings.Split(strings.ReplaceAll(patch, "\r\n", "\n"), "\n")
	var out []PatchFile
	var cur *PatchFile
	var old, neu []string
	flush := func() {
		if cur != nil && (len(old) > 0 || len(neu) > 0) {
			cur.Hunks = append(cur.Hunks, Edit{Old: strings.Join(old, "\n"), New: strings.Join(neu, "\n")})
		}
		old, neu = nil, nil
	}
	begun := false
	for i, l := range lines {
		switch {
		case strings.HasPrefix(l, "*** Begin Patch"):
			begun = true
		case strings.HasPrefix(l, "*** End Patch"):
			flush()
			return out, nil
		case strings.HasPrefix(l, "*** Add File: "), strings.HasPrefix(l, "*** Update File: "), strings.HasPrefix(l, "*** Delete File: "):
			flush()
			op := "update"
			switch {
			case strings.HasPrefix(l, "*** Add"):
				op = "add"
			case strings.HasPrefix(l, "*** Delete"):
				op = "delete"
			}
			out = append(out, PatchFile{Op: op, Path: strings.TrimSpace(l[strings.Index(l, ": ")+2:])})
			cur = &out[len(out)-1]
		case strings.HasPrefix(l, "*** Move to: ") && cur != nil:
			cur.MoveTo = strings.TrimSpace(strings.TrimPrefix(l, "*** Move to: "))
		case strings.HasPrefix(l, "@@"):
			flush()
		case strings.HasPrefix(l, "*** End of File"):
		case cur == nil:
			if strings.TrimSpace(l) != "" && begun {
				return out, fmt.Errorf("apply_patch line %d: %q outside a file section", i+1, l)
			}
		case strings.HasPrefix(l, "+"):
			cur.Added = append(cur.Added, l[1:])
			neu = append(neu, l[1:])
		case strings.HasPrefix(l, "-"):
			old = append(old, l[1:])
		case strings.HasPrefix(l, " "):
			old, neu = append(old, l[1:]), append(neu, l[1:])
		case l == "":
		default:
			return out, fmt.Errorf("apply_patch line %d: %q is not a patch line", i+1, l)
		}
	}
	flush()
	if begun {
		return out, fmt.Errorf("apply_patch: no \"*** End Patch\" line (truncated patch)")
	}
	return out, nil
}
