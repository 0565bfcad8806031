#!/usr/bin/env python3
"""rules9.py POLICY...: the executable (non-semantic) rules of a policy, one a line:
rule id, severity, kind, file:line, the constraint's text (cut)."""
import json, sys
for p in sys.argv[1:]:
    d = json.load(open(p))
    for c in d['constraints']:
        for r in c.get('rules') or []:
            if r.get('domain') == 'semantic': continue
            rev = ' REVIEW' if r.get('review') or r.get('needs_review') else ''
            print(f"{r['id']:28} {r.get('severity','?'):7}{rev} {r['domain']}/{r['kind']:10} {c['file']}:{c['line']}  {c['text'][:150]!r}")
