"""aead.encrypt_many / decrypt_many (the C library's arx_gcm_*_many and
arx_ccm_*_many): every item against the one-message box.encrypt/decrypt, on
random batches (lengths 0..300, random keys, nonces, AAD, tag lengths) for
each 128-bit-block cipher; forged items give None and the others their
plaintext; argument errors raise before any work."""
from __future__ import annotations

import os
import random

import pytest

import arxcrypt
from arxcrypt.aead import CCM, GCM, decrypt_many, encrypt_many

from conftest import QUICK, SEED

AEAD_CIPHERS = [c for c in arxcrypt.ciphers() if "gcm" in arxcrypt.cipher_info(c)["modes"]]


def batch(rng: random.Random, name: str, ccm: bool, n: int):
    keys = [os.urandom(arxcrypt.cipher_info(name)["key_size"]) for _ in range(1 + rng.randrange(6))]
    boxes = [(CCM if ccm else GCM)(name, k, rng.choice([4, 8, 16]) if ccm else rng.randrange(4, 17))
             for k in keys]
    items = []
    for _ in range(n):
        nonce = os.urandom(rng.randrange(7, 14) if ccm else rng.choice([12, 12, 12, 1, 16, 20]))
        data = os.urandom(rng.randrange(301))
        aad = os.urandom(rng.randrange(41)) if rng.randrange(3) else None
        items.append((rng.choice(boxes), nonce, data, aad))
    return items


@pytest.mark.parametrize("ccm", [False, True])
@pytest.mark.parametrize("name", AEAD_CIPHERS if not QUICK else ["lea-128", "speck-128-128"])
def test_many_matches_one(name: str, ccm: bool) -> None:
    rng = random.Random(SEED ^ hash(name) ^ ccm)
    for _ in range(2 if QUICK else 4):
        items = batch(rng, name, ccm, rng.randrange(70))
        sealed = encrypt_many(items)
        assert sealed == [box.encrypt(nonce, data, aad) for box, nonce, data, aad in items]
        opened_items = [(box, nonce, ct, aad) for (box, nonce, _, aad), ct in zip(items, sealed)]
        forged = set(rng.sample(range(len(items)), len(items) // 4)) if items else set()
        for i in forged:
            box, nonce, ct, aad = opened_items[i]
            pos = rng.randrange(len(ct))
            opened_items[i] = (box, nonce, ct[:pos] + bytes([ct[pos] ^ 1]) + ct[pos + 1:], aad)
        opened = decrypt_many(opened_items)
        for i, (box, nonce, data, aad) in enumerate(items):
            assert opened[i] == (None if i in forged else data), "item %d (forged: %s)" % (i, i in forged)


def test_many_empty_and_errors() -> None:
    assert encrypt_many([]) == [] and decrypt_many(iter([])) == []
    lea = GCM("lea-128", bytes(16))
    cham = GCM("cham-128-128", bytes(16))
    with pytest.raises(ValueError, match="item 1: keys of different ciphers"):
        encrypt_many([(lea, bytes(12), b"a"), (cham, bytes(12), b"b")])
    with pytest.raises(ValueError, match="item 0: GCM nonce"):
        encrypt_many([(lea, b"", b"a")])
    with pytest.raises(ValueError, match="mix GCM and CCM"):
        encrypt_many([(lea, bytes(12), b"a"), (CCM("lea-128", bytes(16)), bytes(12), b"b")])
    with pytest.raises(ValueError, match="shorter than"):
        decrypt_many([(lea, bytes(12), b"short")])
    with pytest.raises(TypeError):
        encrypt_many([(b"not a box", bytes(12), b"a")])
    with pytest.raises(TypeError):
        encrypt_many([(lea, bytes(12))])
    # generators and 3-tuples work; results match the one-message box
    out = encrypt_many((lea, bytes([i]) * 12, bytes(i)) for i in range(20))
    assert out == [lea.encrypt(bytes([i]) * 12, bytes(i), None) for i in range(20)]
