#!/usr/bin/env python3
"""What the runtime's and libc's memory settings do to `heed check --all`, one repository.

    bench/check/knobs.py --heed BIN --repo DIR [--runs N] [--astgrep SG --sgconfig YML]
                         [--variant NAME:VAR=VALUE,VAR=VALUE ...]

Each variant runs the same command with settings in its environment (none: the build as
it ships; GOGC, GOMEMLIMIT, GODEBUG for Go's collector; MALLOC_ARENA_MAX and the other
glibc.malloc tunables for C memory), cold (no .heed/cache), once to warm up, then --runs
times, the variants interleaved round by round. Per variant: the median (min–max) of
CPU (user+sys), the peak resident memory (VmHWM, polled every 2 ms) and, at the moment
resident memory was largest, how much of it was anonymous (heaps: Go's and C's) and
file-backed (the binary's pages). With --astgrep, ast-grep's scan of the same repository
runs in the same rounds. The default variants are the ones bench/check/RESULTS.md reports.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import threading
import time

DEFAULT = [
    "shipped:",
    "MALLOC_ARENA_MAX=1:MALLOC_ARENA_MAX=1",
    "GOGC=50:GOGC=50",
    "GOMEMLIMIT=24MiB:GOMEMLIMIT=24MiB",
    "GOGC=50 and MALLOC_ARENA_MAX=1:GOGC=50,MALLOC_ARENA_MAX=1",
]


def status(pid):
    r = {}
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                k, _, v = line.partition(":")
                if k in ("VmHWM", "VmRSS", "RssAnon", "RssFile"):
                    r[k] = int(v.split()[0])
    except OSError:
        pass
    return r


def run(argv, env, cwd=None):
    t0 = os.times()
    p = subprocess.Popen(argv, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    best = {"VmHWM": 0, "VmRSS": 0, "RssAnon": 0, "RssFile": 0}

    def poll():
        while p.poll() is None:
            s = status(p.pid)
            if s.get("VmHWM"):
                best["VmHWM"] = max(best["VmHWM"], s["VmHWM"])
            if s.get("VmRSS", 0) > best["VmRSS"]:
                best.update({k: s.get(k, 0) for k in ("VmRSS", "RssAnon", "RssFile")})
            time.sleep(0.002)

    th = threading.Thread(target=poll)
    th.start()
    _, err = p.communicate()
    th.join()
    t1 = os.times()
    if p.returncode not in (0, 1):
        sys.exit(f"{argv} failed: {err.decode()[-500:]}")
    cpu = (t1.children_user - t0.children_user) + (t1.children_system - t0.children_system)
    return cpu, best["VmHWM"] / 1024, best["RssAnon"] / 1024, best["RssFile"] / 1024


def fmt(xs, prec=0):
    xs = sorted(xs)
    return f"{statistics.median(xs):.{prec}f} ({xs[0]:.{prec}f}–{xs[-1]:.{prec}f})"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--heed", required=True)
    ap.add_argument("--repo", required=True)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--astgrep")
    ap.add_argument("--sgconfig")
    ap.add_argument("--variant", action="append")
    a = ap.parse_args()
    variants = []
    for v in a.variant or DEFAULT:
        name, _, envs = v.partition(":")
        extra = dict(e.split("=", 1) for e in envs.split(",") if e)
        variants.append((name, extra))
    heed = os.path.abspath(a.heed)
    cmds = []
    for name, extra in variants:
        env = dict(os.environ, NO_COLOR="1", **extra)
        cmds.append((name, [heed, "check", "--all", "--repo", a.repo, "--format", "json"], env, True))
    if a.astgrep:
        cmds.append(("ast-grep", [a.astgrep, "scan", "-c", a.sgconfig, "--json=stream", a.repo], dict(os.environ), False))
    print(f"{a.repo}: {a.runs} runs after a warm-up, interleaved; load average {os.getloadavg()[0]:.1f} at the start")
    res = {name: [] for name, *_ in cmds}
    for rnd in range(a.runs + 1):
        order = cmds if rnd % 2 == 0 else cmds[::-1]
        for name, argv, env, cold in order:
            if cold:
                shutil.rmtree(os.path.join(a.repo, ".heed", "cache"), ignore_errors=True)
            r = run(argv, env)
            if rnd > 0:
                res[name].append(r)
    print(f"load average {os.getloadavg()[0]:.1f} at the end\n")
    print("| variant | CPU s | peak RSS MB | anon MB at the peak | file MB at the peak |")
    print("| --- | --- | --- | --- | --- |")
    for name, *_ in cmds:
        rs = res[name]
        print(f"| {name} | {fmt([r[0] for r in rs], 2)} | {fmt([r[1] for r in rs])} | {fmt([r[2] for r in rs])} | {fmt([r[3] for r in rs])} |")


if __name__ == "__main__":
    main()
