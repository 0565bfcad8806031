#!/usr/bin/env bash
# Export the root runner files (Makefile, makefile, GNUmakefile, justfile, Taskfile,
# tox.ini, package.json with scripts, and the makefiles a Makefile includes by a
# literal name) of every bare repository under MIRRORS into OUT/NAME/, for
# go run ./bench/taskrun OUT/*.
#   bench/taskrun/export.sh MIRRORS OUT     # MIRRORS/NAME/repo is a bare git directory
set -euo pipefail
mirrors=$1 out=$2
mkdir -p "$out"
for m in "$mirrors"/*; do
	git=$m/repo
	[ -d "$git" ] || continue
	name=$(basename "$m")
	files=$(git --git-dir="$git" ls-tree --name-only HEAD 2>/dev/null |
		grep -E '^(Makefile|makefile|GNUmakefile|justfile|Justfile|\.justfile|Taskfile\.ya?ml|Taskfile\.dist\.ya?ml|tox\.ini|package\.json)$' || true)
	[ -n "$files" ] || continue
	dst=$out/$name
	mkdir -p "$dst"
	for f in $files; do
		git --git-dir="$git" show "HEAD:$f" >"$dst/$f"
	done
	if [ -f "$dst/package.json" ] && [ "$(printf '%s\n' $files | wc -l)" -eq 1 ] &&
		! python3 -c 'import json,sys; sys.exit(0 if json.load(open(sys.argv[1])).get("scripts") else 1)' "$dst/package.json" 2>/dev/null; then
		rm -rf "$dst" # a package.json without scripts and nothing else
		continue
	fi
	for mk in Makefile makefile GNUmakefile; do
		[ -f "$dst/$mk" ] || continue
		for inc in $(grep -E '^-?s?include ' "$dst/$mk" | awk '{for (i = 2; i <= NF; i++) print $i}' | grep -v '\$' || true); do
			mkdir -p "$dst/$(dirname "$inc")"
			git --git-dir="$git" show "HEAD:$inc" >"$dst/$inc" 2>/dev/null || rm -f "$dst/$inc"
		done
	done
done
