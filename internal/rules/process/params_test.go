package process

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// paramsSeeds are params as heed compile writes them, and near misses.
var paramsSeeds = []string{
	`{"forbid":[{"program":["git"],"args":["push"],"flags":[["-f","--force","--force-with-lease","--force-if-includes"]]},{"program":["git"],"args":["push","+*"]},{"program":["git"],"args":["push"],"flags":[["--mirror"]]}],"allow":[{"program":["git"],"args":["push"],"flags":[["-n","--dry-run"]]}]}`,
	`{"forbid":[{"program":["npm","npx","yarn"]}],"via":[{"program":["pnpm"]}]}`,
	`{"forbid":[{"program":["cargo"],"args":["publish"],"lacking":[["--dry-run","-n"]],"bare":true,"paths":["."]}],"at":["web","."]}`,
	`{"forbid":[{"program":["cargo"],"args":["test"],"alone":true}],"via":[{"program":["mise"],"args":["exec","*"]}]}`,
	`{"together":[{"program":["git"],"args":["commit"]},{"program":["git"],"args":["push"]}]}`,
	`{"forbid":[{"program":["terraform"],"args":["apply"]}],"indirect":true}`,
	`{"then":[{"program":["git"],"args":["commit"]}],"first":[{"program":["make"],"args":["lint"]}],"label":"make lint","anytime":true,"changed":["**/*.rs"]}`,
	`{"then":[{"program":["git"],"args":["commit"]}],"first":[{"program":["gofmt"]}],"changed":["**/*.go"],"changed_inferred":true}`,
	`{"then":[{"program":["git"],"args":["push"]}],"first":[{"program":["make"],"args":["fmt"]}],"anytime":false}`,
	` { "forbid" : [ { "program" : [ "ünï" ] , "flags" : [ [ ] ] } ] , "allow" : [ ] } `,
	`{"forbid":[{"program":["a\"b"]}]}`, `{"forbid":[{"program":["\u0061"]}]}`, `{"forbid":null}`,
	`{"Forbid":[{"program":["git"]}]}`, `{"forbid":[{"program":["git"]}],"forbid":[]}`, `{"forbid":[{"program":["git"]}]} {}`,
	`{"forbid":[{"program":["git"],"bare":1}]}`, `{"what":1}`, `{}`, `[]`, `{"forbid":[{"program":["git"]},]}`, "{\"forbid\":[{\"program\":[\"\xff\"]}]}",
}

// The hand reader gives what encoding/json gives, on every input it accepts.
func TestReadParamsAgreesWithJSON(t *testing.T) {
	accepted := 0
	for _, s := range paramsSeeds {
		if checkParams(t, []byte(s)) {
			accepted++
		}
	}
	if accepted < 7 {
		t.Fatalf("the hand reader accepted %d of the seeds written as heed writes params", accepted)
	}
}

func FuzzReadParams(f *testing.F) {
	for _, s := range paramsSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) { checkParams(t, raw) })
}

// checkParams compares the hand reader with encoding/json on raw, for both kinds'
// params, and reports whether the hand reader accepted it for either.
func checkParams(t *testing.T, raw []byte) bool {
	t.Helper()
	accepted := false
	for _, fresh := range []func() any{func() any { return &CommandParams{} }, func() any { return &SequenceParams{} }} {
		fast := fresh()
		if !readParams(raw, fast) {
			continue
		}
		accepted = true
		slow := fresh()
		dec := json.NewDecoder(strings.NewReader(string(raw)))
		dec.DisallowUnknownFields()
		if err := dec.Decode(slow); err != nil {
			t.Fatalf("%q: read by hand as %+v, encoding/json fails: %v", raw, fast, err)
		}
		if !reflect.DeepEqual(fast, slow) {
			t.Fatalf("%q:\nby hand       %#v\nencoding/json %#v", raw, fast, slow)
		}
	}
	return accepted
}
