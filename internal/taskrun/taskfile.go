package taskrun

import (
	"fmt"
	"strings"

	"github.com/heed-dev/heed/internal/engine"
)

var taskNames = []string{"Taskfile.yml", "taskfile.yml", "Taskfile.yaml", "taskfile.yaml", "Taskfile.dist.yml", "taskfile.dist.yml", "Taskfile.dist.yaml", "taskfile.dist.yaml"}

type taskfile struct {
	root *ynode
	vars map[string]string
}

func parseTaskfile(data []byte, rel string) (any, error) {
	root, err := parseYAML(string(data), rel)
	if err != nil {
		return nil, err
	}
	if root.kind != 'm' || root.get("tasks") == nil || root.get("tasks").kind != 'm' {
		if root.get("includes") != nil {
			return nil, fmt.Errorf("%s has no tasks of its own, and heed does not read the Taskfiles it includes", rel)
		}
		return nil, fmt.Errorf("%s has no tasks mapping", rel)
	}
	tf := &taskfile{root: root, vars: map[string]string{}}
	readVars(root.get("vars"), tf.vars)
	return tf, nil
}

// readVars reads static variables; a computed one (sh:) stays computed.
func readVars(n *ynode, into map[string]string) {
	if n == nil || n.kind != 'm' {
		return
	}
	for _, k := range n.keys {
		v := n.m[k]
		if v.kind == 's' {
			into[k] = v.str
		} else if v.kind == 'm' && v.get("sh") == nil && v.get("ref") == nil {
			into[k] = unknownWord(k)
		} else {
			into[k] = unknownWord(k)
		}
	}
}

// taskLines reads `task NAME...`: each task's dependencies' commands, then its own.
func (x *expander) taskLines(cmd *engine.Command) ([]line, error) {
	var file, wd string
	var names, cli []string
	overrides := map[string]string{}
	args := cmd.Argv[1:]
	for i := 0; i < len(args); i++ {
		a := args[i]
		next := func() string {
			if i+1 < len(args) {
				i++
				return args[i]
			}
			return ""
		}
		switch {
		case a == "--":
			cli = args[i+1:]
			i = len(args)
		case a == "-t" || a == "--taskfile":
			file = next()
		case a == "-d" || a == "--dir":
			wd = next()
		case a == "-o" || a == "--output" || a == "--output-group-begin" || a == "--output-group-end" || a == "-c" || a == "--concurrency" || a == "-I" || a == "--interval" || a == "--sort":
			next()
		case a == "-n" || a == "--dry" || a == "-l" || a == "--list" || a == "-a" || a == "--list-all" || a == "--summary" || a == "-i" || a == "--init" || a == "--status" || a == "-h" || a == "--help" || a == "--version" || a == "-g" || a == "--global" || a == "-w" || a == "--watch":
			return nil, nil
		case strings.HasPrefix(a, "-"):
			// --force, --silent, --parallel, --yes, --verbose, ...
		case strings.Contains(a, "="):
			k, v, _ := strings.Cut(a, "=")
			overrides[k] = v
		default:
			names = append(names, a)
		}
	}
	abs, dir, ok := x.runnerFile(cmd.Cwd, file, wd, taskNames...)
	if !ok {
		return nil, nil
	}
	rel := x.rel(abs)
	v, ok, err := x.r.load(abs, func(data []byte) (any, error) { return parseTaskfile(data, rel) })
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, fmt.Errorf("%s: no such Taskfile", rel)
	}
	tf := v.(*taskfile)
	if len(names) == 0 {
		names = []string{"default"}
	}
	w := &taskWalk{x: x, tf: tf, rel: rel, dir: dir, cli: joinWords(cli), overrides: overrides, done: map[string]bool{}, active: map[string]bool{}}
	for _, n := range names {
		if tf.root.get("tasks").get(n) == nil {
			return nil, fmt.Errorf("%s has no task %s", rel, n)
		}
		if err := w.visit(n, n, nil); err != nil {
			return nil, err
		}
	}
	return w.out, nil
}

type taskWalk struct {
	x            *expander
	tf           *taskfile
	rel, dir     string
	cli          string
	overrides    map[string]string
	done, active map[string]bool
	out          []line
}

