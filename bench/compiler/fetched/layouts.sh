#!/usr/bin/env bash
# layouts.sh N MIRRORS: write the layout of each repository of fetched-N.tsv at its
# commit, from snapshots already fetched under MIRRORS (the search tool's
# `fetch github:OWNER/NAME` puts a bare git directory at MIRRORS/OWNER+NAME/repo), into
# $HEED_FETCHED_CORPUS/layouts/OWNER__NAME/: paths.txt (every file's path, as
# `git ls-tree -r --name-only`), go.mod when the repository has one at its root, and
# its package manifests at their paths (package.json, pyproject.toml,
# requirements*.txt, Pipfile, go.mod, Cargo.toml, Gemfile, *.gemspec, build.gradle(.kts),
# libs.versions.toml, pom.xml, .NET project files; outside vendored folders, at most
# 200, the shallowest first; a .manifests file marks them written).
# The scorer builds each repository's context from its layout the way `heed compile`
# builds it from a checkout (compile.RepoContextFor): directories, languages by file
# count, the tools its lock and build files show, the Go module, the packages its
# manifests declare. Nothing here is committed: it is the other project's tree.
set -euo pipefail
n=${1:?usage: layouts.sh N MIRRORS}
mirrors=${2:?usage: layouts.sh N MIRRORS}
here=$(cd "$(dirname "$0")" && pwd)
list="$here/fetched-$n.tsv"
[ -f "$list" ] || { echo "layouts.sh: no $list" >&2; exit 2; }
root=${HEED_FETCHED_CORPUS:-$(cd "$here/../../.." && pwd)/fetched-corpus}
made=0 missing=0
manifest_re='(^|/)(package\.json|pyproject\.toml|requirements[^/]*\.txt|Pipfile|go\.mod|Cargo\.toml|Gemfile|[^/]*\.gemspec|build\.gradle|build\.gradle\.kts|libs\.versions\.toml|pom\.xml|[^/]*\.csproj|[^/]*\.fsproj|Directory\.Packages\.props|packages\.config)$'
vendored_re='(^|/)(node_modules|vendor|third_party|third-party|external|testdata|fixtures|__fixtures__)/'
# manifests OUT GIT_DIR COMMIT: write the manifests paths.txt lists, the shallowest first.
manifests() {
	{ grep -E "$manifest_re" "$1/paths.txt" || true; } | { grep -Ev "$vendored_re" || true; } |
		awk -F/ '{print NF "\t" $0}' | sort -n | cut -f2 | head -200 |
		while IFS= read -r m; do
			mkdir -p "$1/$(dirname "$m")"
			git --git-dir="$2" show "$3:$m" >"$1/$m" 2>/dev/null || rm -f "$1/$m"
		done
	touch "$1/.manifests"
}
while IFS=$'\t' read -r _ repo _ commit _; do
	out="$root/layouts/${repo/\//__}"
	git_dir="$mirrors/${repo/\//+}/repo"
	[ -s "$out/paths.txt" ] && [ -e "$out/.manifests" ] && continue
	if ! git --git-dir="$git_dir" cat-file -e "$commit^{commit}" 2>/dev/null; then
		echo "layouts.sh: no snapshot of $repo at $commit under $mirrors" >&2
		missing=$((missing + 1))
		continue
	fi
	mkdir -p "$out"
	if [ ! -s "$out/paths.txt" ]; then
		git --git-dir="$git_dir" ls-tree -r --name-only "$commit" >"$out/paths.txt.tmp"
		mv "$out/paths.txt.tmp" "$out/paths.txt"
		git --git-dir="$git_dir" show "$commit:go.mod" >"$out/go.mod" 2>/dev/null || rm -f "$out/go.mod"
	fi
	manifests "$out" "$git_dir" "$commit"
	made=$((made + 1))
done < <(tail -n +2 "$list")
echo "fetched-$n: $made layouts written, $missing repositories without a snapshot at their commit"
