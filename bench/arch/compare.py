#!/usr/bin/env python3
"""Compare the edges heed graph --external --format json found with those of
dependency-cruiser --output-type json, over the same folder.

An edge is (importing file, imported file) inside the folder; third-party and Node
built-in imports are counted apart. For the edges only one tool found, it prints how
many of each kind there are and a sample, so that every difference can be explained.
"""
import collections
import json
import os
import sys


def heed_edges(path):
    d = json.load(open(path))
    internal, external, kinds = set(), collections.Counter(), {}
    for e in d["edges"]:
        if e["target"] == "file":
            internal.add((e["from"], e["to"]))
            kinds.setdefault((e["from"], e["to"]), set()).add(e["kind"] + ("/type" if e.get("type_only") else ""))
        elif e["target"] in ("external", "outside"):
            external[e["target"]] += 1
        else:
            external[e["target"]] += 1
    return internal, external, kinds, d["stats"]


def dc_edges(path):
    d = json.load(open(path))
    internal, external, kinds, unresolved = set(), collections.Counter(), {}, []
    for m in d["modules"]:
        src = os.path.normpath(m["source"])
        for dep in m.get("dependencies", []):
            res = os.path.normpath(dep.get("resolved", ""))
            types = dep.get("dependencyTypes", [])
            if dep.get("coreModule") or "core" in types:
                external["core"] += 1
            elif dep.get("couldNotResolve"):
                external["unresolved"] += 1
                unresolved.append((src, dep.get("module")))
            elif res.startswith("node_modules/") or "npm" in " ".join(types):
                external["npm"] += 1
            else:
                internal.add((src, res))
                kinds.setdefault((src, res), set()).update(types)
    return internal, external, kinds, len(d["modules"]), unresolved


def stem(p):
    """The module a file stands for: x.d.ts, x.ts and x.js are one module."""
    for ext in (".d.ts", ".d.mts", ".d.cts", ".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"):
        if p.endswith(ext):
            return p[: -len(ext)]
    return p


def main():
    h, hext, hk, stats = heed_edges(sys.argv[1])
    c, cext, ck, cmods, unresolved = dc_edges(sys.argv[2])
    # A declaration importing "./x.js" beside x.d.ts: heed resolves it to x.d.ts, as tsc
    # does; dependency-cruiser to x.js. Compare modules, so that this is not counted
    # as a difference, but say how often it happens.
    hs = {(a, stem(b)) for a, b in h}
    cs = {(a, stem(b)) for a, b in c}
    decl = sum(1 for a, b in h if b.endswith(".d.ts") and (a, b[:-5] + ".js") in c)
    print(f"by module (x.d.ts = x.js): heed {len(hs)}, dependency-cruiser {len(cs)}, both {len(hs & cs)}, "
          f"only heed {len(hs - cs)}, only dependency-cruiser {len(cs - hs)}; "
          f"{decl} edges differ only in heed choosing the declaration file")
    hk = {(a, stem(b)): v for (a, b), v in hk.items()}
    ck = {(a, stem(b)): v for (a, b), v in ck.items()}
    h, c = hs, cs
    both = h & c
    print(f"heed: {stats['files']} files, {len(h)} file-to-file edges, external/outside {dict(hext)}")
    print(f"dependency-cruiser: {cmods} modules, {len(c)} file-to-file edges, others {dict(cext)}")
    print(f"edges found by both: {len(both)}; only heed: {len(h - c)}; only dependency-cruiser: {len(c - h)}")
    for name, only, kinds in (("only heed", h - c, hk), ("only dependency-cruiser", c - h, ck)):
        by = collections.Counter(",".join(sorted(kinds.get(e, {"?"}))) for e in only)
        print(f"{name}, by kind: {dict(by.most_common(8))}")
        for e in sorted(only)[:6]:
            print(f"  {e[0]} -> {e[1]}  [{','.join(sorted(kinds.get(e, set())))}]")
    if unresolved:
        print(f"dependency-cruiser could not resolve {len(unresolved)} imports, e.g.:")
        for src, mod in unresolved[:5]:
            print(f"  {src}: {mod}")


if __name__ == "__main__":
    main()
