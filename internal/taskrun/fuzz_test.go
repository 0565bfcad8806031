package taskrun

import "testing"

// The readers of runners' files never crash, whatever the file: a bad file is an
// error naming it.
func FuzzReadRunnerFiles(f *testing.F) {
	for _, s := range []string{
		"lint:\n\truff check .\nall: lint\n\t$(MAKE) -C x $(V:.c=.o) $$HOME\n",
		"x := 'a' + y\n@r a='b' +c: (d \"e\") && f\n    echo {{a}} {{{{\n",
		"tasks:\n  a:\n    deps: [b, {task: c, vars: {X: '1'}}]\n    cmds:\n      - |\n        echo {{.X}}\n      - cmd: x\n",
		`{"scripts":{"a":"run-s b 'c:*'","b":"x","c:d":"y"}}`,
		"[tox]\nenvlist = a\n[testenv:a]\ncommands =\n    - x {posargs:y}\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		mf := &makefile{vars: map[string]string{}, rules: map[string]*makeRule{}, phony: map[string]bool{}}
		if mf.parse(string(data), "Makefile") == nil {
			for name := range mf.rules {
				w := &makeWalk{x: &expander{r: &Reader{}, root: t.TempDir(), stack: map[string]bool{}}, mf: mf, done: map[string]bool{}, active: map[string]bool{}}
				w.visit(name, name)
			}
		}
		if jf, err := parseJustfile(string(data), "justfile"); err == nil {
			for _, r := range jf.recipes {
				w := &justWalk{jf: jf, done: map[string]bool{}, active: map[string]bool{}}
				w.visit(r, []string{"a"}, r.name)
			}
		}
		_, _ = parseTaskfile(data, "Taskfile.yml")
		_, _ = parsePackage(data)
		_, _ = parseToxINI(data, "tox.ini")
	})
}
