// SPDX-License-Identifier: Apache-2.0

package fares

import (
	"testing"

	"tidewater.dev/core/internal/testutil"
)

func TestPrice(t *testing.T) {
	got, err := Price(10)
	testutil.NoError(t, err)
	if got != 650 {
		t.Fatalf("Price(10) = %d, want 650", got)
	}
}
