"""Modes for arxcrypt.Cipher, in pyca/cryptography's shapes.

A mode holds its IV, nonce or tag and names the C library's mode; the cipher
checks the lengths when the Cipher is made (CBC, CFB, OFB and CTR take one
block, GCM any non-empty nonce, 12 bytes being the fast path).
"""
from __future__ import annotations

from typing import Optional

from ._util import Buffer, as_bytes

__all__ = ["Mode", "ECB", "CBC", "CFB", "OFB", "CTR", "GCM"]


class Mode:
    """Base of the modes below. `name` is the C library's mode name."""

    name: str = ""
    __slots__ = ()

    def _iv(self) -> Optional[bytes]:
        return None

    def __repr__(self) -> str:
        return "%s()" % type(self).__name__


class ECB(Mode):
    """Electronic codebook: each block alone (data a multiple of the block)."""

    name = "ecb"
    __slots__ = ()


class _IVMode(Mode):
    __slots__ = ("_initialization_vector",)

    def __init__(self, initialization_vector: Buffer) -> None:
        self._initialization_vector = as_bytes(initialization_vector, "initialization_vector")

    @property
    def initialization_vector(self) -> bytes:
        return self._initialization_vector

    def _iv(self) -> Optional[bytes]:
        return self._initialization_vector


class CBC(_IVMode):
    """Cipher block chaining. pad=True adds PKCS#7 padding when encrypting and
    checks and strips it when decrypting (the library's arx_cbc_*_pad, in
    constant time); without it the data must be a multiple of the block."""

    name = "cbc"
    __slots__ = ("pad",)

    def __init__(self, initialization_vector: Buffer, pad: bool = False) -> None:
        super().__init__(initialization_vector)
        self.pad = bool(pad)


class CFB(_IVMode):
    """Cipher feedback with full-block segments (CFB-64 / CFB-128); any length."""

    name = "cfb"
    __slots__ = ()


class OFB(_IVMode):
    """Output feedback; any length."""

    name = "ofb"
    __slots__ = ()


class CTR(Mode):
    """Counter mode: `nonce` is the whole initial counter block, incremented as
    one big-endian number (SP 800-38A). Never reuse a counter under a key."""

    name = "ctr"
    __slots__ = ("_nonce",)

    def __init__(self, nonce: Buffer) -> None:
        self._nonce = as_bytes(nonce, "nonce")

    @property
    def nonce(self) -> bytes:
        return self._nonce

    def _iv(self) -> Optional[bytes]:
        return self._nonce


class GCM(Mode):
    """Galois/counter mode (SP 800-38D), 128-bit-block ciphers only.

    Encrypting: leave tag None and read the encryptor's .tag after finalize().
    Decrypting: pass the tag here, or call finalize_with_tag(tag). A streaming
    decryptor returns plaintext before the tag is checked: discard it unless
    finalize succeeds, or use arxcrypt.aead.GCM, which releases nothing
    unverified."""

    name = "gcm"
    __slots__ = ("_initialization_vector", "_tag", "_min_tag_length")

    def __init__(self, initialization_vector: Buffer, tag: Optional[Buffer] = None,
                 min_tag_length: int = 16) -> None:
        self._initialization_vector = as_bytes(initialization_vector, "initialization_vector")
        if not isinstance(min_tag_length, int) or isinstance(min_tag_length, bool):
            raise TypeError("min_tag_length must be an int")
        if min_tag_length < 4 or min_tag_length > 16:
            raise ValueError("min_tag_length must be 4 to 16 bytes, not %d" % min_tag_length)
        self._min_tag_length = min_tag_length
        self._tag = None if tag is None else as_bytes(tag, "tag")
        if self._tag is not None and len(self._tag) < min_tag_length:
            raise ValueError("Authentication tag must be %d bytes or longer." % min_tag_length)

    @property
    def initialization_vector(self) -> bytes:
        return self._initialization_vector

    @property
    def tag(self) -> Optional[bytes]:
        return self._tag

    @property
    def min_tag_length(self) -> int:
        return self._min_tag_length

    def _iv(self) -> Optional[bytes]:
        return self._initialization_vector
