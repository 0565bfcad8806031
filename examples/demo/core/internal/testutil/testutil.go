// SPDX-License-Identifier: Apache-2.0

// Package testutil holds helpers for tests only.
package testutil

import "testing"

// NoError fails the test when err is not nil.
func NoError(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
