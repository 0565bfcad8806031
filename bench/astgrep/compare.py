#!/usr/bin/env python3
"""heed's findings side by side with ast-grep's, on the same TypeScript rules and files.

    bench/astgrep/compare.py REPO [--heed BIN] [--out DIR] [--keep] [--astgrep BIN] [--runs N] [--lang L]

REPO is a folder of TypeScript (and TSX) sources, for instance Effect-TS/effect:

    git clone --depth 1 https://github.com/Effect-TS/effect /tmp/ts-wild/effect
    bench/astgrep/compare.py /tmp/ts-wild/effect

or, with --lang javascript, of JavaScript sources (JS_KINDS and JS_CALLS below, as
JavaScript rules), for instance Babylon.js as npm ships it:

    (cd /tmp && npm pack @babylonjs/core@9.31.0 && mkdir babylon && tar xzf babylonjs-core-9.31.0.tgz -C babylon)
    bench/astgrep/compare.py /tmp/babylon/package --lang javascript

What it does: builds heed (or takes --heed) and the two helpers under bench/
(policygen writes the heed policy, classify names the files heed check skips);
installs ast-grep (@ast-grep/cli from npm) into bench/astgrep/node_modules when it is
not there; copies REPO into OUT/repo and commits it, so both tools see the same files
(.gitignore honoured by both); writes the RULES below as a heed policy (`query`
rules for typescript and tsx) and as ast-grep rule files; runs `heed check --all
--all-sites --format json` (every site: by default heed reports a rule with many sites
once, with its count and first sites) and `ast-grep scan --json=stream`; and compares the findings one by
one, keyed by rule, file, line and column of the match's start.

Every file where the two differ gets a reason, the first that applies:

- heed skips the file (generated, vendored, fixture, too large: classify);
- heed's report names it: the summary's `partial` entries (a syntax error, the
  matches heed left out there) and `undetermined` entries;
- the grammar as published (ast-grep's tree) reads a syntax error in a file heed's
  repairs make whole (internal/lang/tsrepair.go), so the two trees differ;
- otherwise "unexplained", and the script exits 1.

With --runs N both tools are also timed over the tree: a warm-up round, then N rounds
with heed cold (no .heed/cache) and ast-grep interleaved; each figure is the median
with the spread (min-max), the ratio the median of the rounds' ratios, CPU user+sys.

Findings are keyed by rule, file, start line and start column (1-based; both tools
count columns in characters).
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from collections import Counter, defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
AST_GREP_VERSION = "0.51.1"
EXTS = (".ts", ".mts", ".cts", ".tsx")

# (id, heed query, ast-grep rule). Each pair says the same thing: a node kind, a node
# kind whose text is a word, or a call or `new` whose callee's text is a name.
# The JavaScript grammar's kinds and callees, for --lang javascript (Babylon.js as npm
# ships it: plain .js).
JS_KINDS = ["debugger_statement", "for_in_statement", "class_declaration", "class", "throw_statement",
            "ternary_expression", "yield_expression", "await_expression", "regex", "arrow_function",
            "template_string", "spread_element", "generator_function_declaration", "labeled_statement",
            "sequence_expression", "augmented_assignment_expression"]
JS_CALLS = ["console.log", "console.warn", "eval", "JSON.parse", "setTimeout", "Object.assign", "Promise.all",
            "require", "Object.defineProperty", "Array.isArray"]
LANGS = {
    # name: (file extensions, heed's languages, ast-grep's languages, kinds, callees)
    "typescript": ((".ts", ".mts", ".cts", ".tsx"), ["typescript", "tsx"], ["TypeScript", "Tsx"], None, None),
    "javascript": ((".js", ".mjs", ".cjs", ".jsx"), ["javascript"], ["JavaScript"], JS_KINDS, JS_CALLS),
}

KINDS = ["debugger_statement", "non_null_expression", "as_expression", "satisfies_expression",
         "enum_declaration", "internal_module", "for_in_statement", "class_declaration", "class",
         "abstract_class_declaration", "interface_declaration", "type_alias_declaration",
         "throw_statement", "ternary_expression", "yield_expression", "await_expression",
         "decorator", "regex", "arrow_function", "conditional_type"]
CALLS = ["console.log", "eval", "JSON.parse", "setTimeout", "Object.assign", "Promise.all",
         "Effect.gen", "pipe", "require"]


def rules(lang="typescript"):
    out = []
    kinds, calls = LANGS[lang][3] or KINDS, LANGS[lang][4] or CALLS
    for k in kinds:
        out.append((f"kind-{k}", f"({k}) @match", {"kind": k}))
    if lang == "typescript":
        out.append(("any-type", '((predefined_type) @match (#eq? @match "any"))', {"kind": "predefined_type", "regex": "^any$"}))
    for name in calls:
        rx = "^" + name.replace(".", "\\.") + "$"
        out.append((f"call-{name}", f'((call_expression function: (_) @f) @match (#eq? @f "{name}"))',
                    {"kind": "call_expression", "has": {"field": "function", "regex": rx}}))
    out.append(("new-Function", '((new_expression constructor: (_) @c) @match (#eq? @c "Function"))',
                {"kind": "new_expression", "has": {"field": "constructor", "regex": "^Function$"}}))
    return out


def write_heed_policy(repo, rs, policygen, langs=("typescript", "tsx")):
    specs = [{"id": rid, "query": q, "langs": list(langs)} for rid, q, _ in rs]
    os.makedirs(os.path.join(repo, ".heed"), exist_ok=True)
    with open(os.path.join(repo, ".heed", "policy.json"), "w") as out:
        subprocess.run([policygen], input=json.dumps(specs), text=True, stdout=out, check=True)


def write_sg_rules(dirpath, rs, langs=("TypeScript", "Tsx")):
    shutil.rmtree(dirpath, ignore_errors=True)
    os.makedirs(os.path.join(dirpath, "rules"))
    with open(os.path.join(dirpath, "sgconfig.yml"), "w") as f:
        f.write("ruleDirs:\n  - rules\n")
    for rid, _, rule in rs:
        for lang in langs:
            with open(os.path.join(dirpath, "rules", f"{rid.replace('.', '_')}-{lang}.yml"), "w") as f:
                # Rule ids are unique in ast-grep: the TSX copy's id carries a suffix.
                sid = rid if lang != "Tsx" else rid + "@tsx"
                f.write(f"id: {sid}\nlanguage: {lang}\nseverity: warning\nmessage: {rid}\nrule:\n")
                for k, v in rule.items():
                    f.write(f"  {k}: {json.dumps(v)}\n")


def run(argv, cwd, stdout_path):
    with open(stdout_path, "w") as out:
        r = subprocess.run(argv, cwd=cwd, stdout=out, stderr=subprocess.PIPE, text=True)
    if r.returncode not in (0, 1):
        sys.exit(f"{argv[0]} failed ({r.returncode}): {r.stderr[-800:]}")


def run_sg(argv, cwd, stdout_path):
    """Run ast-grep's --json=stream scan, keeping of each match only what is compared
    (rule, file, start): each match carries its whole text, and on a bundle's classes
    (Babylon.js) the stream runs to gigabytes."""
    with open(stdout_path, "w") as out:
        p = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        for line in p.stdout:
            if line.strip():
                m = json.loads(line)
                out.write(json.dumps({"ruleId": m["ruleId"], "file": m["file"], "range": {"start": m["range"]["start"]}}) + "\n")
        code = p.wait()
    if code not in (0, 1):
        sys.exit(f"{argv[0]} failed ({code})")


def timed(argv, cwd, stdout_path):
    """Run argv; return (wall seconds, user+sys CPU seconds, peak RSS in MB)."""
    with open(stdout_path, "w") as out:
        t0 = time.perf_counter()
        p = subprocess.Popen(argv, cwd=cwd, stdout=out, stderr=subprocess.DEVNULL)
        _, status, ru = os.wait4(p.pid, 0)
        wall = time.perf_counter() - t0
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        sys.exit(f"{argv[0]} failed ({status})")
    return wall, ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024


def timing(heed, sg, repo, sgdir, out, runs):
    rows = {"heed": [], "sg": []}
    for r in range(runs + 1):
        shutil.rmtree(os.path.join(repo, ".heed", "cache"), ignore_errors=True)
        h = timed([heed, "check", "--all", "--all-sites", "--repo", repo, "--format", "json"], repo, os.path.join(out, "heed-timed.json"))
        g = timed([sg, "scan", "-c", os.path.join(sgdir, "sgconfig.yml"), "--json=stream", "."], repo, os.path.join(out, "sg-timed.json"))
        if r > 0:  # round 0 warms the page cache
            rows["heed"].append(h)
            rows["sg"].append(g)

    def fig(xs, unit):
        return f"{statistics.median(xs):.2f}{unit} ({min(xs):.2f}-{max(xs):.2f})"

    for name, label in (("heed", "heed check --all (cold)"), ("sg", "ast-grep scan")):
        w, c, m = zip(*rows[name])
        print(f"{label:<26} wall {fig(w, 's')}  cpu {fig(c, 's')}  peak {statistics.median(m):.0f} MB")
    wr = statistics.median([h[0] / g[0] for h, g in zip(rows["heed"], rows["sg"])])
    cr = statistics.median([h[1] / g[1] for h, g in zip(rows["heed"], rows["sg"])])
    print(f"heed / ast-grep: wall {wr:.2f}x, cpu {cr:.2f}x ({runs} rounds, load {os.getloadavg()[0]:.1f}, {os.cpu_count()} CPUs)\n")


def heed_findings(path):
    d = json.load(open(path))
    found = set()
    for f in d.get("findings", []):
        found.add((f["rule"], f["file"], f["line"], f["column"]))
    return found, d.get("summary", {})


def sg_findings(path, repo):
    found = set()
    for line in open(path):
        if line.strip():
            m = json.loads(line)
            p = os.path.relpath(os.path.join(repo, m["file"]), repo) if not os.path.isabs(m["file"]) else os.path.relpath(m["file"], repo)
            s = m["range"]["start"]
            found.add((m["ruleId"].removesuffix("@tsx"), p, s["line"] + 1, s["column"] + 1))
    return found


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("repo")
    ap.add_argument("--heed", help="a heed binary (default: build this tree)")
    ap.add_argument("--out", default=os.path.join(ROOT, "bench", "out", "astgrep"))
    ap.add_argument("--keep", action="store_true", help="reuse OUT/repo from a run before")
    ap.add_argument("--astgrep", help="the ast-grep binary (default: bench/astgrep/node_modules/.bin/ast-grep, from npm)")
    ap.add_argument("--runs", type=int, default=0, help="also time both tools, interleaved, N rounds")
    ap.add_argument("--lang", choices=sorted(LANGS), default="typescript",
                    help="the files and rules compared: TypeScript and TSX (default), or JavaScript")
    a = ap.parse_args()
    exts, heed_langs, sg_langs = LANGS[a.lang][:3]
    os.makedirs(a.out, exist_ok=True)
    heed = a.heed or os.path.join(a.out, "heed")
    if not a.heed:
        subprocess.run(["go", "build", "-o", heed, "./cmd/heed"], cwd=ROOT, check=True)
    helpers = {}
    for h, pkg in (("policygen", "./bench/source/policygen"), ("classify", "./bench/astgrep/classify")):
        helpers[h] = os.path.join(a.out, h)
        subprocess.run(["go", "build", "-o", helpers[h], pkg], cwd=ROOT, check=True)
    sg = a.astgrep or os.path.join(HERE, "node_modules", ".bin", "ast-grep")
    if not os.path.exists(sg):
        subprocess.run(["npm", "install", "--no-save", "--no-audit", "--no-fund", f"@ast-grep/cli@{AST_GREP_VERSION}"],
                       cwd=HERE, check=True, stdout=subprocess.DEVNULL)
    sgv = subprocess.run([sg, "--version"], capture_output=True, text=True).stdout.strip()

    repo = os.path.join(a.out, "repo")
    if not (a.keep and os.path.isdir(os.path.join(repo, ".git"))):
        shutil.rmtree(repo, ignore_errors=True)
        shutil.copytree(a.repo, repo, symlinks=True, ignore=shutil.ignore_patterns(".git", ".heed"))
        env = dict(os.environ, GIT_AUTHOR_NAME="b", GIT_AUTHOR_EMAIL="b@x", GIT_COMMITTER_NAME="b", GIT_COMMITTER_EMAIL="b@x")
        for cmd in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "base", "--no-verify"]):
            subprocess.run(["git", *cmd], cwd=repo, check=True, env=env, stdout=subprocess.DEVNULL)
    files = [p for p in subprocess.run(["git", "ls-files"], cwd=repo, capture_output=True, text=True, check=True).stdout.split("\n")
             if p.endswith(exts)]
    skips, stock = {}, {}
    out = subprocess.run([helpers["classify"], repo], input="\n".join(files) + "\n", capture_output=True, text=True, check=True).stdout
    for line in out.split("\n"):
        if line:
            p, kind, what = line.split("\t", 2)
            (skips if kind == "skip" else stock)[p] = what

    rs = rules(a.lang)
    write_heed_policy(repo, rs, helpers["policygen"], heed_langs)
    sgdir = os.path.join(a.out, "sg")
    write_sg_rules(sgdir, rs, sg_langs)
    if a.runs:
        timing(heed, sg, repo, sgdir, a.out, a.runs)
    shutil.rmtree(os.path.join(repo, ".heed", "cache"), ignore_errors=True)
    run([heed, "check", "--all", "--all-sites", "--repo", repo, "--format", "json"], repo, os.path.join(a.out, "heed.json"))
    run_sg([sg, "scan", "-c", os.path.join(sgdir, "sgconfig.yml"), "--json=stream", "."], repo, os.path.join(a.out, "sg.json"))
    hf, summary = heed_findings(os.path.join(a.out, "heed.json"))
    sf = sg_findings(os.path.join(a.out, "sg.json"), repo)

    # What heed's report says about a file: the partial and undetermined entries.
    reported = defaultdict(list)
    for e in summary.get("partial", []):
        reported[e["file"]].append(f"{e['reason']} at line {e['line']}, {e['left_out']} match(es) left out")
    for u in summary.get("undetermined", []):
        for p in u.get("files", []):
            reported[p].append(u["reason"])

    print(f"repository: {a.repo}: {len(files)} {a.lang} files ({len(skips)} heed skips, {len(stock)} with a syntax error"
          f" in the published grammar, {len(summary.get('partial', []))} judged in part by heed); {len(rs)} rules; {sgv}")
    print(f"{'rule':<34} {'heed':>6} {'ast-grep':>8} {'both':>6} {'heed only':>9} {'ast-grep only':>13}")
    for rid, _, _ in rs:
        h = {x for x in hf if x[0] == rid}
        s = {x for x in sf if x[0] == rid}
        print(f"{rid:<34} {len(h):>6} {len(s):>8} {len(h & s):>6} {len(h - s):>9} {len(s - h):>13}")
    print(f"{'total':<34} {len(hf):>6} {len(sf):>8} {len(hf & sf):>6} {len(hf - sf):>9} {len(sf - hf):>13}")

    diff = defaultdict(lambda: [0, 0])
    for x in hf - sf:
        diff[x[1]][0] += 1
    for x in sf - hf:
        diff[x[1]][1] += 1
    reasons = Counter()
    unexplained = []
    lines = []
    for p in sorted(diff):
        h_only, s_only = diff[p]
        if p in skips:
            why = f"heed skips it: {skips[p]}"
        elif p in reported:
            why = "heed reports: " + "; ".join(reported[p])
        elif p in stock:
            why = f"repaired by heed: the published grammar reads a syntax error at line {stock[p]}"
        else:
            why = "unexplained"
            unexplained.append(p)
        reasons[why.split(":")[0] if why != "unexplained" else why] += 1
        lines.append(f"  {p}: heed only {h_only}, ast-grep only {s_only}; {why}")
    print(f"\nfiles whose findings differ: {len(diff)} ({', '.join(f'{k}: {v}' for k, v in reasons.most_common()) or 'none'})")
    print("\n".join(lines))
    with open(os.path.join(a.out, "differences.json"), "w") as f:
        json.dump({"heed_only": sorted(hf - sf), "ast_grep_only": sorted(sf - hf)}, f, indent=1)
    sys.exit(1 if unexplained else 0)


if __name__ == "__main__":
    main()
