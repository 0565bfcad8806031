#!/usr/bin/env bash
# Installs the agent CLIs that heed's live hook tests drive into a cache folder, and
# runs those tests (internal/enforce/agentlive: TestLive*) against them. Each test runs
# a real agent CLI against a scripted model server on 127.0.0.1 in a temporary
# repository with heed's hooks installed; nothing leaves the machine.
#
#   bench/agents/live.sh                      # install (once) and run every live test
#   bench/agents/live.sh -run TestLiveGemini  # arguments go to go test
#   HEED_LIVE_CAPTURE=1 bench/agents/live.sh  # also rewrite the captured payloads
#                                             # (internal/enforce/testdata/hooks/captured)
#
# Versions: CLAUDE_CODE_VERSION and GEMINI_CLI_VERSION (defaults below: the versions
# the captured payloads come from). Cache: HEED_AGENT_CACHE (default
# ~/.cache/heed/agents). Needs go, node and npm; CI does not run it.
set -euo pipefail

cd "$(dirname "$0")/../.."
cache=${HEED_AGENT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/heed/agents}
packages=(
  "@anthropic-ai/claude-code@${CLAUDE_CODE_VERSION:-2.1.332}"
  "@google/gemini-cli@${GEMINI_CLI_VERSION:-0.61.0}"
)

for tool in go node npm; do
  command -v "$tool" >/dev/null || { echo "live.sh: $tool is not on PATH" >&2; exit 2; }
done

# install what is missing or of another version
mkdir -p "$cache"
missing=()
for spec in "${packages[@]}"; do
  name=${spec%@*} version=${spec##*@}
  have=$(node -p "try { require('$cache/node_modules/$name/package.json').version } catch (e) { '' }")
  [ "$have" = "$version" ] || missing+=("$spec")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "live.sh: installing ${missing[*]} into $cache" >&2
  npm install --prefix "$cache" --no-audit --no-fund --loglevel=error "${missing[@]}" >&2
fi

bin="$cache/node_modules/.bin"
echo "live.sh: claude $("$bin/claude" --version 2>/dev/null | head -1); gemini $("$bin/gemini" --version 2>/dev/null | head -1)" >&2
HEED_AGENT_CLIS="$bin" exec go test -count=1 -v -run '^TestLive' ./internal/enforce/agentlive/ "$@"
