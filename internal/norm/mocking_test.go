package norm

import "testing"

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
	} {
		ban, certain := MockingBan(c.text)
		if ban != c.ban || certain != c.certain {
			t.Errorf("MockingBan(%q) = %v, %v; want %v, %v", c.text, ban, certain, c.ban, c.certain)
		}
	}
}
