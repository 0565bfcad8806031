"""Database access: the only package that talks to SQLAlchemy."""
from contextlib import contextmanager


@contextmanager
def session():
    yield _Session()


class _Session:
    def add(self, row: dict) -> None:
        pass
