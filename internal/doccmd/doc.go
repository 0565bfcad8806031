// Package doccmd holds the test that runs the commands heed's documentation shows:
// README.md, docs/*.md and examples/demo/README.md. A command is shown to be run
// when it is in a fenced code block of language sh, bash, shell, zsh or console (in
// a console block only its "$ " lines), or on a "$ " line anywhere; indented
// blocks are synopses and are not run.
//
// Each block runs in one bash, from the repository's root, in document order (the
// README's build comes first and is the test's only build of heed; bin/ is then on
// the PATH). A command's trailing comment says what it must do:
//
//	cmd            # (no marker) exit 0
//	cmd            # exit 1: why        exit with that status
//	cmd            # blocked: why       exit 1, and heed's output says BLOCKED
//
// A phrase the comment quotes after the marker ("...") must be in the output.
//
// A block that must not run here (it needs a key, a server, or is the test suite
// itself) is preceded by the line
//
//	<!-- not run: why -->
package doccmd
