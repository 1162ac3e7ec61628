"""The built wheel installs into a fresh virtual environment (no site
packages, no network) and works there: imports from the venv, the
extension loads, a GCM known answer from tests/vectors/lea-modes.txt and a
round trip through Cipher."""
from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from conftest import REPO

CHECK = r"""
import sys, arxcrypt
from arxcrypt import Cipher, modes
from arxcrypt.aead import LEAGCM
assert arxcrypt.__file__.startswith(sys.prefix), arxcrypt.__file__
key = bytes.fromhex("000102030405060708090a0b0c0d0e0f")
iv = bytes.fromhex("cafebabefacedbaddecaf888")
pt = bytes.fromhex("{pt}")
aad = bytes.fromhex("{aad}")
assert LEAGCM(key).encrypt(iv, pt, aad).hex() == "{ct}{tag}"
c = Cipher("speck-64-128", bytes(16), modes.CBC(bytes(8), pad=True))
e, d = c.encryptor(), c.decryptor()
assert d.update(e.update(b"hello") + e.finalize()) + d.finalize() == b"hello"
import io
if arxcrypt.files.kdf_available():  # the key derivation's libcrypto (vendored by auditwheel) loads
    k, box, back = arxcrypt.files.generate_key(), io.BytesIO(), io.BytesIO()
    arxcrypt.files.encrypt(io.BytesIO(b"file"), box, key=k)
    arxcrypt.files.decrypt(io.BytesIO(box.getvalue()), back, key=k)
    assert back.getvalue() == b"file"
print("ok", len(arxcrypt.ciphers()), arxcrypt.backends("lea-128")[-1])
"""


def find_wheel() -> Path | None:
    w = os.environ.get("ARXCRYPT_WHEEL")
    if w:
        return Path(w)
    found = sorted((REPO / "python" / "dist").glob("arxcrypt-*.whl"), key=lambda p: p.stat().st_mtime)
    return found[-1] if found else None


def first_gcm_vector() -> dict:
    from conftest import parse_vectors
    for r in parse_vectors(REPO / "tests" / "vectors" / "lea-modes.txt"):
        if r["mode"] == "gcm" and r["cipher"] == "lea-128" and r["key"].hex() == "000102030405060708090a0b0c0d0e0f":
            return r
    raise AssertionError("lea-modes.txt has no lea-128 GCM record under key 00..0f")


def test_wheel_in_fresh_venv(tmp_path: Path) -> None:
    wheel = find_wheel()
    if wheel is None:
        pytest.skip("no wheel: build one (make python, or pip wheel --no-build-isolation -w python/dist ./python)")
    assert wheel.exists(), wheel
    names = zipfile.ZipFile(wheel).namelist()
    assert "arxcrypt/py.typed" in names and "arxcrypt/_arxcrypt.pyi" in names
    assert any(n.startswith("arxcrypt/_arxcrypt") and n.endswith(".abi3.so") for n in names), names
    assert "-cp311-abi3-" in wheel.name, wheel.name
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    py = venv / "bin" / "python"
    subprocess.run([sys.executable, "-m", "pip", "--python", str(py), "install", "--no-index", "--no-deps", "-q",
                    str(wheel)], check=True)
    r = first_gcm_vector()
    code = CHECK.format(pt=r["pt"].hex(), aad=r.get("aad", b"").hex(), ct=r["ct"].hex(), tag=r["tag"].hex())
    p = subprocess.run([str(py), "-I", "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                       cwd=tmp_path)
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith("ok 36 "), p.stdout
