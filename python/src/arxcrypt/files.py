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
dst appears whole or not at all, as `arxcrypt encrypt -o` writes it: on
Linux into an unnamed file in dst's directory (O_TMPFILE), fsynced and only
then linked to its name (an existing file is replaced then, through a
hidden name renamed over it), so a killed process leaves nothing; where the
file system refuses O_TMPFILE, into a hidden ".NAME.arxcrypt-XXXXXX" file
beside it, removed on any exception (a SIGKILL leaves it, and `arxcrypt`
reports it when it next writes in that directory).
"""
from __future__ import annotations

import errno
import os
import secrets
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


def _hidden_name(path: str) -> str:
    """A fresh name of the CLI's temporary shape beside path (cli/output.c)."""
    head, base = os.path.split(path)
    alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
    return os.path.join(head, ".%s.arxcrypt-%s" % (base, "".join(secrets.choice(alnum) for _ in range(6))))


def _open_unnamed(directory: str) -> Optional[int]:
    """An O_TMPFILE descriptor in directory, or None where the file system (or OS) refuses one."""
    flag = getattr(os, "O_TMPFILE", 0)
    if not flag or os.environ.get("ARXCRYPT_NO_O_TMPFILE"):
        return None
    try:
        return os.open(directory, flag | os.O_WRONLY | os.O_CLOEXEC, 0o600)
    except OSError as e:
        if e.errno in (errno.EOPNOTSUPP, errno.EISDIR, errno.EINVAL):
            return None
        raise


def _link_unnamed(fd: int, path: str) -> None:
    """Give the unnamed file fd the name path, replacing an existing file as os.replace does."""
    proc = "/proc/self/fd/%d" % fd
    # linkat(..., AT_SYMLINK_FOLLOW): os.link calls plain link(), which would link the /proc
    # symlink itself (EXDEV), unless a dir_fd is given
    dfd = os.open(os.path.dirname(os.path.abspath(path)), os.O_RDONLY | os.O_DIRECTORY)
    try:
        try:
            os.link(proc, os.path.basename(path), dst_dir_fd=dfd, follow_symlinks=True)
            return
        except FileExistsError:
            pass
        while True:  # link a hidden name, rename it over the target: one step for readers of path
            tmp = _hidden_name(path)
            try:
                os.link(proc, os.path.basename(tmp), dst_dir_fd=dfd, follow_symlinks=True)
                break
            except FileExistsError:
                continue
    finally:
        os.close(dfd)
    try:
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def _sync_dir(directory: str) -> None:
    try:
        dfd = os.open(directory, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(dfd)
    except OSError as e:
        if e.errno not in (errno.EINVAL, errno.EROFS, errno.EBADF):
            raise
    finally:
        os.close(dfd)


def _to_path(s: IO[bytes], path: str, work) -> int:  # type: ignore[no-untyped-def]
    """work(s, d) into a file that takes path's name only when complete and synced."""
    directory = os.path.dirname(os.path.abspath(path))
    fd = _open_unnamed(directory)
    if fd is not None:
        with os.fdopen(fd, "wb") as d:
            n = int(work(s, d))
            d.flush()
            os.fsync(d.fileno())
            _link_unnamed(d.fileno(), path)
        _sync_dir(directory)
        return n
    while True:
        tmp = _hidden_name(path)
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o600)
            break
        except FileExistsError:
            continue
    try:
        with os.fdopen(fd, "wb") as d:
            n = int(work(s, d))
            d.flush()
            os.fsync(d.fileno())
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise
    _sync_dir(directory)
    return n


def _run(src: PathOrFile, dst: PathOrFile, work) -> int:  # type: ignore[no-untyped-def]
    close_src = not hasattr(src, "read")
    s = open(src, "rb") if close_src else src  # type: ignore[arg-type]
    try:
        if hasattr(dst, "write"):
            return int(work(s, dst))
        return _to_path(s, os.fspath(dst), work)
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
