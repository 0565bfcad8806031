"""HTTP handlers for bookings."""
import logging

from service.db import session  # breaks the layering: api goes through service/repo
from service.repo.trips import find_trip

log = logging.getLogger(__name__)


def create_booking(trip_id: str, seats: int) -> dict:
    trip = find_trip(trip_id)
    if trip is None:
        log.warning("unknown trip %s", trip_id)
        return {"error": "unknown trip"}
    print(f"booking {seats} seats on {trip_id}")  # breaks: no print() in service/
    with session() as s:
        s.add({"trip": trip_id, "seats": seats})
    return {"trip": trip_id, "seats": seats}
