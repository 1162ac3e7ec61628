"""Streaming contexts: any split, update vs update_into (separate and in place),
bytes / bytearray / memoryview in, the output lengths pyca users expect."""
from __future__ import annotations

import array
import random

import pytest

import arxcrypt
from arxcrypt import Cipher, modes

from conftest import QUICK, SEED

# one cipher per block size (4, 6, 8, 12, 16 bytes)
BY_BLOCK = {}
for _n in arxcrypt.ciphers():
    BY_BLOCK.setdefault(arxcrypt.cipher_info(_n)["block_size"], _n)
NAMES = sorted(BY_BLOCK.values())
MODES = ["ecb", "cbc", "cbc-pad", "cfb", "ofb", "ctr", "gcm"]


def make(name: str, mode: str, rng: random.Random):
    info = arxcrypt.cipher_info(name)
    bs = info["block_size"]
    key, iv = rng.randbytes(info["key_size"]), rng.randbytes(bs)
    m = {"ecb": lambda: modes.ECB(), "cbc": lambda: modes.CBC(iv), "cbc-pad": lambda: modes.CBC(iv, pad=True),
         "cfb": lambda: modes.CFB(iv), "ofb": lambda: modes.OFB(iv), "ctr": lambda: modes.CTR(iv),
         "gcm": lambda: modes.GCM(iv[:12])}[mode]()
    return Cipher(name, key, m), bs, key


def cases():
    for name in NAMES:
        for mode in MODES:
            if mode == "gcm" and arxcrypt.cipher_info(name)["block_size"] != 16:
                continue
            yield name, mode


def whole(mode: str, bs: int, n: int) -> int:
    return n // bs * bs if mode in ("ecb", "cbc") else n


@pytest.mark.parametrize("name,mode", list(cases()))
def test_splits(name: str, mode: str) -> None:
    rng = random.Random("%s-%s-%s" % (SEED, name, mode))
    c, bs, key = make(name, mode, rng)
    for n in (0, 1, bs - 1, bs, bs + 1, 7 * bs + 3, 9000 + rng.randrange(bs)):
        n = whole(mode, bs, n)
        data = rng.randbytes(n)
        e = c.encryptor()
        ref = e.update(data) + e.finalize()
        tag = e.tag if mode == "gcm" else None
        for trial in range(4 if QUICK else 12):
            e = c.encryptor()
            out, i, kind = bytearray(), 0, trial % 4
            while i < n:
                k = rng.choice([0, 1, 2, bs - 1, bs, bs + 1, 33, 4096, 5000])
                piece = data[i:i + k]
                if kind == 0:
                    out += e.update(piece)
                elif kind == 1:  # a bytearray, memoryview, array
                    out += e.update(rng.choice([bytearray, memoryview, lambda b: array.array("B", b)])(piece))
                elif kind == 2:  # update_into a separate, larger buffer
                    buf = bytearray(len(piece) + bs - 1 + 5)
                    got = e.update_into(piece, buf)
                    out += buf[:got]
                else:  # update_into in place (ECB/CBC may write up to a held block more)
                    buf = bytearray(piece) + bytearray(bs)
                    got = e.update_into(memoryview(buf)[:len(piece)], buf)
                    out += buf[:got]
                i += k
            out += e.finalize()
            assert bytes(out) == ref, "%s %s n=%d split kind %d" % (name, mode, n, kind)
            if tag is not None:
                assert e.tag == tag
        if mode == "gcm":
            d = Cipher(name, key, modes.GCM(c.mode.initialization_vector, tag)).decryptor()
        else:
            d = c.decryptor()
        back, i = b"", 0
        while i < len(ref):
            k = rng.choice([1, bs, 3 * bs + 1, 4096])
            back += d.update(ref[i:i + k])
            i += k
        assert back + d.finalize() == data


@pytest.mark.parametrize("name", NAMES)
def test_update_lengths(name: str) -> None:
    rng = random.Random(SEED)
    bs = arxcrypt.cipher_info(name)["block_size"]
    for mode in ("ctr", "cfb", "ofb"):
        e = make(name, mode, rng)[0].encryptor()
        for k in (1, bs - 1, bs + 2, 3):
            assert len(e.update(bytes(k))) == k  # stream modes answer every byte at once
        assert e.finalize() == b""
    for mode in ("ecb", "cbc"):
        e = make(name, mode, rng)[0].encryptor()
        assert e.update(bytes(bs - 1)) == b""  # held until the block is whole
        assert len(e.update(bytes(2))) == bs
        assert len(e.update(bytes(bs - 1))) == bs
        assert e.finalize() == b""
    e = make(name, "cbc-pad", rng)[0].encryptor()
    assert len(e.update(bytes(bs))) == bs
    assert len(e.finalize()) == bs  # a whole block of padding
    d = make(name, "cbc-pad", rng)[0].decryptor()
    assert d.update(bytes(bs)) == b""  # the last block waits for finalize's unpadding


def test_in_place_with_held_block() -> None:
    # ECB with a partial block held back, then update_into in place: the
    # output runs ahead of the input by the held bytes and must not
    # overwrite input it has not read yet.
    rng = random.Random(SEED)
    key, data = rng.randbytes(16), rng.randbytes(96)
    c = Cipher("lea-128", key, modes.ECB())
    want = c.encryptor().update(data)
    e = c.encryptor()
    assert e.update(data[:5]) == b""
    buf = bytearray(data[5:]) + bytearray(5)
    n = e.update_into(memoryview(buf)[:91], buf)
    assert n == 96
    assert bytes(buf) == want
    assert e.finalize() == b""


def test_context_key_outlives_cipher() -> None:
    rng = random.Random(SEED)
    key, iv, data = rng.randbytes(16), rng.randbytes(16), rng.randbytes(1000)
    want = Cipher("lea-128", key, modes.CTR(iv)).encryptor().update(data)
    e = Cipher("lea-128", key, modes.CTR(iv)).encryptor()  # the Cipher is gone at once
    import gc
    gc.collect()
    assert e.update(data) == want
