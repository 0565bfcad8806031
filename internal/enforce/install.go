package enforce

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/heed-dev/heed/internal/jsonc"
	"github.com/heed-dev/heed/internal/lazy"
	"github.com/heed-dev/heed/internal/settingsfile"
)

// HookConfig is the project file an agent reads its hooks from, and what heed adds.
type HookConfig struct {
	Agent string
	// File is repository-relative.
	File string
	// Added lists "Event: matcher" for each hook added; empty when all were there.
	Added []string
}

// InstallOptions are the choices of `heed hook install`.
type InstallOptions struct {
	// RulesContext makes Claude Code's PreToolUse hook run with --rules-context. Over
	// an earlier install without it, the command is changed in place.
	RulesContext bool
}

// contextFlag is the flag of `heed hook claude` that adds a file's rules as context.
const contextFlag = " --rules-context"

// InstallHooks merges heed's hooks for agent into the agent's project configuration
// under root: the existing file keeps every key, value and key order it had; heed's
// handler is added to each event once (running it again changes nothing). A file
// heed cannot merge safely is an error naming it and is left untouched: one that does
// not parse, is larger than settingsfile.MaxSize, nests deeper than
// settingsfile.MaxDepth, or writes a key heed reads or edits twice in one object. A
// file that is a symbolic link is edited where it points (the link stays). command is
// how the agent runs heed ("heed" when it is on PATH).
func InstallHooks(root, agent, command string, opt InstallOptions) (*HookConfig, error) {
	spec, ok := hookSpecs.Get()[agent]
	if !ok {
		return nil, fmt.Errorf("unknown agent %q (known: %s)", agent, strings.Join(Agents, ", "))
	}
	cfg := &HookConfig{Agent: agent, File: spec.file}
	file, err := settingsfile.Read(root, spec.file)
	if err != nil {
		return nil, err
	}
	// bounded before any parser runs: the parser recurses once per level
	if err := settingsfile.CheckDepth(spec.file, file.Data); err != nil {
		return nil, err
	}
	// JSON with comments and trailing commas, which Gemini CLI and VS Code-style
	// settings allow: the comments are kept
	doc, err := jsonc.Parse(file.Data)
	if err != nil {
		return nil, fmt.Errorf("%s is not valid JSON (%v); heed leaves it untouched", spec.file, err)
	}
	top := doc.Root()
	if top.Kind() != '{' {
		return nil, fmt.Errorf("%s is %s, not a JSON object; heed leaves it untouched", spec.file, top.KindName())
	}
	if err := spec.duplicates(top); err != nil {
		return nil, err
	}
	hcmd := command + " hook " + agent
	if spec.version && top.Get("version") == nil {
		if _, err := top.Set("version", 1); err != nil {
			return nil, fmt.Errorf("%s: %v", spec.file, err)
		}
	}
	hooks := top.Get("hooks")
	if hooks == nil {
		if hooks, err = top.Set("hooks", json.RawMessage("{}")); err != nil {
			return nil, fmt.Errorf("%s: %v", spec.file, err)
		}
	}
	if hooks.Kind() != '{' {
		return nil, fmt.Errorf("%s: \"hooks\" is %s, not an object; heed leaves it untouched", spec.file, hooks.KindName())
	}
	for _, ev := range spec.events {
		list := hooks.Get(ev.name)
		if list == nil {
			if list, err = hooks.Set(ev.name, json.RawMessage("[]")); err != nil {
				return nil, fmt.Errorf("%s: %v", spec.file, err)
			}
		}
		if list.Kind() != '[' {
			return nil, fmt.Errorf("%s: hooks.%s is %s, not a list; heed leaves it untouched", spec.file, ev.name, list.KindName())
		}
		context := ev.name == spec.contextEvent
		want := hcmd
		if context && (opt.RulesContext || spec.find(list, hcmd+contextFlag) != nil) {
			// installing with the rules context turns it on in place, and installing
			// without it never turns it off
			want = hcmd + contextFlag
		}
		if h := spec.find(list, want); h != nil {
			if g := spec.groupOf(list, h); g != nil && ev.matcher != "" && g.Get("matcher").Str() != ev.matcher && len(g.Get("hooks").Elems()) == 1 {
				// heed's own group from an earlier version: it now matches more tools
				// (NotebookEdit); a group shared with other handlers is left alone
				if _, err := g.Set("matcher", ev.matcher); err != nil {
					return nil, fmt.Errorf("%s: %v", spec.file, err)
				}
				cfg.Added = append(cfg.Added, ev.name+": "+ev.matcher)
			}
			if h.Get(spec.commandKey).Str() != want {
				// heed's hook run by another of heed's binaries (heed, heed-shim, a path)
				if _, err := h.Set(spec.commandKey, want); err != nil {
					return nil, fmt.Errorf("%s: %v", spec.file, err)
				}
				cfg.Added = append(cfg.Added, ev.name+": runs "+command)
			}
			continue
		}
		if want != hcmd {
			if h := spec.find(list, hcmd); h != nil {
				if _, err := h.Set(spec.commandKey, want); err != nil {
					return nil, fmt.Errorf("%s: %v", spec.file, err)
				}
				cfg.Added = append(cfg.Added, ev.name+": rules context")
				continue
			}
		}
		if _, err := list.Append(spec.entry(ev, want)); err != nil {
			return nil, fmt.Errorf("%s: %v", spec.file, err)
		}
		cfg.Added = append(cfg.Added, strings.TrimSuffix(ev.name+": "+ev.matcher, ": "))
	}
	if len(cfg.Added) == 0 {
		return cfg, nil
	}
	if err := file.Write(doc.Bytes()); err != nil {
		return nil, err
	}
	return cfg, nil
}

