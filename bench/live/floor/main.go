// Command floor is the Go floor of bench/live: a Go program that does only what a
// PATH shim, `heed-shim exec` and an agent's hook must do at the least, so the
// benchmark can show what heed-shim adds over starting any Go program at all.
//
//	floor exec -- PROGRAM ARGS...   find PROGRAM on PATH and exec it
//	floor hook ...                  read the payload on stdin, answer nothing
//	PROGRAM ARGS...                 (started as a link named PROGRAM in a directory
//	                                with a .heed-shims marker) find the real PROGRAM on
//	                                PATH, skipping shim directories, and exec it
//
// It imports os and syscall only; cfloor/floor.c is the same in C.
package main

import (
	"os"
	"syscall"
)

func main() {
	args := os.Args
	name := base(args[0])
	switch {
	case name != "floor":
	case len(args) > 1 && args[1] == "hook":
		buf := make([]byte, 64<<10)
		for {
			n, err := os.Stdin.Read(buf)
			if n == 0 || err != nil {
				os.Exit(0)
			}
		}
	case len(args) > 3 && args[1] == "exec" && args[2] == "--":
		args, name = args[3:], args[3]
	default:
		os.Stderr.WriteString("usage: floor exec -- PROGRAM ARGS... | floor hook\n")
		os.Exit(2)
	}
	path := lookPath(name)
	if path == "" {
		os.Stderr.WriteString(name + ": command not found\n")
		os.Exit(127)
	}
	err := syscall.Exec(path, args, os.Environ())
	os.Stderr.WriteString("exec " + path + ": " + err.Error() + "\n")
	os.Exit(126)
}

func base(p string) string {
	for i := len(p) - 1; i >= 0; i-- {
		if p[i] == '/' {
			return p[i+1:]
		}
	}
	return p
}

// lookPath finds name on PATH, skipping directories that hold the shim marker.
func lookPath(name string) string {
	if containsSlash(name) {
		return name
	}
	p := os.Getenv("PATH")
	for len(p) > 0 {
		dir := p
		for i := 0; i < len(p); i++ {
			if p[i] == ':' {
				dir, p = p[:i], p[i+1:]
				goto got
			}
		}
		p = ""
	got:
		if dir == "" {
			dir = "."
		}
		var st syscall.Stat_t
		if syscall.Stat(dir+"/.heed-shims", &st) == nil {
			continue
		}
		cand := dir + "/" + name
		if syscall.Stat(cand, &st) == nil && st.Mode&syscall.S_IFMT == syscall.S_IFREG && st.Mode&0o111 != 0 {
			return cand
		}
	}
	return ""
}

func containsSlash(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '/' {
			return true
		}
	}
	return false
}
