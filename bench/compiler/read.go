package main

import (
	"flag"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/heed-dev/heed/bench/corpus"
	"github.com/heed-dev/heed/internal/compile"
	"github.com/heed-dev/heed/internal/lower"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/rules"
)

// runRead shows, for constraints of dev files, what heed read them as: the text, its
// heading and context, the norms, and the rules they compiled into. It refuses a
// holdout file: looking at one makes it dev data (labels/moved.tsv).
func runRead(args []string) error {
	fs := flag.NewFlagSet("read", flag.ExitOnError)
	root := fs.String("corpus", defaultCorpusRoot(), "corpus root")
	movedPath := fs.String("moved", defaultMoved, "moved-files list")
	useLayouts := fs.Bool("layouts", true, "compile with the repository's layout, as score does (fetched/layouts.sh)")
	fs.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: go run ./bench/compiler read [-corpus DIR] instructions-2/NAME[:LINE]...")
		fs.PrintDefaults()
	}
	fs.Parse(args)
	moved, err := LoadMoved(*movedPath)
	if err != nil {
		return err
	}
	for _, arg := range fs.Args() {
		key, line := arg, 0
		if i := strings.LastIndex(arg, ":"); i > 0 {
			if n, err := strconv.Atoi(arg[i+1:]); err == nil {
				key, line = arg[:i], n
			}
		}
		if Split(key, moved) != "dev" {
			return fmt.Errorf("%s is in the holdout: move it to dev in %s before reading it", key, *movedPath)
		}
		var layouts LayoutDirs
		if *useLayouts {
			layouts = layoutsDirs(*root)
		}
		if err := readOne(*root, layouts, key, line); err != nil {
			return err
		}
	}
	return nil
}

func readOne(root string, layouts LayoutDirs, key string, line int) error {
	dir, name, ok := strings.Cut(key, "/")
	if !ok {
		return fmt.Errorf("%s: want CORPUS/NAME", key)
	}
	repos, err := corpus.Load(corpusPath(root, dir))
	if err != nil {
		return err
	}
	if layouts != nil {
		if _, err := corpus.UseLayouts(repos, layouts(dir)); err != nil {
			return err
		}
	}
	for _, r := range repos {
		path := ""
		for p, n := range r.Names {
			if n == name {
				path = p
			}
		}
		if path == "" {
			continue
		}
		if r.Layout != "" {
			fmt.Printf("%s: compiled with its repository's layout (%s)\n", key, r.Layout)
		}
		pol, _ := compile.Compile(r.Set, r.Context, rules.Recognizers())
		rc := *r.Context
		rc.Constraints = append([]policy.Constraint(nil), r.Set.Constraints...)
		sort.SliceStable(rc.Constraints, func(i, j int) bool {
			a, b := &rc.Constraints[i], &rc.Constraints[j]
			if a.File != b.File {
				return a.File < b.File
			}
			return a.Line < b.Line
		})
		for i := range rc.Constraints {
			c := &rc.Constraints[i]
			if c.File != path || (line != 0 && c.Line != line) {
				continue
			}
			fmt.Printf("%s:%d [%s] %q\n", key, c.Line, c.Level, c.Text)
			fmt.Printf("  heading: %s\n", strings.Join(c.HeaderPath, " > "))
			if c.Context != "" {
				fmt.Printf("  context: %q\n", c.Context)
			}
			norms, _ := lower.Readings(c, &rc)
			for _, n := range norms {
				fmt.Printf("  norm:    %s\n", n.String())
			}
			for _, e := range pol.Entries {
				if e.File != c.File || e.Line != c.Line || e.Text != c.Text {
					continue
				}
				if len(e.Rules) == 0 {
					fmt.Printf("  rules:   none (%s)\n", e.Unenforced)
				}
				for _, ru := range e.Rules {
					scope := ""
					if ru.Scope.Dir != "" || len(ru.Scope.Globs) > 0 || len(ru.Scope.Exclude) > 0 {
						scope = fmt.Sprintf(" scope=%s%v-%v", ru.Scope.Dir, ru.Scope.Globs, ru.Scope.Exclude)
					}
					fmt.Printf("  rule:    %s/%s %s%s [%s]\n", ru.Domain, ru.Kind, ru.Params, scope, ru.Severity)
				}
			}
		}
		return nil
	}
	return fmt.Errorf("%s is not a corpus file", key)
}
