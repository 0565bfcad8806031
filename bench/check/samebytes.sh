#!/usr/bin/env bash
# samebytes.sh OLD_HEED NEW_HEED REPO... — the reports of two builds, byte for byte.
#
# For each repository and each --format (text, json, sarif, github): `check --all`
# cold (no .heed/cache), then warm, and `check --diff HEAD~1` when the repository has
# a commit before HEAD, with both builds; the outputs must be identical bytes but for
# the run's duration (JSON's duration_ms, the text summary's "in 1.2 s"). Also
# `--baseline` when the repository has a .heed/baseline.json. Prints one line per
# comparison and exits 1 on any difference (both outputs kept in
# $TMPDIR/heed-samebytes/). FORMATS="json sarif" narrows the formats.
set -u
old=$1 new=$2
shift 2
out=${TMPDIR:-/tmp}/heed-samebytes
mkdir -p "$out"
status=0
mask() { sed -E 's/"duration_ms": [0-9.e+-]+/"duration_ms": 0/; s/ in [0-9.]+ ?(ms|s|min)\b/ in T/g'; }
for repo in "$@"; do
	base=$(basename "$repo")
	modes=("all-cold" "all-warm")
	git -C "$repo" rev-parse -q --verify HEAD~1 >/dev/null 2>&1 && modes+=("diff")
	[ -f "$repo/.heed/baseline.json" ] && modes+=("baseline")
	for fmt in ${FORMATS:-text json sarif github}; do
		for mode in "${modes[@]}"; do
			for side in old new; do
				bin=$old
				[ $side = new ] && bin=$new
				f="$out/$base-$mode-$fmt-$side"
				case $mode in
				all-cold) rm -rf "$repo/.heed/cache"; args=(--all) ;;
				all-warm) args=(--all) ;;
				diff) args=(--diff HEAD~1) ;;
				baseline) args=(--all --baseline) ;;
				esac
				NO_COLOR=1 "$bin" check --repo "$repo" --format "$fmt" "${args[@]}" 2>"$f.err" | mask >"$f"
				echo "exit ${PIPESTATUS[0]}" >>"$f"
			done
			if cmp -s "$out/$base-$mode-$fmt-old" "$out/$base-$mode-$fmt-new"; then
				echo "same       $base $mode $fmt ($(wc -c <"$out/$base-$mode-$fmt-new") bytes)"
			else
				echo "DIFFERENT  $base $mode $fmt: diff $out/$base-$mode-$fmt-old $out/$base-$mode-$fmt-new"
				status=1
			fi
		done
	done
done
exit $status
