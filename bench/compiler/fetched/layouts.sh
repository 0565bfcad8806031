#!/usr/bin/env bash
# layouts.sh [-head] N MIRRORS          the repositories of fetched-N.tsv, into $ROOT/layouts/
# layouts.sh [-head] shared MIRRORS     the repositories of the shared corpus
#                                       (../shared/corpus/instructions*/MANIFEST.tsv, or
#                                       $HEED_SHARED_CORPUS/...), into $ROOT/layouts-shared/
# layouts.sh -need N|shared MIRRORS     only list the repositories with no snapshot under
#                                       MIRRORS yet, as `github:OWNER/NAME`, to fetch
#
# Writes the layout of each repository a manifest lists (columns file, repo, path,
# commit), at the manifest's commit, from snapshots already fetched under MIRRORS (the
# search tool's `fetch github:OWNER/NAME` puts a bare git directory at
# MIRRORS/OWNER+NAME/repo), into $ROOT/LAYOUTS/OWNER__NAME/ ($ROOT is
# $HEED_FETCHED_CORPUS, or fetched-corpus beside the folder that holds this repository):
# paths.txt (every file's path, as `git ls-tree -r --name-only`), go.mod when the
# repository has one at its root, its package manifests at their paths (package.json,
# pyproject.toml, requirements*.txt, Pipfile, go.mod, Cargo.toml, Gemfile, *.gemspec,
# build.gradle(.kts), libs.versions.toml, pom.xml, .NET project files; outside vendored
# folders, at most 200, the shallowest first; a .manifests file marks them written), and
# origin.tsv: the commit the layout is of and how it was chosen:
#   manifest         the manifest's one commit for the repository
#   manifest-newest  the repository's files are listed at several commits (taken at
#                    different times): the newest of them, by committer date
#   snapshot-head    (only with -head) the snapshot lacks every commit the manifest
#                    names: its HEAD, a later tree than the files were taken from
# Without -head a repository whose snapshot lacks its commit gets no layout. Either way
# the script says which repositories got none and why, and the scorer prints how many
# files were compiled with which kind of layout.
# Every run rewrites $ROOT/LAYOUTS/LAYOUTS.tsv: repository, origin, commit, or the reason
# it has no layout.
#
# The scorer builds each repository's context from its layout the way `heed compile`
# builds it from a checkout (compile.RepoContextFor): directories, languages by file
# count, the tools its lock and build files show, the Go module, the packages its
# manifests declare. Nothing here is committed: it is the other project's tree.
set -euo pipefail
usage() {
	echo "usage: layouts.sh [-head|-need] N|shared MIRRORS" >&2
	exit 2
}
head_ok=0 need=0
case "${1:-}" in
-head)
	head_ok=1
	shift
	;;
-need)
	need=1
	shift
	;;
esac
which=${1:-}
mirrors=${2:-}
[ -n "$which" ] && [ -n "$mirrors" ] || usage
here=$(cd "$(dirname "$0")" && pwd)
root=${HEED_FETCHED_CORPUS:-$(cd "$here/../../.." && pwd)/fetched-corpus}
if [ "$which" = shared ]; then
	shared=${HEED_SHARED_CORPUS:-$(cd "$here/../../.." && pwd)/../shared/corpus}
	lists=("$shared/instructions/MANIFEST.tsv" "$shared/instructions-2/MANIFEST.tsv")
	dest=layouts-shared
else
	lists=("$here/fetched-$which.tsv")
	dest=layouts
fi
for l in "${lists[@]}"; do
	[ -f "$l" ] || {
		echo "layouts.sh: no $l" >&2
		exit 2
	}
done
manifest_re='(^|/)(package\.json|pyproject\.toml|requirements[^/]*\.txt|Pipfile|go\.mod|Cargo\.toml|Gemfile|[^/]*\.gemspec|build\.gradle|build\.gradle\.kts|libs\.versions\.toml|pom\.xml|[^/]*\.csproj|[^/]*\.fsproj|Directory\.Packages\.props|packages\.config)$'
vendored_re='(^|/)(node_modules|vendor|third_party|third-party|external|testdata|fixtures|__fixtures__)/'
# manifests OUT GIT_DIR COMMIT: write the manifests paths.txt lists, the shallowest first.
# The first 200 are taken with awk, which reads to the end: `head` would close the pipe
# early, and with pipefail the writer's SIGPIPE would end the whole script silently.
manifests() {
	{ grep -E "$manifest_re" "$1/paths.txt" || true; } | { grep -Ev "$vendored_re" || true; } |
		awk -F/ '{print NF "\t" $0}' | sort -n | cut -f2 | awk 'NR <= 200' |
		while IFS= read -r m; do
			mkdir -p "$1/$(dirname "$m")"
			git --git-dir="$2" show "$3:$m" >"$1/$m" 2>/dev/null || rm -f "$1/$m"
		done
	touch "$1/.manifests"
}
# The repositories and their commits, from every manifest's header-named columns:
# "repo<TAB>commit", one line a distinct pair.
pairs=$(for l in "${lists[@]}"; do
	awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
		$col["file"] != "" { print $col["repo"] "\t" $col["commit"] }' "$l"
done | sort -u)
# The instruction files' paths: "repo<TAB>path".
files=$(for l in "${lists[@]}"; do
	awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
		$col["file"] != "" { print $col["repo"] "\t" $col["path"] }' "$l"
done | sort -u)
# absent OUT REPO: the repository's instruction files its layout's tree lacks (a file
# taken at an older commit than the layout's, and since removed), as a note.
absent() {
	local p gone=""
	for p in $(awk -F'\t' -v r="$2" '$1 == r { print $2 }' <<<"$files"); do
		grep -qxF "$p" "$1/paths.txt" || gone="$gone $p"
	done
	[ -z "$gone" ] || echo "; not in this tree:$gone"
}
if [ "$need" -eq 1 ]; then
	for repo in $(cut -f1 <<<"$pairs" | sort -u); do
		[ -d "$mirrors/${repo/\//+}/repo" ] || echo "github:$repo"
	done
	exit 0
