"""Trips as the API sees them."""
from service.db import session


def find_trip(trip_id: str) -> dict | None:
    with session():
        return {"id": trip_id} if trip_id else None
