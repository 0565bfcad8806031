// Package lazy is a value computed on first use. Every PATH shim and agent hook
// starts a whole Go binary, which initialises every linked package before main, so
// heed-shim's packages do nothing at initialisation (internal/shimcli's tests check
// it): a table a check needs is built when the check first runs. sync.OnceValue
// would do, but it is a call, made at initialisation; a Value is a composite
// literal, laid out by the compiler.
package lazy

import "sync"

// Value is F's result, computed once, on the first Get (safely from many
// goroutines). Declare it as a literal: var table = lazy.Value[T]{F: buildTable}.
type Value[T any] struct {
	// F computes the value.
	F    func() T
	once sync.Once
	v    T
}

// Get returns the value, computing it on the first call.
func (l *Value[T]) Get() T {
	l.once.Do(l.compute)
	return l.v
}

func (l *Value[T]) compute() { l.v = l.F() }
