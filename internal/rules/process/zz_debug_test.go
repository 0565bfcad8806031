package process

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/heed-dev/heed/internal/instr"
	"github.com/heed-dev/heed/internal/policy"
)

func TestZZCorpus(t *testing.T) {
	if os.Getenv("CORPUS") == "" {
		t.Skip()
	}
	files, _ := filepath.Glob("/work/shared/corpus/instructions/*")
	if f := os.Getenv("FILES"); f != "" {
		files = strings.Split(f, ",")
	}
	only := regexp.MustCompile(os.Getenv("ONLY"))
	for _, f := range files {
		if strings.HasSuffix(f, "MANIFEST.tsv") || strings.HasSuffix(f, "README.md") && strings.Contains(f, "corpus/instructions/README") {
			continue
		}
		src, _ := os.ReadFile(f)
		rel := strings.ReplaceAll(filepath.Base(f), "__", "/")
		parts := strings.SplitN(rel, "/", 3)
		if len(parts) == 3 {
			rel = parts[2]
		}
		cs, _ := instr.Extract(rel, src, "", policy.Scope{})
		for i := range cs {
			c := &cs[i]
			if c.Level == policy.Info || !only.MatchString(c.Text) {
				continue
			}
			for _, rec := range Recognizers() {
				res := rec.Recognize(c, nil)
				for _, r := range res.Rules {
					fmt.Printf("%s:%d %s [%s %s exact=%v]\n   %q\n   params=%s\n   msg=%q sug=%q\n", filepath.Base(f), c.Line, rec.Name(), r.Kind, r.Severity, r.Exact, c.Text, r.Params, r.Message, r.Suggestion)
					for _, cs := range r.Cases {
						b, _ := json.Marshal(cs)
						fmt.Printf("   case %s\n", b)
					}
				}
				if res.Unenforced != "" {
					fmt.Printf("%s:%d %s UNENFORCED %s: %q\n", filepath.Base(f), c.Line, rec.Name(), res.Unenforced, c.Text)
				}
			}
		}
	}
}
