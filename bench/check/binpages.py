#!/usr/bin/env python3
"""Which parts of a binary are resident while it runs: the file-backed share of its memory.

    bench/check/binpages.py BINARY ARGS...

Runs BINARY ARGS, reads /proc/PID/pagemap every 50 ms (root, or a kernel that shows the
present bit to the owner) over the address range of the binary's sections, and prints
the union of the pages seen resident, by ELF section (readelf -S). What a process maps
of its binary is not what it runs: the kernel maps the pages around each page touched
(fault-around), so a section whose code is spread over the binary is resident whole.
"""
import collections
import os
import subprocess
import sys
import time


def sections(binary):
    out = []
    for line in subprocess.run(["readelf", "-SW", binary], capture_output=True, text=True, check=True).stdout.splitlines():
        parts = line.replace("[ ", "[").split()
        if len(parts) > 6 and parts[0].startswith("[") and parts[2] in ("PROGBITS", "NOBITS", "INIT_ARRAY", "FINI_ARRAY", "DYNAMIC"):
            addr, size = int(parts[3], 16), int(parts[5], 16)
            if addr:
                out.append((addr, addr + size, parts[1]))
    return out


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    binary = sys.argv[1]
    secs = sections(binary)
    lo = min(s for s, _, _ in secs) // 4096 * 4096
    hi = max(e for _, e, _ in secs)
    npages = (hi - lo + 4095) // 4096
    present = bytearray(npages)
    p = subprocess.Popen([binary] + sys.argv[2:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    fd = os.open(f"/proc/{p.pid}/pagemap", os.O_RDONLY)
    while p.poll() is None:
        try:
            data = os.pread(fd, npages * 8, (lo // 4096) * 8)
        except OSError:
            break
        for i in range(len(data) // 8):
            if data[i * 8 + 7] & 0x80:
                present[i] = 1
        time.sleep(0.05)
    size = collections.Counter()
    res = collections.Counter()
    for s, e, n in secs:
        size[n] += e - s
        first, last = (s - lo) // 4096, (e - 1 - lo) // 4096
        res[n] += sum(present[first:last + 1]) * 4096
    print(f"{binary}: pages of its sections resident at some point of the run, MB")
    print("| section | resident | size |")
    print("| --- | ---: | ---: |")
    for n, _ in res.most_common():
        if res[n] >= 64 << 10:
            print(f"| {n} | {res[n] / 2**20:.1f} | {size[n] / 2**20:.1f} |")
    print(f"| all | {sum(res.values()) / 2**20:.1f} | {sum(size.values()) / 2**20:.1f} |")


if __name__ == "__main__":
    main()