fi
mkdir -p "$root/$dest"
summary="$root/$dest/LAYOUTS.tsv.tmp"
printf 'repo\torigin\tcommit\tnote\n' >"$summary"
made=0 kept=0 missing=0 headed=0
for repo in $(cut -f1 <<<"$pairs" | sort -u); do
	out="$root/$dest/${repo/\//__}"
	git_dir="$mirrors/${repo/\//+}/repo"
	commits=$(awk -F'\t' -v r="$repo" '$1 == r { print $2 }' <<<"$pairs")
	ncommits=$(wc -l <<<"$commits")
	if [ -s "$out/paths.txt" ] && [ -e "$out/.manifests" ]; then
		# Written before: keep it (a layout of a round others score with must not change).
		if [ -s "$out/origin.tsv" ]; then
			printf '%s\t%s\t%s\t%s\n' "$repo" "$(awk -F'\t' '$1 == "origin" { print $2 }' "$out/origin.tsv")" \
				"$(awk -F'\t' '$1 == "commit" { print $2 }' "$out/origin.tsv")" \
				"$(awk -F'\t' '$1 == "note" { print $2 }' "$out/origin.tsv")" >>"$summary"
		else
			printf '%s\tmanifest\t%s\t%s\n' "$repo" "$(head -1 <<<"$commits")" "$(absent "$out" "$repo" | sed 's/^; //')" >>"$summary"
		fi
		kept=$((kept + 1))
		continue
	fi
	if [ ! -d "$git_dir" ]; then
		echo "layouts.sh: no snapshot of $repo under $mirrors: no layout" >&2
		printf '%s\tnone\t\tno snapshot\n' "$repo" >>"$summary"
		missing=$((missing + 1))
		continue
	fi
	# The manifest's commits the snapshot has, newest first by committer date.
	have=$(for c in $commits; do
		git --git-dir="$git_dir" log -1 --format='%ct %H' "$c^{commit}" -- 2>/dev/null || true
	done | sort -rn | cut -d' ' -f2)
	nhave=$(grep -c . <<<"$have" || true)
	note=""
	if [ "$nhave" -eq "$ncommits" ] && [ "$ncommits" -eq 1 ]; then
		commit=$have origin=manifest
	elif [ "$nhave" -eq "$ncommits" ]; then
		commit=$(head -1 <<<"$have") origin=manifest-newest
		note="newest of $ncommits commits"
	elif [ "$nhave" -gt 0 ]; then
		commit=$(head -1 <<<"$have") origin=manifest-newest
		note="newest of the $nhave of $ncommits commits the snapshot has"
	elif [ "$head_ok" -eq 1 ]; then
		commit=$(git --git-dir="$git_dir" rev-parse HEAD) origin=snapshot-head
		note="snapshot lacks $(tr '\n' ' ' <<<"$commits")"
		echo "layouts.sh: the snapshot of $repo lacks $(tr '\n' ' ' <<<"$commits"): layout of its HEAD $commit (origin snapshot-head)" >&2
		headed=$((headed + 1))
	else
		echo "layouts.sh: the snapshot of $repo lacks $(tr '\n' ' ' <<<"$commits"): no layout (-head takes its HEAD)" >&2
		printf '%s\tnone\t\tsnapshot lacks the commit\n' "$repo" >>"$summary"
		missing=$((missing + 1))
		continue
	fi
	mkdir -p "$out"
	git --git-dir="$git_dir" ls-tree -r --name-only "$commit" >"$out/paths.txt.tmp"
	mv "$out/paths.txt.tmp" "$out/paths.txt"
	git --git-dir="$git_dir" show "$commit:go.mod" >"$out/go.mod" 2>/dev/null || rm -f "$out/go.mod"
	manifests "$out" "$git_dir" "$commit"
	note="$note$(absent "$out" "$repo")"
	note=${note#; }
	printf 'commit\t%s\norigin\t%s\nmanifest_commits\t%s\nnote\t%s\n' "$commit" "$origin" "$(tr '\n' ' ' <<<"$commits" | sed 's/ $//')" "$note" >"$out/origin.tsv"
	printf '%s\t%s\t%s\t%s\n' "$repo" "$origin" "$commit" "$note" >>"$summary"
	made=$((made + 1))
done
mv "$summary" "$root/$dest/LAYOUTS.tsv"
label=$which; [ "$which" = shared ] || label=fetched-$which
echo "$label: $made layouts written ($headed of a snapshot's HEAD), $kept already there, $missing repositories without a layout (listed in $root/$dest/LAYOUTS.tsv)"
