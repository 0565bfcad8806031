#!/usr/bin/env bash
# layouts.sh N MIRRORS: write the layout of each repository of fetched-N.tsv at its
# commit, from snapshots already fetched under MIRRORS (the search tool's
# `fetch github:OWNER/NAME` puts a bare git directory at MIRRORS/OWNER+NAME/repo), into
# $HEED_FETCHED_CORPUS/layouts/OWNER__NAME/: paths.txt (every file's path, as
# `git ls-tree -r --name-only`) and go.mod when the repository has one at its root.
# The scorer builds each repository's context from its layout the way `heed compile`
# builds it from a checkout (compile.RepoContextFor): directories, languages by file
# count, the tools its lock and build files show, the Go module. Nothing here is
# committed: it is the other project's tree.
set -euo pipefail
n=${1:?usage: layouts.sh N MIRRORS}
mirrors=${2:?usage: layouts.sh N MIRRORS}
here=$(cd "$(dirname "$0")" && pwd)
list="$here/fetched-$n.tsv"
[ -f "$list" ] || { echo "layouts.sh: no $list" >&2; exit 2; }
root=${HEED_FETCHED_CORPUS:-$(cd "$here/../../.." && pwd)/fetched-corpus}
made=0 missing=0
while IFS=$'\t' read -r _ repo _ commit _; do
	out="$root/layouts/${repo/\//__}"
	[ -s "$out/paths.txt" ] && continue
	git_dir="$mirrors/${repo/\//+}/repo"
	if ! git --git-dir="$git_dir" cat-file -e "$commit^{commit}" 2>/dev/null; then
		echo "layouts.sh: no snapshot of $repo at $commit under $mirrors" >&2
		missing=$((missing + 1))
		continue
	fi
	mkdir -p "$out"
	git --git-dir="$git_dir" ls-tree -r --name-only "$commit" >"$out/paths.txt.tmp"
	mv "$out/paths.txt.tmp" "$out/paths.txt"
	git --git-dir="$git_dir" show "$commit:go.mod" >"$out/go.mod" 2>/dev/null || rm -f "$out/go.mod"
	made=$((made + 1))
done < <(tail -n +2 "$list")
echo "fetched-$n: $made layouts written, $missing repositories without a snapshot at their commit"
