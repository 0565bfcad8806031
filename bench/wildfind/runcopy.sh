#!/bin/bash
# usage: runcopy.sh "R:NAME ..." -- repositories whose checkout has lost its git objects (the mirror it borrowed
# them from is gone): the working tree is copied without .git and compiled there (heed reads the working tree
# outside git) with /tmp/heed-start (-> start/R) and /tmp/f28/heed-mine (-> mine3/R); the copy is removed.
for rn in $1; do
  R=${rn%%:*}; n=${rn#*:}
  case $R in 1) src=/work/fresh-eval/$n;; *) src=/work/fresh-eval-$R/$n;; esac
  w=/tmp/f28/wk/copy-$R-$n; rm -rf $w; mkdir -p $w
  tar -C $src --exclude=./.git --exclude=./.heed -cf - . | tar -C $w -xf -
  for pair in /tmp/heed-start:start /tmp/f28/heed-mine:${TAG:-mine}; do
    B=${pair%%:*}; T=/tmp/f28/${pair#*:}/$R; mkdir -p $T
    ( cd $w; rm -rf .heed; $B compile > $T/$n.compile.txt 2>&1; cp .heed/policy.json $T/$n.policy.json )
  done
  rm -rf $w; echo "$R $n done"
done
