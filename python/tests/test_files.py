"""arxcrypt.files: the committed format-v1 files decrypt, round trips over
chunk boundaries and read splits, files written here open with `arxcrypt
decrypt` and the CLI's open here, and every alteration is InvalidTag with
nothing published at a path."""
from __future__ import annotations

import io
import os
import random
import subprocess
from pathlib import Path

import pytest

import arxcrypt
from arxcrypt import InvalidTag, UnsupportedAlgorithm, files

from conftest import QUICK, REPO, SEED

KAT = REPO / "tests" / "vectors" / "file-v1"
KEY = (KAT / "key.bin").read_bytes()
PASS = (KAT / "passphrase.txt").read_bytes()
PLAIN = (KAT / "plaintext.bin").read_bytes()

needs_kdf = pytest.mark.skipif(not files.kdf_available(), reason="this build has no key derivation (libcrypto)")


class Dribble(io.RawIOBase):
    """A source whose read() returns random short pieces, as pipes do."""

    def __init__(self, data: bytes, rng: random.Random) -> None:
        self.data, self.pos, self.rng = data, 0, rng

    def readable(self) -> bool:
        return True

    def read(self, n: int = -1) -> bytes:
        k = self.rng.choice([1, 7, 95, 1000, 70000])
        if n is not None and n >= 0:
            k = min(k, n)
        piece = self.data[self.pos:self.pos + k]
        self.pos += len(piece)
        return piece


def enc(data: bytes, **kw) -> bytes:
    out = io.BytesIO()
    n = files.encrypt(io.BytesIO(data), out, **kw)
    assert n == len(out.getvalue())
    return out.getvalue()


def dec(blob: bytes, **kw) -> bytes:
    out = io.BytesIO()
    n = files.decrypt(io.BytesIO(blob), out, **kw)
    assert n == len(out.getvalue())
    return out.getvalue()


@needs_kdf
@pytest.mark.parametrize("name", ["lea-256.arx", "cham-128-256.arx", "lea-256-chunk1500.arx", "lea-256-empty.arx",
                                  "lea-256-scrypt.arx"])
def test_known_answer_files(name: str, tmp_path: Path) -> None:
    want = b"" if "empty" in name else PLAIN
    kw = {"passphrase": PASS} if "scrypt" in name else {"key": KEY}
    assert dec((KAT / name).read_bytes(), **kw) == want
    out = tmp_path / "plain"
    assert files.decrypt(KAT / name, out, **kw) == len(want)  # paths both ways
    assert out.read_bytes() == want


