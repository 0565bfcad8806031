// Package uniq drops repeated values from a slice, keeping the first of each in its
// place: what the standard slices package does only for sorted slices (Compact).
package uniq

// Values is xs with each value kept once, at its first place. The result shares no
// memory with xs; it is nil only when xs is.
func Values[T comparable](xs []T) []T {
	return By(xs, func(x T) T { return x })
}

// By is xs with each value kept once by its key, at its first place. The result
// shares no memory with xs; it is nil only when xs is.
func By[T any, K comparable](xs []T, key func(T) K) []T {
	seen := make(map[K]bool, len(xs))
	out := xs[:0:0]
	for _, x := range xs {
		if k := key(x); !seen[k] {
			seen[k] = true
			out = append(out, x)
		}
	}
	return out
}
