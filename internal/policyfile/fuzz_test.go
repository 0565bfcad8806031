package policyfile

import (
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/policy"
)

// FuzzParse: any bytes give a policy or an error naming the file, never a panic; a
// policy that loads marshals and loads again.
func FuzzParse(f *testing.F) {
	good, _ := policy.Marshal(sample())
	f.Add(good)
	f.Add([]byte(`{"version":1,"sources":[],"constraints":[{"id":"a","text":"x","level":"must","rules":[{"id":"r","domain":"source","kind":"k","params":null,"severity":"error","origin":"manual"}]}]}`))
	f.Add([]byte("{"))
	f.Add([]byte(`{"version":1,"sources":[],"constraints":[]} trailing`))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := Parse(data, "policy.json")
		if err != nil {
			if !strings.Contains(err.Error(), "policy.json") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		out, err := policy.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Parse(out, "policy.json"); err != nil {
			t.Fatalf("a loaded policy does not load again once written: %v\n%s", err, out)
		}
	})
}