@needs_kdf
def test_round_trips() -> None:
    rng = random.Random(SEED)
    key = files.generate_key()
    for chunk in (1024, 1500, 65536):
        for n in (0, 1, chunk - 1, chunk, chunk + 1, 3 * chunk, 3 * chunk + 17)[: 4 if QUICK else 7]:
            data = rng.randbytes(n)
            blob = enc(data, key=key, chunk_size=chunk, cipher=rng.choice(["lea-256", "lea-128", "speck-128-256"]))
            assert len(blob) == 95 + n + 16 * max(1, -(-n // chunk))  # a header, then chunks of data + tag
            assert dec(blob, key=key) == data
            out = io.BytesIO()
            files.decrypt(Dribble(blob, rng), out, key=key)
            assert out.getvalue() == data
            assert enc(data, key=key) != enc(data, key=key)  # a fresh file nonce every time


@needs_kdf
def test_passphrase_round_trip() -> None:
    blob = enc(b"secret plans", passphrase="correct horse battery staple")
    assert dec(blob, passphrase="correct horse battery staple") == b"secret plans"
    assert dec(blob, passphrase=b"correct horse battery staple") == b"secret plans"
    with pytest.raises(InvalidTag, match="wrong key or passphrase"):
        dec(blob, passphrase="correct horse battery stable")
    with pytest.raises(ValueError, match="encrypted with a passphrase"):
        dec(blob, key=KEY)


@needs_kdf
def test_alterations_are_invalid_tag(tmp_path: Path) -> None:
    rng = random.Random(SEED)
    data = rng.randbytes(5000)
    blob = enc(data, key=KEY, chunk_size=1024)
    cuts = [blob[:-1], blob[:95 + 1040], blob[:95 + 2 * 1040], blob + b"\x00", blob[:95] + blob[95 + 1040:]]
    for i in (95, 500, 95 + 1040 + 3, len(blob) - 1):  # chunk bytes and tags
        b = bytearray(blob)
        b[i] ^= 0x10
        cuts.append(bytes(b))
    for b in cuts:
        with pytest.raises(InvalidTag, match="not authentic from chunk"):
            dec(b, key=KEY)
    for i in (8, 20, 60, 94):  # header fields and the header's tag: refused by parse or by the tag
        b = bytearray(blob)
        b[i] ^= 0x01
        with pytest.raises((InvalidTag, ValueError)):
            dec(bytes(b), key=KEY)
    with pytest.raises(InvalidTag, match="wrong key"):
        dec(blob, key=bytes(32))
    with pytest.raises(InvalidTag, match="header"):
        dec(blob[:50], key=KEY)
    with pytest.raises(ValueError, match="not an arxcrypt file"):
        dec(b"PK\x03\x04" + bytes(200), key=KEY)
    # a path dst is published only after the whole file verified
    target = tmp_path / "out.bin"
    target.write_bytes(b"keep me")
    with pytest.raises(InvalidTag):
        files.decrypt(io.BytesIO(blob[:-1]), target, key=KEY)
    assert target.read_bytes() == b"keep me"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.bin"]  # no temporary file left behind
    files.decrypt(io.BytesIO(blob), target, key=KEY)
    assert target.read_bytes() == data


class Watching(io.RawIOBase):
    """A source that lists the target's directory on every read: what a kill there would leave."""

    def __init__(self, data: bytes, directory: Path) -> None:
        self.data, self.pos, self.dir, self.seen = data, 0, directory, set()

    def readable(self) -> bool:
        return True

    def read(self, n: int = -1) -> bytes:
        self.seen.update(p.name for p in self.dir.iterdir())
        k = 4096 if n is None or n < 0 else min(n, 4096)
        piece = self.data[self.pos:self.pos + k]
        self.pos += len(piece)
        return piece


def o_tmpfile_works(directory: Path) -> bool:
    try:
        os.close(os.open(directory, os.O_TMPFILE | os.O_WRONLY, 0o600))
        return True
    except (AttributeError, OSError):
        return False


@needs_kdf
@pytest.mark.parametrize("named", [False, True])
def test_path_output_is_whole_or_absent(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, named: bool) -> None:
    """While a path dst is written nothing is named in its directory (O_TMPFILE), or only the hidden
    ".NAME.arxcrypt-XXXXXX" fallback (ARXCRYPT_NO_O_TMPFILE=1); afterwards only dst, replaced whole."""
    if named:
        monkeypatch.setenv("ARXCRYPT_NO_O_TMPFILE", "1")
    elif not o_tmpfile_works(tmp_path):
        pytest.skip("%s refuses O_TMPFILE" % tmp_path)
    data = random.Random(SEED).randbytes(100000)
    target = tmp_path / "out.arx"
    for existing in (False, True):
        if existing:
            target.write_bytes(b"old")
        src = Watching(data, tmp_path)
        files.encrypt(src, target, key=KEY, chunk_size=1024)
        during = src.seen - {"out.arx"}
        if named:
            assert len(during) == 1 and next(iter(during)).startswith(".out.arx.arxcrypt-"), during
        else:
            assert not during, during
        assert [p.name for p in tmp_path.iterdir()] == ["out.arx"]
        assert files.decrypt(target, io.BytesIO(), key=KEY) == len(data)


def test_argument_errors() -> None:
    with pytest.raises(TypeError, match="exactly one of key"):
        enc(b"x")
    with pytest.raises(TypeError, match="exactly one of key"):
        enc(b"x", key=KEY, passphrase="p")
    with pytest.raises(ValueError, match="passphrase is empty"):
        enc(b"x", passphrase="")
    with pytest.raises(UnsupportedAlgorithm, match="128-bit-block"):
        enc(b"x", key=KEY, cipher="hight")
    with pytest.raises(UnsupportedAlgorithm, match="unknown cipher"):
        enc(b"x", key=KEY, cipher="aes-256")
    for bad in (1023, 16 * 1024 * 1024 + 1):
        with pytest.raises(ValueError, match="chunk_size must be 1024 to 16777216"):
            enc(b"x", key=KEY, chunk_size=bad)
    if files.kdf_available():
        with pytest.raises(ValueError, match="a file key is 32 bytes"):
            enc(b"x", key=bytes(16))
        with pytest.raises(TypeError, match="key must be bytes-like"):
            enc(b"x", key="k" * 32)
    else:
        with pytest.raises(UnsupportedAlgorithm, match="no key derivation"):
            enc(b"x", key=KEY)


@needs_kdf
def test_cli_interop(cli: str, tmp_path: Path) -> None:
    rng = random.Random(SEED)
    keyfile, passfile = tmp_path / "k", tmp_path / "p"
    keyfile.write_bytes(KEY)
    passfile.write_bytes(b"interop passphrase\n")  # the CLI drops a passphrase file's last line break
    for n in (0, 1000, 70000):
        data = rng.randbytes(n)
        src = tmp_path / "plain"
        src.write_bytes(data)
        for kw, cli_args in (({"key": KEY}, ["--key-file", str(keyfile)]),
                             ({"passphrase": "interop passphrase"}, ["--passphrase-file", str(passfile)])):
            mine = tmp_path / "mine.arx"
            files.encrypt(src, mine, **kw)
            p = subprocess.run([cli, "decrypt", *cli_args, "-i", str(mine)], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, timeout=120)
            assert p.returncode == 0 and p.stdout == data, p.stderr
            theirs = tmp_path / "theirs.arx"
            p = subprocess.run([cli, "encrypt", *cli_args, "-i", str(src), "-o", str(theirs), "--force"],
                               stderr=subprocess.PIPE, timeout=120)
            assert p.returncode == 0, p.stderr
            assert dec(theirs.read_bytes(), **kw) == data
