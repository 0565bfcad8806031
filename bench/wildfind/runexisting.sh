#!/bin/bash
# usage: runexisting.sh BIN TAG -- run.sh's compile and checks in the clones already under /tmp/f28/wk (no new
# clone: the disk is full), into /tmp/f28/TAG/R/.
B=$1; T=/tmp/f28/$2
for w in /tmp/f28/wk/[45]-*; do
  b=$(basename $w); R=${b%%-*}; n=${b#*-}; mkdir -p $T/$R
  ( cd $w; rm -rf .heed
    $B compile > $T/$R/$n.compile.txt 2>&1; cp .heed/policy.json $T/$R/$n.policy.json
    $B check --all $EXTRA > $T/$R/$n.check.txt 2>&1
    $B check --diff HEAD~5 $EXTRA > $T/$R/$n.diff.txt 2>&1
    $B check --diff HEAD~20 $EXTRA > $T/$R/$n.diff20.txt 2>&1 )
  echo "$R $n done"
done
