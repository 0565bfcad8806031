"""Daily summaries."""
import sys

from gauge.reader import read_lines


def summarize(path: str) -> str:
    lines = read_lines(path)
    print(f"summarizing {len(lines)} readings")
    return f"{len(lines)} readings"


if __name__ == "__main__":
    print(summarize(sys.argv[1]))
