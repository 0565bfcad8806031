"""Read sensor logs."""
import logging

log = logging.getLogger(__name__)


def read_lines(path: str) -> list[str]:
    with open(path) as f:
        return f.read().splitlines()


def read_header(path: str) -> str:
    # open(path) without encoding= would use the locale; this one is explicit:
    with open(path, encoding="utf-8") as f:
        return f.readline().strip()


def read_blob(path: str) -> bytes:
    with open(path, "rb") as f:
        return f.read()


def read_calibration(path: str) -> dict[str, float]:
    out = {}
    with open(path, "r") as f:
        for line in f:
            try:
                name, value = line.split("=")
                out[name] = float(value)
            except:
                log.warning("bad calibration line: %r", line)
    return out
