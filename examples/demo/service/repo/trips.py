"""Trips as the API sees them."""
import yaml

from service.db import session


def find_trip(trip_id: str) -> dict | None:
    with session():
        return {"id": trip_id} if trip_id else None


def load_timetable(path: str) -> list[str]:
    with open(path) as f:  # breaks: text-mode open() without encoding=
        return f.read().splitlines()  # breaks: white space ends this line (heed check --fix)   


def load_fares(path: str) -> dict:
    with open(path, encoding="utf-8") as f:
        return yaml.load(f)  # breaks: the rule asks for yaml.safe_load (heed check --fix)

