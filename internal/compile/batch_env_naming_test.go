package compile_test

import (
	"os"
	"testing"
)

// TestBatchFromEnv judges a batch file named by HEED_BATCH (a first-sight batch kept
// outside the repository); skipped without it.
func TestBatchFromEnv(t *testing.T) {
	f := os.Getenv("HEED_BATCH")
	if f == "" {
		t.Skip("HEED_BATCH not set")
	}
	ownSourceSentences(t, f, 1)
}
