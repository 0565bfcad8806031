#!/usr/bin/env python3
"""The cost of heed compile's self-validation pass against ast-grep.

    bench/source/selfvalidation.py REPO SGRULES [--heed BIN] [--astgrep BIN] [--runs N] [--rules 10,30]

REPO is a git checkout (the pass runs over the tree of HEAD) that this script copies;
SGRULES is a folder of ast-grep rule files for Python (bench/source/bench.py writes
the 30 of its benchmark: assert, bare-except, call-*.yml, global, lambda,
wildcard-import). For the first N of them (sorted by name) the script writes one
English sentence each into the copy's AGENTS.md ("Never call `eval()`.", "Don't use
`global` statements."), the way an instruction file states them, and times, round by
round after a warm-up round, interleaved:

- heed compile (reads the sentences, compiles the rules, runs them over HEAD);
- heed compile --no-validate (the same without the pass);
- ast-grep scan with the N rule files over the tree.

The self-validation's cost is the first minus the second, in CPU seconds (user+sys of
the child); the ratio is that cost over ast-grep's CPU, the median of the rounds'
ratios. .heed/ is removed before each heed run, so no cache helps.
"""
import argparse, os, re, shutil, statistics, subprocess, sys, tempfile, time

SENTENCES = {
    "assert": "Never use `assert` statements.",
    "bare-except": "Never use a bare `except:`.",
    "global": "Don't use `global` statements.",
    "lambda": "Don't use `lambda`.",
    "wildcard-import": "No wildcard imports (`from x import *`).",
}


def sentence(rule):
    if rule in SENTENCES:
        return SENTENCES[rule]
    if rule.startswith("call-"):
        name = rule[len("call-"):]
        mod, _, fn = name.partition("_")
        if fn and mod in ("os", "json", "pickle", "random", "subprocess", "sys", "time"):
            name = mod + "." + fn  # call-os_system: os.system
        return f"Never call `{name}()`."
    return None


def cpu_of(cmd, cwd):
    start = time.time()
    p = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    out = p.stdout.read()
    _, status, ru = os.wait4(p.pid, 0)
    return ru.ru_utime + ru.ru_stime, time.time() - start, out.decode(errors="replace")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("repo")
    ap.add_argument("sgrules")
    ap.add_argument("--heed", default="heed")
    ap.add_argument("--astgrep", default=os.path.join(os.path.dirname(__file__), "node_modules/.bin/ast-grep"))
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--rules", default="10,30")
    a = ap.parse_args()
    work = tempfile.mkdtemp(prefix="heed-selfval-")
    repo = os.path.join(work, "repo")
    shutil.copytree(a.repo, repo, symlinks=True)
    shutil.rmtree(os.path.join(repo, ".heed"), ignore_errors=True)
    names = sorted(f[:-4] for f in os.listdir(a.sgrules) if f.endswith(".yml") and sentence(f[:-4]))
    counts = [int(n) for n in a.rules.split(",")]
    for n in counts:
        d = os.path.join(work, f"sg{n}")
        os.makedirs(os.path.join(d, "rules"))
        for r in names[:n]:
            shutil.copy(os.path.join(a.sgrules, r + ".yml"), os.path.join(d, "rules"))
        with open(os.path.join(d, "sgconfig.yml"), "w") as f:
            f.write("ruleDirs:\n  - rules\n")
        with open(os.path.join(d, "AGENTS.md"), "w") as f:
            f.write("# Rules\n\n" + "".join("- " + sentence(r) + "\n" for r in names[:n]))
    res = {}
    for rnd in range(a.runs + 1):
        for n in counts:
            shutil.copy(os.path.join(work, f"sg{n}", "AGENTS.md"), os.path.join(repo, "AGENTS.md"))
            for mode in ("validate", "no-validate", "ast-grep"):
                shutil.rmtree(os.path.join(repo, ".heed"), ignore_errors=True)
                if mode == "ast-grep":
                    cpu, wall, out = cpu_of([a.astgrep, "scan", "-c", os.path.join(work, f"sg{n}", "sgconfig.yml"), "--json=compact", repo], work)
                    note = "%d findings" % out.count('"ruleId"')
                else:
                    cpu, wall, out = cpu_of([a.heed, "compile"] + (["--no-validate"] if mode == "no-validate" else []), repo)
                    m = re.search(r"self-validation: (\d+) source/architecture rules", out)
                    note = f"{m.group(1)} rules validated" if m else ""
                if rnd > 0:
                    res.setdefault((n, mode), []).append(cpu)
                print(f"round {rnd} {n} rules {mode}: cpu {cpu:.2f} s wall {wall:.2f} s {note}", flush=True)
    for n in counts:
        v, nv, sg = res[(n, "validate")], res[(n, "no-validate")], res[(n, "ast-grep")]
        cost = [x - y for x, y in zip(v, nv)]
        ratio = statistics.median([c / s for c, s in zip(cost, sg)])
        print(f"{n} rules: compile {statistics.median(v):.2f} s, --no-validate {statistics.median(nv):.2f} s, "
              f"self-validation {statistics.median(cost):.2f} s [{min(cost):.2f}-{max(cost):.2f}], "
              f"ast-grep {statistics.median(sg):.2f} s [{min(sg):.2f}-{max(sg):.2f}], ratio {ratio:.2f}x")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
