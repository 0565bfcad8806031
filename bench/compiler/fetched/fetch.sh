#!/usr/bin/env bash
# fetch.sh N: download the files of fetched-N.tsv at their commits into
# $HEED_FETCHED_CORPUS/fetched-N (default: fetched-corpus beside the folder that holds
# this repository), with the manifest the scorer reads.
set -euo pipefail
n=${1:?usage: fetch.sh N}
here=$(cd "$(dirname "$0")" && pwd)
list="$here/fetched-$n.tsv"
[ -f "$list" ] || { echo "fetch.sh: no $list" >&2; exit 2; }
root=${HEED_FETCHED_CORPUS:-$(cd "$here/../../.." && pwd)/fetched-corpus}
out="$root/fetched-$n"
mkdir -p "$out"
cp "$list" "$out/MANIFEST.tsv"
tail -n +2 "$list" | while IFS=$'\t' read -r file repo path commit _; do
	[ -s "$out/$file" ] && continue
	curl -fsSL "https://raw.githubusercontent.com/$repo/$commit/$path" -o "$out/$file" ||
		echo "fetch.sh: could not fetch $repo/$path at $commit" >&2
done
echo "fetched-$n: $(ls "$out" | grep -vc MANIFEST.tsv) files in $out"