func (w *taskWalk) visit(name, chain string, callVars map[string]string) error {
	t := w.tf.root.get("tasks").get(name)
	if t == nil {
		return fmt.Errorf("%s has no task %s", w.rel, name)
	}
	if w.active[name] || len(w.out) > maxSteps {
		return nil
	}
	// a task with run: once (or when_changed) runs once; by default task runs a task
	// each time it is called
	if w.done[name] && t.get("run") != nil && t.get("run").str != "always" {
		return nil
	}
	if strings.Contains(chain, " > ") {
		// a dependency or a called task: `task check` runs `task lint` on the way
		w.out = append(w.out, line{text: "task " + joinWords([]string{name}), at: fmt.Sprintf("%s:%d", w.rel, t.line), target: chain, dir: w.dir, isTarget: true})
	}
	w.active[name] = true
	defer delete(w.active, name)
	w.done[name] = true
	vars := map[string]string{}
	for k, v := range w.tf.vars {
		vars[k] = v
	}
	readVars(t.get("vars"), vars)
	for k, v := range callVars {
		vars[k] = v
	}
	for k, v := range w.overrides {
		vars[k] = v
	}
	vars["CLI_ARGS"] = w.cli
	dir := w.dir
	if d := t.get("dir"); d != nil && d.kind == 's' {
		dir = joinDir(w.dir, w.expand(d.str, vars))
	}
	ignoredTask := t.get("ignore_error") != nil && t.get("ignore_error").str == "true"
	var cmds []*ynode
	switch t.kind {
	case 's':
		cmds = []*ynode{t}
	case 'q':
		cmds = t.seq
	case 'm':
		if deps := t.get("deps"); deps != nil && deps.kind == 'q' {
			for _, d := range deps.seq {
				dn, dv := taskCall(d, vars, w)
				if dn == "" {
					continue
				}
				if err := w.visit(dn, chain+" > "+dn, dv); err != nil {
					return err
				}
			}
		}
		if c := t.get("cmds"); c != nil && c.kind == 'q' {
			cmds = c.seq
		} else if c := t.get("cmd"); c != nil {
			cmds = []*ynode{c}
		}
	}
	for _, c := range cmds {
		ignored := ignoredTask
		text := ""
		switch c.kind {
		case 's':
			text = c.str
		case 'm':
			if c.get("task") != nil {
				dn, dv := taskCall(c, vars, w)
				if dn != "" {
					if err := w.visit(dn, chain+" > "+dn, dv); err != nil {
						return err
					}
				}
				continue
			}
			if c.get("defer") != nil {
				continue // runs when the task ends, also after a failure: not its success
			}
			if c.get("for") != nil {
				continue // a loop heed does not unroll
			}
			if cc := c.get("cmd"); cc != nil && cc.kind == 's' {
				text = cc.str
			}
			if ie := c.get("ignore_error"); ie != nil && ie.str == "true" {
				ignored = true
			}
		}
		if strings.TrimSpace(text) == "" {
			continue
		}
		w.out = append(w.out, line{text: w.expand(text, vars), at: fmt.Sprintf("%s:%d", w.rel, c.line), target: chain, dir: dir, ignored: ignored})
	}
	return nil
}

// taskCall reads a dependency or a task: call, by name or as {task: NAME, vars: {...}}.
func taskCall(n *ynode, vars map[string]string, w *taskWalk) (string, map[string]string) {
	switch n.kind {
	case 's':
		return w.expand(n.str, vars), nil
	case 'm':
		t := n.get("task")
		if t == nil || t.kind != 's' {
			return "", nil
		}
		cv := map[string]string{}
		readVars(n.get("vars"), cv)
		for k, v := range cv {
			cv[k] = w.expand(v, vars)
		}
		return w.expand(t.str, vars), cv
	}
	return "", nil
}

// expand replaces Go template references {{.VAR}}; anything else in braces is a
// computed word.
func (w *taskWalk) expand(s string, vars map[string]string) string {
	return substitute(s, "{{", "}}", func(expr string) string {
		expr = strings.TrimSpace(strings.Trim(strings.TrimSpace(expr), "-"))
		if name, ok := strings.CutPrefix(expr, "."); ok && isIdent(name) {
			if v, ok := vars[name]; ok {
				return v
			}
			return unknownWord(name)
		}
		return unknownWord("template")
	})
}
