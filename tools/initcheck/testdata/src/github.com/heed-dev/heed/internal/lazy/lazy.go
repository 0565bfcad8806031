// Package lazy stands in for heed's: a value computed on first use.
package lazy

type Value[T any] struct{ F func() T }
