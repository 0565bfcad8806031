#!/bin/bash
# usage: run.sh BIN TAG [ROUNDS] -- compile every judged repository of rounds 1-5 with BIN in clones under
# /tmp/f28/wk (the rounds' checkouts untouched), keep the policies in /tmp/f28/TAG/R/; for rounds 4 and 5,
# repos with sampled findings also get check --all, --diff HEAD~5, --diff HEAD~20 (the rounds' setup.sh);
# NOCHECK=1 compiles only. LINK=1 makes each working copy a hard-linked copy of the checkout (cp -al) instead of
# a shared clone, for checkouts whose clone cannot check out (round 6's snapshots miss some blobs); heed replaces
# .heed/ and git replaces files by rename, so the checkout's own files are never written.
B=$1; T=/tmp/f28/$2; ROUNDS=${3:-"1 2 3 4 5"}
for R in $ROUNDS; do
  case $R in 1) src=/work/fresh-eval;; *) src=/work/fresh-eval-$R;; esac
  mkdir -p $T/$R
  for n in $(cut -f1 $src/judg.tsv | sort -u); do
    s=$src/$n; w=/tmp/f28/wk/$R-$n
    [ -d $s/.git ] || { echo "$R $n: no checkout"; continue; }
    mkdir -p /tmp/f28/wk
    if [ ! -d $w ] && [ -n "$LINK" ]; then
      cp -al $s $w || { echo "$R $n: copy failed"; continue; }
    elif [ ! -d $w ]; then
      git clone -q --shared --no-checkout $s $w || { echo "$R $n: clone failed"; continue; }
      ( cd $w; if [ -f $s/.git/info/sparse-checkout ]; then git config core.sparseCheckout true; cp $s/.git/info/sparse-checkout .git/info/; fi
        git checkout -q -B main $(git -C $s rev-parse HEAD) 2>&1 | tail -1 )
    fi
    sampled=0
    if [ -z "$NOCHECK" ] && [ $R -ge 4 ] && cut -f1 $src/findings.tsv | grep -qx "$n"; then sampled=1; fi
    ( cd $w; rm -rf .heed
      $B compile > $T/$R/$n.compile.txt 2>&1; cp .heed/policy.json $T/$R/$n.policy.json
      if [ $sampled = 1 ]; then
        $B check --all $EXTRA > $T/$R/$n.check.txt 2>&1
        $B check --diff HEAD~5 $EXTRA > $T/$R/$n.diff.txt 2>&1
        $B check --diff HEAD~20 $EXTRA > $T/$R/$n.diff20.txt 2>&1
      fi )
    [ $sampled = 1 ] || rm -rf $w
    echo "$R $n done"
  done
done
