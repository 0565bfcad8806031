"""Invoice handlers."""
import logging

from app.db import session  # pre-existing, untouched by the change


def list_invoices():
    with session():
        return []
