package config

import (
	"path/filepath"

	"github.com/heed-dev/heed/internal/repo"
)

// Ignore is the one place that decides which files heed leaves out of judging in the
// repository at root: the files that .heedignore, then the configuration's [check]
// exclude, then extra (--exclude) match, a later pattern overriding an earlier one.
// Every path that judges a file asks it: heed check, heed audit and the git hooks,
// the agent hooks' writes (heed-shim hands writes to heed), and the MCP server's
// check_file and check_diff. cfg is the configuration in force (the file --config
// named); nil reads the repository's own .heed/config. Errors name the file.
func Ignore(root string, cfg *Config, extra []string) (*repo.Ignore, error) {
	if cfg == nil {
		var err error
		if cfg, err = Load(filepath.Join(root, filepath.FromSlash(File)), false, false); err != nil {
			return nil, err
		}
	}
	return repo.LoadIgnore(root, append(append([]string(nil), cfg.Exclude...), extra...))
}
