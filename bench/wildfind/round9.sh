#!/bin/bash
# round9.sh BIN TAG: compile, check --all, check --diff HEAD~3 in each round-9 checkout under
# /work/batches/findings (see round9.md); outputs in ${OUT:-/tmp/r9}/TAG/NAME.*
B=$1; T=${OUT:-/tmp/r9}/$2; mkdir -p $T
for n in ${REPOS:-milo refactor-platform-fe model-sentinel blz where nabu eds-dcf-net muzakily}; do
  ( cd /work/batches/findings/$n; rm -rf .heed
    $B compile > $T/$n.compile.txt 2>&1; cp .heed/policy.json $T/$n.policy.json
    $B check --all > $T/$n.check.txt 2>&1; echo "exit $?" >> $T/$n.check.txt
    $B check --diff HEAD~3 > $T/$n.diff.txt 2>&1; echo "exit $?" >> $T/$n.diff.txt )
  echo "$n done"
done
