package store

import (
	"fmt"
	"log/slog"
)

// Store is an in-memory key-value store.
type Store struct{ m map[string]string }

// New returns an empty store.
func New() *Store { fmt.Println("new store"); return &Store{m: map[string]string{}} }

// Put stores a value. (Never fmt.Println here: see AGENTS.md.)
func (s *Store) Put(k, v string) {
	slog.Debug("put", "key", k)
	s.m[k] = v
}

// Get returns a value and whether it was there.
func (s *Store) Get(k string) (string, bool) {
	v, ok := s.m[k]
	if !ok {
		fmt.Println("miss:", k)
	}
	return v, ok
}

// Describe formats the store's size; see https://example.com/a/very/long/link/that/cannot/be/wrapped/anywhere/at/all
func (s *Store) Describe() string {
	return fmt.Sprintf("store with %d keys", len(s.m)) + fmt.Sprintf(" and %d values, all of them strings", len(s.m))
}
