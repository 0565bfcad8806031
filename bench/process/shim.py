# A Python PATH shim in ContextCov's design (runtime/dispatcher.sh + check_process.py),
# the baseline of bench/process: on every call it loads the whole policy JSON, keeps
# the process rules about the program it is started as, judges argv with them, then
# execs the real program found on PATH after its own directory. The interpreter line
# is written by bench/process (a real python3 with -IS: no site, no user paths, the
# fastest start CPython has).
import json
import os
import sys


def main():
    name = os.path.basename(sys.argv[0])
    args = sys.argv[1:]
    here = os.path.dirname(os.path.abspath(sys.argv[0]))
    with open(os.environ["HEED_BENCH_POLICY"], encoding="utf-8") as fh:
        policy = json.load(fh)
    for entry in policy.get("constraints", []):
        for rule in entry.get("rules", []):
            if rule.get("domain") != "process" or rule.get("kind") != "command":
                continue
            for form in rule["params"].get("forbid", []):
                if name not in form.get("program", []):
                    continue
                want = form.get("args", [])
                pos = [a for a in args if not a.startswith("-")]
                if want and pos[: 1] != want[:1]:
                    continue
                flags = form.get("flags", [])
                if all(any(f in args for f in group) for group in flags):
                    sys.stderr.write("[shim] BLOCKED: %s\n" % entry.get("text", ""))
                    sys.exit(1)
    for d in os.environ.get("PATH", "").split(os.pathsep):
        if not d or os.path.abspath(d) == here:
            continue
        real = os.path.join(d, name)
        if os.access(real, os.X_OK) and not os.path.isdir(real):
            os.execv(real, [name] + args)
    sys.stderr.write("%s: command not found\n" % name)
    sys.exit(127)


main()
