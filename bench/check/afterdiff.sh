#!/usr/bin/env bash
# afterdiff.sh OLD_HEED NEW_HEED REPO [ROUNDS] — what a diff check leaves of the caches.
#
# Each build works on a copy of REPO of its own (under $TMPDIR/heed-afterdiff/). A round:
# `check --all` (fills .heed/cache), a change to one tracked source file, `check --diff
# HEAD`, then `check --all` again, timed (/usr/bin/time: wall, user+sys CPU, peak RSS).
# A build whose diff check keeps the import cache of the whole tree runs the second
# full check warm; one that cut the cache to the changed file parses every file again.
# Prints, per round and build, the import cache's size before and after the diff and
# the second full check's figures. The builds alternate round by round.
set -eu
old=$1 new=$2 repo=$3 rounds=${4:-3}
work=${TMPDIR:-/tmp}/heed-afterdiff
mkdir -p "$work"
for side in old new; do
	rm -rf "$work/$side"
	cp -a "$repo" "$work/$side"
done
file=$(git -C "$work/old" ls-files '*.py' '*.ts' '*.go' '*.java' | sed -n '1p')
size() { stat -c %s "$1/.heed/cache/graph-facts.bin" 2>/dev/null || echo 0; }
for round in $(seq "$rounds"); do
	for side in old new; do
		bin=$old
		[ $side = new ] && bin=$new
		d=$work/$side
		git -C "$d" checkout -q -- .
		rm -rf "$d/.heed/cache"
		"$bin" check --all --repo "$d" --format json >/dev/null || true
		before=$(size "$d")
		echo "# round $round" >>"$d/$file"
		"$bin" check --diff HEAD --repo "$d" --format json >/dev/null || true
		after=$(size "$d")
		t=$( { /usr/bin/time -f '%e s wall, %U+%S s CPU, %M KB' "$bin" check --all --repo "$d" --format json >/dev/null; } 2>&1 | tail -1)
		echo "round $round $side: import cache $before -> $after bytes after the diff; full check after it: $t"
	done
done
