from __future__ import annotations

from typing import Union

Buffer = Union[bytes, bytearray, memoryview]


def as_bytes(value: object, what: str) -> bytes:
    """A private copy of a bytes-like parameter (modes keep their IV)."""
    if isinstance(value, bytes):
        return value
    if isinstance(value, str) or value is None:
        raise TypeError("%s must be bytes-like (bytes, bytearray, memoryview), not %s" % (what, type(value).__name__))
    try:
        return memoryview(value).tobytes()  # type: ignore[arg-type]
    except TypeError:
        raise TypeError("%s must be bytes-like (bytes, bytearray, memoryview), not %s"
                        % (what, type(value).__name__)) from None


def nbytes(value: object, what: str) -> int:
    if isinstance(value, (bytes, bytearray)):
        return len(value)
    try:
        return memoryview(value).nbytes  # type: ignore[arg-type]
    except TypeError:
        raise TypeError("%s must be bytes-like (bytes, bytearray, memoryview), not %s"
                        % (what, type(value).__name__)) from None
