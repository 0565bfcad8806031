package repo

import (
	"path/filepath"

	"github.com/heed-dev/heed/internal/config"
)

// Exclusions is the one place that decides which files heed leaves out of judging in
// the repository at root: the files that .heedignore, then the configuration's
// [check] exclude, then extra (--exclude) match, a later pattern overriding an
// earlier one. Every path that judges a file asks it: heed check, heed audit and the
// git hooks, the agent hooks' writes (heed-shim hands writes to heed), and the MCP
// server's check_file and check_diff. cfg is the configuration in force (the file
// --config named); nil reads the repository's own .heed/config. Errors name the file.
//
// It lives here, not in internal/config, so that heed-shim, which reads the
// configuration's [guard] section, links no git library.
func Exclusions(root string, cfg *config.Config, extra []string) (*Ignore, error) {
	if cfg == nil {
		var err error
		if cfg, err = config.Load(filepath.Join(root, filepath.FromSlash(config.File)), false, false); err != nil {
			return nil, err
		}
	}
	return LoadIgnore(root, append(append([]string(nil), cfg.Exclude...), extra...))
}
