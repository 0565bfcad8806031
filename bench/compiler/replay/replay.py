#!/usr/bin/env python3
"""replay.py ROUND HEED CHECKOUTS OUT: first sight of heed's command rules on whole files.

A round (ROUND, a folder here such as s52) holds repos.tsv (checkout folder, repository,
commit, instruction file, language), labels.tsv (the constraints a labeller who never ran
heed found, in their own words) and specs/FOLDER.jsonl: one agent session a checkout, an
action a line ({"bash": CMD, "exit": N}, {"write": PATH, "content": S}, or {"write": PATH,
"patch": [[FIRST, END, LINES]]} for a file of the checkout, see write_content) with what a careful
reader expects heed to do (deny, ask, warn or allow) and the label it tests.

For each checkout under CHECKOUTS (a git repository of the repository at the commit), the
script removes heed's scratch .heed/, runs `HEED compile` and `HEED rules --read`, then
replays the session through `HEED hook claude` as Claude Code would (PreToolUse; then
PostToolUse, or PostToolUseFailure for a non-zero exit, after an allowed command; an
allowed write is made, then its PostToolUse sent, so an order that follows a change sees
the change), and writes OUT/FOLDER.{compile,read}.txt and OUT/FOLDER.hook.tsv. Each
checkout is replayed in a scratch clone (`git clone --shared`), which the writes change
and which is removed after; the checkout itself is never written. Then it
prints each action whose verdict differs from the expectation, and the counts:

    right         the verdict expected
    missed        a deny, ask or warn expected; heed let it run silently
    weaker        a deny expected; heed warned or asked
    FALSE-BLOCK   an allow expected; heed denied
    false-warn    an allow expected; heed warned

and, by label, how many constraints had all their violating actions right.
With --score-only, it reads OUT as an earlier run wrote it. Python 3 standard library only.
"""
import argparse
import collections
import json
import os
import shutil
import subprocess
import sys
import tempfile

here = os.path.dirname(os.path.abspath(__file__))


def write_content(cwd, a):
    """The text a Write action writes: its "content", or, for an existing file of the
    checkout, its "patch" applied to the file as the checkout's HEAD holds it: a list
    of [first, end, lines], each replacing lines first..end (0-based, end excluded) with
    the given lines, so a spec holds the labeller's lines and none of the repository's."""
    if 'patch' not in a:
        return a.get('content', '')
    base = subprocess.run(['git', 'show', 'HEAD:' + a['write']], cwd=cwd, capture_output=True, check=True).stdout
    lines = base.decode('utf-8').splitlines(keepends=True)
    for first, end, new in sorted(a['patch'], key=lambda p: p[0], reverse=True):
        lines[first:end] = new
    return ''.join(lines)


def replay(heed, cwd, spec, out):
    rows = []
    root = cwd
    for i, a in enumerate(spec):
        if 'bash' in a:
            tn, ti = 'Bash', {'command': a['bash']}
        else:
            tn, ti = 'Write', {'file_path': os.path.join(root, a['write']), 'content': write_content(cwd, a)}  # paths are the repository's
        p = {'session_id': 'replay', 'cwd': cwd, 'hook_event_name': 'PreToolUse', 'tool_name': tn,
             'tool_input': ti, 'tool_use_id': f't{i}', 'transcript_path': '/dev/null'}
        r = subprocess.run([heed, 'hook', 'claude'], input=json.dumps(p), capture_output=True, text=True, cwd=cwd, timeout=120)
        if r.returncode == 2:
            got = 'deny'
        elif r.returncode != 0:
            got = f'rc{r.returncode}'
        elif '"permissionDecision":"ask"' in r.stdout:
            got = 'ask'
        elif r.stdout.strip():
            got = 'warn'  # the agent is told something and the tool runs
        else:
            got = 'allow'
        if got in ('allow', 'warn') and tn == 'Write':
            path = ti['file_path']
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, 'w') as fh:
                fh.write(ti['content'])
            post = dict(p, hook_event_name='PostToolUse', tool_response={'filePath': path, 'success': True})
            subprocess.run([heed, 'hook', 'claude'], input=json.dumps(post), capture_output=True, text=True, cwd=cwd, timeout=120)
        if got in ('allow', 'warn') and tn == 'Bash':
            code = a.get('exit', 0)
            post = dict(p, hook_event_name='PostToolUse' if code == 0 else 'PostToolUseFailure',
                        tool_response={'stdout': '', 'stderr': '', 'exit_code': code})
            if code:
                post['error'] = f'Exit code {code}'
            subprocess.run([heed, 'hook', 'claude'], input=json.dumps(post), capture_output=True, text=True, cwd=cwd, timeout=120)
        cd = a.get('bash', '').strip()
        if got in ('allow', 'warn') and cd.startswith('cd ') and len(cd.split()) == 2:
            # the agent's shell keeps its directory from one command to the next, as
            # Claude Code's does: `cd packages/x` alone moves the session there
            cwd = os.path.normpath(os.path.join(cwd, os.path.expanduser(cd.split()[1])))
            if not cwd.startswith(root):
                cwd = root
        what = (a.get('bash') or a.get('write')).replace('\n', '\\n')
        said = (r.stderr + r.stdout).strip().replace('\n', ' | ').replace('\t', ' ')[:300]
        rows.append('\t'.join([got, tn, what, a['expect'], a.get('label', ''), said]))
    with open(out, 'w') as f:
        f.write('\n'.join(rows) + '\n')


