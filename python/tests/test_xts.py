"""arxcrypt.XTS: random data units and sector runs against the CLI's
`arxcrypt raw -m xts` (one data unit per call, its own argument handling),
every 128-bit-block cipher and every backend this CPU runs, lengths 16..4096
with ciphertext stealing; and every refusal as a ValueError or
UnsupportedAlgorithm."""
from __future__ import annotations

import random
import subprocess

import pytest

import arxcrypt

from conftest import QUICK, SEED, block_size, key_size

XTS_CIPHERS = [n for n in arxcrypt.ciphers() if block_size(n) == 16]


def raw_xts(cli: str, name: str, key: bytes, tweak: bytes, data: bytes, decrypt: bool) -> bytes:
    args = [cli, "raw", "-c", name, "-m", "xts", "-k", key.hex(), "--iv", tweak.hex()] + (["-d"] if decrypt else [])
    p = subprocess.run(args, input=data, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
    assert p.returncode == 0, p.stderr.decode()
    return p.stdout


def xts_key(rng: random.Random, name: str) -> bytes:
    k = bytearray(rng.randbytes(2 * key_size(name)))
    k[key_size(name)] ^= 0x80  # halves never equal
    return bytes(k)


@pytest.mark.parametrize("name", XTS_CIPHERS)
def test_xts_vs_cli(cli: str, name: str) -> None:
    rng = random.Random("%s-xts-%s" % (SEED, name))
    for be in arxcrypt.backends(name):
        for n in ([16, 17, 31, 4096] if QUICK else [16, 17, 31, 32, 33, 255, 512, 1000, 4095, 4096, rng.randrange(16, 4097)]):
            key, tweak, pt = xts_key(rng, name), rng.randbytes(16), rng.randbytes(n)
            x = arxcrypt.XTS(name, key, backend=be)
            ct = x.encrypt(tweak, pt)
            assert ct == raw_xts(cli, name, key, tweak, pt, False), (be, n)
            assert x.decrypt(tweak, ct) == pt
            assert raw_xts(cli, name, key, tweak, ct, True) == pt


@pytest.mark.parametrize("name", ["lea-128", "speck-128-256"])
def test_xts_sectors(cli: str, name: str) -> None:
    rng = random.Random("%s-xts-sectors-%s" % (SEED, name))
    key = xts_key(rng, name)
    x = arxcrypt.XTS(name, key)
    for sb, first in [(512, 0), (4096, 7), (520, 2**64 - 2), (33, 1000)]:
        data = rng.randbytes(sb * 3)
        ct = x.encrypt_sectors(first, sb, data)
        want = b"".join(
            raw_xts(cli, name, key, ((first + i) % 2**64).to_bytes(16, "little"), data[i * sb:(i + 1) * sb], False)
            for i in range(3))
        assert ct == want
        assert x.decrypt_sectors(first, sb, ct) == data
        assert x.encrypt(((first + 1) % 2**64).to_bytes(16, "little"), data[sb:2 * sb]) == ct[sb:2 * sb]


def test_xts_errors() -> None:
    k = bytes(range(32))
    with pytest.raises(ValueError, match="halves must differ"):
        arxcrypt.XTS("lea-128", bytes(16) * 2)
    with pytest.raises(ValueError, match="32-byte key"):
        arxcrypt.XTS("lea-128", bytes(range(16)))
    with pytest.raises(arxcrypt.UnsupportedAlgorithm, match="128-bit blocks"):
        arxcrypt.XTS("speck-64-128", bytes(range(32)))
    with pytest.raises(arxcrypt.UnsupportedAlgorithm):
        arxcrypt.XTS("lea-128", k, backend="nosuch")
    x = arxcrypt.XTS("lea-128", k)
    assert x.key_size == 32 and x.name == "lea-128"
    with pytest.raises(ValueError, match="at least 16 bytes"):
        x.encrypt(bytes(16), bytes(15))
    with pytest.raises(ValueError, match="tweak must be 16 bytes"):
        x.encrypt(bytes(8), bytes(32))
    with pytest.raises(ValueError, match="whole number"):
        x.encrypt_sectors(0, 512, bytes(513))
    with pytest.raises(ValueError, match="sector_size"):
        x.encrypt_sectors(0, 8, bytes(16))
    with pytest.raises(ValueError, match="first_sector"):
        x.encrypt_sectors(-1, 512, bytes(512))
    with pytest.raises(ValueError, match="2\\*\\*20 blocks"):
        x.encrypt(bytes(16), bytes(16 * 2**20 + 1))
    with pytest.raises(TypeError):
        x.encrypt("tweak", bytes(32))
