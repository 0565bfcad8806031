#!/usr/bin/env python3
"""measure.py TAG [TAG2]: which sampled findings of rounds 4 and 5 (findings.tsv) a run (/tmp/f28/TAG/R/NAME.*.txt,
written by run.sh) still reports, by verdict and severity -- endfind.py's matching (repo, file:line, rule id)."""
import re, os, sys, collections
pat = re.compile(r'^(\S+?)(?::(\d+))?(?::\d+)?: (error|warning): (.*) \[([0-9a-f]+\.[a-z-]+\.\d+)\]$')
cpat = re.compile(r'^(?:commit ([0-9a-f]+)|change): (error|warning): (.*) \[([0-9a-f]+\.[a-z-]+\.\d+)\]$')
def keys(tag, R, names):
    out = {}
    for n in names:
        for src in ('check', 'diff', 'diff20'):
            p = f'/tmp/f28/{tag}/{R}/{n}.{src}.txt'
            if not os.path.exists(p): continue
            for l in open(p, errors='replace'):
                l = l.rstrip('\n'); c = cpat.match(l); m = None if c else pat.match(l)
                if m: f, ln, sev, msg, rid = m.groups(); k = (n, f'{f}:{ln or 0}', rid)
                elif c: f, sev, msg, rid = c.groups(); k = (n, (f'commit:{f}:0' if f else f'change:{src}:0'), rid)
                else: continue
                out.setdefault(k, sev)
    return out
tags = sys.argv[1:]
for R in [int(x) for x in os.environ.get("ROUNDS", "4 5 6").split()]:
    F = [l.rstrip('\n').split('\t') for l in open(f'/work/fresh-eval-{R}/findings.tsv') if l.strip()]
    F = [r for r in F if r[0] not in os.environ.get('EXCLUDE', '').split()]
    names = sorted({r[0] for r in F})
    for tag in tags:
        E = keys(tag, R, names)
        c = collections.Counter()
        for r in F:
            sev = E.get((r[0], r[1], r[2]))
            c[(r[3], sev or 'gone')] += 1
        print(f'round {R} {tag}: ' + ', '.join(f'{v}/{s}: {c[(v,s)]}' for v in ('TRUE','FALSE') for s in ('error','warning','gone')))
    if len(tags) == 2:
        A, B = keys(tags[0], R, names), keys(tags[1], R, names)
        for r in F:
            a, b = A.get((r[0], r[1], r[2])), B.get((r[0], r[1], r[2]))
            if a != b: print(f'   {r[3]:5} {a or "gone":7} -> {b or "gone":7} {r[0]} {r[1]} {r[2]} {r[4][:90]}')
if os.environ.get('LIST'):
    for R in [int(x) for x in os.environ.get("ROUNDS", "4 5 6").split()]:
        F = [l.rstrip('\n').split('\t') for l in open(f'/work/fresh-eval-{R}/findings.tsv') if l.strip()]
        E = keys(tags[-1], R, sorted({r[0] for r in F}))
        for r in F:
            sev = E.get((r[0], r[1], r[2]))
            if sev and r[3] == os.environ['LIST']: print(f'  {R} {sev:7} ' + '\t'.join(r[:3] + [r[4][:80]]))
