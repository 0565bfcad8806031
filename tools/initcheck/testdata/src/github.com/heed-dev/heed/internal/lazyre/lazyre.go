// Package lazyre stands in for heed's: a regular expression compiled on first use.
package lazyre

type RE struct{ expr string }

func New(expr string) *RE { return &RE{expr} }
