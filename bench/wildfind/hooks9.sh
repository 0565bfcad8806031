#!/bin/bash
# hooks9.sh BIN TAG: replay each round-9 repo's agent actions (/work/batches/findings/specs9/NAME.jsonl)
# through `BIN hook claude` with the policy BIN compiles; outputs in ${OUT:-/tmp/r9}/TAG/NAME.hooks.txt
B=$1; T=${OUT:-/tmp/r9}/$2; mkdir -p $T; D=$(dirname $0)
for n in ${REPOS:-milo refactor-platform-fe model-sentinel blz where nabu eds-dcf-net muzakily}; do
  ( cd /work/batches/findings/$n; rm -rf .heed; $B compile > /dev/null 2>&1 )
  python3 $D/hook.py $B $n /work/batches/findings/specs9/$n.jsonl $T/$n.hooks.txt > /dev/null
  echo "== $n"; cut -f1-4 $T/$n.hooks.txt
done
