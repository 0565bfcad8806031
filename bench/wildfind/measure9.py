#!/usr/bin/env python3
"""measure9.py TAG...: which judged round-9 findings (round9-findings.tsv) a run of `round.sh 9`
(/tmp/r9/TAG/NAME.{check,diff}.txt) reports, by verdict and severity."""
import os, re, sys, collections
here = os.path.dirname(os.path.abspath(__file__))
pat = re.compile(r'^(\S+?):(\d+)(?::\d+)?: (error|warning): .*\[([0-9a-f]+\.[a-z-]+\.\d+)\]$')
cpat = re.compile(r'^(?:commit ([0-9a-f]+)|change): (error|warning): .*\[([0-9a-f]+\.[a-z-]+\.\d+)\]$')
F = [l.rstrip('\n').split('\t') for l in open(f'{here}/round9-findings.tsv') if l.strip()]
for tag in sys.argv[1:]:
    seen = {}
    for n in {r[0] for r in F}:
        for src in ('check', 'diff'):
            p = f"{os.environ.get('OUT', '/tmp/r9')}/{tag}/{n}.{src}.txt"
            if not os.path.exists(p): continue
            for l in open(p, errors='replace'):
                l = l.rstrip('\n'); m = pat.match(l); c = None if m else cpat.match(l)
                if m: seen[(n, f'{m[1]}:{m[2]}', m[4])] = m[3]
                elif c: seen[(n, f'commit:{c[1]}' if c[1] else 'change:diff', c[3])] = c[2]
    cnt = collections.Counter((r[3], seen.get((r[0], r[1], r[2]), 'gone')) for r in F)
    print(f'{tag}: ' + ', '.join(f'{v}/{s}: {cnt[(v, s)]}' for v in ('TRUE', 'FALSE') for s in ('error', 'warning', 'gone')))
