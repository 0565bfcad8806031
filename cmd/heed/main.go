// Command heed compiles the rules that repositories give their coding agents into
// executable checks, and enforces them. All logic lives in internal/; this is wiring.
package main

import (
	"os"

	"github.com/heed-dev/heed/internal/cli"
)

func main() {
	os.Exit(cli.Main(os.Args, os.Stdin, os.Stdout, os.Stderr))
}
