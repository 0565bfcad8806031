from contextlib import contextmanager


@contextmanager
def session():
    yield None
