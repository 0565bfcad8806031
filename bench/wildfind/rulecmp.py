#!/usr/bin/env python3
"""rulecmp.py A B: the judged rules of rounds 1-5 (judg.tsv) in the policies two runs of run.sh wrote
(/tmp/f28/A/R/NAME.policy.json), by rule id: severity in A -> B per verdict, and every RIGHT rule that lost
error severity or vanished."""
import json, os, sys, collections
A, B = sys.argv[1], sys.argv[2]
def sev(tag, R, n):
    p = f'/tmp/f28/{tag}/{R}/{n}.policy.json'
    if not os.path.exists(p): return None
    out = {}
    for c in json.load(open(p))['constraints']:
        for r in c.get('rules') or []:
            if r.get('domain') != 'semantic': out[r['id']] = r.get('severity')
    return out
tab = collections.Counter(); lost = []; missing = set()
for R in [int(x) for x in os.environ.get("ROUNDS", "1 2 3 4 5 6").split()]:
    d = '/work/fresh-eval' if R == 1 else f'/work/fresh-eval-{R}'
    cache = {}
    for l in open(f'{d}/judg.tsv'):
        f = l.rstrip('\n').split('\t')
        if len(f) < 6: continue
        n, loc, rid, verdict = f[0], f[1], f[2], f[5]
        for t in (A, B):
            if (t, n) not in cache: cache[(t, n)] = sev(t, R, n)
        a, b = cache[(A, n)], cache[(B, n)]
        if a is None or b is None: missing.add((R, n)); continue
        sa, sb = a.get(rid, 'gone'), b.get(rid, 'gone')
        tab[(verdict, sa, sb)] += 1
        if sa != sb: print(f'  round {R} {n:15} {loc:40} {rid:26} {verdict:8} {sa} -> {sb}')
        if verdict == 'RIGHT' and sa == 'error' and sb != 'error': lost.append((R, n, loc, rid))
for k in sorted(tab): print(tab[k], k)
print('RIGHT rules that lost error:', lost or 'none')
print('repos without both policies:', sorted(missing))
