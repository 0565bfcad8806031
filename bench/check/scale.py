#!/usr/bin/env python3
"""heed check at 1k, 5k and 20k files: time and memory, two builds and the peers side by side.

    bench/check/scale.py --heed NEW [--base OLD] [--django DIR] [--runs N] [--only SECTIONS]

Sections (all by default; --only takes a comma-separated list):

  curve     the scaling curve: `check --all` on generated repositories of 1,000, 5,000 and
            20,000 files (the demo's AGENTS.md, rules of every domain: bench/check/gen.go),
            cold (no .heed/cache).
  django    `check --all` with the 30 Python rules of bench/source over Django 3.2 (859
            .py files) and copies of it side by side (6 copies: 5,154 files; 23 copies:
            19,757 files, 80,000 tracked), next to ast-grep with the same rules.
  diff      `check --diff HEAD~1` after a one-file commit, on Django, Django ×23 and the
            20,000-file generated repository, next to its floors: `git status` on the same
            tree and `heed --version` (process start).

In every section each build has a user cache of its own (XDG_CACHE_HOME under --work),
as one user's heed has: "cold" removes the repository's .heed/cache, not the compiled
zero-config policy a first run keeps in the user's cache.
  firstbase `check --diff HEAD~1` on the 20,000-file generated repository with the base's
            self-validation verdicts removed from the user's cache before each run: what
            the first diff against a new base costs (the pass judges the base's tree).
  semantic  the same Django check with one `judge` rule added and no model configured, next
            to the check without it.
  base      `check --diff HEAD~1` after a one-file commit on clones of the repositories
            --repos names (comma-separated), which commit no policy: heed compiles the
            base's instruction files and self-validates their rules on the base's tree.
            Each build's user cache is warm after the warm-up run: what a second check
            on the same base costs.

--django is Django's package folder as Debian ships it (bench/source/bench.py's docstring
says how to get it: apt-get download python3-django; dpkg -x). Without it the django,
diff and semantic sections use only the generated repositories.

Every command of a section runs once to warm up, then --runs times, the commands
interleaved round by round (so a burst of load from other work on the machine falls on
all of them alike). Each figure is the median with the spread (min–max) of its runs:

  wall      elapsed time;
  cpu       user+sys seconds (less sensitive than wall time to a shared machine);
  own MB    the peak resident memory of the measured process alone (VmHWM, read from
            /proc every 2 ms while it runs; the last reading before exit), its binary's
            mapped pages included (each binary is read whole into the page cache first,
            so both builds map theirs alike);
  anon MB   the largest anonymous resident memory seen in those readings (RssAnon:
            the heap, Go's and C's, without the binary);
  tree MB   the peak of the process or any child it waited for (getrusage's maxrss, what
            /usr/bin/time reports): heed runs git, whose own peak on a large index can be
            the larger one.

Repositories are written under --work (default /tmp/heed-bench-scale) and kept for
reruns; fetched code is never written into heed's tree.
"""
import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "bench", "source"))
import bench as source_bench  # noqa: E402  (the 30 rules, as heed and ast-grep write them)

ENV = dict(os.environ, GIT_AUTHOR_NAME="b", GIT_AUTHOR_EMAIL="b@x", GIT_COMMITTER_NAME="b",
           GIT_COMMITTER_EMAIL="b@x", GIT_CONFIG_NOSYSTEM="1", NO_COLOR="1")


def git(repo, *args):
    subprocess.run(["git", "-C", repo, *args], check=True, env=ENV, stdout=subprocess.DEVNULL)


def vmstat(pid):
    """VmHWM and RssAnon of a running process, in kB (None when it is gone)."""
    hwm = anon = None
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    hwm = int(line.split()[1])
                elif line.startswith("RssAnon:"):
                    anon = int(line.split()[1])
    except OSError:
        pass
    return hwm, anon


class Result:
    def __init__(self, wall, cpu, own_kb, tree_kb, out, anon_kb=0):
        self.wall, self.cpu, self.own, self.tree, self.out = wall, cpu, own_kb / 1024, tree_kb / 1024, out
        self.anon = anon_kb / 1024


