package taskrun

import (
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/heed-dev/heed/internal/shell"
)

// Targets lists a command line for every target of the runner files in the
// repository-relative folder dir (`make lint`, `just test`, `npm run build`, `task
// fmt`, `tox -e lint`), sorted by runner and name, and the errors of the files heed
// could not read. bench/taskrun sweeps repositories with it.
func (r *Reader) Targets(root, dir string) (lines []string, errs []error) {
	x := &expander{r: r, root: root, stack: map[string]bool{}}
	abs := x.abs(dir)
	var out []string
	for _, n := range makeNames {
		p := filepath.Join(abs, n)
		if fi, err := os.Stat(p); err != nil || fi.IsDir() {
			continue
		}
		mf, err := x.readMakefile(p)
		if err != nil {
			errs = append(errs, err)
			break
		}
		for t := range mf.rules {
			if !strings.Contains(t, "%") {
				out = append(out, "make "+shell.Join([]string{t}))
			}
		}
		break
	}
	if p, _, ok := x.findUp(dir, justNames...); ok && filepath.Dir(p) == abs {
		rel := x.rel(p)
		if v, _, err := r.load(p, func(data []byte) (any, error) { return parseJustfile(string(data), rel) }); err != nil {
			errs = append(errs, err)
		} else {
			for n := range v.(*justfile).recipes {
				out = append(out, "just "+n)
			}
		}
	}
	if p := filepath.Join(abs, "package.json"); fileExists(p) {
		if v, _, err := r.load(p, parsePackage); err != nil {
			errs = append(errs, err)
		} else {
			for n := range v.(*pkg).scripts {
				if !strings.HasPrefix(n, "pre") && !strings.HasPrefix(n, "post") {
					out = append(out, "npm run "+shell.Join([]string{n}))
				}
			}
		}
	}
	for _, n := range taskNames {
		p := filepath.Join(abs, n)
		if !fileExists(p) {
			continue
		}
		rel := x.rel(p)
		v, _, err := r.load(p, func(data []byte) (any, error) { return parseTaskfile(data, rel) })
		if err != nil {
			errs = append(errs, err)
			break
		}
		for _, k := range v.(*taskfile).root.get("tasks").keys {
			out = append(out, "task "+shell.Join([]string{k}))
		}
		break
	}
	if p := filepath.Join(abs, "tox.ini"); fileExists(p) {
		rel := x.rel(p)
		if v, _, err := r.load(p, func(data []byte) (any, error) { return parseToxINI(data, rel) }); err != nil {
			errs = append(errs, err)
		} else {
			envs := map[string]bool{}
			for s := range v.(*toxini).sections {
				if e, ok := strings.CutPrefix(s, "testenv:"); ok {
					envs[e] = true
				}
			}
			// the envlist's environments run the [testenv] commands without a
			// section of their own (`py311`); a generated name (`py{311,312}`) is
			// left out, as `tox` itself is not expanded for it
			for _, l := range v.(*toxini).sections["tox"]["envlist"].lines {
				for _, e := range strings.FieldsFunc(l, func(r rune) bool { return r == ',' || r == ' ' }) {
					if !strings.ContainsAny(e, "{}") {
						envs[e] = true
					}
				}
			}
			for e := range envs {
				out = append(out, "tox -e "+shell.Join([]string{e}))
			}
		}
	}
	sort.Strings(out)
	return out, errs
}

func fileExists(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && !fi.IsDir()
}
