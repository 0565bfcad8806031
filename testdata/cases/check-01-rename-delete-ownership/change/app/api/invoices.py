"""Invoice handlers."""
import logging
from app.db.models import Invoice
from app.db import session  # pre-existing, untouched by the change


def list_invoices():
    with session():
        return [Invoice()]
