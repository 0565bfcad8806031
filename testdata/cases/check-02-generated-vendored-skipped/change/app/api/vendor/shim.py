"""A vendored copy of a third-party shim."""
from app.db import session
