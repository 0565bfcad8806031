#!/usr/bin/env python3
"""Score heed's review flag against hand judgements of compiled rules.

usage: score.py JUDG.tsv POLICIES_DIR [--list]

JUDG.tsv has one judged rule a line: repo, file:line, rule id, severity, domain/kind,
RIGHT|PARTIAL|WRONG, reason (the fresh-repository studies' format). POLICIES_DIR holds
REPO.policy.json for each repo: the .heed/policy.json a build wrote for that checkout.
A rule is flagged when it needs review (a "review" and no "decision"). The figures:
how many of the judged rules the build still makes, how many it flags by verdict, the
flag's precision (WRONG among flagged; WRONG or PARTIAL among flagged), its recall of
WRONG rules, and the right rules it leaves alone. --list prints each flagged rule and
each unflagged WRONG one with its reason.
"""
import collections
import json
import os
import sys


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if len(args) != 2:
        sys.exit(__doc__)
    judg, pdir = args
    rows = [l.rstrip("\n").split("\t") for l in open(judg) if l.strip()]
    verdict = {r[2]: r for r in rows}
    seen, count, sev = set(), collections.Counter(), collections.Counter()
    listing = []
    for repo in sorted({r[0] for r in rows}):
        path = os.path.join(pdir, repo + ".policy.json")
        if not os.path.exists(path):
            print("no policy for", repo, file=sys.stderr)
            continue
        for c in json.load(open(path))["constraints"]:
            for r in c.get("rules") or []:
                j = verdict.get(r["id"])
                if j is None or r["domain"] == "semantic":
                    continue
                seen.add(r["id"])
                flag = bool(r.get("review")) and not r.get("decision")
                count[(j[5], flag)] += 1
                sev[(j[5], r.get("severity"))] += 1
                if flag or j[5] == "WRONG":
                    listing.append(f"{j[5]:7} {'flagged' if flag else '-':7} {r.get('severity'):7} {repo}:{c['file']}:{c['line']} {r['domain']}/{r['kind']}: {r.get('review', '')[:120]} | judged: {j[6][:100]}")
    tot = {v: count[(v, True)] + count[(v, False)] for v in ("RIGHT", "PARTIAL", "WRONG")}
    flagged = sum(count[(v, True)] for v in tot)
    w, p, rt = count[("WRONG", True)], count[("PARTIAL", True)], count[("RIGHT", True)]
    print(f"judged rules the build makes: {sum(tot.values())} of {len(rows)} (right {tot['RIGHT']}, partial {tot['PARTIAL']}, wrong {tot['WRONG']})")
    print(f"flagged for review: {flagged} (right {rt}, partial {p}, wrong {w})")
    if flagged:
        print(f"precision: wrong {w}/{flagged} = {w / flagged:.0%}; wrong or partial {w + p}/{flagged} = {(w + p) / flagged:.0%}")
    if tot["WRONG"]:
        print(f"recall of wrong rules: {w}/{tot['WRONG']} = {w / tot['WRONG']:.0%}; partial flagged {p}/{tot['PARTIAL']}")
    print(f"right rules left alone: {tot['RIGHT'] - rt}/{tot['RIGHT']}")
    print("severity by verdict:", ", ".join(f"{k[0].lower()} {k[1]} {n}" for k, n in sorted(sev.items())))
    if "--list" in sys.argv:
        print("\n".join(sorted(listing)))


if __name__ == "__main__":
    main()
