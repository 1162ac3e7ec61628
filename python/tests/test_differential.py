"""Random inputs through the Python API against the CLI's `arxcrypt raw`, an
independent front end over the same library (argument parsing, buffering and
the mode calls are its own): every cipher x every mode it can run, random
keys, IVs, nonces, tag lengths, associated data and lengths across block
boundaries, the Python side fed in random splits."""
from __future__ import annotations

import random
import subprocess
from typing import List

import pytest

import arxcrypt
from arxcrypt import Cipher, modes
from arxcrypt.aead import CCM, GCM
from arxcrypt.cmac import CMAC

from conftest import QUICK, SEED

CIPHERS = arxcrypt.ciphers()


def raw(cli: str, args: List[str], data: bytes) -> bytes:
    p = subprocess.run([cli, "raw"] + args, input=data, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
    assert p.returncode == 0, "arxcrypt raw %s: exit %d: %s" % (" ".join(args), p.returncode, p.stderr.decode())
    return p.stdout


def split_feed(ctx, data: bytes, rng: random.Random) -> bytes:
    out, i = [], 0
    while i < len(data):
        n = rng.choice([1, 3, 7, 16, 17, 64, 100, 4096, 5000])
        out.append(ctx.update(data[i:i + n]))
        i += n
    out.append(ctx.finalize())
    return b"".join(out)


def lengths(rng: random.Random, bs: int, whole: bool) -> List[int]:
    ls = [0, bs, 3 * bs, 5000 // bs * bs] if whole else [0, 1, bs - 1, bs + 1, 5000 + rng.randrange(bs)]
    if not whole:
        ls.append(rng.randrange(1, 300))
    return ls if not QUICK else ls[:3]


@pytest.mark.parametrize("name", CIPHERS)
def test_block_modes_vs_cli(cli: str, name: str) -> None:
    rng = random.Random("%s-%s" % (SEED, name))
    info = arxcrypt.cipher_info(name)
    bs, ks = info["block_size"], info["key_size"]
    be = rng.choice(arxcrypt.backends(name))
    for mode in ("ecb", "cbc", "cbc-pad", "cfb", "ofb", "ctr"):
        for n in lengths(rng, bs, mode in ("ecb", "cbc")):
            key, iv, data = rng.randbytes(ks), rng.randbytes(bs), rng.randbytes(n)
            if mode == "ctr" and rng.random() < 0.5:
                iv = b"\xff" * (bs - 1) + bytes([256 - rng.randrange(1, 4)])  # across the counter's wrap
            args = ["-c", name, "-k", key.hex(), "-m", "cbc" if mode == "cbc-pad" else mode]
            if mode != "ecb":
                args += ["--iv", iv.hex()]
            if mode == "cbc-pad":
                args.append("--pad")
            want = raw(cli, args, data)
            m = {"ecb": lambda: modes.ECB(), "cbc": lambda: modes.CBC(iv), "cbc-pad": lambda: modes.CBC(iv, pad=True),
                 "cfb": lambda: modes.CFB(iv), "ofb": lambda: modes.OFB(iv), "ctr": lambda: modes.CTR(iv)}[mode]()
            c = Cipher(name, key, m, backend=be)
            what = "%s %s n=%d backend %s" % (name, mode, n, be)
            assert split_feed(c.encryptor(), data, rng) == want, what
            assert split_feed(c.decryptor(), want, rng) == data, what


@pytest.mark.parametrize("name", [c for c in CIPHERS if arxcrypt.cipher_info(c)["block_size"] == 16])
def test_aead_vs_cli(cli: str, name: str) -> None:
    rng = random.Random("%s-aead-%s" % (SEED, name))
    ks = arxcrypt.cipher_info(name)["key_size"]
    be = rng.choice(arxcrypt.backends(name))
    for mode in ("gcm", "ccm"):
        for _ in range(3 if QUICK else 8):
            key = rng.randbytes(ks)
            n = rng.choice([0, 1, 15, 16, 17, 100, 4095, 4096, 70000])
            nl = rng.choice([12, 12, 1, 8, 16, 60]) if mode == "gcm" else rng.randrange(7, 14)
            tl = rng.randrange(4, 17) if mode == "gcm" else rng.choice([4, 6, 8, 10, 12, 14, 16])
            if mode == "ccm":
                n = min(n, (1 << 8 * (15 - nl)) - 1)  # CCM's length field: 15 - nonce bytes
            nonce, data, aad = rng.randbytes(nl), rng.randbytes(n), rng.randbytes(rng.choice([0, 1, 13, 16, 40, 1000]))
            args = ["-c", name, "-m", mode, "-k", key.hex(), "--iv", nonce.hex(), "--tag-len", str(tl)]
            if aad:
                args += ["--aad", aad.hex()]
            want = raw(cli, args, data)
            what = "%s %s n=%d nonce %d tag %d aad %d backend %s" % (name, mode, n, nl, tl, len(aad), be)
            box = (GCM if mode == "gcm" else CCM)(name, key, tl, backend=be)
            assert box.encrypt(nonce, data, aad or None) == want, what
            assert box.decrypt(nonce, want, aad) == data, what
            if mode == "gcm":
                e = Cipher(name, key, modes.GCM(nonce), backend=be).encryptor()
                for i in range(0, len(aad), 7):
                    e.authenticate_additional_data(aad[i:i + 7])
                assert split_feed(e, data, rng) + e.tag[:tl] == want, what
                d = Cipher(name, key, modes.GCM(nonce, want[n:], min_tag_length=tl), backend=be).decryptor()
                d.authenticate_additional_data(aad)
                assert split_feed(d, want[:n], rng) == data, what


@pytest.mark.parametrize("name", [c for c in CIPHERS if arxcrypt.cipher_info(c)["block_size"] in (8, 16)])
def test_cmac_vs_cli(cli: str, name: str) -> None:
    rng = random.Random("%s-cmac-%s" % (SEED, name))
    info = arxcrypt.cipher_info(name)
    for n in [0, 1, info["block_size"], 3 * info["block_size"] + 1, 3000][: 3 if QUICK else 5]:
        key, data = rng.randbytes(info["key_size"]), rng.randbytes(n)
        tl = rng.randrange(4, info["block_size"] + 1)
        want = raw(cli, ["-c", name, "-m", "cmac", "-k", key.hex(), "--tag-len", str(tl)], data)
        c = CMAC(name, key, tl)
        for i in range(0, n, 5):
            c.update(data[i:i + 5])
        c2 = c.copy()
        assert c.finalize() == want, "%s cmac n=%d tag %d" % (name, n, tl)
        c2.verify(want)
