package uniq

import (
	"slices"
	"strings"
	"testing"
)

func TestValuesKeepsTheFirstOfEachInOrder(t *testing.T) {
	got := Values([]string{"src/**", "lib/**", "src/**", "docs/**", "lib/**"})
	if want := []string{"src/**", "lib/**", "docs/**"}; !slices.Equal(got, want) {
		t.Errorf("Values = %q, want %q", got, want)
	}
	in := []string{"a", "a"}
	out := Values(in)
	out[0] = "b"
	if in[0] != "a" {
		t.Error("Values wrote into its argument")
	}
	if Values[string](nil) != nil {
		t.Error("Values(nil) is not nil")
	}
}

func TestByKeysValues(t *testing.T) {
	got := By([]string{"Go", "go", "Rust", "GO"}, strings.ToLower)
	if want := []string{"Go", "Rust"}; !slices.Equal(got, want) {
		t.Errorf("By = %q, want %q", got, want)
	}
}
