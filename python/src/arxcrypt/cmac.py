"""CMAC (SP 800-38B) in pyca/cryptography's shape, for 64- and 128-bit-block ciphers.

    c = arxcrypt.cmac.CMAC("lea-128", key)
    c.update(b"message"); tag = c.finalize()
    arxcrypt.cmac.CMAC("lea-128", key).update(b"message")  # ... .verify(tag) or InvalidSignature

The C library computes a CMAC in one call, so update() collects the message
(memory grows with it) and finalize()/verify() hand it over whole; verify
compares in constant time inside the library. tag_length (4 .. block bytes,
default the block) truncates the tag; verify accepts only that length.
"""
from __future__ import annotations

from . import _arxcrypt

__all__ = ["CMAC"]


class CMAC(_arxcrypt.CMAC):
    """CMAC(name, key, tag_length=None, *, backend=None): update, finalize, verify, copy."""

    __slots__ = ()
