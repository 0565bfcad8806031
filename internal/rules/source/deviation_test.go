package source

import "testing"

// A site whose comment names the banned form and the prescribed one ("Using #[allow]
// instead of #[expect] because ...") is a deviation the project documented there
// (wild round 19, tasker-core-rs: three such sites were reported as errors); a site
// with another comment, or none, is still reported.
func TestDocumentedDeviationIsNotReported(t *testing.T) {
	rules := rulesOf(t, "Use `#[expect(lint_name, reason = \"...\")]` instead of `#[allow]`.", "allow", "rust")
	if len(rules) == 0 {
		t.Fatal("no rule: the test judges nothing")
	}
	code := "// Note: Using #[allow(dead_code)] instead of #[expect] because test targets differ.\n#[allow(dead_code)]\nfn a() {}\n\n" +
		"/// Reserved for later.\n// Note: Using #[allow] instead of #[expect] due to lib and test targets.\n#[derive(Clone)]\n#[allow(dead_code)]\nstruct B;\n\n" +
		"// a helper kept for the benchmarks\n#[allow(dead_code)]\nfn c() {}\n\n" +
		"#[allow(unused)]\nfn d() {}\n"
	fs, _ := runFiles(t, rules, map[string]string{"src/lib.rs": code})
	var lines []int
	for _, f := range fs {
		lines = append(lines, f.Line)
	}
	if len(lines) != 2 || lines[0] != 12 || lines[1] != 15 {
		t.Errorf("findings on lines %v, want 12 and 15 (the sites whose comment gives no reason against the rule)", lines)
	}
}

func TestDeviationDocumented(t *testing.T) {
	src := []byte("// Using panic here instead of errors.New: the caller cannot recover\npanic(\"x\")\n// panics on internal errors\npanic(\"y\")\n")
	li := newLineIndex(src)
	if !deviationDocumented(src, li, 2, "panic(\"x\")", []string{"errors.New"}) {
		t.Error("a comment naming the ban and the alternative does not excuse the site")
	}
	if deviationDocumented(src, li, 4, "panic(\"y\")", []string{"errors.New"}) {
		t.Error("a comment that names the alternative's words loosely excused the site")
	}
}
