from service.api.bookings import create_booking


def test_unknown_trip():
    assert create_booking("", 1) == {"error": "unknown trip"}
    print("debug output is fine in tests")
