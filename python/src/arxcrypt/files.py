"""Files in the arxcrypt file format (docs/FORMAT.md), the format `arxcrypt
encrypt` writes: a 95-byte authenticated header, then the data in chunks
sealed with GCM (LEA-256 by default), keys by HKDF-SHA-256 from a 32-byte key
or by scrypt from a passphrase. Every byte of it is the C library's
(arx_file_*); this module moves data between file objects.

    key = arxcrypt.files.generate_key()
    with open("report.pdf", "rb") as src, open("report.pdf.arx", "wb") as dst:
        arxcrypt.files.encrypt(src, dst, key=key)
    arxcrypt.files.decrypt("report.pdf.arx", "report.pdf", key=key)

src and dst are binary file objects (anything with read / write), or paths.
decrypt raises InvalidTag for a wrong key or passphrase and for any
alteration, truncation or reordering. It writes a chunk's plaintext only
after the chunk's tag verified, but a file object dst may already hold the
verified chunks before the failing one: discard it on any error. A path
dst is written to a temporary file beside it and renamed into place only
once the whole file verified (an existing file is replaced then).
"""
from __future__ import annotations

import os
import tempfile
from typing import IO, Optional, Union

from . import _arxcrypt
from ._arxcrypt import FileReader, FileWriter

__all__ = ["encrypt", "decrypt", "generate_key", "kdf_available", "DEFAULT_CIPHER", "DEFAULT_CHUNK_SIZE"]

DEFAULT_CIPHER = "lea-256"
DEFAULT_CHUNK_SIZE = 65536
HEADER_BYTES = 95
_READ = 1 << 20  # bytes per read from src

PathOrFile = Union[str, "os.PathLike[str]", IO[bytes]]
Secret = Union[bytes, bytearray, memoryview]


def generate_key() -> bytes:
    """A new 32-byte file key (os.urandom), as `arxcrypt keygen` writes."""
    return os.urandom(32)


def kdf_available() -> bool:
    """True if this build derives keys (scrypt and HKDF come from libcrypto)."""
    return _arxcrypt.file_kdf_available()


def _secret(key: Optional[Secret], passphrase: Optional[Union[str, Secret]]) -> tuple[bool, Secret]:
    if (key is None) == (passphrase is None):
        raise TypeError("give exactly one of key=... or passphrase=...")
    if passphrase is not None:
        if isinstance(passphrase, str):
            passphrase = passphrase.encode("utf-8")
        if len(memoryview(passphrase)) == 0:
            raise ValueError("the passphrase is empty")
        return True, passphrase
    assert key is not None
    return False, key


def _pump(ctx: Union[FileWriter, FileReader], src: IO[bytes], dst: IO[bytes], first: bytes = b"") -> int:
    written = 0
    data = first
    while True:
        if data:
            out = ctx.update(data)
            if out:
                dst.write(out)
                written += len(out)
        data = src.read(_READ)
        if not data:
            break
    out = ctx.final()
    dst.write(out)
    return written + len(out)


def _run(src: PathOrFile, dst: PathOrFile, work) -> int:  # type: ignore[no-untyped-def]
    close_src = not hasattr(src, "read")
    s = open(src, "rb") if close_src else src  # type: ignore[arg-type]
    try:
        if hasattr(dst, "write"):
            return int(work(s, dst))
        path = os.fspath(dst)
        fd, tmp = tempfile.mkstemp(prefix=".arxcrypt-", dir=os.path.dirname(os.path.abspath(path)))
        try:
            with os.fdopen(fd, "wb") as d:
                n = int(work(s, d))
            os.replace(tmp, path)
            return n
        except BaseException:
            os.unlink(tmp)
            raise
    finally:
        if close_src:
            s.close()  # type: ignore[union-attr]


def encrypt(src: PathOrFile, dst: PathOrFile, *, key: Optional[Secret] = None,
            passphrase: Optional[Union[str, Secret]] = None, cipher: str = DEFAULT_CIPHER,
            chunk_size: int = DEFAULT_CHUNK_SIZE) -> int:
    """Encrypt all of src into dst; returns the bytes written.

    key: 32 bytes (generate_key()); passphrase: str (UTF-8) or bytes, through
    scrypt (log2 N 17, r 8, p 1: about 128 MiB and a fraction of a second).
    cipher: a 128-bit-block cipher (lea-256 by default); chunk_size: 1024 ..
    16 MiB of plaintext per chunk."""
    is_pass, secret = _secret(key, passphrase)
    w = FileWriter(cipher, chunk_size, is_pass, secret, os.urandom(16), os.urandom(16))

    def work(s: IO[bytes], d: IO[bytes]) -> int:
        d.write(w.header)
        return HEADER_BYTES + _pump(w, s, d)
    return _run(src, dst, work)


def decrypt(src: PathOrFile, dst: PathOrFile, *, key: Optional[Secret] = None,
            passphrase: Optional[Union[str, Secret]] = None) -> int:
    """Decrypt src into dst; returns the plaintext bytes written. Raises
    InvalidTag unless the whole file is authentic under the key or passphrase
    (see the module's note on what a file object dst holds then)."""
    is_pass, secret = _secret(key, passphrase)

    def work(s: IO[bytes], d: IO[bytes]) -> int:
        head = b""
        while len(head) < HEADER_BYTES:
            more = s.read(HEADER_BYTES - len(head))
            if not more:
                break
            head += more
        r = FileReader(head, secret, is_pass)
        return _pump(r, s, d)
    return _run(src, dst, work)
