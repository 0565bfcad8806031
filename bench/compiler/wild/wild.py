#!/usr/bin/env python3
"""Wild precision: heed's findings on real repositories, sampled for a human to judge.

What heed's compiled rules find in real repositories, as a new user would meet them.

    # 1. checkouts from the fetched snapshots (bare git dirs under MIRRORS/owner+name/repo)
    python3 bench/compiler/wild/wild.py --extract --mirrors MIRRORS \\
        --repos-file bench/compiler/wild/repos.tsv --checkouts CHECKOUTS

    # 2. compile, check, sample: one sheet per repository
    python3 bench/compiler/wild/wild.py --heed /tmp/heed-wild/heed \\
        --repos-file bench/compiler/wild/repos.tsv --checkouts CHECKOUTS \\
        --seed 17 --per-repo 25 --out bench/compiler/wild/sheets/

    # 3. after judging the sheets by hand (verdict: true/false, why: "cause; detail")
    python3 bench/compiler/wild/wild.py --summarise --out bench/compiler/wild/sheets/

For each repository (checkout CHECKOUTS/owner__name, a git repository): removes the scratch
.heed/ a previous run left there, runs `heed compile` (which writes .heed/policy.json into the
checkout) and keeps the coverage table it prints, then `heed check --all --format json` under a
time limit, and keeps every finding (the raw report stays in the checkout, at
.heed/wild-report.json). Findings are sampled with random.Random(seed), stratified by rule:
rules in a seeded order, each rule's findings in a seeded order, then round-robin over the rules
until --per-repo findings are taken. Writes:

    OUT/owner__name.tsv          n, rule_id, severity, domain, kind, file, line, snippet,
                                 rule_text, instruction_file:line, verdict, why
    OUT/owner__name.compile.txt  heed compile's coverage table, the check summary and the
                                 findings per rule

A rerun keeps the verdict and why of rows it samples again (same rule, file, line, snippet).
Python 3 standard library only.
"""
import argparse
import csv
import json
import os
import random
import re
import shutil
import subprocess
import sys
import time
from collections import Counter, OrderedDict, defaultdict

COLUMNS = ["n", "rule_id", "severity", "domain", "kind", "file", "line", "snippet", "rule_text",
           "instruction_file:line", "verdict", "why"]
SNIPPET_MAX = 160


# ---------------------------------------------------------------------------------------------
# repos.tsv


def read_repos(path):
    """The rows of repos.tsv (repo, commit, language, files, why chosen); '#' lines are comments."""
    repos = []
    with open(path, encoding="utf-8") as f:
        lines = [l for l in f if l.strip() and not l.startswith("#")]
    for row in csv.DictReader(lines, delimiter="\t", quoting=csv.QUOTE_NONE):
        if not row.get("repo"):
            continue
        repos.append(row)
    return repos


def slug(repo):
    return repo.replace("/", "__")


# ---------------------------------------------------------------------------------------------
# --extract: checkouts from bare snapshots (which lack files of 4 MiB and more)


def git(args, cwd=None, git_dir=None, **kw):
    cmd = ["git"]
    if git_dir:
        cmd.append("--git-dir=" + git_dir)
    return subprocess.run(cmd + args, cwd=cwd, check=True, **kw)


