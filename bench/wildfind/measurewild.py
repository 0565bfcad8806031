#!/usr/bin/env python3
"""measurewild.py ROUND HEED TAG [CHECKOUTS]: a wild round's judged findings (roundROUND-findings.tsv,
rounds 13 and on), rerun.

For each repository of the round, clones its checkout (CHECKOUTS/wROUND-OWNER__NAME, default
/work/batches/findings) into /tmp/wROUND-TAG/NAME (`git clone --shared`: the checkout is never
written), runs `HEED compile` and `HEED check --all --format json`, and counts the judged
findings still reported (same file, line and constraint), by verdict and severity. Python 3
standard library only."""
import collections, csv, json, os, subprocess, sys

here = os.path.dirname(os.path.abspath(__file__))
rnd, heed, tag = sys.argv[1], sys.argv[2], sys.argv[3]
checkouts = sys.argv[4] if len(sys.argv) > 4 else '/work/batches/findings'
out = f'/tmp/w{rnd}-{tag}'
os.makedirs(out, exist_ok=True)
rows = list(csv.DictReader(open(os.path.join(here, f'round{rnd}-findings.tsv')), delimiter='\t'))
total = collections.Counter()
for repo in sorted({r['repo'] for r in rows}):
    folder = f'w{rnd}-' + repo.replace('/', '__')
    name = repo.split('/')[1]
    wk = os.path.join(out, name)
    subprocess.run(['rm', '-rf', wk], check=True)
    subprocess.run(['git', 'clone', '-q', '--shared', os.path.join(checkouts, folder), wk], check=True)
    subprocess.run([heed, 'compile'], cwd=wk, capture_output=True)
    subprocess.run([heed, 'check', '--all', '--format', 'json', '-o', f'{out}/{name}.json'], cwd=wk, capture_output=True)
    rep = json.load(open(f'{out}/{name}.json'))
    now = {(f.get('file'), f.get('line'), f.get('constraint')): f.get('severity') for f in rep['findings']}
    c = collections.Counter()
    for r in rows:
        if r['repo'] != repo:
            continue
        f, _, line = r['file:line'].rpartition(':')
        key = (f, int(line), r['rule'].split('.')[0])
        c[f"{r['verdict']}/{r['severity']} judged"] += 1
        if key in now:
            c[f"{r['verdict']}/{r['severity']} still reported as {now[key]}"] += 1
    errors = sum(1 for f in rep['findings'] if f['severity'] == 'error')
    print(repo, f"findings now {len(rep['findings'])} (errors {errors})", dict(sorted(c.items())))
    total.update(c)
print('TOTAL', dict(sorted(total.items())))
