"""python -m arxcrypt.bench runs and prints what it promises (its shape, not
its speed: figures belong to the bench, never to a test)."""
from __future__ import annotations

import json
import subprocess
import sys

import arxcrypt


def run_bench(*args: str) -> dict:
    p = subprocess.run([sys.executable, "-m", "arxcrypt.bench", *args], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    return p.stdout


def test_bench_json(cli: str) -> None:
    out = json.loads(run_bench("--cipher", "lea-128,hight", "--seconds", "0.001", "--json", "--cli", cli,
                               "--scaling"))
    assert out["meta"]["cpu"] and out["meta"]["cores"] >= 1
    rows = {(r["impl"].split()[0], r["cipher"], r["mode"]): r for r in out["rows"]}
    assert {("arxcrypt", "lea-128", "ctr"), ("arxcrypt", "lea-128", "gcm"), ("arxcrypt", "hight", "ctr")} <= set(rows)
    assert ("arxcrypt", "hight", "gcm") not in rows  # 64-bit blocks: no GCM
    for r in out["rows"]:
        assert r["us_per_call_64"] > 0 and r["mbps_1mib"] > 0, r
    assert rows[("arxcrypt", "lea-128", "ctr")]["backend"] in arxcrypt.backends("lea-128")
    assert rows[("arxcrypt", "lea-128", "gcm")]["c_mbps_1mib"] > 0
    assert [s["threads"] for s in out["scaling"]][0] == 1


def test_bench_table() -> None:
    out = run_bench("--cipher", "speck-64-128", "--seconds", "0.001", "--no-pyca")
    lines = out.splitlines()
    assert lines[0].startswith("# ") and "us/call 64B" in lines[1]
    assert lines[2].split()[2:4] == ["speck-64-128", "ctr"]


def test_bench_unknown_cipher() -> None:
    p = subprocess.run([sys.executable, "-m", "arxcrypt.bench", "--cipher", "nope"], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True, timeout=60)
    assert p.returncode != 0 and "unknown cipher 'nope'" in p.stderr
