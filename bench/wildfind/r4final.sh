#!/bin/bash
# round 4's sampled repos, one clone at a time (disk), with BIN into /tmp/f28/TAG/4
B=$1; T=/tmp/f28/$2/4; mkdir -p $T
for n in ${LIST:-crewai coreutils egui hypothesis jackett libgit2 netbox pandoc toga}; do
  s=/work/fresh-eval-4/$n; w=/tmp/f28/wk/4-$n; rm -rf $w
  git clone -q --shared --no-checkout $s $w && ( cd $w
    if [ -f $s/.git/info/sparse-checkout ]; then git config core.sparseCheckout true; cp $s/.git/info/sparse-checkout .git/info/; fi
    git checkout -q -B main $(git -C $s rev-parse HEAD) 2>&1 | tail -1
    $B compile > $T/$n.compile.txt 2>&1; cp .heed/policy.json $T/$n.policy.json
    $B check --all --all-sites > $T/$n.check.txt 2>&1
    $B check --diff HEAD~5 --all-sites > $T/$n.diff.txt 2>&1
    $B check --diff HEAD~20 --all-sites > $T/$n.diff20.txt 2>&1 )
  rm -rf $w; echo "$n done"
done
