#!/usr/bin/env bash
# graphsame.sh OLD_HEED NEW_HEED REPO... — `heed graph --external` of two builds, byte for byte.
#
# Per repository: both builds cold (no .heed/cache), whose JSON must be identical bytes
# but for the build's counts (parsed/cached: two files with the same content, read by
# two workers at once, may both be parsed); then the new build warm (from the cache its
# cold run wrote), which must be identical to the cold output but for those counts and
# must have parsed nothing. Prints one line per comparison, exits 1 on any difference (outputs kept in
# $TMPDIR/heed-graphsame/).
set -u
old=$1 new=$2
shift 2
out=${TMPDIR:-/tmp}/heed-graphsame
mkdir -p "$out"
status=0
counts() { grep -v -E '^ *"(parsed|cached)":'; }
for repo in "$@"; do
	base=$(basename "$repo")
	for side in old new; do
		bin=$old
		[ $side = new ] && bin=$new
		rm -rf "$repo/.heed/cache"
		"$bin" graph --external --repo "$repo" >"$out/$base-cold-$side" 2>&1
	done
	"$new" graph --external --repo "$repo" >"$out/$base-warm-new" 2>&1
	if cmp -s <(counts <"$out/$base-cold-old") <(counts <"$out/$base-cold-new"); then
		echo "same       $base cold ($(wc -c <"$out/$base-cold-new") bytes)"
	else
		echo "DIFFERENT  $base cold: diff $out/$base-cold-old $out/$base-cold-new"
		status=1
	fi
	if cmp -s <(counts <"$out/$base-cold-new") <(counts <"$out/$base-warm-new") && grep -q -E '^ *"parsed": 0,' "$out/$base-warm-new"; then
		echo "same       $base warm, all from the cache"
	else
		echo "DIFFERENT  $base warm: diff $out/$base-cold-new $out/$base-warm-new"
		status=1
	fi
done
exit $status
