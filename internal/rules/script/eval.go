package script

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"regexp"
	"sync"
	"time"

	starlarkjson "go.starlark.net/lib/json"
	"go.starlark.net/starlark"
	"go.starlark.net/starlarkstruct"
)

// Request is one call of a script on one target, as sent to a worker.
type Request struct {
	Source    string `json:"source"`
	Function  string `json:"function"`
	Target    Target `json:"target"`
	MaxSteps  uint64 `json:"max_steps"`
	TimeoutMS int    `json:"timeout_ms"`
	MemoryMB  int    `json:"memory_mb"`
}

// Answer is a script's verdict on a target.
type Answer struct {
	Verdict  string          `json:"verdict"`
	Reason   string          `json:"reason,omitempty"`
	Findings []AnswerFinding `json:"findings,omitempty"`
	// Error is set when the script failed (then Verdict is undetermined).
	Error string `json:"error,omitempty"`
}

// AnswerFinding is one finding a script reported.
type AnswerFinding struct {
	Line    int    `json:"line,omitempty"`
	Column  int    `json:"column,omitempty"`
	Message string `json:"message,omitempty"`
}

// predeclared is everything a script can name besides the Starlark built-ins: pure
// helpers only (JSON, regular expressions, struct). No open, no load, no time.
var predeclared = starlark.StringDict{
	"json":   starlarkjson.Module,
	"re":     reModule,
	"struct": starlark.NewBuiltin("struct", starlarkstruct.Make),
}

func isPredeclared(name string) bool { _, ok := predeclared[name]; return ok }

// programs caches each source's frozen globals inside a worker.
type programs struct {
	mu sync.Mutex
	m  map[[32]byte]starlark.StringDict
}

func (ps *programs) globals(req *Request) (starlark.StringDict, error) {
	key := sha256.Sum256([]byte(req.Source))
	ps.mu.Lock()
	g, ok := ps.m[key]
	ps.mu.Unlock()
	if ok {
		return g, nil
	}
	th := newThread(req)
	stop := cancelAfter(th, req.TimeoutMS)
	defer stop()
	g, err := starlark.ExecFileOptions(fileOptions, th, "rule.star", req.Source, predeclared)
	if err != nil {
		return nil, err
	}
	g.Freeze()
	ps.mu.Lock()
	if ps.m == nil {
		ps.m = map[[32]byte]starlark.StringDict{}
	}
	ps.m[key] = g
	ps.mu.Unlock()
	return g, nil
}

func newThread(req *Request) *starlark.Thread {
	th := &starlark.Thread{
		Name:  "heed-script",
		Print: func(*starlark.Thread, string) {}, // print() goes nowhere: no output channel
		Load: func(*starlark.Thread, string) (starlark.StringDict, error) {
			return nil, fmt.Errorf("load is not available to heed scripts")
		},
	}
	th.SetMaxExecutionSteps(req.MaxSteps)
	return th
}

func cancelAfter(th *starlark.Thread, ms int) func() {
	t := time.AfterFunc(time.Duration(ms)*time.Millisecond, func() { th.Cancel(fmt.Sprintf("timeout after %d ms", ms)) })
	return func() { t.Stop() }
}

// evaluate runs one request; it never panics (a panic in a builtin is an answer).
func (ps *programs) evaluate(req *Request) (ans Answer) {
	defer func() {
		if p := recover(); p != nil {
			ans = Answer{Verdict: "undetermined", Error: fmt.Sprintf("script crashed: %v", p)}
		}
	}()
	g, err := ps.globals(req)
	if err != nil {
		return Answer{Verdict: "undetermined", Error: err.Error()}
	}
	fn, ok := g[req.Function].(starlark.Callable)
	if !ok {
		return Answer{Verdict: "undetermined", Error: fmt.Sprintf("the script defines no function %q", req.Function)}
	}
	arg, err := toStarlark(req.Target)
	if err != nil {
		return Answer{Verdict: "undetermined", Error: err.Error()}
	}
	th := newThread(req)
	stop := cancelAfter(th, req.TimeoutMS)
	v, err := starlark.Call(th, fn, starlark.Tuple{arg}, nil)
	stop()
	if err != nil {
		return Answer{Verdict: "undetermined", Error: err.Error()}
	}
	return interpret(v)
}

// toStarlark converts a target to a frozen Starlark dict through its JSON form, so the
// script sees exactly the documented field names.
func toStarlark(t Target) (starlark.Value, error) {
	data, err := json.Marshal(t)
	if err != nil {
		return nil, err
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, err
	}
	// Fields a script may test without a key check are always present.
	for _, k := range []string{"path", "lang", "content", "argv", "cwd", "line", "hash", "message", "files", "title", "body", "changed", "deleted", "new"} {
		if _, ok := m[k]; !ok {
			switch k {
			case "argv", "files", "changed", "deleted":
				m[k] = []any{}
			case "new":
				m[k] = false
			default:
				m[k] = ""
			}
		}
	}
	if _, ok := m["touched"]; !ok {
		m["touched"] = nil
	}
	v := goToStarlark(m)
	v.Freeze()
	return v, nil
}

func goToStarlark(x any) starlark.Value {
	switch x := x.(type) {
	case nil:
		return starlark.None
	case bool:
		return starlark.Bool(x)
	case float64:
		if x == float64(int64(x)) {
			return starlark.MakeInt64(int64(x))
		}
		return starlark.Float(x)
	case string:
		return starlark.String(x)
	case []any:
		l := make([]starlark.Value, len(x))
		for i, e := range x {
			l[i] = goToStarlark(e)
		}
		return starlark.NewList(l)
	case map[string]any:
		d := starlark.NewDict(len(x))
		for k, e := range x {
			d.SetKey(starlark.String(k), goToStarlark(e))
		}
		return d
	}
	return starlark.None
}

