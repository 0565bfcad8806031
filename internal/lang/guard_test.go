package lang

import (
	"strings"
	"testing"
	"time"
)

// A pattern with a quantifier on a quantifier makes Tree-sitter compile forever: heed
// refuses it at once, with an error naming where.
func TestStackedQuantifiersAreRefused(t *testing.T) {
	done := make(chan error, 1)
	go func() {
		_, err := CompileQuery("python", "(call (identifier)?+ .)")
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "quantifier") {
			t.Fatalf("err = %v, want a refusal naming the quantifier", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("compiling the query did not return")
	}
}
