// Command heed-shim is the small executable that PATH shims and agent hooks run in
// heed's place: it judges commands from the live index and hands everything else to
// the heed binary beside it. All logic lives in internal/shimcli.
package main

import (
	"os"

	"github.com/heed-dev/heed/internal/shimcli"
)

func main() {
	os.Exit(shimcli.Main(os.Args, os.Stdin, os.Stdout, os.Stderr))
}
