package store

import "fmt"

// Store is an in-memory key-value store.
type Store struct{ m map[string]string }

// New returns an empty store.
func New() *Store { fmt.Println("new store"); return &Store{m: map[string]string{}} }
