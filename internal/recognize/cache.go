package recognize

import "sync"

// Cache holds what recognisers derive from a repository context and share across
// constraints: a reading of a neighbour one constraint's recogniser makes, another's
// would make again (the commands an instruction file shows, read once per file
// rather than once per rule). A value is built on first use, once, safely from the
// compile's workers. The compile gives each context it builds a cache of its own; a
// context without one shares nothing.
type Cache struct {
	m sync.Map // key -> *cacheEntry
}

type cacheEntry struct {
	once sync.Once
	v    any
}

// Get returns the value for key, built by build on the first call. A nil cache builds
// it every time.
func (c *Cache) Get(key any, build func() any) any {
	if c == nil {
		return build()
	}
	e, _ := c.m.LoadOrStore(key, &cacheEntry{})
	ent := e.(*cacheEntry)
	ent.once.Do(func() { ent.v = build() })
	return ent.v
}
