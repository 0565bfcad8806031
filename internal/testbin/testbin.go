// Package testbin gives tests the binaries of heed's commands, linked once. A link of
// heed takes seconds of CPU, and several test packages run heed or heed-shim as real
// processes; `go build -o` links again every time, but the go command keeps what it
// links for `go run` in its build cache. So every test binary of a `go test ./...`,
// and every later run while the code is unchanged, shares one link of each command.
// Only tests import this package.
package testbin

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Copy puts the binary of the main package pkg (an import path) at out, executable,
// creating out's folder. The copy is the caller's own: a test may rename, replace or
// delete it without touching the build cache.
func Copy(out, pkg string) error {
	src, cleanup, err := linked(pkg)
	if err != nil {
		return err
	}
	defer cleanup()
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return err
	}
	return copyFile(src, out)
}

// linked returns a path to pkg's binary: the one the build cache keeps when the go
// command caches it, else a fresh `go build` into a folder that cleanup removes.
func linked(pkg string) (path string, cleanup func(), err error) {
	nothing := func() {}
	// `go run -exec echo` links (or finds in the cache) and prints the binary's
	// path instead of running it. The first link of a build is made in a work
	// folder the go command removes when it exits, and kept in the cache; asking a
	// second time then names the cached copy.
	for range 2 {
		p, err := goRunPath(pkg)
		if err != nil {
			return "", nothing, err
		}
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
			return p, nothing, nil
		}
	}
	// the cache keeps no binaries here (GOCACHE=off, or a go command that does not
	// cache them): build one
	dir, err := os.MkdirTemp("", "heed-testbin-")
	if err != nil {
		return "", nothing, err
	}
	out := filepath.Join(dir, filepath.Base(pkg))
	if o, err := exec.Command("go", "build", "-o", out, pkg).CombinedOutput(); err != nil {
		os.RemoveAll(dir)
		return "", nothing, fmt.Errorf("go build %s: %v\n%s", pkg, err, o)
	}
	return out, func() { os.RemoveAll(dir) }, nil
}

func goRunPath(pkg string) (string, error) {
	var stdout, stderr bytes.Buffer
	cmd := exec.Command("go", "run", "-exec", "echo", pkg)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("go run -exec echo %s: %v\n%s", pkg, err, stderr.Bytes())
	}
	p := strings.TrimSpace(stdout.String())
	if p == "" || strings.Contains(p, "\n") {
		return "", fmt.Errorf("go run -exec echo %s printed %q, not a path", pkg, p)
	}
	return p, nil
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o755)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return fmt.Errorf("copy %s to %s: %w", src, dst, err)
	}
	return out.Close()
}
