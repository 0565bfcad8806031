#!/usr/bin/env python3
"""Does a repository's own configuration vouch for its order rules?

For every order rule ("run X before committing / pushing / opening a PR", kind
sequence) judged at error in a precision study, this looks for the prerequisite X
in the repository's configuration: a pre-commit, lefthook or husky config, CI
workflows (GitHub, GitLab, CircleCI, Azure, AppVeyor, Travis, Cirrus, Buildkite,
Jenkins) and git hook folders. It prints one line a rule and a tally by judgement,
to say whether that evidence separates the right rules from the wrong ones.

    python3 bench/review/orderevidence.py JUDG.tsv CHECKOUTS POLICIES [PREFIX] [...]

in groups of four (the last group's PREFIX may be left out): the study's judgement
file, the folder of its checkouts, a folder of policies compiled from them (NAME or
PREFIX+NAME .policy.json, made as bench/review/README.md says) and the prefix.
"""
import collections
import glob
import json
import os
import re
import sys

CONFIGS = ['.pre-commit-config.yaml', '.pre-commit-config.yml', 'lefthook.yml', '.lefthook.yml', '.gitlab-ci.yml',
           'azure-pipelines.yml', '.circleci/config.yml', '.travis.yml', 'Jenkinsfile', '.cirrus.yml', 'appveyor.yml',
           '.buildkite/pipeline.yml']
GLOBS = ['.github/workflows/*.yml', '.github/workflows/*.yaml', '.github/actions/*/action.yml', '.github/actions/*/action.yaml',
         '.husky/*', '.githooks/*', 'githooks/*', '.buildkite/*.yml', 'ci/*.yml', '.ci/*']
RUNNERS = {'make', 'just', 'task', 'npm', 'pnpm', 'yarn', 'bun', 'tox', 'nox'}
TOOLS = {'cargo', 'go', 'uv', 'poetry', 'hatch', 'pre-commit'}
LAUNCHERS = {'bash', 'sh', 'python', 'python3', 'node', 'ruby', 'perl', 'uvx', 'npx', 'pnpx', 'bunx', 'pixi', 'mix',
             'dotnet', 'bundle', 'gh', 'git'}


def config_files(d):
    out = [os.path.join(d, c) for c in CONFIGS if os.path.isfile(os.path.join(d, c))]
    for g in GLOBS:
        out += [p for p in glob.glob(os.path.join(d, g)) if os.path.isfile(p)]
    return out


def runs(pattern, text):
    """Whether text runs the command of a rule's pattern: a runner's target or a
    tool's subcommand by name, what an interpreter or launcher runs, else the
    program itself."""
    prog = pattern.get('program', [''])[0].rsplit('/', 1)[-1]
    args = [a for a in pattern.get('args', []) if not a.startswith('-')]
    word = lambda w: r'(?<![\w/-])' + re.escape(w) + r'(?![\w-])'
    if prog in RUNNERS | TOOLS and args:
        key = args[-1] if prog in RUNNERS else args[0]
        return bool(re.search(word(prog) + r'[^\n]*' + word(key), text)) or prog == 'pre-commit' and 'pre-commit' in text
    if prog in LAUNCHERS:
        if not args:
            return False  # a bare interpreter names no command
        return bool(re.search(word(args[0].rsplit('/', 1)[-1]), text)) and (len(args) < 2 or args[1].rsplit('/', 1)[-1] in text)
    return bool(re.search(word(prog), text))


def evidence(rule, d, files):
    for p in rule['params'].get('first', []):
        for f in files:
            try:
                text = open(f, errors='replace').read()
            except OSError:
                continue
            if runs(p, text):
                return os.path.relpath(f, d)
    return ''


def rules_of(policy):
    out = {}
    for c in policy.get('constraints', []):
        for r in c.get('rules', []):
            out[r['id']] = r
    return out


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    groups = [argv[i:i + 4] for i in range(0, len(argv), 4)]
    tally = collections.Counter()
    for g in groups:
        judg, checkouts, policies = g[0], g[1], g[2]
        prefix = g[3] if len(g) > 3 else ''
        for line in open(judg):
            c = line.rstrip('\n').split('\t')
            if len(c) < 6 or 'sequence' not in c[4] or c[3] != 'error':
                continue
            name, rid, verdict = c[0].split('/')[-1], c[2], c[5]
            pol = os.path.join(policies, prefix + name + '.policy.json')
            d = os.path.join(checkouts, name)
            if not (os.path.isdir(d) and os.path.isfile(pol)):
                tally[(verdict, 'no checkout or policy')] += 1
                continue
            rule = rules_of(json.load(open(pol))).get(rid)
            if rule is None:
                tally[(verdict, 'no longer compiled')] += 1
                continue
            files = config_files(d)
            where = evidence(rule, d, files)
            kind = 'a config runs it' if where else ('configs, none runs it' if files else 'no config')
            tally[(verdict, kind)] += 1
            then = ', '.join(' '.join(p.get('program', []) + p.get('args', [])) for p in rule['params'].get('then', []))
            print(f"{verdict}\t{name}\t{rid}\t{kind}\t{where}\t{rule['params'].get('label', '')}\tbefore {then}")
    print()
    for k in sorted(tally):
        print(tally[k], *k, sep='\t')


if __name__ == '__main__':
    main(sys.argv[1:])
