package source

import "testing"

// The shape test before a parse keeps every declaration a language writes and drops
// files that only call or mention the name (the self-validation asks each file that
// mentions a banned name whether it declares it).
func TestDeclarationShape(t *testing.T) {
	re := declarationShape([]string{"helper"})
	for src, want := range map[string]bool{
		"def helper(x):\n    return x\n":                   true,
		"async def helper():\n    pass\n":                  true,
		"class helper:\n    pass\n":                        true,
		"helper = make()\n":                                true,
		"HELPER: int = 1\nhelper: int = 2\n":               true,
		"func helper() {}\n":                               true,
		"func (s *Server) helper() error { return nil }\n": true,
		"fn helper() -> u8 { 0 }\n":                        true,
		"export function helper() {}\n":                    true,
		"export const helper = () => 1;\n":                 true,
		"public static void helper(int x) {}\n":            true,
		"fun helper(): Int = 1\n":                          true,
		"private string helper() => \"\";\n":               true,
		"def run():\n    helper(1)\n    x = helper(2)\n":   false,
		"import os\nprint(helper)\n":                       false,
		"if helper == 1:\n    pass\n":                      false,
	} {
		if got := re.MatchString(src); got != want {
			t.Errorf("%q: shape %v, want %v", src, got, want)
		}
		if got := declarationLine([]byte(src), []string{"helper"}, re); got != want {
			t.Errorf("%q: a declaration's line %v, want %v", src, got, want)
		}
	}
}
