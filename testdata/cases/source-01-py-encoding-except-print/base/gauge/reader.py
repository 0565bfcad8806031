"""Read sensor logs."""
import logging

log = logging.getLogger(__name__)


def read_lines(path: str) -> list[str]:
    with open(path) as f:
        return f.read().splitlines()
