"""Every record of tests/vectors/*.txt through the Python API, on every backend
this CPU runs: Cipher for the block modes (and GCM streaming), aead.GCM/CCM
one-shot, cmac.CMAC."""
from __future__ import annotations

import pytest

import arxcrypt
from arxcrypt import Cipher, modes
from arxcrypt.aead import CCM, GCM
from arxcrypt.cmac import CMAC

from conftest import all_vectors

VECTORS = all_vectors()


def test_vectors_found() -> None:
    # the parametrised test below would pass vacuously on an empty folder
    assert len(VECTORS) >= 200
    assert {r["mode"] for r in VECTORS} >= {"ecb", "cfb", "ofb", "gcm", "ccm", "cmac"}


def _mode(name: str, iv: bytes) -> modes.Mode:
    return {"ecb": lambda: modes.ECB(), "cbc": lambda: modes.CBC(iv), "cfb": lambda: modes.CFB(iv),
            "ofb": lambda: modes.OFB(iv), "ctr": lambda: modes.CTR(iv)}[name]()


@pytest.mark.parametrize("rec", VECTORS, ids=[str(r["where"]) for r in VECTORS])
def test_vector(rec: dict) -> None:
    name, mode, key = rec["cipher"], rec["mode"], rec["key"]
    iv, aad = rec.get("iv", b""), rec.get("aad", b"")
    pt, ct, tag = rec.get("pt", b""), rec.get("ct", b""), rec.get("tag", b"")
    backends = arxcrypt.backends(name)
    assert backends and backends[0] == "ref"
    for be in backends:
        where = "%s backend %s" % (rec["where"], be)
        if mode == "cmac":
            c = CMAC(name, key, len(tag), backend=be)
            c.update(pt)
            assert c.finalize() == tag, where
            v = CMAC(name, key, len(tag), backend=be)
            v.update(pt)
            v.verify(tag)
        elif mode == "xts":
            x = arxcrypt.XTS(name, key, backend=be)
            assert x.backend == be
            assert x.encrypt(iv, pt) == ct, where
            assert x.decrypt(iv, ct) == pt, where
        elif mode in ("gcm", "ccm"):
            box = (GCM if mode == "gcm" else CCM)(name, key, len(tag), backend=be)
            assert box.backend == be
            assert box.encrypt(iv, pt, aad) == ct + tag, where
            assert box.decrypt(iv, ct + tag, aad) == pt, where
            if mode == "gcm":
                e = Cipher(name, key, modes.GCM(iv), backend=be).encryptor()
                e.authenticate_additional_data(aad)
                assert e.update(pt) + e.finalize() == ct, where
                assert e.tag[:len(tag)] == tag, where
                d = Cipher(name, key, modes.GCM(iv, tag, min_tag_length=len(tag)), backend=be).decryptor()
                d.authenticate_additional_data(aad)
                assert d.update(ct) + d.finalize() == pt, where
        else:
            c = Cipher(name, key, _mode(mode, iv), backend=be)
            assert c.backend == be
            e = c.encryptor()
            assert e.update(pt) + e.finalize() == ct, where
            d = c.decryptor()
            assert d.update(ct) + d.finalize() == pt, where
