package enforce

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"

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
// that is not valid JSON is an error and is left untouched. command is how the agent
// runs heed ("heed" when it is on PATH).
func InstallHooks(root, agent, command string, opt InstallOptions) (*HookConfig, error) {
	spec, ok := hookSpecs[agent]
	if !ok {
		return nil, fmt.Errorf("unknown agent %q (known: %s)", agent, strings.Join(Agents, ", "))
	}
	cfg := &HookConfig{Agent: agent, File: spec.file}
	file, err := settingsfile.Read(root, spec.file)
	if err != nil {
		return nil, err
	}
	doc := &jnode{kind: 'o'}
	if len(bytes.TrimSpace(file.Data)) > 0 {
		if err := settingsfile.CheckDepth(spec.file, file.Data); err != nil {
			return nil, err
		}
		doc, err = parseJSON(file.Data)
		if err != nil {
			return nil, fmt.Errorf("%s is not valid JSON (%v); heed leaves it untouched", spec.file, err)
		}
		if doc.kind != 'o' {
			return nil, fmt.Errorf("%s is not a JSON object; heed leaves it untouched", spec.file)
		}
		if err := spec.duplicates(doc); err != nil {
			return nil, err
		}
	}
	hcmd := command + " hook " + agent
	if spec.version {
		if doc.get("version") == nil {
			doc.set("version", raw("1"))
		}
	}
	hooks := doc.get("hooks")
	if hooks == nil {
		hooks = &jnode{kind: 'o'}
		doc.set("hooks", hooks)
	}
	if hooks.kind != 'o' {
		return nil, fmt.Errorf("%s: \"hooks\" is not an object; heed leaves it untouched", spec.file)
	}
	for _, ev := range spec.events {
		list := hooks.get(ev.name)
		if list == nil {
			list = &jnode{kind: 'a'}
			hooks.set(ev.name, list)
		}
		if list.kind != 'a' {
			return nil, fmt.Errorf("%s: hooks.%s is not a list; heed leaves it untouched", spec.file, ev.name)
		}
		context := ev.name == spec.contextEvent
		want := hcmd
		if context && (opt.RulesContext || spec.find(list, hcmd+contextFlag) != nil) {
			// installing with the rules context turns it on in place, and installing
			// without it never turns it off
			want = hcmd + contextFlag
		}
		if h := spec.find(list, want); h != nil {
			if h.get(spec.commandKey).str() != want {
				// heed's hook run by another of heed's binaries (heed, heed-shim, a path)
				h.set(spec.commandKey, str(want))
				cfg.Added = append(cfg.Added, ev.name+": runs "+command)
			}
			continue
		}
		if want != hcmd {
			if h := spec.find(list, hcmd); h != nil {
				h.set(spec.commandKey, str(want))
				cfg.Added = append(cfg.Added, ev.name+": rules context")
				continue
			}
		}
		list.elems = append(list.elems, spec.entry(ev, want))
		cfg.Added = append(cfg.Added, strings.TrimSuffix(ev.name+": "+ev.matcher, ": "))
	}
	if len(cfg.Added) == 0 {
		return cfg, nil
	}
	var out bytes.Buffer
	doc.write(&out, "")
	out.WriteByte('\n')
	if err := file.Write(out.Bytes()); err != nil {
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
	entry        func(ev hookEvent, cmd string) *jnode
	// handlers lists the command handlers of an event's list; commandKey is the key
	// of their command.
	handlers   func(list *jnode) []*jnode
	commandKey string
	// grouped is true for the matcher-group layout (groupHandlers).
	grouped bool
}

// duplicates refuses a settings file in which a key heed reads or edits is written
// twice in the same object: agents read one of the two (JSON parsers keep the last),
// and heed would merge into another, reporting hooks installed that never run.
func (s hookSpec) duplicates(doc *jnode) error {
	top := []string{"hooks"}
	if s.version {
		top = append(top, "version")
	}
	if err := doc.unique(s.file, "", top...); err != nil {
		return err
	}
	hooks := doc.get("hooks")
	if hooks == nil || hooks.kind != 'o' {
		return nil
	}
	var events []string
	for _, ev := range s.events {
		events = append(events, ev.name)
	}
	if err := hooks.unique(s.file, "hooks", events...); err != nil {
		return err
	}
	for _, ev := range s.events {
		list := hooks.get(ev.name)
		if list == nil || list.kind != 'a' {
			continue
		}
		for i, g := range list.elems {
			at := fmt.Sprintf("hooks.%s[%d]", ev.name, i)
			if !s.grouped {
				if err := g.unique(s.file, at, s.commandKey); err != nil {
					return err
				}
				continue
			}
			if err := g.unique(s.file, at, "hooks"); err != nil {
				return err
			}
			if hs := g.get("hooks"); hs != nil {
				for j, h := range hs.elems {
					if err := h.unique(s.file, fmt.Sprintf("%s.hooks[%d]", at, j), s.commandKey); err != nil {
						return err
					}
				}
			}
		}
	}
	return nil
}

// unique returns an error naming file and the key when one of keys appears more than
// once in the object n (at is where n is in the file, "" for the top level).
func (n *jnode) unique(file, at string, keys ...string) error {
	if n == nil || n.kind != 'o' {
		return nil
	}
	for _, k := range keys {
		count := 0
		for _, key := range n.keys {
			if key == k {
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
func (s hookSpec) find(list *jnode, cmd string) *jnode {
	for _, h := range s.handlers(list) {
		if c := h.get(s.commandKey); c != nil && sameHook(c.str(), cmd) {
			return h
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
func groupEntry(timeoutKey string, timeout string) func(hookEvent, string) *jnode {
	return func(ev hookEvent, cmd string) *jnode {
		h := &jnode{kind: 'o'}
		h.set("type", str("command"))
		h.set("command", str(cmd))
		h.set(timeoutKey, raw(timeout))
		g := &jnode{kind: 'o'}
		if ev.matcher != "" {
			g.set("matcher", str(ev.matcher))
		}
		g.set("hooks", &jnode{kind: 'a', elems: []*jnode{h}})
		return g
	}
}

// groupHandlers lists the handlers of the Claude Code layout's matcher groups.
func groupHandlers(list *jnode) []*jnode {
	var out []*jnode
	for _, g := range list.elems {
		if hs := g.get("hooks"); hs != nil {
			out = append(out, hs.elems...)
		}
	}
	return out
}

// flatHandlers lists a flat list's handlers (Cursor, Copilot).
func flatHandlers(list *jnode) []*jnode { return list.elems }

var hookSpecs = map[string]hookSpec{
	AgentClaude: {
		file:         ".claude/settings.json",
		contextEvent: "PreToolUse",
		events: []hookEvent{
			{"PreToolUse", "Bash|Write|Edit|MultiEdit"},
			{"PostToolUse", "Bash|Write|Edit|MultiEdit|NotebookEdit"},
			{"PostToolUseFailure", "Bash"},
		},
		entry:    groupEntry("timeout", "30"),
		handlers: groupHandlers, commandKey: "command", grouped: true,
	},
	AgentCodex: {
		file: ".codex/hooks.json",
		events: []hookEvent{
			{"PreToolUse", "Bash|apply_patch"},
			{"PostToolUse", "Bash|apply_patch"},
		},
		entry:    groupEntry("timeout", "30"),
		handlers: groupHandlers, commandKey: "command", grouped: true,
	},
	AgentGemini: {
		file: ".gemini/settings.json",
		events: []hookEvent{
			{"BeforeTool", "run_shell_command|write_file|replace"},
			{"AfterTool", "run_shell_command|write_file|replace"},
		},
		entry:    groupEntry("timeout", "30000"),
		handlers: groupHandlers, commandKey: "command", grouped: true,
	},
	AgentCursor: {
		file:    ".cursor/hooks.json",
		version: true,
		events:  []hookEvent{{"beforeShellExecution", ""}, {"afterShellExecution", ""}, {"afterFileEdit", ""}},
		entry: func(ev hookEvent, cmd string) *jnode {
			h := &jnode{kind: 'o'}
			h.set("command", str(cmd))
			return h
		},
		handlers: flatHandlers, commandKey: "command",
	},
	AgentCopilot: {
		file:    ".github/hooks/heed.json",
		version: true,
		events:  []hookEvent{{"preToolUse", ""}, {"postToolUse", ""}},
		entry: func(ev hookEvent, cmd string) *jnode {
			h := &jnode{kind: 'o'}
			h.set("type", str("command"))
			h.set("bash", str(cmd))
			h.set("cwd", str("."))
			h.set("timeoutSec", raw("30"))
			return h
		},
		handlers: flatHandlers, commandKey: "bash",
	},
}

// jnode is a JSON value that keeps its object keys in order, so merging into a
// person's config file does not reorder it.
type jnode struct {
	kind  byte // 'o' object, 'a' array, 'v' scalar
	keys  []string
	vals  []*jnode
	elems []*jnode
	raw   json.RawMessage
}

func raw(s string) *jnode { return &jnode{kind: 'v', raw: json.RawMessage(s)} }

func str(s string) *jnode { return &jnode{kind: 'v', raw: marshalString(s)} }

// marshalString encodes a string as JSON without escaping <, > and & (a person's
// config keeps its text as written).
func marshalString(s string) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return bytes.TrimRight(b.Bytes(), "\n")
}

func (n *jnode) str() string {
	var s string
	if n.kind == 'v' {
		_ = json.Unmarshal(n.raw, &s)
	}
	return s
}

func (n *jnode) get(k string) *jnode {
	if n == nil || n.kind != 'o' {
		return nil
	}
	for i, key := range n.keys {
		if key == k {
			return n.vals[i]
		}
	}
	return nil
}

func (n *jnode) set(k string, v *jnode) {
	for i, key := range n.keys {
		if key == k {
			n.vals[i] = v
			return
		}
	}
	n.keys = append(n.keys, k)
	n.vals = append(n.vals, v)
}

func parseJSON(data []byte) (*jnode, error) {
	if settingsfile.Depth(data, settingsfile.MaxDepth) > settingsfile.MaxDepth {
		return nil, fmt.Errorf("nested more than %d levels deep", settingsfile.MaxDepth)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	n, err := parseNode(dec)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("trailing data after the JSON value")
	}
	return n, nil
}

func parseNode(dec *json.Decoder) (*jnode, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			n := &jnode{kind: 'o'}
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				k, _ := kt.(string) // object keys are always strings
				v, err := parseNode(dec)
				if err != nil {
					return nil, err
				}
				n.keys = append(n.keys, k)
				n.vals = append(n.vals, v)
			}
			if _, err := dec.Token(); err != nil {
				return nil, err
			}
			return n, nil
		case '[':
			n := &jnode{kind: 'a'}
			for dec.More() {
				v, err := parseNode(dec)
				if err != nil {
					return nil, err
				}
				n.elems = append(n.elems, v)
			}
			if _, err := dec.Token(); err != nil {
				return nil, err
			}
			return n, nil
		}
		return nil, fmt.Errorf("unexpected %v", t)
	default:
		var b []byte
		switch t := t.(type) {
		case json.Number:
			b = []byte(t.String())
		case string:
			b = marshalString(t)
		default:
			if b, err = json.Marshal(t); err != nil {
				return nil, err
			}
		}
		return &jnode{kind: 'v', raw: b}, nil
	}
}

func (n *jnode) write(w *bytes.Buffer, indent string) {
	in := indent + "  "
	switch n.kind {
	case 'o':
		if len(n.keys) == 0 {
			w.WriteString("{}")
			return
		}
		w.WriteString("{\n")
		for i, k := range n.keys {
			w.WriteString(in)
			w.Write(marshalString(k))
			w.WriteString(": ")
			n.vals[i].write(w, in)
			if i < len(n.keys)-1 {
				w.WriteByte(',')
			}
			w.WriteByte('\n')
		}
		w.WriteString(indent + "}")
	case 'a':
		if len(n.elems) == 0 {
			w.WriteString("[]")
			return
		}
		w.WriteString("[\n")
		for i, e := range n.elems {
			w.WriteString(in)
			e.write(w, in)
			if i < len(n.elems)-1 {
				w.WriteByte(',')
			}
			w.WriteByte('\n')
		}
		w.WriteString(indent + "]")
	default:
		w.Write(n.raw)
	}
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
	spec := hookSpecs[agent]
	file, err := settingsfile.Read(root, spec.file)
	if err != nil || !file.Exists {
		return false
	}
	doc, err := parseJSON(file.Data)
	if err != nil {
		return false
	}
	hooks := doc.get("hooks") // nil unless doc and it are objects
	for _, ev := range spec.events {
		list := hooks.get(ev.name)
		if list == nil || list.kind != 'a' {
			continue
		}
		for _, h := range spec.handlers(list) {
			if c := h.get(spec.commandKey); c != nil {
				if program, call, ok := splitHook(c.str()); ok && program == "heed" && strings.HasPrefix(call, " hook "+agent) {
					return true
				}
			}
		}
	}
	return false
}
