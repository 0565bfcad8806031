package compile

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/policy"
)

// The signals of the self-review that need a rule of a given shape, on rules built
// here: each with the same rule where the signal is absent.
func TestDoubtSignals(t *testing.T) {
	params := func(v any) json.RawMessage { b, _ := json.Marshal(v); return b }
	ban := func(needle string, exclude ...string) policy.Rule {
		return policy.Rule{Domain: policy.DomainSource, Kind: "query", Message: "`" + needle + "` is banned here",
			Params: params(map[string]any{"needles": []string{needle}}), Scope: policy.Scope{Exclude: exclude}}
	}
	importBan := func(name string) policy.Rule {
		return policy.Rule{Domain: policy.DomainSource, Kind: "query", Message: "import of `" + name + "` is banned here",
			Params: params(map[string]any{"needles": []string{strings.TrimSuffix(name, "()")}})}
	}
	branch := policy.Rule{Domain: policy.DomainProcess, Kind: "command", Norm: "require: concept:branch-name feature/ana/*"}
	naming := policy.Rule{Domain: policy.DomainSource, Kind: "text", Params: params(map[string]any{"check": "filename", "naming": "camelCase"})}
	for _, c := range []struct {
		text    string
		headers []string
		rule    policy.Rule
		want    string // "" : no doubt
	}{
		{"Examples: `feature/ana/login-form`, `fix/ana/crash`", nil, branch, "examples"},
		{"**Example:** `feature/ana/login-form`", nil, branch, "examples"},
		{"Name branches like `feature/ana/login-form`.", nil, branch, ""},
		{"Exception — generated clients keep their schema's camelCase names: `getUser.ts`.", nil, naming, "exception"},
		{"Generated clients keep their schema's camelCase names: `getUser.ts`.", nil, naming, ""},
		{"Never use `Thread.Sleep` to wait.", []string{"Guide", "Testing", "Waiting"}, ban("Thread.Sleep", "**/*Tests/**"), "about tests"},
		{"Never use `Thread.Sleep` to wait.", []string{"Guide", "Style"}, ban("Thread.Sleep", "**/*Tests/**"), ""},
		{"Never use `Thread.Sleep` to wait.", []string{"Guide", "Testing"}, ban("Thread.Sleep"), ""},
		{"Do not import `makeClient()` from the SDK.", nil, importBan("makeclient()"), "no package name"},
		{"Do not import `left-pad`.", nil, importBan("left-pad"), ""},
		{"Found a leak? Don't open an issue.", nil, policy.Rule{Domain: policy.DomainProcess, Kind: "command",
			Norm: "forbid: concept:create-issue | if: Found a leak? | uncertain: condition: Found a leak?"}, "cannot see"},
		{"Run `make fmt`.", nil, policy.Rule{Domain: policy.DomainProcess, Kind: "sequence",
			Norm: "require: make fmt | before: event:finish (from inferred) | uncertain: no event is named"}, ""},
		{"`/admin` | `pnpm admin:build`", nil, policy.Rule{Domain: policy.DomainProcess, Kind: "sequence",
			Norm: "require: pnpm admin:build | after: /admin | uncertain: the table's columns are read as a change and the command it needs"}, "table row"},
		// a sentence about commit messages makes no rule of the files
		{"Never put a bare `#NNN` in a commit message.", nil, ban("NNN"), "about commit message"},
		{"No em dashes in comments, commit messages, or docs.", nil, ban("—"), ""},
		{"Never put a bare `#NNN` in a commit message.", nil, policy.Rule{Domain: policy.DomainContribution, Kind: "commit"}, ""},
	} {
		con := &policy.Constraint{Text: c.text, HeaderPath: c.headers, Level: policy.Must}
		got := doubt(con, &c.rule)
		if c.want == "" && got != "" || c.want != "" && !strings.Contains(got, c.want) {
			t.Errorf("%q under %v: doubt %q, want %q", c.text, c.headers, got, c.want)
		}
	}
}
