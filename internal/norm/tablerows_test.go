package norm

import "testing"

func TestTableRowSentence(t *testing.T) {
	for _, c := range []struct{ header, row, want string }{
		{"API | Status", "`eval` | ❌ Never", "Never use `eval`."},
		{"## Calls — API | Status", "`new Function` | ❌", "Never use `new Function`."},
		{"API | Status", "`JSON.parse` | ✅ OK", ""},
		{"Package | Allowed", "`unsafe` | no", "Never import `unsafe`."},
		{"Package | Allowed", "`sync/atomic` | yes", ""},
		{"Package | Status | Notes", "`moment` | deprecated | don't use in new code", "Avoid importing `moment`. Don't use in new code."},
		{"Call | Allowed in | Elsewhere", "`print()` | `scripts/` | use `logger`", "Do not use `print()` outside `scripts/`. Use `logger`."},
		{"Call | Allowed in", "`print()` | `scripts/` or `bin/`", "Do not use `print()` outside `scripts/` or `bin/`."},
		{"Rule | Why", "Use `ILogger<T>`, not `Console.WriteLine` | structured logs", "Use `ILogger<T>`, not `Console.WriteLine`."},
		{"Rule | Why | Notes", "Never call `.Result` | deadlocks | allowed in tests", "Never call `.Result`. Allowed in tests."},
		// a column that says whether an agent may run the command
		{"Command | Agent may run it?", "`terraform apply` | no, CI only", "Never run `terraform apply`. CI only."},
		{"Command | Safe to run", "`make clean` | ❌", "Never run `make clean`."},
		{"Command | Agent may run it?", "`terraform plan` | yes", ""},
		{"Command | Agent may run it?", "`terraform plan` | yes, read only", ""},
		{"Command | Agent may run it?", "`make deploy` | only after review", ""},
		// tables of other kinds are left to their own readers, or are no rules
		{"Don't | Do instead", "`moment()` | `dayjs()`", ""},
		{"Function | What it does", "`os.Exit` | ends the process", ""},
		{"Variable | Meaning", "`RUST_LOG` | log filter", ""},
		{"Rule | Level", "`no-console` | off", ""},
		{"Rule | Owner | Why", "Never call `x` | team a | b", ""},
		{"API | Status", "the old client | ❌", ""},
	} {
		got, ok := TableRowSentence(c.row, c.header)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("%q under %q: %q %v, want %q", c.row, c.header, got, ok, c.want)
		}
	}
}

func TestOnlyInFrame(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Use `print()` only in `scripts/`", "do not use `print()` outside `scripts/`"},
		{"use `print()` only in `scripts/`; elsewhere use `logger`", "do not use `print()` outside `scripts/`; elsewhere use `logger`"},
		{"Import `@mui/material` only inside `src/ui/`", "do not use `@mui/material` outside `src/ui/`"},
		{"`unsafe` is allowed only in `src/ffi/`, and every block needs a comment", "do not use `unsafe` outside `src/ffi/`, and every block needs a comment"},
		{"`print()` is only permitted in `scripts/` or `bin/`.", "do not use `print()` outside `scripts/` or `bin/`."},
		{"`fetch` may only be called from `src/lib/http.ts`", "do not use `fetch` outside `src/lib/http.ts`"},
		// a kind of code after the span is no place
		{"Use `await` only in `async` functions", "Use `await` only in `async` functions"},
		{"Use `pnpm` only", "Use `pnpm` only"},
	} {
		if got := OnlyPlaceFrame(c.in); got != c.want {
			t.Errorf("OnlyPlaceFrame(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