// interpret maps a script's return value to an answer (see Params.Function).
func interpret(v starlark.Value) Answer {
	switch v := v.(type) {
	case starlark.NoneType:
		return Answer{Verdict: "satisfied"}
	case starlark.Bool:
		if v {
			return Answer{Verdict: "satisfied"}
		}
		return Answer{Verdict: "violated", Findings: []AnswerFinding{{}}}
	case starlark.String:
		return Answer{Verdict: "violated", Reason: string(v), Findings: []AnswerFinding{{Message: string(v)}}}
	case *starlark.List, starlark.Tuple:
		fs, err := findings(v.(starlark.Iterable))
		if err != "" {
			return Answer{Verdict: "undetermined", Error: err}
		}
		if len(fs) == 0 {
			return Answer{Verdict: "satisfied"}
		}
		return Answer{Verdict: "violated", Reason: fs[0].Message, Findings: fs}
	case *starlark.Dict:
		var a Answer
		verdict, _ := dictString(v, "verdict")
		switch verdict {
		case "satisfied", "violated", "undetermined", "inapplicable":
			a.Verdict = verdict
		default:
			return Answer{Verdict: "undetermined", Error: fmt.Sprintf("the script returned a dict whose verdict is %q (want satisfied, violated, undetermined or inapplicable)", verdict)}
		}
		a.Reason, _ = dictString(v, "reason")
		if fv, ok, _ := v.Get(starlark.String("findings")); ok {
			it, isIt := fv.(starlark.Iterable)
			if !isIt {
				return Answer{Verdict: "undetermined", Error: "the script's findings are not a list"}
			}
			fs, err := findings(it)
			if err != "" {
				return Answer{Verdict: "undetermined", Error: err}
			}
			a.Findings = fs
		}
		if a.Verdict == "violated" && len(a.Findings) == 0 {
			a.Findings = []AnswerFinding{{Message: a.Reason}}
		}
		return a
	}
	return Answer{Verdict: "undetermined", Error: fmt.Sprintf("the script returned a %s (want None, a bool, a string, a list of findings or a verdict dict)", v.Type())}
}

func findings(it starlark.Iterable) ([]AnswerFinding, string) {
	var out []AnswerFinding
	iter := it.Iterate()
	defer iter.Done()
	var x starlark.Value
	for iter.Next(&x) {
		switch x := x.(type) {
		case starlark.String:
			out = append(out, AnswerFinding{Message: string(x)})
		case *starlark.Dict:
			var f AnswerFinding
			f.Message, _ = dictString(x, "message")
			f.Line = dictInt(x, "line")
			f.Column = dictInt(x, "column")
			out = append(out, f)
		default:
			return nil, fmt.Sprintf("a finding is a %s (want a string or a dict with line, column, message)", x.Type())
		}
	}
	return out, ""
}

func dictString(d *starlark.Dict, key string) (string, bool) {
	v, ok, _ := d.Get(starlark.String(key))
	if !ok {
		return "", false
	}
	s, ok := starlark.AsString(v)
	return s, ok
}

func dictInt(d *starlark.Dict, key string) int {
	v, ok, _ := d.Get(starlark.String(key))
	if !ok {
		return 0
	}
	var n int
	if err := starlark.AsInt(v, &n); err != nil {
		return 0
	}
	return n
}

// reModule offers RE2 regular expressions (linear time: a pattern cannot loop).
var reModule = &starlarkstruct.Module{
	Name: "re",
	Members: starlark.StringDict{
		"search":  starlark.NewBuiltin("re.search", reSearch),
		"findall": starlark.NewBuiltin("re.findall", reFindAll),
		"match":   starlark.NewBuiltin("re.match", reMatch),
	},
}

const maxPatternLen = 4096

func rePattern(b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (*regexp.Regexp, string, error) {
	var pattern, s string
	if err := starlark.UnpackArgs(b.Name(), args, kwargs, "pattern", &pattern, "s", &s); err != nil {
		return nil, "", err
	}
	if len(pattern) > maxPatternLen {
		return nil, "", fmt.Errorf("%s: pattern longer than %d bytes", b.Name(), maxPatternLen)
	}
	re, err := regexp.Compile(pattern)
	if err != nil {
		return nil, "", fmt.Errorf("%s: %v", b.Name(), err)
	}
	return re, s, nil
}

// re.search(pattern, s): the first match, or None.
func reSearch(th *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	re, s, err := rePattern(b, args, kwargs)
	if err != nil {
		return nil, err
	}
	loc := re.FindStringIndex(s)
	if loc == nil {
		return starlark.None, nil
	}
	return starlark.String(s[loc[0]:loc[1]]), nil
}

// re.match(pattern, s): like search, anchored at the start.
func reMatch(th *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	re, s, err := rePattern(b, args, kwargs)
	if err != nil {
		return nil, err
	}
	loc := re.FindStringIndex(s)
	if loc == nil || loc[0] != 0 {
		return starlark.None, nil
	}
	return starlark.String(s[:loc[1]]), nil
}

// re.findall(pattern, s): every match (at most 10 000).
func reFindAll(th *starlark.Thread, b *starlark.Builtin, args starlark.Tuple, kwargs []starlark.Tuple) (starlark.Value, error) {
	re, s, err := rePattern(b, args, kwargs)
	if err != nil {
		return nil, err
	}
	ms := re.FindAllString(s, 10000)
	l := make([]starlark.Value, len(ms))
	for i, m := range ms {
		l[i] = starlark.String(m)
	}
	return starlark.NewList(l), nil
}
