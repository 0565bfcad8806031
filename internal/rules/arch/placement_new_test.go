package arch

import (
	"testing"

	"github.com/heed-dev/heed/internal/engine"
	"github.com/heed-dev/heed/internal/policy"
	"github.com/heed-dev/heed/internal/recognize"
)

// Placement by an example path, and for files to be made only: a file that exists
// elsewhere is not the rule's business (sentences of our own writing).
func TestExamplePathPlacementRule(t *testing.T) {
	reg := engine.NewRegistry(Kinds()...)
	rc := &recognize.RepoContext{Languages: []string{engine.LangTypeScript}, Dirs: []string{"src", "src/views", "src/composables"}}
	for _, tc := range []struct {
		text    string
		path    string
		isNew   bool
		flagged bool
	}{
		{"Views go in `src/views/XxxView.vue`", "src/components/CartView.vue", false, true},
		{"Views go in `src/views/XxxView.vue`", "src/views/CartView.vue", false, false},
		{"Create `src/composables/useXxx.ts` if it needs API data", "src/lib/useCart.ts", true, true},
		// an existing file: the rule speaks of files to be made
		{"Create `src/composables/useXxx.ts` if it needs API data", "src/lib/useCart.ts", false, false},
		{"Create `src/composables/useXxx.ts` if it needs API data", "src/lib/cart.ts", true, false},
	} {
		c := &policy.Constraint{ID: "c", Text: tc.text, Level: policy.Must}
		res := placementRecognizer{}.Recognize(c, rc)
		if len(res.Rules) != 1 {
			t.Fatalf("%q: %d rules", tc.text, len(res.Rules))
		}
		r := res.Rules[0]
		r.ID = "r"
		if r.Severity != policy.SeverityWarning {
			t.Errorf("%q: severity %s", tc.text, r.Severity)
		}
		chk, err := reg.CompileRule(&r)
		if err != nil {
			t.Fatal(err)
		}
		ev := &engine.Evidence{Mode: engine.ModeAll, Files: []*engine.File{{Path: tc.path, Content: []byte("x\n"), New: tc.isNew}}}
		o := engine.Run([]engine.Compiled{{Rule: &r, Check: chk}}, ev, engine.Options{Workers: 1})[0]
		if got := o.Verdict == engine.Violated; got != tc.flagged {
			t.Errorf("%q on %s (new %v): violated %v, want %v", tc.text, tc.path, tc.isNew, got, tc.flagged)
		}
	}
}

// Classes of a kind named in words made in a folder, and files named in parentheses
// after their folder (sentences of our own writing): new files only where the text
// speaks of files to be made; a folder the repository lacks gives no rule.
func TestClassWordAndNamedFilesPlacementRule(t *testing.T) {
	reg := engine.NewRegistry(Kinds()...)
	kt := &recognize.RepoContext{Languages: []string{engine.LangKotlin}, Dirs: []string{"app", "app/src", "app/src/main", "app/src/main/kotlin",
		"app/src/main/kotlin/data", "app/src/main/kotlin/data/mapper", "app/src/main/kotlin/domain", "app/src/main/kotlin/domain/usecase",
		"lib", "lib/domain", "lib/domain/usecase"}}
	ts := &recognize.RepoContext{Languages: []string{engine.LangTypeScript}, Dirs: []string{"src", "src/app", "src/components"}}
	for _, tc := range []struct {
		text    string
		rc      *recognize.RepoContext
		path    string
		isNew   bool
		flagged bool
	}{
		{"Create mappers in `data/mapper/`", kt, "app/src/main/kotlin/domain/OrderMapper.kt", true, true},
		{"Create mappers in `data/mapper/`", kt, "app/src/main/kotlin/data/mapper/OrderMapper.kt", true, false},
		{"Create mappers in `data/mapper/`", kt, "app/src/main/kotlin/domain/OrderMapper.kt", false, false},
		// the folder in two modules: either is the place
		{"Create use case in `domain/usecase/`", kt, "lib/domain/usecase/GetOrderUseCase.kt", true, false},
		{"Create use case in `domain/usecase/`", kt, "app/src/main/kotlin/data/GetOrderUseCase.kt", true, true},
		{"Add route files under `src/app` (`page.tsx`, `layout.tsx`).", ts, "src/components/page.tsx", true, true},
		{"Add route files under `src/app` (`page.tsx`, `layout.tsx`).", ts, "src/app/orders/page.tsx", true, false},
		{"Add route files under `src/app` (`page.tsx`, `layout.tsx`).", ts, "src/components/Card.tsx", true, false},
	} {
		c := &policy.Constraint{ID: "c", Text: tc.text, Level: policy.Must}
		res := placementRecognizer{}.Recognize(c, tc.rc)
		if len(res.Rules) != 1 {
			t.Fatalf("%q: %d rules", tc.text, len(res.Rules))
		}
		r := res.Rules[0]
		r.ID = "r"
		chk, err := reg.CompileRule(&r)
		if err != nil {
			t.Fatal(err)
		}
		ev := &engine.Evidence{Mode: engine.ModeAll, Files: []*engine.File{{Path: tc.path, Content: []byte("x\n"), New: tc.isNew}}}
		o := engine.Run([]engine.Compiled{{Rule: &r, Check: chk}}, ev, engine.Options{Workers: 1})[0]
		if got := o.Verdict == engine.Violated; got != tc.flagged {
			t.Errorf("%q on %s (new %v): violated %v, want %v", tc.text, tc.path, tc.isNew, got, tc.flagged)
		}
	}
	for _, text := range []string{"Create mappers in `data/mappers/`", "Add route files under `app/routes` (`page.tsx`)."} {
		c := &policy.Constraint{ID: "c", Text: text, Level: policy.Must}
		if res := (placementRecognizer{}).Recognize(c, kt); len(res.Rules) != 0 {
			t.Errorf("%q: %d rules for a folder the repository lacks", text, len(res.Rules))
		}
	}
}