def run_once(argv, cwd=None, setup=None):
    """Run argv; wall, CPU, own peak RSS (polled VmHWM) and the tree's (rusage)."""
    if setup:
        setup()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    p = subprocess.Popen(argv, cwd=cwd, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    peak = [0, 0]

    def poll():
        while p.poll() is None:
            hwm, anon = vmstat(p.pid)
            if hwm:
                peak[0] = max(peak[0], hwm)
            if anon:
                peak[1] = max(peak[1], anon)
            time.sleep(0.002)

    th = threading.Thread(target=poll)
    th.start()
    out, err = p.communicate()
    wall = time.perf_counter() - t0
    th.join()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode not in (0, 1):
        sys.exit(f"{' '.join(argv)} failed ({p.returncode}): {err.decode()[-800:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    # ru_maxrss of RUSAGE_CHILDREN is the largest child's so far: measured runs this
    # in a fresh process per measurement, so it is this command's.
    return Result(wall, cpu, peak[0], after.ru_maxrss, out, peak[1])


def measured(argv, cwd=None, setup=None):
    """run_once in a child Python process, so getrusage's maxrss is this command's."""
    code = ("import sys,json\n"
            "sys.path.insert(0, %r)\n"
            "import scale\n"
            "r = scale.run_once(%r, %r)\n"
            "sys.stdout.buffer.write(json.dumps([r.wall, r.cpu, r.own*1024, r.tree*1024, r.anon*1024]).encode() + b'\\n' + r.out)\n"
            ) % (HERE, argv, cwd)
    if setup:
        setup()
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, env=ENV)
    if p.returncode != 0:
        sys.exit(p.stderr.decode()[-800:])
    head, _, out = p.stdout.partition(b"\n")
    wall, cpu, own, tree, anon = json.loads(head)
    return Result(wall, cpu, own, tree, out, anon)


def fmt_stat(xs, unit, scale=1.0, prec=2):
    xs = sorted(x * scale for x in xs)
    unit = " " + unit if unit else ""
    return f"{statistics.median(xs):.{prec}f}{unit} ({xs[0]:.{prec}f}–{xs[-1]:.{prec}f})"


def fmt_time(xs):
    """Seconds, or milliseconds under one second."""
    if statistics.median(xs) < 1:
        return fmt_stat(xs, "ms", 1000, 0)
    return fmt_stat(xs, "s")


def findings_of(out):
    try:
        d = json.loads(out)
    except ValueError:
        return None
    if isinstance(d, dict) and "findings" in d:
        return len(d["findings"])
    return None


def warm_binary(path):
    """Read a binary whole, so its pages are in the page cache: the resident size of a
    process counts the file pages mapped around each one it touches, and those are
    many more for a binary just written (all cached) than for one partly evicted."""
    with open(path, "rb") as f:
        while f.read(1 << 20):
            pass


def fresh_copy(work, name, path):
    """A copy of the binary at path, written now under work: how many of a binary's
    file pages a process maps depends on how its file sits in the page cache, not only
    on what it runs (`heed --version` mapped 17 MB from a fresh copy of a build, 19 MB
    from the linker's output of another and 25 MB from that of a third, all read whole
    into the cache): the builds and the peers are measured from copies made alike."""
    d = os.path.join(work, "bin")
    os.makedirs(d, exist_ok=True)
    dst = os.path.join(d, name)
    tmp = dst + ".tmp"
    shutil.copyfile(os.path.realpath(path), tmp)
    os.chmod(tmp, 0o755)
    os.replace(tmp, dst)
    return dst


def interleaved(cmds, runs):
    """cmds: [(label, argv, cwd, setup)]. One warm-up each, then runs rounds."""
    for _, argv, _, _ in cmds:
        for arg in argv[:3]:  # the binary, or the one `env VAR=... BIN` runs
            if os.path.isabs(arg) and os.path.isfile(arg) and os.access(arg, os.X_OK):
                warm_binary(arg)
    res = {c[0]: [] for c in cmds}
    for label, argv, cwd, setup in cmds:
        measured(argv, cwd, setup)
    for _ in range(runs):
        for label, argv, cwd, setup in cmds:
            res[label].append(measured(argv, cwd, setup))
    return res


def table(res, title, extra=None):
    print(f"\n### {title}\n")
    print("| command | wall | cpu | own MB | anon MB | tree MB | findings |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for label, rs in res.items():
        n = findings_of(rs[-1].out)
        if n is None and label.startswith("ast-grep"):
            n = sum(1 for l in rs[-1].out.splitlines() if l.strip())
        print(f"| {label} | {fmt_time([r.wall for r in rs])} | {fmt_time([r.cpu for r in rs])} "
              f"| {fmt_stat([r.own for r in rs], '', prec=0)} | {fmt_stat([r.anon for r in rs], '', prec=0)} "
              f"| {fmt_stat([r.tree for r in rs], '', prec=0)} | {n if n is not None else '–'} |")
    if extra:
        print(extra)
    sys.stdout.flush()


def nocache(repo):
    return lambda: shutil.rmtree(os.path.join(repo, ".heed", "cache"), ignore_errors=True)


def generated(work, n):
    d = os.path.join(work, f"gen{n}")
    if not os.path.isdir(os.path.join(d, ".git")):
        shutil.rmtree(d, ignore_errors=True)
        subprocess.run(["go", "run", "./bench/check", "-generate", d, "-files", str(n)], cwd=ROOT, check=True)
    return d


def policy30(work):
    """The 30 rules as a heed policy (policygen) and as ast-grep rule files."""
    pol = os.path.join(work, "policy30.json")
    sg = os.path.join(work, "sg30")
    if not os.path.exists(pol):
        gen = os.path.join(work, "policygen")
        subprocess.run(["go", "build", "-o", gen, "./bench/source/policygen"], cwd=ROOT, check=True)
        specs = []
        for rid, q, _ in source_bench.pick(30):
            sp = {"id": rid, "query": q}
            if rid.startswith("call-"):
                sp["needles"] = [rid[len("call-"):].split(".")[-1]]
            sp.update(source_bench.GATES.get(rid, {}))
            specs.append(sp)
        out = subprocess.run([gen], input=json.dumps(specs), text=True, capture_output=True, check=True).stdout
        with open(pol, "w") as f:
            f.write(out)
        source_bench.write_sg_rules(sg, source_bench.pick(30))
    return pol, os.path.join(sg, "sgconfig.yml")


def django_copies(work, django, copies):
    """Django's package folder, copies times side by side, with the 30-rule policy and a
    second commit that changes one file."""
    d = os.path.join(work, f"django{copies}")
    if os.path.isdir(os.path.join(d, ".git")):
        return d
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    for i in range(copies):
        dst = os.path.join(d, "django") if copies == 1 else os.path.join(d, f"copy{i:02d}")
        shutil.copytree(django, dst, symlinks=True, ignore=shutil.ignore_patterns("__pycache__"))
    for dd, _, fs in os.walk(d):
        for f in fs:
            p = os.path.join(dd, f)
            if f.endswith(".py") and source_bench.heed_skips(p):
                os.remove(p)
    pol, _ = policy30(work)
    os.makedirs(os.path.join(d, ".heed"))
    shutil.copy(pol, os.path.join(d, ".heed", "policy.json"))
    git(d, "init", "-q")
    git(d, "add", "-A")
    git(d, "commit", "-qm", "base", "--no-verify")
    py = sorted(subprocess.run(["git", "-C", d, "ls-files", "*.py"], capture_output=True, text=True, check=True).stdout.split())
    with open(os.path.join(d, py[len(py) // 2]), "a") as f:
        f.write("\nprint('changed')\n")
    git(d, "commit", "-qam", "change one file", "--no-verify")
    return d


def one_change(work, src):
    """A clone of src with a commit that changes one tracked file (its middle source
    file gets a blank line), so `--diff HEAD~1` has a base with no policy committed."""
    d = os.path.join(work, "base-" + os.path.basename(os.path.normpath(src)))
    if os.path.isdir(os.path.join(d, ".git")):
        return d
    shutil.rmtree(d, ignore_errors=True)
    subprocess.run(["git", "clone", "-q", "--no-hardlinks", src, d], check=True, env=ENV)
    files = sorted(subprocess.run(["git", "-C", d, "ls-files"], capture_output=True, text=True, check=True).stdout.split())
    src_files = [f for f in files if os.path.splitext(f)[1] in (".py", ".go", ".rb", ".ts", ".js", ".rs", ".c", ".cs", ".java", ".php", ".kt")] or files
    with open(os.path.join(d, src_files[len(src_files) // 2]), "a") as f:
        f.write("\n")
    git(d, "commit", "-qam", "change one file", "--no-verify")
    return d


def with_judge(work, repo):
    """repo's copy with one judge rule (on files) added to its policy."""
    d = repo + "-judge"
    if os.path.isdir(os.path.join(d, ".git")):
        return d
    shutil.rmtree(d, ignore_errors=True)
    shutil.copytree(repo, d, symlinks=True)
    p = os.path.join(d, ".heed", "policy.json")
    pol = json.load(open(p))
    pol["constraints"].append({
        "id": "judge-1", "text": "Keep views thin: business logic belongs in the models.",
        "file": "AGENTS.md", "line": 2, "end_line": 2, "level": "should", "scope": {"dir": ""},
        "rules": [{"id": "judge-1.judge.1", "domain": "semantic", "kind": "judge", "severity": "warning",
                   "exact": False, "origin": "manual", "message": "views hold business logic", "scope": {"dir": ""},
                   "params": {"rubric": "Keep views thin: business logic belongs in the models."}}]})
    json.dump(pol, open(p, "w"), indent=1)
    git(d, "commit", "-qam", "add a judge rule", "--no-verify")
    return d


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--heed", required=True)
    ap.add_argument("--base", help="a second heed build, measured alongside")
    ap.add_argument("--django", help="Django's package folder (Debian's python3-django)")
    ap.add_argument("--astgrep", help="ast-grep binary (default: bench/source/node_modules/.bin/ast-grep)")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--work", default="/tmp/heed-bench-scale")
    ap.add_argument("--only", default="curve,django,diff,semantic")
    ap.add_argument("--sizes", default="1000,5000,20000")
    ap.add_argument("--firstbase-sizes", default="last", choices=("last", "all"),
                    help="firstbase at the largest size only, or at every size with the cached diff and git status beside it")
    ap.add_argument("--repos", default="", help="repositories for the base section (cloned under --work)")
    a = ap.parse_args()
    os.makedirs(a.work, exist_ok=True)
    only = set(a.only.split(","))
    bins = [("heed", fresh_copy(a.work, "heed", a.heed))]
    if a.base:
        bins.append(("base", fresh_copy(a.work, "base", a.base)))
    sg = a.astgrep or os.path.join(ROOT, "bench", "source", "node_modules", ".bin", "ast-grep")
    if os.path.exists(sg):
        sg = fresh_copy(a.work, "ast-grep", sg)
    sizes = [int(s) for s in a.sizes.split(",")]
    print(f"heed check scaling, {time.strftime('%Y-%m-%d')}, {os.cpu_count()} CPUs, load average "
          f"{os.getloadavg()[0]:.1f} at the start; {a.runs} runs each, interleaved; median (min–max)")

    # Each build keeps its own user cache (XDG_CACHE_HOME under --work), as one user's
    # heed has: the compiled zero-config policy and a diff's base rules are kept there,
    # one entry a repository keyed by the build, so two builds sharing one would evict
    # each other's and every run would compile the instruction files again (on the
    # generated repositories that compile was the largest heap of the run).
    def own(name, b):
        return ["env", f"XDG_CACHE_HOME={os.path.join(a.work, 'xdg-' + name)}", b]

    if "curve" in only:
        for n in sizes:
            d = generated(a.work, n)
            cmds = [(f"{name} check --all, {n} files", own(name, b) + ["check", "--all", "--repo", d, "--format", "json"], None, nocache(d))
                    for name, b in bins]
            table(interleaved(cmds, a.runs), f"curve: generated repository, {n} files, cold")

    djangos = []
    if a.django:
        djangos = [(n, django_copies(a.work, a.django, c)) for n, c in ((859, 1), (5154, 6), (19757, 23))]
    if "django" in only and djangos:
        _, sgconf = policy30(a.work)
        for n, d in djangos:
            # --all-sites: every site, as ast-grep reports them (by default a rule past
            # self_validation.max_sites is reported once with three of its sites)
            cmds = [(f"{name} check --all --all-sites", own(name, b) + ["check", "--all", "--all-sites", "--repo", d, "--format", "json"], None, nocache(d))
                    for name, b in bins]
            if os.path.exists(sg):
                cmds.append(("ast-grep scan (30 rules)", [sg, "scan", "-c", sgconf, "--json=stream", d], None, None))
            table(interleaved(cmds, a.runs), f"Django, {n} .py files, 30 rules, cold")

    if "diff" in only:
        repos = [(f"Django ({n} files)", d) for n, d in djangos if n in (859, 19757)]
        repos.append((f"generated, {sizes[-1]} files", generated(a.work, sizes[-1])))
        for title, d in repos:
            cmds = [(f"{name} check --diff HEAD~1", own(name, b) + ["check", "--diff", "HEAD~1", "--repo", d, "--format", "json"], None, None)
                    for name, b in bins]
            cmds.append(("git status --porcelain", ["git", "-C", d, "status", "--porcelain"], None, None))
            cmds.append(("heed --version", [bins[0][1], "--version"], None, None))
            table(interleaved(cmds, a.runs), f"diff mode, one changed file: {title}")

    if "base" in only:
        for src in filter(None, a.repos.split(",")):
            d = one_change(a.work, src)
            cmds = [(f"{name} check --diff HEAD~1", own(name, b) + ["check", "--diff", "HEAD~1", "--repo", d, "--format", "json"], None, None)
                    for name, b in bins]
            cmds.append(("heed --version", [bins[0][1], "--version"], None, None))
            table(interleaved(cmds, a.runs), f"diff mode, base without a policy, warm user cache: {os.path.basename(d)}")

    if "firstbase" in only:
        # The first diff against a base: the compiled rules are kept in the user's
        # cache (the warm-up run leaves them), the base's self-validation verdicts are
        # not (removed before each run), so every run pays the validation pass. The
        # cached diff beside it keeps them (what every later diff against that base
        # pays), and `git status` is the floor.
        def forget(name):
            def f():
                for dd, _, fs in os.walk(os.path.join(a.work, "xdg-" + name)):
                    for x in fs:
                        if x.endswith("-base-validation.json"):
                            os.remove(os.path.join(dd, x))
            return f
        fsizes = sizes if a.firstbase_sizes == "all" else [sizes[-1]]
        for n in fsizes:
            d = generated(a.work, n)
            cmds = [(f"{name} check --diff HEAD~1, verdicts not kept", own(name, b) + ["check", "--diff", "HEAD~1", "--repo", d, "--format", "json"], None, forget(name))
                    for name, b in bins]
            if a.firstbase_sizes == "all":
                cmds += [(f"{name} check --diff HEAD~1, verdicts kept", own(name, b) + ["check", "--diff", "HEAD~1", "--repo", d, "--format", "json"], None, None)
                         for name, b in bins]
                cmds.append(("git status --porcelain", ["git", "-C", d, "status", "--porcelain"], None, None))
            table(interleaved(cmds, a.runs), f"first diff against a base without a policy: generated, {n} files")

    if "semantic" in only:
        for n, d in djangos[:1]:
            j = with_judge(a.work, d)
            cmds = []
            for name, b in bins:
                cmds.append((f"{name} check --all, 30 rules + 1 judge rule", own(name, b) + ["check", "--all", "--repo", j, "--format", "json"], None, nocache(j)))
                cmds.append((f"{name} check --all, 30 rules", own(name, b) + ["check", "--all", "--repo", d, "--format", "json"], None, nocache(d)))
            table(interleaved(cmds, a.runs), f"one judge rule, no model: Django, {n} .py files, cold")


if __name__ == "__main__":
    main()
