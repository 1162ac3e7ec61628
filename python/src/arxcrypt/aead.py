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

Many messages at once (a gateway sealing short messages under many keys):
encrypt_many / decrypt_many take (box, nonce, data[, associated_data])
tuples, every box a GCM (or every box a CCM) of one cipher, and run them in
one library call (lane-per-message kernels where the backend has them).
decrypt_many gives None for each message whose tag fails and the plaintext
of every other one.
"""
from __future__ import annotations

import os
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple, Union

from . import _arxcrypt
from ._util import Buffer, nbytes

__all__ = ["GCM", "CCM", "encrypt_many", "decrypt_many", "LEAGCM", "LEACCM", "CHAMGCM", "CHAMCCM", "SPECKGCM", "SPECKCCM",
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
    def generate_key(cls, name: str) -> bytes:
        """A random key for cipher `name` (os.urandom)."""
        return _generate_key(name, "gcm")


class CCM(_arxcrypt.CCM):
    """CCM(name, key, tag_length=16, *, backend=None): one-shot CCM (SP 800-38C).

    Nonce 7..13 bytes; tag_length 4, 6, ..., 16; the nonce length bounds the
    message length (15 - len(nonce) length bytes).
    """

    __slots__ = ()

    @classmethod
    def generate_key(cls, name: str) -> bytes:
        """A random key for cipher `name` (os.urandom)."""
        return _generate_key(name, "ccm")


def _pick(cls_name: str, variants: Dict[int, str], key: object) -> str:
    n = nbytes(key, "key")
    try:
        return variants[n]
    except KeyError:
        sizes = ", ".join(str(k) for k in sorted(variants))
        raise ValueError("%s takes a key of %s bytes, not %d" % (cls_name, sizes, n)) from None


class _ByKeyLength:
    """Mixin for the XGCM/XCCM classes: the variant of cipher X by the key's length."""

    __slots__ = ()
    _variants: Dict[int, str] = {}

    def __new__(cls, key: Buffer, tag_length: int = 16, *, backend: Optional[str] = None) -> Any:
        name = _pick(cls.__name__, cls._variants, key)
        return super().__new__(cls, name, key, tag_length, backend=backend)  # type: ignore[call-arg]

    @classmethod
    def generate_key(cls, bit_length: int) -> bytes:
        """A random key of bit_length bits (os.urandom), as pyca's AESGCM.generate_key."""
        if not isinstance(bit_length, int) or isinstance(bit_length, bool):
            raise TypeError("bit_length must be an int")
        if bit_length % 8 or bit_length // 8 not in cls._variants:
            raise ValueError("bit_length must be %s" % " or ".join(str(8 * k) for k in sorted(cls._variants)))
        return os.urandom(bit_length // 8)


_LEA = {16: "lea-128", 24: "lea-192", 32: "lea-256"}
_CHAM = {16: "cham-128-128", 32: "cham-128-256"}
_SPECK = {16: "speck-128-128", 24: "speck-128-192", 32: "speck-128-256"}
_SIMON = {16: "simon-128-128", 24: "simon-128-192", 32: "simon-128-256"}
_SPARX = {16: "sparx-128-128", 32: "sparx-128-256"}


class LEAGCM(_ByKeyLength, GCM):  # type: ignore[misc]  # generate_key(bit_length), as pyca
    """LEAGCM(key, tag_length=16, *, backend=None): GCM on lea-128/192/256 (16-, 24- or 32-byte key)."""
    __slots__ = ()
    _variants = _LEA


class LEACCM(_ByKeyLength, CCM):  # type: ignore[misc]  # generate_key(bit_length), as pyca
    """LEACCM(key, tag_length=16, *, backend=None): CCM on lea-128/192/256 (16-, 24- or 32-byte key)."""
    __slots__ = ()
    _variants = _LEA


class CHAMGCM(_ByKeyLength, GCM):  # type: ignore[misc]  # generate_key(bit_length), as pyca
    """CHAMGCM(key, tag_length=16, *, backend=None): GCM on cham-128-128/256 (16- or 32-byte key; the
    revised CHAM, not the -legacy round counts)."""
    __slots__ = ()
    _variants = _CHAM


class CHAMCCM(_ByKeyLength, CCM):  # type: ignore[misc]  # generate_key(bit_length), as pyca
    """CHAMCCM(key, tag_length=16, *, backend=None): CCM on cham-128-128/256 (16- or 32-byte key)."""
    __slots__ = ()
    _variants = _CHAM


class SPECKGCM(_ByKeyLength, GCM):  # type: ignore[misc]  # generate_key(bit_length), as pyca
    """SPECKGCM(key, tag_length=16, *, backend=None): GCM on speck-128-128/192/256 (16-, 24- or 32-byte key)."""
    __slots__ = ()
    _variants = _SPECK


class SPECKCCM(_ByKeyLength, CCM):  # type: ignore[misc]  # generate_key(bit_length), as pyca
    """SPECKCCM(key, tag_length=16, *, backend=None): CCM on speck-128-128/192/256."""
    __slots__ = ()
    _variants = _SPECK


class SIMONGCM(_ByKeyLength, GCM):  # type: ignore[misc]  # generate_key(bit_length), as pyca
    """SIMONGCM(key, tag_length=16, *, backend=None): GCM on simon-128-128/192/256 (16-, 24- or 32-byte key)."""
    __slots__ = ()
    _variants = _SIMON


class SIMONCCM(_ByKeyLength, CCM):  # type: ignore[misc]  # generate_key(bit_length), as pyca
    """SIMONCCM(key, tag_length=16, *, backend=None): CCM on simon-128-128/192/256."""
    __slots__ = ()
    _variants = _SIMON


class SPARXGCM(_ByKeyLength, GCM):  # type: ignore[misc]  # generate_key(bit_length), as pyca
    """SPARXGCM(key, tag_length=16, *, backend=None): GCM on sparx-128-128/256 (16- or 32-byte key)."""
    __slots__ = ()
    _variants = _SPARX


class SPARXCCM(_ByKeyLength, CCM):  # type: ignore[misc]  # generate_key(bit_length), as pyca
    """SPARXCCM(key, tag_length=16, *, backend=None): CCM on sparx-128-128/256."""
    __slots__ = ()
    _variants = _SPARX


Item = Union[Tuple[Any, Buffer, Buffer], Tuple[Any, Buffer, Buffer, Optional[Buffer]]]


def encrypt_many(items: Iterable[Item]) -> List[bytes]:
    """[box.encrypt(nonce, data, aad) for each item], in one library call.

    items: (box, nonce, data) or (box, nonce, data, associated_data) tuples;
    every box a GCM, or every box a CCM, all of one cipher (each with its own
    key and tag_length). Any bad item raises (ValueError naming it, TypeError)
    before anything is encrypted.
    """
    return _arxcrypt.aead_many(_as_list(items), False)


def decrypt_many(items: Iterable[Item]) -> List[Optional[bytes]]:
    """Per item the plaintext, or None where its tag does not verify.

    Each data is ciphertext || tag, as encrypt returns it. A forged message
    releases nothing (the library zeroes its output); the others are
    returned. Argument errors raise as in encrypt_many, before any work.
    """
    return _arxcrypt.aead_many(_as_list(items), True)


def _as_list(items: Iterable[Item]) -> Sequence[Item]:
    return items if isinstance(items, (list, tuple)) else list(items)
