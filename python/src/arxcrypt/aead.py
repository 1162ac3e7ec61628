"""One-shot authenticated encryption in pyca/cryptography's AEAD shapes.

    box = arxcrypt.aead.GCM("lea-128", key)        # or LEAGCM(key)
    ct = box.encrypt(nonce, data, associated_data)  # ciphertext || tag
    pt = box.decrypt(nonce, ct, associated_data)    # or raises InvalidTag

decrypt checks the tag before it returns anything: on InvalidTag no
plaintext leaves the library (the C API zeroes its output). GCM and CCM need a
128-bit-block cipher: lea-*, cham-128-*, speck-128-*, simon-128-*, sparx-128-*.
A nonce must never repeat under one key.

The XGCM / XCCM classes pick the variant of cipher X by the key's length,
as pyca's AESGCM does: LEAGCM(16-, 24- or 32-byte key).
"""
from __future__ import annotations

import os
from typing import Dict, Optional

from . import _arxcrypt
from ._util import Buffer, nbytes

__all__ = ["GCM", "CCM", "LEAGCM", "LEACCM", "CHAMGCM", "CHAMCCM", "SPECKGCM", "SPECKCCM",
           "SIMONGCM", "SIMONCCM", "SPARXGCM", "SPARXCCM"]


def _generate_key(name: str, mode: str) -> bytes:
    info = _arxcrypt.cipher_info(name)
    if mode not in info["modes"]:
        raise _arxcrypt.UnsupportedAlgorithm("%s needs a cipher with 128-bit blocks; %s has %d-bit blocks"
                                             % (mode.upper(), info["name"], 8 * info["block_size"]))
    return os.urandom(info["key_size"])


class GCM(_arxcrypt.GCM):
    """GCM(name, key, tag_length=16, *, backend=None): one-shot GCM (SP 800-38D).

    encrypt(nonce, data, associated_data=None) -> ciphertext || tag
    decrypt(nonce, data, associated_data=None) -> plaintext, or InvalidTag
    Nonce: any non-empty length, 12 bytes the fast path. tag_length 4..16.
    """

    __slots__ = ()

    @classmethod
    def generate_key(cls, name: str) -> bytes:  # type: ignore[override]
        """A random key for cipher `name` (os.urandom)."""
        return _generate_key(name, "gcm")


class CCM(_arxcrypt.CCM):
    """CCM(name, key, tag_length=16, *, backend=None): one-shot CCM (SP 800-38C).

    Nonce 7..13 bytes; tag_length 4, 6, ..., 16; the nonce length bounds the
    message length (15 - len(nonce) length bytes).
    """

    __slots__ = ()

    @classmethod
    def generate_key(cls, name: str) -> bytes:  # type: ignore[override]
        """A random key for cipher `name` (os.urandom)."""
        return _generate_key(name, "ccm")


def _pick(cls_name: str, variants: Dict[int, str], key: object) -> str:
    n = nbytes(key, "key")
    try:
        return variants[n]
    except KeyError:
        sizes = ", ".join(str(k) for k in sorted(variants))
        raise ValueError("%s takes a key of %s bytes, not %d" % (cls_name, sizes, n)) from None


def _family(base: type, cls_name: str, variants: Dict[int, str]) -> type:
    def __new__(cls, key: Buffer, tag_length: int = 16, *, backend: Optional[str] = None):  # type: ignore[no-untyped-def]
        return base.__new__(cls, _pick(cls_name, variants, key), key, tag_length, backend=backend)

    def generate_key(cls, bit_length: int) -> bytes:  # type: ignore[no-untyped-def]
        if not isinstance(bit_length, int) or isinstance(bit_length, bool):
            raise TypeError("bit_length must be an int")
        if bit_length % 8 or bit_length // 8 not in variants:
            raise ValueError("bit_length must be %s" % " or ".join(str(8 * k) for k in sorted(variants)))
        return os.urandom(bit_length // 8)

    doc = "%s(key, tag_length=16, *, backend=None): %s on %s, picked by the key's length (%s bytes)." % (
        cls_name, base.__name__, "/".join(variants[k] for k in sorted(variants)),
        ", ".join(str(k) for k in sorted(variants)))
    return type(cls_name, (base,), {
        "__slots__": (), "__new__": __new__, "generate_key": classmethod(generate_key),
        "__doc__": doc, "__module__": __name__, "__qualname__": cls_name,
    })


_LEA = {16: "lea-128", 24: "lea-192", 32: "lea-256"}
_CHAM = {16: "cham-128-128", 32: "cham-128-256"}
_SPECK = {16: "speck-128-128", 24: "speck-128-192", 32: "speck-128-256"}
_SIMON = {16: "simon-128-128", 24: "simon-128-192", 32: "simon-128-256"}
_SPARX = {16: "sparx-128-128", 32: "sparx-128-256"}

LEAGCM = _family(GCM, "LEAGCM", _LEA)
LEACCM = _family(CCM, "LEACCM", _LEA)
CHAMGCM = _family(GCM, "CHAMGCM", _CHAM)
CHAMCCM = _family(CCM, "CHAMCCM", _CHAM)
SPECKGCM = _family(GCM, "SPECKGCM", _SPECK)
SPECKCCM = _family(CCM, "SPECKCCM", _SPECK)
SIMONGCM = _family(GCM, "SIMONGCM", _SIMON)
SIMONCCM = _family(CCM, "SIMONCCM", _SIMON)
SPARXGCM = _family(GCM, "SPARXGCM", _SPARX)
SPARXCCM = _family(CCM, "SPARXCCM", _SPARX)
