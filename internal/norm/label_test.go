package norm

import "testing"

func TestItemLabelAndRegion(t *testing.T) {
	for text, want := range map[string][2]string{
		"Async code: never call `requests.get()`":                                  {"Async code", "Async code"},
		"Blocking in Reconcile — use `RequeueAfter` for polling, not `time.Sleep`": {"Blocking in Reconcile", "Blocking in Reconcile"},
		"Handlers: never call `panic`":                                             {"Handlers", "Handlers"},
		"Hot loops: avoid `JSON.parse`":                                            {"Hot loops", "Hot loops"},
		"Middleware: never call `next()` twice":                                    {"Middleware", "Middleware"},
		"Security — never use `eval()`.":                                           {"Security", ""},
		"Database layer (`db/`): never use `fmt.Println`":                          {"Database layer (`db/`)", ""},
		"In tests — never call `time.sleep()`":                                     {"In tests", ""},
		"Production code: never call `System.exit()`":                              {"Production code", ""},
		"Rust: never call `.unwrap()` outside tests.":                              {"Rust", ""},
		"Logging in general: use `slog`":                                           {"Logging in general", ""},
		"Never use `eval()`: it runs anything.":                                    {"", ""},
		"Use `httpx` - it is async.":                                               {"", ""},
	} {
		label := ItemLabel(text)
		if label != want[0] || LabelRegion(label) != want[1] {
			t.Errorf("%q: label %q region %q, want %q and %q", text, label, LabelRegion(label), want[0], want[1])
		}
	}
	for in, want := range map[string]string{
		"`src/lib/http.ts` is the only file that may call `fetch`; everywhere else use it": "do not call `fetch` outside `src/lib/http.ts`; everywhere else use it",
		"only `db/conn.go` may open `sql.DB` handles":                                      "do not open `sql.DB` outside `db/conn.go` handles",
		"Use `fetch` only in tests":                                                        "Use `fetch` only in tests",
	} {
		if got := OnlyPlaceFrame(in); got != want {
			t.Errorf("OnlyPlaceFrame(%q) = %q, want %q", in, got, want)
		}
	}
}
