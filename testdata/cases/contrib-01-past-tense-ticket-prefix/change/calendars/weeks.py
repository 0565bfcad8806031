import datetime


def iso_week(year, week, day):
    """Return the date of an ISO week date."""
    return datetime.date.fromisocalendar(year, week, day)