def extract(repo, commit, mirrors, checkouts):
    """Writes the tree of the snapshot's HEAD into CHECKOUTS/owner__name and commits it as one
    snapshot commit. Blobs the snapshot lacks (files of 4 MiB and more) are left out and named
    in the commit message."""
    gd = os.path.join(mirrors, repo.replace("/", "+"), "repo")
    if not os.path.isdir(gd):
        raise SystemExit(f"wild: no snapshot of {repo} at {gd} (fetch github:{repo} first)")
    head = git(["rev-parse", "HEAD"], git_dir=gd, capture_output=True, text=True).stdout.strip()
    if commit and head != commit:
        print(f"wild: {repo}: the snapshot is at {head}, repos.tsv lists {commit}", file=sys.stderr)
    dest = os.path.join(checkouts, slug(repo))
    if os.path.exists(dest):
        raise SystemExit(f"wild: {dest} exists; remove it to extract again")
    os.makedirs(dest)
    tree = git(["ls-tree", "-r", "-z", "--full-tree", head], git_dir=gd, capture_output=True).stdout
    entries = []
    for rec in tree.split(b"\0"):
        if not rec:
            continue
        meta, path = rec.split(b"\t", 1)
        mode, typ, sha = meta.split(b" ")
        if typ != b"blob":  # submodules (commit entries) have no content here
            continue
        entries.append((mode.decode(), sha.decode(), path.decode("utf-8", "surrogateescape")))
    missing = []
    proc = subprocess.Popen(["git", "--git-dir=" + gd, "cat-file", "--batch"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE)
    for mode, sha, path in entries:
        proc.stdin.write(sha.encode() + b"\n")
        proc.stdin.flush()
        header = proc.stdout.readline().split()
        if len(header) < 3 or header[1] == b"missing":
            missing.append(path)
            continue
        data = proc.stdout.read(int(header[2]))
        proc.stdout.read(1)  # the newline after the content
        full = os.path.join(dest, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        if mode == "120000":
            os.symlink(os.fsdecode(data), full)
            continue
        with open(full, "wb") as f:
            f.write(data)
        if mode == "100755":
            os.chmod(full, 0o755)
    proc.stdin.close()
    proc.wait()
    msg = f"snapshot of {repo} at {head}"
    if missing:
        msg += f"\n\nleft out, not in the snapshot ({len(missing)} files of 4 MiB and more):\n" + "\n".join(missing)
    git(["init", "-q"], cwd=dest)
    git(["-c", "core.autocrlf=false", "add", "-A"], cwd=dest, stderr=subprocess.DEVNULL)
    git(["-c", "user.email=wild@heed.invalid", "-c", "user.name=wild", "commit", "-q", "--no-verify", "-m", msg],
        cwd=dest)
    print(f"{repo}: {len(entries)} files at {head[:12]} -> {dest}" +
          (f" ({len(missing)} left out: not in the snapshot)" if missing else ""))


# ---------------------------------------------------------------------------------------------
# measuring one repository


def source_line(checkout, path, line):
    """The one source line of a finding, trimmed, tabs replaced, at most SNIPPET_MAX chars."""
    if not path or not line:
        return ""
    try:
        with open(os.path.join(checkout, path), "rb") as f:
            for i, raw in enumerate(f, 1):
                if i == line:
                    return clean(raw.decode("utf-8", "replace"))
    except OSError:
        pass
    return ""


def clean(s):
    s = field(s).strip()
    s = re.sub(r" {2,}", " ", s)
    return s[:SNIPPET_MAX]


def sample(findings, seed, k):
    """Up to k findings, stratified by rule: rules in a seeded order, findings within a rule in a
    seeded order, then round-robin over the rules. Deterministic for a given report and seed."""
    rng = random.Random(seed)
    by_rule = defaultdict(list)
    for f in findings:
        by_rule[f.get("rule", "")].append(f)
    rules = sorted(by_rule)
    rng.shuffle(rules)
    queues = []
    for r in rules:
        fs = sorted(by_rule[r], key=lambda f: (f.get("file", ""), f.get("line", 0), f.get("column", 0),
                                               f.get("commit", ""), f.get("message", "")))
        rng.shuffle(fs)
        queues.append(fs)
    out = []
    depth = 0
    while len(out) < k and any(depth < len(q) for q in queues):
        for q in queues:
            if depth < len(q) and len(out) < k:
                out.append(q[depth])
        depth += 1
    return out


def row_key(row):
    return (row["rule_id"], row["file"], str(row["line"]), row["snippet"])


def read_sheet(path):
    """The rows of a sheet: tab-separated, a header line, no quoting."""
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    head = lines[0].split("\t")
    return [dict(zip(head, l.split("\t"))) for l in lines[1:] if l.strip()]


def field(v):
    return re.sub(r"[\t\r\n\v\f\x1c-\x1e\x85\u2028\u2029]", " ", str(v))


def write_sheet(path, rows):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write("\t".join(COLUMNS) + "\n")
        for r in rows:
            f.write("\t".join(field(r.get(c, "")) for c in COLUMNS) + "\n")


def run(cmd, cwd, timeout):
    t0 = time.time()
    try:
        p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout)
        return p.returncode, p.stdout, p.stderr, time.time() - t0
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
        return None, out, f"timed out after {timeout}s", time.time() - t0


def measure(heed, row, checkouts, out_dir, seed, per_repo, timeout):
    repo = row["repo"]
    checkout = os.path.abspath(os.path.join(checkouts, slug(repo)))
    if not os.path.isdir(os.path.join(checkout, ".git")):
        print(f"wild: {repo}: no git checkout at {checkout} (run --extract first); skipped", file=sys.stderr)
        return
    head_msg = subprocess.run(["git", "log", "-1", "--format=%s"], cwd=checkout, capture_output=True,
                              text=True).stdout.strip()
    if row.get("commit") and row["commit"] not in head_msg:
        print(f"wild: {repo}: the checkout says {head_msg!r}, repos.tsv lists {row['commit']}", file=sys.stderr)
    scratch = os.path.join(checkout, ".heed")
    tracked = subprocess.run(["git", "ls-files", ".heed"], cwd=checkout, capture_output=True, text=True).stdout
    if tracked.strip():
        raise SystemExit(f"wild: {repo} tracks its own .heed/; not measured (heed would use the project's policy)")
    shutil.rmtree(scratch, ignore_errors=True)

    rc, compile_text, err, compile_s = run([heed, "compile", "--repo", checkout], checkout, timeout)
    if rc != 0:
        raise SystemExit(f"wild: {repo}: heed compile failed ({rc}): {err.strip()}")
    rc, cov_json, err, _ = run([heed, "compile", "--check", "--format", "json", "--repo", checkout], checkout,
                               timeout)
    coverage = json.loads(cov_json)["coverage"]["total"]

    report_path = os.path.join(scratch, "wild-report.json")
    rc, _, err, check_s = run([heed, "check", "--all", "--format", "json", "-o", report_path, "--repo", checkout],
                              checkout, timeout)
    if rc is None or rc == 2 or not os.path.exists(report_path):
        print(f"wild: {repo}: heed check failed ({err.strip()[:300]})", file=sys.stderr)
        report = None
    else:
        with open(report_path, encoding="utf-8") as f:
            report = json.load(f)

    base = os.path.join(out_dir, slug(repo))
    lines = [f"# {repo} at {row.get('commit', '?')} ({row.get('language', '')}, {row.get('files', '?')} files)",
             f"# heed compile ({compile_s:.1f}s)", compile_text.rstrip(), ""]
    rules_by_domain = {k: v for k, v in sorted(coverage.get("rules", {}).items()) if k != "semantic"}
    exe = sum(rules_by_domain.values())
    summary = OrderedDict(repo=repo, files=row.get("files", ""), must=coverage.get("must", 0),
                          should=coverage.get("should", 0), enforced=coverage.get("enforced", 0),
                          semantic=coverage.get("semantic", 0), executable_rules=exe,
                          rules_by_domain=",".join(f"{k}:{v}" for k, v in rules_by_domain.items()) or "-")
    if report is None:
        lines.append(f"# heed check --all: FAILED ({err.strip()[:300]}) after {check_s:.0f}s")
        summary.update(findings="timeout" if rc is None else "error")
        lines.append("wild: " + " ".join(f"{k}={v}" for k, v in summary.items()))
        with open(base + ".compile.txt", "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")
        return
    s = report["summary"]
    findings = report["findings"]
    picked = sample(findings, seed, per_repo)
    picked_per_rule = Counter(f.get("rule", "") for f in picked)
    by_rule = OrderedDict()
    for f in findings:
        r = by_rule.setdefault(f.get("rule", ""), {"n": 0, "f": f})
        r["n"] += 1
    lines += [f"# heed check --all --format json ({check_s:.1f}s wall; heed's duration_ms {s.get('duration_ms', 0):.0f})",
              f"files checked {s.get('files_checked')}, rules {s.get('rules')}, findings {s.get('findings')} "
              f"(errors {s.get('errors')}, warnings {s.get('warnings')}), skipped "
              + (", ".join(f"{k} {v}" for k, v in sorted(s.get("skipped", {}).items())) or "none"),
              "undetermined: " + ("; ".join(f"{u['reason']} ({len(u['rules'])} rules, {u['file_count']} files)"
                                            for u in s.get("undetermined", [])) or "none"),
              "", "findings  sampled  severity  domain/kind  rule  instruction",]
    for rid, r in sorted(by_rule.items(), key=lambda kv: (-kv[1]["n"], kv[0])):
        f = r["f"]
        ins = f.get("instruction") or {}
        lines.append(f"{r['n']:8d}  {picked_per_rule.get(rid, 0):7d}  {f.get('severity', ''):8s}  "
                     f"{f.get('domain', '')}/{f.get('kind', '')}  {rid}  {ins.get('file', '')}:{ins.get('line', '')} "
                     f"\"{clean(ins.get('text', ''))}\"")
    lines.append("findings per rule: total " + str(len(findings)) + "; "
                 + ", ".join(f"{rid}={r['n']}" for rid, r in sorted(by_rule.items(), key=lambda kv: (-kv[1]["n"], kv[0]))))
    summary.update(findings=len(findings), errors=s.get("errors", 0), rules_with_findings=len(by_rule),
                   sampled=len(picked), files_checked=s.get("files_checked", 0), check_seconds=f"{check_s:.1f}")
    lines.append("wild: " + " ".join(f"{k}={v}" for k, v in summary.items()))
    with open(base + ".compile.txt", "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")

    old = {row_key(r): r for r in read_sheet(base + ".tsv")}
    rows = []
    for i, f in enumerate(picked, 1):
        ins = f.get("instruction") or {}
        loc = f.get("file") or (("commit " + f["commit"][:12]) if f.get("commit") else "(change)")
        snippet = source_line(checkout, f.get("file"), f.get("line", 0)) or clean(f.get("snippet") or f.get("message", ""))
        r = {"n": i, "rule_id": f.get("rule", ""), "severity": f.get("severity", ""), "domain": f.get("domain", ""),
             "kind": f.get("kind", ""), "file": loc, "line": f.get("line", 0) or "", "snippet": snippet,
             "rule_text": clean(ins.get("text", "")), "instruction_file:line": f"{ins.get('file', '')}:{ins.get('line', '')}",
             "verdict": "", "why": ""}
        prev = old.get(row_key(r))
        if prev:
            r["verdict"], r["why"] = prev.get("verdict", ""), prev.get("why", "")
        rows.append(r)
    write_sheet(base + ".tsv", rows)
    print(f"{repo}: {exe} executable rules, {len(findings)} findings from {len(by_rule)} rules, "
          f"{len(picked)} sampled ({check_s:.0f}s)")


# ---------------------------------------------------------------------------------------------
# --summarise


def read_compile_summary(path):
    """The `wild:` line of a compile.txt as a dict, and the per-rule table: rule id ->
    (findings, severity, domain/kind, instruction file:line, instruction text)."""
    meta, rules = {}, {}
    if not os.path.exists(path):
        return meta, rules
    row = re.compile(r'^\s*(\d+)\s+(\d+)\s+(\w+)\s+(\S+)\s+(\S+)\s+(\S+) "(.*)"$')
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("wild: "):
                meta = dict(kv.split("=", 1) for kv in line[6:].split() if "=" in kv)
                continue
            m = row.match(line.rstrip("\n"))
            if m:
                rules[m.group(5)] = (int(m.group(1)), m.group(3), m.group(4), m.group(6), m.group(7))
    return meta, rules


def pct(t, n):
    return f"{100 * t / n:.0f}%" if n else "-"


def wilson(t, n, z=1.96):
    """The 95% Wilson score interval of t successes in n, as "lo–hi%"."""
    if not n:
        return "-"
    p = t / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / (1 + z * z / n)
    return f"{100 * (centre - half):.0f}–{100 * (centre + half):.0f}%"


def md_table(hdr, rows):
    print("| " + " | ".join(hdr) + " |")
    print("|" + "---|" * len(hdr))
    for r in rows:
        print("| " + " | ".join(str(x) for x in r) + " |")


def summarise(out_dir):
    """Per repository and in total: findings judged, true, false, precision (true / judged), the
    same for error-severity findings, and an estimate over all findings (each rule's sample
    precision weighted by its number of findings: the sample is stratified by rule, so the plain
    precision weighs every rule alike); then per rule; then the false findings by cause."""
    sheets = sorted(p for p in os.listdir(out_dir) if p.endswith(".tsv"))
    if not sheets:
        raise SystemExit(f"wild: no sheets in {out_dir}")
    hdr = ["repository", "files", "must", "should", "executable rules (by domain)", "findings",
           "judged", "true", "false", "precision", "error judged", "error true", "error precision",
           "est. precision, all findings"]
    table, rule_rows = [], []
    tot = Counter()
    causes = defaultdict(list)
    unjudged = 0
    for name in sheets:
        rows = read_sheet(os.path.join(out_dir, name))
        meta, rules = read_compile_summary(os.path.join(out_dir, name[:-4] + ".compile.txt"))
        repo = meta.get("repo", name[:-4].replace("__", "/"))
        c = Counter()
        per_rule = defaultdict(Counter)
        for r in rows:
            v = r.get("verdict", "").strip().lower()
            if v not in ("true", "false"):
                unjudged += 1
                continue
            err = r.get("severity") == "error"
            c["judged"] += 1
            c[v] += 1
            per_rule[r["rule_id"]]["judged"] += 1
            per_rule[r["rule_id"]][v] += 1
            if err:
                c["err_judged"] += 1
                c["err_" + v] += 1
            if v == "false":
                why = r.get("why", "").strip()
                cause = why.split(";", 1)[0].strip() if why else "(no reason given)"
                causes[cause].append((repo, r))
        est_true = est_all = 0.0
        for rid, pc in sorted(per_rule.items(), key=lambda kv: -rules.get(kv[0], (0,))[0]):
            n, sev, dk, loc, text = rules.get(rid, (0, "?", "?", "?", ""))
            est_true += n * pc["true"] / pc["judged"]
            est_all += n
            rule_rows.append([repo, rid, sev, dk, loc, n, pc["judged"], pc["true"], pct(pc["true"], pc["judged"]),
                              '"' + (text[:90] + ("…" if len(text) > 90 else "")).replace("|", "\\|") + '"'])
        tot["est_true"] += est_true
        tot["est_all"] += est_all
        rules_txt = f"{meta.get('executable_rules', '?')} ({meta.get('rules_by_domain', '?')})"
        table.append([repo, meta.get("files", "?"), meta.get("must", "?"), meta.get("should", "?"), rules_txt,
                      meta.get("findings", "?"), c["judged"], c["true"], c["false"], pct(c["true"], c["judged"]),
                      c["err_judged"], c["err_true"], pct(c["err_true"], c["err_judged"]),
                      pct(est_true, est_all)])
        tot.update(c)
        for k in ("files", "must", "should", "executable_rules", "findings"):
            if meta.get(k, "").isdigit():
                tot["m_" + k] += int(meta[k])
    table.append(["**total**", tot["m_files"], tot["m_must"], tot["m_should"], tot["m_executable_rules"],
                  tot["m_findings"], tot["judged"], tot["true"], tot["false"], pct(tot["true"], tot["judged"]),
                  tot["err_judged"], tot["err_true"], pct(tot["err_true"], tot["err_judged"]),
                  pct(tot["est_true"], tot["est_all"])])
    md_table(hdr, table)
    print()
    print(f"precision (true / judged): {pct(tot['true'], tot['judged'])} of {tot['judged']} judged findings "
          f"(95% interval {wilson(tot['true'], tot['judged'])}); "
          f"error severity only: {pct(tot['err_true'], tot['err_judged'])} of {tot['err_judged']} "
          f"({wilson(tot['err_true'], tot['err_judged'])}); "
          f"estimated over all {int(tot['est_all'])} findings of the judged rules: {pct(tot['est_true'], tot['est_all'])}"
          + (f"; {unjudged} sampled findings not judged yet" if unjudged else ""))
    if rule_rows:
        print()
        md_table(["repository", "rule", "severity", "domain/kind", "instruction", "findings", "judged", "true",
                  "precision", "sentence"], rule_rows)
    if causes:
        print()
        print("false findings by cause (the text of `why` before its first ';'):")
        for cause, items in sorted(causes.items(), key=lambda kv: (-len(kv[1]), kv[0])):
            repo, r = items[0]
            print(f"  {len(items):3d}  {cause}  e.g. {repo} {r['file']}:{r['line']} "
                  f"(rule {r['instruction_file:line']})")


# ---------------------------------------------------------------------------------------------


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--heed", help="the heed binary")
    ap.add_argument("--repos-file", help="repos.tsv: repo, commit, language, files, why chosen")
    ap.add_argument("--checkouts", help="folder of checkouts, one per repository: owner__name")
    ap.add_argument("--seed", type=int, default=17)
    ap.add_argument("--per-repo", type=int, default=25, help="findings sampled per repository")
    ap.add_argument("--per-repo-for", action="append", default=[], metavar="OWNER/NAME=N",
                    help="a larger (or smaller) sample for one repository; repeatable")
    ap.add_argument("--only", action="append", default=[], metavar="OWNER/NAME", help="measure only these")
    ap.add_argument("--timeout", type=int, default=1200, help="seconds allowed to each heed command (default 20 min)")
    ap.add_argument("--out", help="folder of the sheets")
    ap.add_argument("--summarise", action="store_true", help="summarise the judged sheets in --out")
    ap.add_argument("--extract", action="store_true", help="make the checkouts from fetched snapshots")
    ap.add_argument("--mirrors", required=False, help="for --extract: MIRRORS/owner+name/repo")
    a = ap.parse_args()

    if a.summarise:
        if not a.out:
            ap.error("--summarise needs --out")
        summarise(a.out)
        return
    if not a.repos_file or not a.checkouts:
        ap.error("--repos-file and --checkouts are needed")
    repos = read_repos(a.repos_file)
    if a.only:
        repos = [r for r in repos if r["repo"] in a.only]
    if a.extract:
        os.makedirs(a.checkouts, exist_ok=True)
        for r in repos:
            extract(r["repo"], r.get("commit", ""), a.mirrors, a.checkouts)
        return
    if not a.heed or not a.out:
        ap.error("--heed and --out are needed")
    heed = os.path.abspath(a.heed)
    os.makedirs(a.out, exist_ok=True)
    sizes = {}
    for spec in a.per_repo_for:
        name, _, n = spec.partition("=")
        sizes[name] = int(n)
    for r in repos:
        measure(heed, r, a.checkouts, a.out, a.seed, sizes.get(r["repo"], a.per_repo), a.timeout)


if __name__ == "__main__":
    main()
