#!/bin/bash
# round.sh N BIN TAG: compile, check --all, check --diff HEAD~3 in each checkout of round N
# (8 to 12) under /work/batches/findings (see roundN.md); outputs in ${OUT:-/tmp/rN}/TAG/NAME.*
# REPOS overrides the round's list.
N=$1; B=$2; T=${OUT:-/tmp/r$N}/$3; mkdir -p $T
case $N in
  8) list="tinys3cli k1 slack-tools tiny-learner SmartRails" ;;
  9) list="milo refactor-platform-fe model-sentinel blz where nabu eds-dcf-net muzakily" ;;
  10) list="core transbundle cue arrowrs" ;;
  11) list="fastmcp sdk-python supabase-js podman" ;;
  12) list="greptimedb spring-ai outline" ;;
  *) echo "round.sh: no round $N" >&2; exit 2 ;;
esac
for n in ${REPOS:-$list}; do
  ( cd /work/batches/findings/$n; rm -rf .heed
    $B compile > $T/$n.compile.txt 2>&1; cp .heed/policy.json $T/$n.policy.json
    $B check --all > $T/$n.check.txt 2>&1; echo "exit $?" >> $T/$n.check.txt
    $B check --diff HEAD~3 > $T/$n.diff.txt 2>&1; echo "exit $?" >> $T/$n.diff.txt )
  echo "$n done"
done
