#!/usr/bin/env python3
"""The CPU time of `heed compile` through the CLI, on every file of the corpus.

    bench/compiler/cpu.py [--bin NAME=PATH ...] [--rounds N] [--callgrind]

Each corpus file (../shared/corpus/instructions and instructions-2, or --corpus DIR)
is placed at its real path (MANIFEST.tsv) in a folder of its own, outside any git
repository (under $TMPDIR), and `heed compile` runs there with no .heed (a first compile: the policy written, the self-validation
run). Besides, all the files in one folder (each under OWNER__REPO__PATH/, so their
scopes stay apart) compile in one run. CPU time is user+sys of the child, from the
kernel (os.wait4). The binaries (default: this tree, built into bench/out/compiler-cpu)
run interleaved, round by round, in alternating order; the report gives, per binary,
the median of the rounds and their spread (min-max), for the sum over the corpus, the
one-folder run and the largest single file (microsoft/vscode's copilot-instructions.md,
10 KB). --callgrind adds valgrind's instruction count of that file's compile (PATH
emptied so heed runs no git: callgrind fails on the child's signal). --floor adds, per
binary and in the same rounds, what as many processes cost before any instruction is
read: `heed --version` (start-up and package initialisation) and `heed compile` in an
empty folder (the policy, index and .gitignore written), beside a Go program that only
starts and exits (bench/live/floor, `floor hook` with nothing on stdin).
"""
import argparse
import csv
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
OUT = os.path.join(ROOT, "bench", "out", "compiler-cpu")
SHARED = os.environ.get("HEED_SHARED", os.path.join(os.path.dirname(ROOT), "shared"))
ONE = "microsoft__vscode__.github__copilot-instructions.md"


def setup(corpora):
    # Outside this repository: inside it, heed would compile heed's own instruction
    # files and validate against heed's tree.
    work = tempfile.mkdtemp(prefix="heed-compiler-cpu-")
    repos = os.path.join(work, "repos")
    together = os.path.join(work, "together")
    names = []
    for corpus in corpora:
        for row in csv.reader(open(os.path.join(corpus, "MANIFEST.tsv")), delimiter="\t"):
            if not row or row[0] == "file":
                continue
            name, path = row[0], row[2]
            for base in (os.path.join(repos, name), os.path.join(together, name)):
                dst = os.path.join(base, path)
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                shutil.copy(os.path.join(corpus, name), dst)
            names.append(name)
    return repos, together, sorted(names)


def cpu(argv, cwd, env=None):
    """Run argv in cwd with a fresh .heed; return user+sys seconds of the child."""
    shutil.rmtree(os.path.join(cwd, ".heed"), ignore_errors=True)
    p = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    _, status, ru = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    if p.returncode not in (0, 1):
        sys.exit(f"{' '.join(argv)} in {cwd}: exit {p.returncode}")
    return ru.ru_utime + ru.ru_stime


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", action="append", default=[], help="NAME=PATH of a heed binary (repeatable; default: this tree)")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--corpus", action="append", help="a corpus folder with MANIFEST.tsv (default: the shared corpora)")
    ap.add_argument("--callgrind", action="store_true")
    ap.add_argument("--floor", action="store_true", help="add the per-process floors: heed --version, compile of an empty folder, a Go program that exits")
    a = ap.parse_args()
    os.makedirs(OUT, exist_ok=True)
    bins = []
    for b in a.bin:
        name, _, path = b.partition("=")
        bins.append((name, os.path.abspath(path)))
    if not bins:
        path = os.path.join(OUT, "heed")
        subprocess.run(["go", "build", "-o", path, "./cmd/heed"], cwd=ROOT, check=True)
        bins.append(("this tree", path))
    corpora = a.corpus or [os.path.join(SHARED, "corpus", d) for d in ("instructions", "instructions-2")]
    repos, together, names = setup(corpora)
    for d in (repos, together):
        if subprocess.run(["git", "-C", d, "rev-parse", "--show-toplevel"], capture_output=True).returncode == 0:
            sys.exit(f"{d} lies in a git repository; set TMPDIR elsewhere")
    print(f"{len(names)} instruction files; {a.rounds} rounds, binaries interleaved; {os.cpu_count()} CPUs; load {os.getloadavg()[0]:.1f}")

    total = {n: [] for n, _ in bins}
    one = {n: [] for n, _ in bins}
    tog = {n: [] for n, _ in bins}
    floors = {}
    empty = os.path.join(os.path.dirname(repos), "empty")
    os.makedirs(empty, exist_ok=True)
    gofloor = os.path.join(OUT, "floor")  # it reads its own name
    if a.floor:
        subprocess.run(["go", "build", "-o", gofloor, "./bench/live/floor"], cwd=ROOT, check=True)
    for r in range(a.rounds):
        order = bins if r % 2 == 0 else list(reversed(bins))
        if a.floor:
            floors.setdefault("Go program that exits", []).append(sum(cpu([gofloor, "hook"], empty) for _ in names))
            for name, path in order:
                floors.setdefault(f"{name}: heed --version", []).append(sum(cpu([path, "--version"], empty) for _ in names))
                floors.setdefault(f"{name}: heed compile, empty folder", []).append(sum(cpu([path, "compile"], empty) for _ in names))
        for name, path in order:
            s = 0.0
            for f in names:
                c = cpu([path, "compile"], os.path.join(repos, f))
                s += c
                if f == ONE:
                    one[name].append(c)
            total[name].append(s)
            tog[name].append(cpu([path, "compile"], together))
    print(f"{'binary':<12} {'corpus, one run per file':>26} {'corpus in one run':>20} {'vscode 10 KB file':>20}   (CPU s: median [min-max])")
    for name, _ in bins:
        def fmt(xs):
            return f"{statistics.median(xs):.2f} [{min(xs):.2f}-{max(xs):.2f}]"
        print(f"{name:<12} {fmt(total[name]):>26} {fmt(tog[name]):>20} {fmt(one[name]):>20}")
    for what, xs in floors.items():
        print(f"{len(names)} runs of {what}: {statistics.median(xs):.2f} [{min(xs):.2f}-{max(xs):.2f}] s CPU")
    if a.callgrind:
        for name, path in bins:
            d = os.path.join(repos, ONE)
            shutil.rmtree(os.path.join(d, ".heed"), ignore_errors=True)
            out = os.path.join(OUT, "callgrind.out")
            r = subprocess.run(["/usr/bin/valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", path, "compile"], cwd=d,
                               env=dict(os.environ, PATH="/nonexistent", GODEBUG="asyncpreemptoff=1"), capture_output=True, text=True)
            ir = [l for l in r.stderr.split("\n") if "Collected" in l]
            print(f"{name}: callgrind, vscode file: {ir[-1].split(':')[-1].strip() if ir else 'failed'} instructions")
    shutil.rmtree(os.path.dirname(repos), ignore_errors=True)


if __name__ == "__main__":
    main()
