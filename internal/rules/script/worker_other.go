//go:build !linux

package script

import (
	"errors"
	"syscall"
)

// limitMemory is not implemented outside Linux: without a bound a script must not run,
// so the worker refuses and every script target is undetermined.
func limitMemory(budget uint64) error {
	return errors.New("memory bounds for scripts are implemented on Linux only")
}

func workerAttr() *syscall.SysProcAttr { return nil }
