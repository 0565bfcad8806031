package norm

import (
	"slices"
	"testing"
)

// Access to a kind of service kept in one place (sentences of our own writing).
func TestAccessPlacement(t *testing.T) {
	for _, tc := range []struct {
		text   string
		kind   string
		places []int
	}{
		{"All database access must live in `internal/store`.", "database", []int{0}},
		{"DB queries go through `src/db/`.", "database", []int{0}},
		{"All HTTP requests must go through `app/clients/http.py`.", "http", []int{0}},
		{"All HTTP calls go through `api` from `useApi.ts`", "http", []int{1, 0}},
		{"If adding new DynamoDB operations, add them to `lib/db.js` and mock them in relevant tests.", "dynamodb", []int{0}},
		{"Keep all Redis access in `internal/cache`.", "redis", []int{0}},
		// not a place for the access
		{"Database access must not happen in `src/ui/`.", "", nil},
		{"All HTTP requests must have a timeout.", "", nil},
		{"Database migrations live in `db/migrations/`.", "", nil},
	} {
		ss := ArchSentences(tc.text)
		kind, places, ok := AccessPlacement(ss[0])
		if ok != (tc.kind != "") || kind != tc.kind || !slices.Equal(places, tc.places) {
			t.Errorf("AccessPlacement(%q) = %q, %v, %v; want %q, %v", tc.text, kind, places, ok, tc.kind, tc.places)
		}
	}
}

// A package kept behind a wrapper: the wrapper's clause and the ban, each a sentence
// of one item (sentences of our own writing).
func TestWrapperBan(t *testing.T) {
	for _, tc := range []struct {
		text     string
		ban, use string // the spans: banned package, wrapper's place
	}{
		{"Call the shared `request` from `src/service/request` for every HTTP call; do not use `axios` directly.", "axios", "src/service/request"},
		{"Use the project logger from `app/log.py` (`get_logger`); do not import `logging` elsewhere.", "logging", "app/log.py"},
		{"Never import `pg` directly; go through `src/db/`.", "pg", "src/db/"},
		// no wrapper's place, or no ban
		{"Do not use `axios` directly.", "", ""},
		{"Use `request` from `src/service/request`.", "", ""},
		{"Do not use `axios` in tests; use `msw` from `src/mocks`.", "", ""},
	} {
		ss := ArchSentences(tc.text)
		b, bs, u, us, ok := WrapperBan(ss)
		if ok != (tc.ban != "") {
			t.Errorf("WrapperBan(%q): ok %v", tc.text, ok)
			continue
		}
		if ok && (ss[b].Spans[bs] != tc.ban || ss[u].Spans[us] != tc.use) {
			t.Errorf("WrapperBan(%q) = %q, %q; want %q, %q", tc.text, ss[b].Spans[bs], ss[u].Spans[us], tc.ban, tc.use)
		}
	}
}
