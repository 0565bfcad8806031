#!/usr/bin/env python3
"""Interleaved rounds of shell commands: the CPU time (user+sys, the command's whole
process tree) and wall time of each, median with the spread.

    bench/check/cpurounds.py RUNS DIR LABEL 'COMMAND' [LABEL 'COMMAND' ...]

Each command runs once to warm up, then RUNS rounds, one run of every command a round,
in DIR. On a machine shared with other work, CPU time is the figure to read: wall time
is mostly the others' work. bench/check/RESULTS.md uses it for the git commands a diff
check runs, side by side with `git status`.
"""
import os
import statistics
import subprocess
import sys
import time


def main():
    if len(sys.argv) < 5 or len(sys.argv) % 2 != 1:
        sys.exit(__doc__)
    runs, d = int(sys.argv[1]), sys.argv[2]
    cmds = list(zip(sys.argv[3::2], sys.argv[4::2]))
    cpu = {label: [] for label, _ in cmds}
    wall = {label: [] for label, _ in cmds}
    for r in range(runs + 1):
        for label, c in cmds:
            t = time.perf_counter()
            p = subprocess.Popen(c, shell=True, cwd=d, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            _, _, ru = os.wait4(p.pid, 0)  # the shell's rusage counts the children it waited for
            if r > 0:
                cpu[label].append((ru.ru_utime + ru.ru_stime) * 1000)
                wall[label].append((time.perf_counter() - t) * 1000)
    print(f"load average {os.getloadavg()[0]:.1f}; {runs} interleaved runs; median (min–max)\n")
    print("| command | cpu ms | wall ms |\n| --- | --- | --- |")
    for label, _ in cmds:
        xs, ws = sorted(cpu[label]), sorted(wall[label])
        print(f"| {label} | {statistics.median(xs):.0f} ({xs[0]:.0f}–{xs[-1]:.0f}) | {statistics.median(ws):.0f} ({ws[0]:.0f}–{ws[-1]:.0f}) |")


if __name__ == "__main__":
    main()
