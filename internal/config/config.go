// Package config reads heed's configuration file (.heed/config, or the file --config
// names): the sections that configure the repository's checks. The [llm] section of
// the same file belongs to internal/llm, which reads it on its own terms (a
// repository never configures the model path); this package only checks that the
// file is well formed around it.
package config

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/heed-dev/heed/internal/policy"
)

// File is the repository's configuration file, relative to its root.
const File = ".heed/config"

// maxSize bounds a configuration file.
const maxSize = 1 << 20

// Config is what the configuration file sets.
type Config struct {
	// Path is the file read ("" when there was none).
	Path string
	// Exclude are the [check] section's exclude patterns (gitignore syntax, as in
	// .heedignore), for heed check and heed audit.
	Exclude []string
	// AgentMayEdit are the [guard] section's kinds of guarded files an agent may
	// change (policy.GuardInstructions, GuardHooks, GuardHeed).
	AgentMayEdit []string
}

// sections heed reads; any other is an error, so a typo does not pass for a setting.
func isSection(s string) bool { return s == "check" || s == "llm" || s == "guard" }

// guardKinds are the values [guard] agent_may_edit takes.
var guardKinds = []string{policy.GuardInstructions, policy.GuardHooks, policy.GuardHeed}

// Load reads the configuration file at path. A missing file is an empty
// configuration unless required (a file the user named with --config). The file
// must be a regular file of at most 1 MiB; with follow false (the repository's own
// file) it must not be a symbolic link either. Errors name the file, and the line.
//
// The format is the subset of TOML heed's configuration uses: [section] headers,
// `key = value` lines with a quoted string, a bare word or number, or (in [check]) an
// array of quoted strings, which may span lines; `#` comments.
func Load(path string, required, follow bool) (*Config, error) {
	stat := os.Lstat
	if follow {
		stat = os.Stat
	}
	fi, err := stat(path)
	if os.IsNotExist(err) && !required {
		return &Config{}, nil
	}
	if os.IsNotExist(err) {
		return nil, fmt.Errorf("configuration file %s: no such file", path)
	}
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("read %s: not a regular file (%s)", path, fi.Mode().Type())
	}
	if fi.Size() > maxSize {
		return nil, fmt.Errorf("read %s: %d bytes, more than a configuration file's %d", path, fi.Size(), maxSize)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	cfg, err := Parse(data, path)
	if err != nil {
		return nil, err
	}
	cfg.Path = path
	return cfg, nil
}

// Parse reads a configuration file's text; name is the file in errors.
func Parse(data []byte, name string) (*Config, error) {
	cfg := &Config{}
	section := ""
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64*1024), maxSize)
	n := 0
	next := func() (string, bool) {
		if !sc.Scan() {
			return "", false
		}
		n++
		return strings.TrimSpace(sc.Text()), true
	}
	for {
		line, ok := next()
		if !ok {
			break
		}
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if strings.HasPrefix(line, "[") {
			end := strings.Index(line, "]")
			if end < 0 {
				return nil, fmt.Errorf("%s:%d: unterminated section header %q", name, n, line)
			}
			if rest := strings.TrimSpace(line[end+1:]); rest != "" && !strings.HasPrefix(rest, "#") {
				return nil, fmt.Errorf("%s:%d: text after the section header: %q", name, n, rest)
			}
			section = strings.TrimSpace(line[1:end])
			if !isSection(section) {
				return nil, fmt.Errorf("%s:%d: unknown section [%s] (heed reads [check], [guard] and [llm])", name, n, section)
			}
			continue
		}
		key, val, ok := strings.Cut(line, "=")
		if !ok {
			return nil, fmt.Errorf("%s:%d: want key = value, got %q", name, n, line)
		}
		key, val = strings.TrimSpace(key), strings.TrimSpace(val)
		switch section {
		case "":
			return nil, fmt.Errorf("%s:%d: %s is outside any section (heed reads [check], [guard] and [llm])", name, n, key)
		case "llm":
			continue // internal/llm's to read and judge
		}
		if section == "guard" {
			if key != "agent_may_edit" {
				return nil, fmt.Errorf("%s:%d: unknown [guard] setting %q (heed reads agent_may_edit)", name, n, key)
			}
			v := stripComment(val)
			if !strings.HasPrefix(v, "[") {
				v = "[" + v + "]" // one kind, unbracketed
			}
			list, err := stringArray(v)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: agent_may_edit: %v", name, n, err)
			}
			for _, k := range list {
				if !slices.Contains(guardKinds, k) {
					return nil, fmt.Errorf("%s:%d: agent_may_edit: unknown kind %q (want %s)", name, n, k, strings.Join(guardKinds, ", "))
				}
			}
			cfg.AgentMayEdit = append(cfg.AgentMayEdit, list...)
			continue
		}
		switch key {
		case "exclude":
			// an array may span lines: read on to its closing bracket
			start := n
			val = stripComment(val)
			for strings.HasPrefix(val, "[") && !closed(val) {
				more, ok := next()
				if !ok {
					return nil, fmt.Errorf("%s:%d: exclude: the array is not closed", name, start)
				}
				val += " " + stripComment(more)
			}
			list, err := stringArray(val)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: exclude: %v", name, start, err)
			}
			cfg.Exclude = append(cfg.Exclude, list...)
		default:
			return nil, fmt.Errorf("%s:%d: unknown [check] setting %q (heed reads exclude)", name, n, key)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read %s: %w", name, err)
	}
	return cfg, nil
}

// stripComment drops a `#` comment that starts outside a quoted string.
func stripComment(line string) string {
	var quote byte
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quote != 0:
			if c == '\\' && quote == '"' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '#':
			return strings.TrimSpace(line[:i])
		}
	}
	return line
}

// errUnclosed: the array's text ends before its closing bracket.
var errUnclosed = errors.New("the array is not closed")

// closed reports whether an array's text is whole: it has its closing bracket, or a
// mistake that reading on would not mend.
func closed(s string) bool {
	_, _, err := arrayItems(s)
	return err != errUnclosed
}

// stringArray reads `["a", 'b', ...]` (a trailing comma and comments allowed).
func stringArray(s string) ([]string, error) {
	items, rest, err := arrayItems(s)
	if err != nil {
		return nil, err
	}
	if rest = strings.TrimSpace(rest); rest != "" && !strings.HasPrefix(rest, "#") {
		return nil, fmt.Errorf("text after the array: %q", rest)
	}
	return items, nil
}

// arrayItems reads the strings of an array and returns what follows its ']'.
func arrayItems(s string) (items []string, rest string, err error) {
	s = strings.TrimSpace(s)
	if !strings.HasPrefix(s, "[") {
		return nil, "", fmt.Errorf("want an array of quoted strings, like [\"build/\", \"*.gen.go\"]")
	}
	s = s[1:]
	for {
		s = strings.TrimLeft(s, " \t,")
		switch {
		case s == "":
			return nil, "", errUnclosed
		case s[0] == ']':
			return items, s[1:], nil
		case s[0] == '"':
			q, err := strconv.QuotedPrefix(s)
			if err != nil {
				return nil, "", fmt.Errorf("bad quoted string %s", s)
			}
			v, _ := strconv.Unquote(q)
			items = append(items, v)
			s = s[len(q):]
		case s[0] == '\'':
			end := strings.IndexByte(s[1:], '\'')
			if end < 0 {
				return nil, "", fmt.Errorf("unterminated string %s", s)
			}
			items = append(items, s[1:1+end])
			s = s[end+2:]
		default:
			return nil, "", fmt.Errorf("want a quoted string, got %q", s)
		}
	}
}
