#!/usr/bin/env bash
# Run heed's hooks in the real OpenAI Codex CLI and GitHub Copilot CLI, each driven
# non-interactively against a scripted model on 127.0.0.1 (internal/enforce/agentlive).
#
#   bench/agents/live-codex.sh [go test flags...]
#
# The CLIs are installed from npm into $HEED_AGENTS_CACHE (default
# ~/.cache/heed/agents-openai), outside the repository, at the versions the recorded
# payloads come from; CODEX_VERSION and COPILOT_VERSION choose others ("latest").
# Nothing else needs the network: the agents run with HOME in a temporary folder,
# Codex with a custom model provider and Copilot CLI offline (COPILOT_OFFLINE=true,
# its own provider), so no account, key or telemetry is involved.
#
# With HEED_LIVE_UPDATE=1 the capture tests record the payloads again into
# internal/enforce/testdata/hooks/live (review the diff, and the versions in its
# README.md). CI does not run this: the live tests skip when HEED_AGENT_CLIS2 is unset.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cache=${HEED_AGENTS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/heed/agents-openai}
codex=${CODEX_VERSION:-0.171.0}
copilot=${COPILOT_VERSION:-1.0.102}
mkdir -p "$cache"
cd "$cache"
[ -f package.json ] || echo '{"private": true}' > package.json
want="@openai/codex@$codex @github/copilot@$copilot"
if [ "$(cat .installed 2>/dev/null)" != "$want" ]; then
	npm install --no-audit --no-fund --loglevel=error $want
	echo "$want" > .installed
fi
bin="$cache/node_modules/.bin"
"$bin/codex" --version
"$bin/copilot" --version | head -1
cd "$root"
HEED_AGENT_CLIS2="$bin" go test ./internal/enforce/agentlive/ -run 'Codex|Copilot' -count=1 -v "$@"
