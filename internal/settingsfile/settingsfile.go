// Package settingsfile reads and writes the agent settings files that heed's
// installers merge into (.claude/settings.json, .codex/hooks.json, .mcp.json, ...):
// bounded in size and nesting before anything parses them, through a symbolic link to
// the file it names (the link is kept), and atomically (a reader sees the old file or
// the new one, never a part).
package settingsfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// Limits on a settings file heed edits. Agents' settings files are a few kilobytes
// and a handful of levels deep; past these heed refuses the file rather than spend
// memory and time on it.
const (
	MaxSize  = 4 << 20
	MaxDepth = 64
)

// File is a settings file read for an edit.
type File struct {
	// Rel is the path as heed names it in messages (repository-relative).
	Rel string
	// Path is the file that is written: the target of Rel when Rel is a symbolic link.
	Path string
	// Link is true when Rel is a symbolic link (to Path).
	Link bool
	// Exists is false when there is no file yet.
	Exists bool
	Data   []byte
	Mode   fs.FileMode
}

// Read reads the settings file rel below root. A symbolic link is followed and its
// target read (and later written); a dangling link, a file that is not a regular file
// or one larger than MaxSize is an error naming rel.
func Read(root, rel string) (*File, error) {
	return ReadPath(filepath.Join(root, filepath.FromSlash(rel)), rel)
}

// ReadPath is Read on the settings file at path (a user-level file outside any
// repository, say), named rel in messages.
func ReadPath(path, rel string) (*File, error) {
	f := &File{Rel: rel, Path: path, Mode: 0o644}
	li, err := os.Lstat(f.Path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return f, nil
	case err != nil:
		return nil, fmt.Errorf("read %s: %w", rel, err)
	}
	if li.Mode()&fs.ModeSymlink != 0 {
		target, err := filepath.EvalSymlinks(f.Path)
		if err != nil {
			dest, _ := os.Readlink(f.Path)
			return nil, fmt.Errorf("%s is a symbolic link to %s, which cannot be followed (%v); heed leaves it untouched", rel, dest, unwrapPath(err))
		}
		f.Path, f.Link = target, true
	}
	fi, err := os.Stat(f.Path)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", rel, err)
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file; heed leaves it untouched", rel)
	}
	if fi.Size() > MaxSize {
		return nil, fmt.Errorf("%s is %d bytes, more than the %d heed edits; heed leaves it untouched", rel, fi.Size(), MaxSize)
	}
	in, err := os.Open(f.Path)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", rel, err)
	}
	defer in.Close()
	data, err := io.ReadAll(io.LimitReader(in, MaxSize+1))
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", rel, err)
	}
	if len(data) > MaxSize {
		return nil, fmt.Errorf("%s is more than %d bytes, the most heed edits; heed leaves it untouched", rel, MaxSize)
	}
	f.Data, f.Exists, f.Mode = data, true, fi.Mode().Perm()
	return f, nil
}

func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// Write replaces the file's content with data: through a temporary file in the
// directory of the file written (a link's target), synced, then renamed over it.
// The link itself is kept. On any failure the old file is left as it was and the
// temporary file is removed.
func (f *File) Write(data []byte) error {
	dir := filepath.Dir(f.Path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("write %s: %w", f.Rel, err)
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(f.Path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("write %s: %w", f.Rel, err)
	}
	fail := func(err error) error {
		tmp.Close()
		os.Remove(tmp.Name())
		return fmt.Errorf("write %s: %w", f.Rel, err)
	}
	if _, err := tmp.Write(data); err != nil {
		return fail(err)
	}
	if err := tmp.Chmod(f.Mode); err != nil {
		return fail(err)
	}
	if err := tmp.Sync(); err != nil {
		return fail(err)
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("write %s: %w", f.Rel, err)
	}
	if err := os.Rename(tmp.Name(), f.Path); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("write %s: %w", f.Rel, err)
	}
	return nil
}

// CheckDepth returns an error naming rel when the JSON text nests arrays and objects
// more than MaxDepth levels deep. It reads the bytes once and allocates nothing, so
// it runs before any parser.
func CheckDepth(rel string, data []byte) error {
	if d := Depth(data, MaxDepth); d > MaxDepth {
		return fmt.Errorf("%s nests more than %d levels of JSON objects and arrays; heed leaves it untouched", rel, MaxDepth)
	}
	return nil
}

// Depth returns how deep the JSON text data nests arrays and objects, counting up to
// limit+1 (it stops there). Brackets inside strings and inside comments (// and /* */,
// which JSON with comments allows) do not count; data need not be valid JSON.
func Depth(data []byte, limit int) int {
	depth, most := 0, 0
	inStr, esc := false, false
	for i := 0; i < len(data); i++ {
		c := data[i]
		switch {
		case inStr:
			switch {
			case esc:
				esc = false
			case c == '\\':
				esc = true
			case c == '"':
				inStr = false
			}
		case c == '"':
			inStr = true
		case c == '/' && i+1 < len(data) && data[i+1] == '/':
			if j := bytes.IndexByte(data[i:], '\n'); j >= 0 {
				i += j
			} else {
				i = len(data)
			}
		case c == '/' && i+1 < len(data) && data[i+1] == '*':
			if j := bytes.Index(data[i+2:], []byte("*/")); j >= 0 {
				i += j + 3
			} else {
				i = len(data)
			}
		case c == '{' || c == '[':
			depth++
			if depth > most {
				most = depth
				if most > limit {
					return most
				}
			}
		case c == '}' || c == ']':
			depth--
		}
	}
	return most
}
