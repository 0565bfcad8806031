#!/usr/bin/env bash
# Build the import graph of a JavaScript/TypeScript repository with heed and with
# dependency-cruiser, side by side, and compare their times and edges.
#
#   bench/arch/run.sh REPO [RUNS]
#
# REPO is a folder of sources. To get a large real one from the npm registry (Babylon.js,
# about 6,700 .js and .d.ts files):
#
#   mkdir -p /tmp/heed-bench && cd /tmp/heed-bench
#   npm pack @babylonjs/core@9.31.0 && mkdir babylon && tar xzf babylonjs-core-9.31.0.tgz -C babylon
#   bench/arch/run.sh /tmp/heed-bench/babylon/package
#
# (monaco-editor@0.57.0 ships VS Code's editor as 1,300 ES modules; Debian's
# python3-django ships Django's source for the Python side: heed graph works on it the
# same way, dependency-cruiser does not read Python.)
#
# dependency-cruiser is installed from npm into $HEED_BENCH_TOOLS (default
# /tmp/heed-bench-tools); 17.4.3 is the newest release that runs on Node 20. Each run is
# timed with both tools cold (heed --no-cache); heed is also timed warm (its content-hash
# cache in REPO/.heed/cache, which is what a diff run sees). Results go to bench/out/arch/
# (ignored by git) and a summary to stdout.
set -euo pipefail
repo=${1:?usage: bench/arch/run.sh REPO [RUNS]}
runs=${2:-3}
repo=$(cd "$repo" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out="$root/bench/out/arch"
mkdir -p "$out"
tools=${HEED_BENCH_TOOLS:-/tmp/heed-bench-tools}
if [ ! -x "$tools/node_modules/.bin/depcruise" ]; then
  mkdir -p "$tools"
  (cd "$tools" && npm init -y >/dev/null && npm install --no-audit --no-fund dependency-cruiser@17.4.3 typescript@5 >/dev/null)
fi
depcruise="$tools/node_modules/.bin/depcruise"
heed="$out/heed"
(cd "$root" && go build -o "$heed" ./cmd/heed)

now() { date +%s.%N; }
secs() { python3 -c "print(f'{$2 - $1:.2f}')"; }

echo "repository: $repo ($(find "$repo" -name node_modules -prune -o -type f \( -name '*.ts' -o -name '*.tsx' -o -name '*.js' -o -name '*.jsx' -o -name '*.mjs' -o -name '*.cjs' \) -print | wc -l) JS/TS files)"
echo "heed: $("$heed" --version); dependency-cruiser: $("$depcruise" --version); node $(node --version); $(nproc) CPUs"
for i in $(seq 1 "$runs"); do
  rm -rf "$repo/.heed"
  t0=$(now); "$heed" graph --repo "$repo" --no-cache --external > "$out/heed.json"; t1=$(now)
  "$heed" graph --repo "$repo" --external > /dev/null; t2=$(now)
  "$heed" graph --repo "$repo" --external > /dev/null; t3=$(now)
  (cd "$repo" && "$depcruise" --no-config --output-type json . > "$out/depcruise.json"); t4=$(now)
  echo "run $i: heed cold $(secs $t0 $t1)s, heed warm $(secs $t2 $t3)s, dependency-cruiser $(secs $t3 $t4)s"
  echo "$(secs $t0 $t1) $(secs $t2 $t3) $(secs $t3 $t4)" >> "$out/times.txt"
done
rm -rf "$repo/.heed"
python3 "$here/compare.py" "$out/heed.json" "$out/depcruise.json" | tee "$out/compare.txt"
python3 - "$out/times.txt" "$runs" <<'PY'
import sys, statistics
rows = [list(map(float, l.split())) for l in open(sys.argv[1]).read().split("\n") if l.strip()][-int(sys.argv[2]):]
cold, warm, dc = (statistics.median(c) for c in zip(*rows))
print(f"median of {len(rows)}: heed cold {cold:.2f}s, heed warm {warm:.2f}s, dependency-cruiser {dc:.2f}s: "
      f"heed is {dc/cold:.1f}x faster cold, {dc/warm:.1f}x warm")
PY