def kind(exp, got):
    if exp == got:
        return 'right'
    if exp in ('deny', 'ask', 'warn') and got == 'allow':
        return 'missed'
    if exp == 'deny' and got in ('warn', 'ask'):
        return 'weaker'
    if exp == 'allow' and got == 'deny':
        return 'FALSE-BLOCK'
    if exp == 'allow' and got in ('warn', 'ask'):
        return 'false-' + got
    return f'other ({exp} -> {got})'


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('round')
    ap.add_argument('heed')
    ap.add_argument('checkouts')
    ap.add_argument('out')
    ap.add_argument('--score-only', action='store_true')
    a = ap.parse_args()
    rdir = os.path.join(here, a.round)
    os.makedirs(a.out, exist_ok=True)
    repos = [l.rstrip('\n').split('\t') for l in open(os.path.join(rdir, 'repos.tsv'))][1:]
    counts = collections.Counter()
    by_label = collections.defaultdict(list)
    for row in repos:
        folder = row[0]
        checkout = os.path.join(os.path.abspath(a.checkouts), folder)
        spec = [json.loads(l) for l in open(os.path.join(rdir, 'specs', folder + '.jsonl')) if l.strip() and not l.startswith('#')]
        out = os.path.join(a.out, folder)
        if not a.score_only:
            scratch = tempfile.mkdtemp(prefix='heed-replay-')
            try:
                cwd = os.path.join(scratch, folder)
                subprocess.run(['git', 'clone', '-q', '--shared', checkout, cwd], check=True)
                for sub, f in (('compile', '.compile.txt'), ('rules', '.read.txt')):
                    args = [a.heed, sub] + (['--read'] if sub == 'rules' else [])
                    with open(out + f, 'w') as fh:
                        subprocess.run(args, cwd=cwd, stdout=fh, stderr=subprocess.STDOUT, timeout=900)
                replay(a.heed, cwd, spec, out + '.hook.tsv')
            finally:
                shutil.rmtree(scratch, ignore_errors=True)
        for line in open(out + '.hook.tsv'):
            got, tn, what, expect, label, said = (line.rstrip('\n').split('\t') + [''] * 6)[:6]
            exp = expect.split()[0].lower()
            k = kind(exp, got)
            counts[(exp, k)] += 1
            if exp != 'allow':
                by_label[(folder, label)].append(k == 'right')
            if k != 'right':
                print(f'{folder}\t{k}\t{label}\t{what[:100]}\t{said[:160]}')
    print()
    for (exp, k), n in sorted(counts.items()):
        print(f'{exp:6} {k:14} {n}')
    print(f'constraints with a violating action: {len(by_label)}, all right: {sum(all(v) for v in by_label.values())}')


if __name__ == '__main__':
    sys.exit(main())
