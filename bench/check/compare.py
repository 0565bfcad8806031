"""compare.py OLD.json NEW.json LABEL: two `heed check --format json` reports.

Findings, hidden findings and rules must be identical; so must the summary, but for
the undetermined entry of rules that need a model and have none: those are now
undetermined as a whole, without reading a file, so the entry lists no files
(before: every file in the rule's scope), and files no other rule wants are not read
(files_checked and skipped count fewer). Prints one line; exits 1 on a difference.
"""
import json
import sys

NO_MODEL = "needs a model"


def load(p):
    d = json.load(open(p))
    d["summary"].pop("duration_ms", None)
    return d


old, new, label = load(sys.argv[1]), load(sys.argv[2]), sys.argv[3]
problems, expected = [], []
for key in sorted(set(old) | set(new)):
    if key != "summary" and old.get(key) != new.get(key):
        problems.append(key)
so, sn = old["summary"], new["summary"]
no_model = any(u["reason"].startswith(NO_MODEL) for u in so.get("undetermined", []))
for key in sorted(set(so) | set(sn)):
    if key == "undetermined" or so.get(key) == sn.get(key):
        continue
    if no_model and key in ("files_checked", "skipped"):
        # the files only the rule without a model wanted are no longer read
        expected.append(f"{key} {so.get(key)} → {sn.get(key)}")
        continue
    problems.append("summary." + key)
uo = {u["reason"]: u for u in so.get("undetermined", [])}
un = {u["reason"]: u for u in sn.get("undetermined", [])}
for reason in sorted(set(uo) | set(un)):
    a, b = uo.get(reason), un.get(reason)
    if a == b:
        continue
    if reason.startswith(NO_MODEL) and a and b and a["rules"] == b["rules"] and b["file_count"] == 0:
        expected.append(f"no-model entry lists {a['file_count']} → 0 files")
        continue
    problems.append(f"summary.undetermined[{reason[:40]}]")
n = len(new.get("findings", []))
if problems:
    print(f"DIFFERENT  {label}: {', '.join(problems)}  (diff {sys.argv[1]} {sys.argv[2]})")
    sys.exit(1)
print(f"same       {label} ({n} findings; {'; '.join(expected)})")
