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
