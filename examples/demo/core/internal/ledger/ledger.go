// SPDX-License-Identifier: Apache-2.0

// Package ledger records fares paid.
package ledger

import (
	"testing"

	"tidewater.dev/core/internal/testutil" // breaks: testutil only from _test.go files
)

// Check is a debugging helper that should not be here.
func Check(t testing.TB, err error) { testutil.NoError(t, err) }
