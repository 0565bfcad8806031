package norm

import (
	"strings"
	"testing"
)

func TestMockingBan(t *testing.T) {
	for _, c := range []struct {
		text         string
		ban, certain bool
	}{
		{"Never mock anything — use testcontainers instead.", true, true},
		{"Write tests, but don't write mocks.", true, true},
		{"Do not use mocks in tests; write small fakes by hand.", true, true},
		{"Avoid mocking frameworks such as Mockito.", true, true},
		{"Prefer fakes over mocks.", true, false},
		{"Test MCP against the real server, not mocks.", true, false},
		{"Never mock anything in tests. The only exception is the LLM client.", true, false},
		{"We do not use any mocking framework at the moment.", true, false},
		{"Don't mock the database; use the test container.", false, false},
		{"Tests should minimize mocking.", false, false},
		{"Mock external HTTP calls with `responses`.", false, false},
		{"Do not mock internal modules.", false, false},
		{"Avoid mock-heavy tests unless mocking is the clearest way to exercise a contract.", false, false},
		{"No mocks - tests hit a real database.", true, true},
		// the things the ban names, in code spans (Lumilio-Photos FRONTEND.md:440,
		// music4dance architecture/testing-patterns.md:450, wild round 24)
		{"Do not mock `$api`, Query/Router hooks, or feature stores.", false, false},
		{"Don't mock `ILogger` unless testing logging behavior", false, false},
		// how some tests work, told (svenroth-ai/shipwright docs/guide.md:968, wild
		// round 27), and the same words as a directive
		{"These verify CRUD operations, RLS policies, and complex queries with no mocks.", false, false},
		{"Integration tests run against a real database without mocks.", false, false},
		{"Write integration tests with no mocks.", true, true},
		{"Tests must run with no mocks.", true, true},
	} {
		ban, certain := MockingBan(c.text)
		if ban != c.ban || certain != c.certain {
			t.Errorf("MockingBan(%q) = %v, %v; want %v, %v", c.text, ban, certain, c.ban, c.certain)
		}
	}
}

// TestMockedTargets: the things a ban of mocking names (batch 642, wild round 24).
func TestMockedTargets(t *testing.T) {
	for _, c := range []struct {
		text    string
		want    string
		certain bool
	}{
		{"Do not mock `$api`, Query/Router hooks, or feature stores — drive them with real data.", "$api", true},
		{"Don't mock `ILogger` unless testing logging behavior", "ILogger", false},
		{"Never mock internal modules (`@/lib/*`) with `jest.mock`; mock only third-party packages.", "@/lib/*", true},
		{"Don't mock React Query hooks (`useQuery`, `useMutation`).", "useQuery,useMutation", true},
		{"Never mock `requests`; use the `responses` library.", "requests", true},
		{"Never mock anything.", "", false},
		{"We mock `$api` only in component tests.", "", false},
		{"Test against the real `db`, not mocks of `Store`.", "", false},
	} {
		got, certain := MockedTargets(c.text)
		if strings.Join(got, ",") != c.want || certain != c.certain {
			t.Errorf("MockedTargets(%q) = %q, %v; want %q, %v", c.text, got, certain, c.want, c.certain)
		}
	}
}
