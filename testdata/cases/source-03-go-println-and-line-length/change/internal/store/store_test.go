package store

import (
	"fmt"
	"testing"
)

func TestPutGet(t *testing.T) {
	s := New()
	s.Put("a", "1")
	v, ok := s.Get("a")
	fmt.Println("got", v)
	if !ok || v != "1" {
		t.Fatalf("Get(a) = %q, %v", v, ok)
	}
}
