// Command vendorscan lists the files of repositories that heed skips as third-party
// code by what the files hold rather than where they are: minified bundles and
// licence headers naming another project (internal/repo/thirdparty.go). It is how
// one checks that no file of a project's own became vendored:
//
//	go run ./bench/check/vendorscan REPO...
//
// For each repository it prints each such file with the first lines of its header,
// then a count.
package main

import (
	"bytes"
	"fmt"
	"os"
	"strings"

	"github.com/heed-dev/heed/internal/repo"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: vendorscan REPO...")
		os.Exit(2)
	}
	for _, root := range os.Args[1:] {
		if err := scan(root); err != nil {
			fmt.Fprintf(os.Stderr, "vendorscan: %s: %v\n", root, err)
			os.Exit(1)
		}
	}
}

func scan(root string) error {
	r, err := repo.Open(root)
	if err != nil {
		return err
	}
	fmt.Printf("== %s\n", root)
	wt := r.Worktree()
	paths, err := wt.Candidates()
	if err != nil {
		return fmt.Errorf("list files: %w", err)
	}
	loaded := r.LoadFiles(wt, paths)
	attrs := r.Attributes(loaded.Skipped[repo.SkipVendored])
	n, minified := 0, 0
	for _, why := range []string{repo.SkipVendored, repo.SkipGenerated} {
		for _, p := range loaded.Skipped[why] {
			if why == repo.SkipVendored && (repo.Vendored(p) || attrs[p].Vendored != nil) {
				continue
			}
			content, err := wt.Read(p)
			if err != nil {
				return fmt.Errorf("read %s: %w", p, err)
			}
			if why == repo.SkipGenerated {
				if repo.Minified(p, content) && !strings.Contains(p, ".min.") {
					minified++
					fmt.Printf("  minified  %s (%d bytes, %d lines)\n", p, len(content), bytes.Count(content, []byte("\n"))+1)
				}
				continue
			}
			if repo.GoAuthorsCopy(p, content) {
				continue
			}
			n++
			head := content
			if len(head) > 300 {
				head = head[:300]
			}
			fmt.Printf("  licence   %s: %q\n", p, head)
		}
	}
	fmt.Printf("%s: %d candidates, %d by a foreign licence header, %d minified without .min in the name\n", root, len(paths), n, minified)
	return nil
}
