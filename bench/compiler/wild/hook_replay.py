#!/usr/bin/env python3
"""Does heed's write hook deny code that follows a repository's own idiom?

Run after wild.py (each checkout then holds the .heed/policy.json `heed compile` wrote and the
report of `heed check --all`, .heed/wild-report.json). For each repository:

  1. replay: a seeded sample of the repository's own source files, each replayed as a Claude
     Code `PreToolUse` `Write` that creates it (the file is moved out of the checkout while the
     hook runs, so every line is new, then put back), through `heed-shim hook claude`; a
     denial is exit status 2. The denials are listed with the rules the hook quoted;
  2. population: the files the whole check found an error-severity finding in, which are the
     files a write that recreated them would be denied (the hook and the check judge the same
     rules; the replay checks that they agree on the sample).

    python3 bench/compiler/wild/hook_replay.py --shim /tmp/heed-wild/heed-shim \\
        --repos-file bench/compiler/wild/repos.tsv --checkouts CHECKOUTS --seed 17 --per-repo 30

Python 3 standard library only. The checkouts are left as they were (each file is restored).
"""
import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from wild import read_repos, slug  # noqa: E402

CODE_EXT = {".go", ".rs", ".py", ".ts", ".tsx", ".js", ".mjs", ".cjs", ".jsx", ".java", ".kt", ".cs", ".rb", ".c", ".h"}
RULE_RE = re.compile(r'^\s*Rule: "(.*)" \(([^)]*)\)\s*$')


def tracked_code(checkout):
    out = subprocess.run(["git", "ls-files", "-z"], cwd=checkout, capture_output=True, check=True).stdout
    files = []
    for p in out.decode("utf-8", "replace").split("\0"):
        if os.path.splitext(p)[1] in CODE_EXT and os.path.isfile(os.path.join(checkout, p)) \
                and not os.path.islink(os.path.join(checkout, p)):
            files.append(p)
    return sorted(files)


def replay(shim, checkout, rel):
    """Replays one file as a Write that creates it; returns (denied, rules quoted, stderr)."""
    full = os.path.join(checkout, rel)
    with open(full, "rb") as f:
        content = f.read()
    try:
        text = content.decode("utf-8")
    except UnicodeDecodeError:
        return None, [], "not UTF-8"
    payload = {"session_id": "wild-replay", "transcript_path": "", "cwd": checkout,
               "permission_mode": "default", "hook_event_name": "PreToolUse", "tool_name": "Write",
               "tool_input": {"file_path": full, "content": text}, "tool_use_id": "toolu_replay"}
    tmp = tempfile.mkdtemp(prefix="wild-replay-")
    away = os.path.join(tmp, "f")
    shutil.move(full, away)
    try:
        p = subprocess.run([shim, "hook", "claude"], cwd=checkout, input=json.dumps(payload),
                           capture_output=True, text=True, timeout=300)
    finally:
        shutil.move(away, full)
        shutil.rmtree(tmp, ignore_errors=True)
    rules = sorted({f"{m.group(2)} \"{m.group(1)[:80]}\"" for m in map(RULE_RE.match, p.stderr.splitlines()) if m})
    return p.returncode == 2, rules, p.stderr


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--shim", required=True, help="the heed-shim binary")
    ap.add_argument("--repos-file", required=True)
    ap.add_argument("--checkouts", required=True)
    ap.add_argument("--seed", type=int, default=17)
    ap.add_argument("--per-repo", type=int, default=30)
    ap.add_argument("--only", action="append", default=[])
    a = ap.parse_args()
    shim = os.path.abspath(a.shim)
    tot = Counter()
    print("| repository | code files | replayed | denied | files with an error finding (check --all) | rules that denied |")
    print("|---|---|---|---|---|---|")
    for row in read_repos(a.repos_file):
        repo = row["repo"]
        if a.only and repo not in a.only:
            continue
        checkout = os.path.abspath(os.path.join(a.checkouts, slug(repo)))
        if not os.path.exists(os.path.join(checkout, ".heed", "policy.json")):
            print(f"hook_replay: {repo}: no .heed/policy.json (run wild.py first); skipped", file=sys.stderr)
            continue
        files = tracked_code(checkout)
        rng = random.Random(a.seed)
        picked = rng.sample(files, min(a.per_repo, len(files)))
        denied, rules = 0, Counter()
        for rel in picked:
            d, rs, err = replay(shim, checkout, rel)
            if d is None:
                continue
            tot["replayed"] += 1
            if d:
                denied += 1
                rules.update(rs)
                print(f"  denied: {repo} {rel}: {'; '.join(rs) or err.strip()[:200]}", file=sys.stderr)
        err_files = "-"
        rp = os.path.join(checkout, ".heed", "wild-report.json")
        if os.path.exists(rp):
            with open(rp, encoding="utf-8") as f:
                rep = json.load(f)
            ef = {x["file"] for x in rep.get("findings", []) if x.get("severity") == "error" and x.get("file")}
            checked = rep.get("summary", {}).get("files_checked", 0)
            err_files = f"{len(ef)} of {checked}"
            tot["err_files"] += len(ef)
            tot["checked"] += checked
        tot["denied"] += denied
        print(f"| {repo} | {len(files)} | {len(picked)} | {denied} | {err_files} | "
              + ("; ".join(f"{r} ×{n}" for r, n in rules.most_common()) or "-") + " |")
    print(f"| **total** | | {tot['replayed']} | {tot['denied']} | {tot['err_files']} of {tot['checked']} | |")


if __name__ == "__main__":
    main()