type hookEvent struct {
	name, matcher string
}

type hookSpec struct {
	file    string
	version bool
	// contextEvent is the event whose answer can carry context for the agent
	// (--rules-context), "" for agents that read none before a tool runs.
	contextEvent string
	events       []hookEvent
	entry        func(ev hookEvent, cmd string) json.RawMessage
	// handlers lists the command handlers of an event's list; commandKey is the key
	// of their command.
	handlers   func(list *jsonc.Node) []*jsonc.Node
	commandKey string
	// grouped is true for the matcher-group layout (groupHandlers).
	grouped bool
}

// duplicates refuses a settings file in which a key heed reads or edits is written
// twice in the same object: agents read one of the two (JSON parsers keep the last),
// and heed would merge into another (jsonc edits the first), reporting hooks
// installed that never run.
func (s hookSpec) duplicates(doc *jsonc.Node) error {
	top := []string{"hooks"}
	if s.version {
		top = append(top, "version")
	}
	if err := unique(doc, s.file, "", top...); err != nil {
		return err
	}
	hooks := doc.Get("hooks")
	if hooks.Kind() != '{' {
		return nil
	}
	var events []string
	for _, ev := range s.events {
		events = append(events, ev.name)
	}
	if err := unique(hooks, s.file, "hooks", events...); err != nil {
		return err
	}
	for _, ev := range s.events {
		for i, g := range hooks.Get(ev.name).Elems() {
			at := fmt.Sprintf("hooks.%s[%d]", ev.name, i)
			if !s.grouped {
				if err := unique(g, s.file, at, s.commandKey); err != nil {
					return err
				}
				continue
			}
			if err := unique(g, s.file, at, "matcher", "hooks"); err != nil {
				return err
			}
			for j, h := range g.Get("hooks").Elems() {
				if err := unique(h, s.file, fmt.Sprintf("%s.hooks[%d]", at, j), s.commandKey); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// unique returns an error naming file and the key when one of keys appears more than
// once in the object n (at is where n is in the file, "" for the top level).
func unique(n *jsonc.Node, file, at string, keys ...string) error {
	names := n.Keys() // nil unless n is an object
	for _, k := range keys {
		count := 0
		for _, name := range names {
			if name == k {
				count++
			}
		}
		if count > 1 {
			where := "at the top level"
			if at != "" {
				where = "in " + at
			}
			return fmt.Errorf("%s: the key %q appears %d times %s; the agent reads only one of them and heed cannot tell which, so it leaves the file untouched (merge them into one first)", file, k, count, where)
		}
	}
	return nil
}

// find returns the handler of list that runs heed's hook cmd, written with any of
// heed's binaries.
func (s hookSpec) find(list *jsonc.Node, cmd string) *jsonc.Node {
	for _, h := range s.handlers(list) {
		if c := h.Get(s.commandKey); c != nil && sameHook(c.Str(), cmd) {
			return h
		}
	}
	return nil
}

// groupOf is the matcher group of the Claude Code layout that holds handler h, nil
// in a flat list.
func (s hookSpec) groupOf(list, h *jsonc.Node) *jsonc.Node {
	if s.commandKey != "command" || list.Elems() == nil {
		return nil
	}
	for _, g := range list.Elems() {
		for _, x := range g.Get("hooks").Elems() {
			if x.Same(h) {
				return g
			}
		}
	}
	return nil
}

// sameHook reports whether two hook commands are the same call of heed: equal, or
// "PROGRAM hook AGENT[ FLAGS]" alike but for which of heed's executables PROGRAM names
// (heed, heed-shim, or either by path).
func sameHook(a, b string) bool {
	if a == b {
		return true
	}
	pa, ca, okA := splitHook(a)
	pb, cb, okB := splitHook(b)
	return okA && okB && ca == cb && isHeedBinary(pa) && isHeedBinary(pb)
}

// splitHook splits a hook command "PROGRAM hook AGENT[ FLAGS]" into the base name of
// its program and the call after it (" hook AGENT[ FLAGS]").
func splitHook(cmd string) (program, call string, ok bool) {
	i := strings.Index(cmd, " hook ")
	if i < 0 {
		return "", "", false
	}
	return filepath.Base(strings.Trim(cmd[:i], `'"`)), cmd[i:], true
}

// groupEntry is the Claude Code layout, which Codex and Gemini CLI share: a matcher
// group with a list of command handlers.
func groupEntry(timeoutKey string, timeout int) func(hookEvent, string) json.RawMessage {
	return func(ev hookEvent, cmd string) json.RawMessage {
		h := fmt.Sprintf(`{"type": "command", "command": %s, %s: %d}`, marshalString(cmd), marshalString(timeoutKey), timeout)
		if ev.matcher == "" {
			return json.RawMessage(`{"hooks": [` + h + `]}`)
		}
		return json.RawMessage(`{"matcher": ` + string(marshalString(ev.matcher)) + `, "hooks": [` + h + `]}`)
	}
}

// groupHandlers lists the handlers of the Claude Code layout's matcher groups.
func groupHandlers(list *jsonc.Node) []*jsonc.Node {
	var out []*jsonc.Node
	for _, g := range list.Elems() {
		out = append(out, g.Get("hooks").Elems()...)
	}
	return out
}

// flatHandlers lists a flat list's handlers (Cursor, Copilot).
func flatHandlers(list *jsonc.Node) []*jsonc.Node { return list.Elems() }

// hookSpecs is built on first use: heed-shim links this package.
var hookSpecs = lazy.Value[map[string]hookSpec]{F: func() map[string]hookSpec {
	return map[string]hookSpec{
		AgentClaude: {
			file:         ".claude/settings.json",
			contextEvent: "PreToolUse",
			events: []hookEvent{
				{"PreToolUse", "Bash|Write|Edit|MultiEdit|NotebookEdit"},
				{"PostToolUse", "Bash|Write|Edit|MultiEdit|NotebookEdit"},
				{"PostToolUseFailure", "Bash"},
			},
			entry:    groupEntry("timeout", 30),
			handlers: groupHandlers, commandKey: "command", grouped: true,
		},
		AgentCodex: {
			file: ".codex/hooks.json",
			events: []hookEvent{
				{"PreToolUse", "Bash|apply_patch"},
				{"PostToolUse", "Bash|apply_patch"},
			},
			entry:    groupEntry("timeout", 30),
			handlers: groupHandlers, commandKey: "command", grouped: true,
		},
		AgentGemini: {
			file: ".gemini/settings.json",
			events: []hookEvent{
				{"BeforeTool", "run_shell_command|write_file|replace"},
				{"AfterTool", "run_shell_command|write_file|replace"},
			},
			entry:    groupEntry("timeout", 30000),
			handlers: groupHandlers, commandKey: "command", grouped: true,
		},
		AgentCursor: {
			file:    ".cursor/hooks.json",
			version: true,
			events:  []hookEvent{{"beforeShellExecution", ""}, {"afterShellExecution", ""}, {"afterFileEdit", ""}},
			entry: func(ev hookEvent, cmd string) json.RawMessage {
				return json.RawMessage(`{"command": ` + string(marshalString(cmd)) + `}`)
			},
			handlers: flatHandlers, commandKey: "command",
		},
		AgentCopilot: {
			file:    ".github/hooks/heed.json",
			version: true,
			events:  []hookEvent{{"preToolUse", ""}, {"postToolUse", ""}, {"postToolUseFailure", ""}},
			entry: func(ev hookEvent, cmd string) json.RawMessage {
				return json.RawMessage(`{"type": "command", "bash": ` + string(marshalString(cmd)) + `, "cwd": ".", "timeoutSec": 30}`)
			},
			handlers: flatHandlers, commandKey: "bash",
		},
	}
}}

// marshalString encodes a string as JSON without escaping <, > and & (a person's
// config keeps its text as written).
func marshalString(s string) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return bytes.TrimRight(b.Bytes(), "\n")
}

// HeedHooks lists the agents whose hook configuration under root runs heed's hooks
// with the heed binary itself rather than heed-shim: after heed compile, installing
// again switches them to the faster path.
func HeedHooks(root string) (agents []string) {
	for _, agent := range Agents {
		if hooksRunHeed(root, agent) {
			agents = append(agents, agent)
		}
	}
	return agents
}

func hooksRunHeed(root, agent string) bool {
	spec := hookSpecs.Get()[agent]
	file, err := settingsfile.Read(root, spec.file)
	if err != nil || !file.Exists || settingsfile.CheckDepth(spec.file, file.Data) != nil {
		return false
	}
	doc, err := jsonc.Parse(file.Data)
	if err != nil {
		return false
	}
	hooks := doc.Root().Get("hooks") // nil unless the file and it are objects
	for _, ev := range spec.events {
		list := hooks.Get(ev.name)
		if list.Kind() != '[' {
			continue
		}
		for _, h := range spec.handlers(list) {
			if c := h.Get(spec.commandKey); c != nil {
				if program, call, ok := splitHook(c.Str()); ok && program == "heed" && strings.HasPrefix(call, " hook "+agent) {
					return true
				}
			}
		}
	}
	return false
}
