package norm

import "testing"

func TestArchWordChain(t *testing.T) {
	for _, tc := range []struct {
		text  string
		steps int // 0: no chain
		spans int // steps with a span
	}{
		{"Data flows one way: UI components → query hooks (`src/hooks`) → API client (`src/api`) → backend.", 4, 2},
		{"pages -> services -> repositories", 3, 0},
		{"`web` → `service` → `repo`", 3, 3},
		{"Run `make build` → deploy the artefacts to staging and then verify the logs → release", 0, 0},
		{"pages → services", 0, 0},
	} {
		ss := ArchSentences(tc.text)
		got := ArchWordChain(ss[0].Prose)
		n := 0
		for _, st := range got {
			if st.Span >= 0 {
				n++
			}
		}
		if len(got) != tc.steps || n != tc.spans {
			t.Errorf("%q: %d steps (%d with a span), want %d (%d)", tc.text, len(got), n, tc.steps, tc.spans)
		}
	}
}

func TestLayeringChainFraming(t *testing.T) {
	for _, tc := range []struct {
		text, ctx string
		headings  []string
		want      bool
	}{
		{"Architecture rule: UI components → query hooks → `src/api`", "", nil, true},
		{"api → services → repositories", "Dependencies point one way only:", nil, true},
		{"api → services → repositories", "", []string{"Dependency Direction"}, true},
		// a flow and an order of imports are no layering
		{"Request flow: browser → proxy → server", "", nil, false},
		{"stdlib → third-party → local", "", []string{"Import order"}, false},
	} {
		if got := LayeringChain(tc.text, tc.ctx, tc.headings); got != tc.want {
			t.Errorf("%q (%q, %q): %v, want %v", tc.text, tc.ctx, tc.headings, got, tc.want)
		}
	}
}

func TestDirectionItem(t *testing.T) {
	for _, tc := range []struct {
		text, ctx string
		headings  []string
		want      bool
	}{
		{"`internal/transport` depends on `internal/service`", "", []string{"Dependency direction"}, true},
		{"`worker` -> `@acme/shared`", "Dependency direction:", nil, true},
		// a list of dependencies names no direction
		{"`app` depends on `lodash`", "", []string{"Dependencies"}, false},
		{"`a` depends on `b` and `c`", "", []string{"Dependency direction"}, false},
	} {
		if got := DirectionItem(tc.text, tc.ctx, tc.headings); got != tc.want {
			t.Errorf("%q: %v, want %v", tc.text, got, tc.want)
		}
	}
}

func TestCalledFromWords(t *testing.T) {
	for _, tc := range []struct {
		text, words string
	}{
		{"The auth service (`src/services/auth.ts`) should never be called directly from UI components; use the hook.", "ui components"},
		{"API client methods are located in `web/src/api` and should never be called directly from UI components - wrap them in hooks", "ui components"},
		{"`src/api` must never be called directly from components in `src/components`.", ""},
	} {
		b := ReadBoundary(ArchSentences(tc.text)[0].Prose, BoundaryContext{})
		got := ""
		if b.Form == BoundaryWordForbid {
			got = b.FromWord
		}
		if got != tc.words {
			t.Errorf("%q: callers %q, want %q", tc.text, got, tc.words)
		}
	}
}

func TestDirListTests(t *testing.T) {
	for _, tc := range []struct {
		text, dir string
	}{
		{"`test/` - test files (NOT `spec/`)", "test/"},
		{"`test/` - Test files (NOT `spec/` - the project uses Minitest)", "test/"},
		// without the aside the item describes the tree
		{"`test/` - test files", ""},
	} {
		dir, _, _ := TestsInDir(ArchSentences(tc.text)[0])
		if dir != tc.dir {
			t.Errorf("%q: %q, want %q", tc.text, dir, tc.dir)
		}
	}
}

func TestLayerLists(t *testing.T) {
	for _, tc := range []struct {
		text          string
		topFirst, ok  bool
		eachLayerRead bool
	}{
		{"Keep the layering, from top to bottom:", true, true, false},
		{"Layers (bottom to top):", false, true, false},
		// no order, or no layers: no layering
		{"Keep the layering:", false, false, false},
		{"Steps, from top to bottom:", false, false, false},
		{"Each layer may depend only on the layers below it.", true, true, true},
		{"Every layer may import from the layers above it.", false, true, true},
	} {
		var top, ok bool
		if tc.eachLayerRead {
			top, ok = ArchEachLayerBelow(tc.text)
		} else {
			top, ok = ArchLayerListLead(tc.text)
		}
		if top != tc.topFirst || ok != tc.ok {
			t.Errorf("%q: top first %v, ok %v; want %v, %v", tc.text, top, ok, tc.topFirst, tc.ok)
		}
	}
	for text, want := range map[string]string{"`web/` - HTTP handlers": "web/", "`domain`": "domain", "`web/` imports `core/`": ""} {
		if got, _ := ArchLayerItem(text); got != want {
			t.Errorf("%q: %q, want %q", text, got, want)
		}
	}
}

func TestNounFirstBoundary(t *testing.T) {
	b := ReadBoundary(ArchSentences("Package `storage` must not import package `api`.")[0].Prose, BoundaryContext{})
	if b.Form != BoundaryForbid || len(b.From) != 1 || len(b.To) != 1 {
		t.Errorf("read as %+v, want a forbid of one span from one span", b)
	}
}

func TestWordBoundaryWithWhatIsImported(t *testing.T) {
	for _, text := range []string{
		"Compiler packages should not import items from the runtime, and vice versa.",
		"The parser must not import code from the renderer.",
	} {
		b := ReadBoundary(ArchSentences(text)[0].Prose, BoundaryContext{})
		if b.Form != BoundaryWords || b.FromWord == "" || b.ToWord == "" {
			t.Errorf("%q: read as %+v, want a boundary between two parts named in words", text, b)
		}
	}
}
