#!/bin/bash
# The agent hook on git commit messages, a baseline heed against a new one, side by side.
#
#   bench/msghook/run.sh BASE_BIN_DIR NEW_BIN_DIR [CORPUS_DIR...]
#
# Each BIN_DIR holds heed and heed-shim (go build -o DIR/ ./cmd/heed ./cmd/heed-shim).
# 1. Latency: the mean time of one Claude Code PreToolUse answer (100 runs) for `ls -la`,
#    `git status`, a commit whose message follows the rules and one that does not, in a
#    repository with a compiled policy holding a Conventional Commits and a sign-off rule.
# 2. The fresh-repository check: every instruction file of the corpus folders (named
#    owner__repo__path) alone in a new git repository, and `git commit -m 'fix x.'`:
#    how many the hook denies and warns on, and the rules it quotes.
set -u
base=$1 new=$2; shift 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
payload() { jq -nc --arg c "$2" --arg d "$1" '{session_id:"s",cwd:$d,hook_event_name:"PreToolUse",tool_name:"Bash",tool_input:{command:$c},tool_use_id:"t"}'; }
mean() { # BIN PAYLOAD -> ms
	for i in 1 2 3; do "$1" hook claude <"$2" >/dev/null 2>&1; done
	local s e; s=$(date +%s%N)
	for ((i = 0; i < 100; i++)); do "$1" hook claude <"$2" >/dev/null 2>&1; done
	e=$(date +%s%N)
	echo "scale=2; ($e-$s)/100000000" | bc
}
r=$work/latency
mkdir -p "$r" && git init -q "$r" && git -C "$r" config user.name A && git -C "$r" config user.email a@example.com
printf '# Contributing\n\n- Use `pnpm`, not npm or yarn.\n\n## Commits\n\n- Commit messages must follow the Conventional Commits format (`type(scope): summary`).\n- Every commit must be signed off (DCO).\n' >"$r/AGENTS.md"
(cd "$r" && "$new/heed" compile >/dev/null)
echo "latency (ms per hook call)          base-heed new-heed base-shim new-shim"
for c in 'ls -la' 'git status' 'git commit -s -m "fix(parser): handle x"' "git commit -m 'fix x.'"; do
	payload "$r" "$c" >"$work/p.json"
	printf '%-40s %8s %8s %9s %8s\n' "$c" "$(mean "$base/heed" "$work/p.json")" "$(mean "$new/heed" "$work/p.json")" \
		"$(mean "$base/heed-shim" "$work/p.json")" "$(mean "$new/heed-shim" "$work/p.json")"
done
[ $# -eq 0 ] && exit 0
n=0 bd=0 nd=0 nw=0
for f in $(find "$@" -maxdepth 1 -type f -name '*__*__*'); do
	rel=$(basename "$f" | awk -F'__' '{for(i=3;i<=NF;i++) printf "%s%s", $i, (i<NF?"/":"")}')
	d=$work/fresh/$n
	mkdir -p "$d/$(dirname "$rel")" && cp "$f" "$d/$rel" && git init -q "$d"
	payload "$d" "git commit -m 'fix x.'" >"$d.json"
	"$base/heed" hook claude <"$d.json" >/dev/null 2>&1
	[ $? = 2 ] && bd=$((bd + 1))
	o=$("$new/heed" hook claude <"$d.json" 2>&1)
	case $? in
	2) nd=$((nd + 1)); echo "denied $(basename "$f")"; echo "$o" | grep -A2 'violated in the commit message' | grep '  Rule:' ;;
	0) echo "$o" | grep -q 'WARNING' && { nw=$((nw + 1)); echo "warned $(basename "$f")"; } ;;
	esac
	n=$((n + 1))
done
echo "files=$n base_denied=$bd new_denied=$nd new_warned=$nw"
