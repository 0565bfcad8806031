#!/usr/bin/env bash
# compare.sh OLD_HEED NEW_HEED REPO... — the same `heed check` report from two builds.
#
# For each repository: `check --all` cold (no .heed/cache), `check --all` warm (the
# cache the cold run wrote), and, when the repository has a commit before HEAD,
# `check --diff HEAD~1`, each with both builds and --format json; the reports must be
# identical but for summary.duration_ms. Prints one line per comparison and exits 1
# on any difference (the two reports are kept in $TMPDIR/heed-compare/) but one:
# a rule that needs a model and has none is undetermined as a whole now, not once per
# file (the files are not read for it), so its summary entry lists no files
# (compare.py).
set -u
old=$1 new=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
out=${TMPDIR:-/tmp}/heed-compare
mkdir -p "$out"
status=0
norm() { python3 -c 'import json,sys; d=json.load(sys.stdin); d["summary"].pop("duration_ms",None); print(json.dumps(d,indent=1,sort_keys=True))'; }
run() { # bin repo name args...
	local bin=$1 repo=$2 name=$3
	shift 3
	"$bin" check --repo "$repo" --format json "$@" 2>"$out/$name.err" | norm >"$out/$name.json"
}
for repo in "$@"; do
	base=$(basename "$repo")
	modes=("all-cold" "all-warm")
	git -C "$repo" rev-parse -q --verify HEAD~1 >/dev/null && modes+=("diff")
	for mode in "${modes[@]}"; do
		for side in old new; do
			bin=$old
			[ $side = new ] && bin=$new
			case $mode in
			all-cold) rm -rf "$repo/.heed/cache"; run "$bin" "$repo" "$base-$mode-$side" --all ;;
			all-warm) rm -rf "$repo/.heed/cache"; "$bin" check --repo "$repo" --all --format json >/dev/null 2>&1; run "$bin" "$repo" "$base-$mode-$side" --all ;;
			diff) run "$bin" "$repo" "$base-$mode-$side" --diff HEAD~1 ;;
			esac
		done
		if cmp -s "$out/$base-$mode-old.json" "$out/$base-$mode-new.json"; then
			echo "same       $base $mode ($(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["findings"]))' "$out/$base-$mode-new.json") findings)"
		elif python3 "$here/compare.py" "$out/$base-$mode-old.json" "$out/$base-$mode-new.json" "$base $mode"; then
			:
		else
			status=1
		fi
	done
done
exit $status
