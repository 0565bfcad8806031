#!/bin/sh
# bench/live/run.sh: build heed, heed-shim and the floors, then time the live path
# (PATH shim, heed-shim exec, heed-shim hook claude) against them. See README.md.
#
#   bench/live/run.sh [--base REV] [-runs N] [-callgrind] [-profile] [-inittrace N] [-keep]
#
# --base REV also builds heed at REV (a git revision of this repository) and times it
# in the same rounds. Other flags go to bench/live/main.go. Binaries go to a temporary
# directory ($HEED_BENCH_BIN to keep them somewhere).
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
base=""
if [ "${1:-}" = "--base" ]; then
	base=$2
	shift 2
fi
out=${HEED_BENCH_BIN:-$(mktemp -d)}
mkdir -p "$out/new"
echo "building this tree ($(git rev-parse --short HEAD)$(git diff --quiet HEAD -- . || echo ', with changes')) in $out" >&2
go build -o "$out/new/" ./cmd/heed ./cmd/heed-shim
go build -o "$out/floor" ./bench/live/floor
set -- -bin "$out/new" -floor "$out/floor" "$@"
if command -v gcc >/dev/null 2>&1 && gcc -static -O2 -o "$out/cfloor" bench/live/cfloor/floor.c 2>/dev/null; then
	set -- -cfloor "$out/cfloor" "$@"
else
	echo "(no static C floor: gcc -static failed)" >&2
fi
if [ -n "$base" ]; then
	src="$out/base-src"
	rm -rf "$src"
	git worktree add -q --detach "$src" "$base"
	echo "building $base ($(git rev-parse --short "$base")) in $out/base" >&2
	(cd "$src" && go build -o "$out/base/" ./cmd/heed ./cmd/heed-shim)
	git worktree remove --force "$src"
	set -- -base "$out/base" "$@"
fi
go run ./bench/live "$@"
