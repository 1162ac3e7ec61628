"""Shared helpers for the arxcrypt tests.

Environment:
  ARXCRYPT_CLI      the `arxcrypt` program (default: ../build/arxcrypt from the
                    repository root) for the differential tests against `raw`
  ARXCRYPT_VECTORS  the vector folder (default: the repository's tests/vectors)
  ARXCRYPT_WHEEL    the wheel test_wheel.py installs (default: newest in python/dist)
  ARXCRYPT_QUICK=1  fewer random cases (CI smoke sizes)
"""
from __future__ import annotations

import os
import random
import shutil
from pathlib import Path
from typing import Dict, List

import pytest

import arxcrypt

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
QUICK = os.environ.get("ARXCRYPT_QUICK", "") not in ("", "0")
SEED = int(os.environ.get("ARXCRYPT_SEED", "20261125"))


def vector_dir() -> Path:
    return Path(os.environ.get("ARXCRYPT_VECTORS", REPO / "tests" / "vectors"))


def parse_vectors(path: Path) -> List[Dict[str, object]]:
    """tests/vectors/README.md's format: `name = hex` lines, records split by blank lines."""
    recs: List[Dict[str, object]] = []
    cur: Dict[str, object] = {}
    for i, raw in enumerate(path.read_text().split("\n"), 1):
        line = raw.split("#", 1)[0].strip()
        if not raw.strip():
            if cur:
                recs.append(cur)
            cur = {}
            continue
        if not line:
            continue
        if not cur:
            cur = {"where": "%s:%d" % (path.name, i)}
        k, v = (s.strip() for s in line.split("=", 1))
        cur[k] = v if k in ("cipher", "mode") else bytes.fromhex(v)
    if cur:
        recs.append(cur)
    return recs


def all_vectors() -> List[Dict[str, object]]:
    recs = []
    for p in sorted(vector_dir().glob("*.txt")):
        recs += parse_vectors(p)
    return recs


def cli_path() -> str | None:
    p = os.environ.get("ARXCRYPT_CLI") or str(REPO / "build" / "arxcrypt")
    if os.path.isfile(p) and os.access(p, os.X_OK):
        return p
    return shutil.which("arxcrypt")


@pytest.fixture
def rng() -> random.Random:
    return random.Random(SEED)


@pytest.fixture(scope="session")
def cli() -> str:
    p = cli_path()
    if p is None:
        pytest.skip("no arxcrypt CLI: build it (cmake --build build --target arxcrypt-cli) or set ARXCRYPT_CLI")
    return p


def block_size(name: str) -> int:
    return arxcrypt.cipher_info(name)["block_size"]


def key_size(name: str) -> int:
    return arxcrypt.cipher_info(name)["key_size"]
