#!/usr/bin/env python3
"""
Tests of the 32-bit targets through embedded/run-qemu.

  test32.py TARGET raw [N]   every cipher x mode on random keys, IVs, AAD and
                             lengths: the target's `raw` against the host's
                             `arxcrypt raw` (ARX_HOST_CLI, default build/arxcrypt),
                             both directions, and a forged tag refused
  test32.py TARGET ct [N]    every cipher: each op on N random keys and
                             messages gives one instruction count and one
                             modelled cycle count (constant time as the AVR issue
                             defines it); a planted data-dependent branch must fail

ARX_CIPHERS=a,b restricts either to those ciphers. Exit 77 (ctest: skipped)
when the host CLI is missing.
"""
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
RUN = os.path.join(HERE, "run-qemu")

CIPHERS = {  # name: (block bytes, key bytes)
    "lea-128": (16, 16), "lea-192": (16, 24), "lea-256": (16, 32),
    "cham-64-128": (8, 16), "cham-128-128": (16, 16), "cham-128-256": (16, 32),
    "cham-64-128-legacy": (8, 16), "cham-128-128-legacy": (16, 16), "cham-128-256-legacy": (16, 32),
    "hight": (8, 16),
    "speck-32-64": (4, 8), "speck-48-72": (6, 9), "speck-48-96": (6, 12), "speck-64-96": (8, 12),
    "speck-64-128": (8, 16), "speck-96-96": (12, 12), "speck-96-144": (12, 18), "speck-128-128": (16, 16),
    "speck-128-192": (16, 24), "speck-128-256": (16, 32),
    "simon-32-64": (4, 8), "simon-48-72": (6, 9), "simon-48-96": (6, 12), "simon-64-96": (8, 12),
    "simon-64-128": (8, 16), "simon-96-96": (12, 12), "simon-96-144": (12, 18), "simon-128-128": (16, 16),
    "simon-128-192": (16, 24), "simon-128-256": (16, 32),
    "simeck-32-64": (4, 8), "simeck-48-96": (6, 12), "simeck-64-128": (8, 16),
    "sparx-64-128": (8, 16), "sparx-128-128": (16, 16), "sparx-128-256": (16, 32),
}


def selected():
    """ARX_CIPHERS=a,b,c restricts a run to those ciphers (all by default)."""
    only = [c for c in os.environ.get("ARX_CIPHERS", "").split(",") if c]
    for c in only:
        if c not in CIPHERS:
            raise SystemExit(f"test32: unknown cipher '{c}' in ARX_CIPHERS")
    return {c: v for c, v in CIPHERS.items() if not only or c in only}


def modes_for(bb):
    m = ["ecb", "cbc", "cbc-pad", "cfb", "ofb", "ctr"]
    if bb == 16:
        m += ["gcm", "ccm"]
    if bb in (8, 16):
        m += ["cmac"]
    return m


def host(cli, args, data):
    return subprocess.run([cli, "raw"] + args, input=data, capture_output=True)


def target(t, args, data):
    return subprocess.run([sys.executable, RUN, t, "raw"] + args, input=data, capture_output=True)


def test_raw(t, n):
    cli = os.environ.get("ARX_HOST_CLI") or os.path.join(ROOT, "build", "arxcrypt")
    if not os.path.exists(cli):
        print(f"skipped: no host CLI at {cli} (cmake --build build --target arxcrypt-cli)")
        return 77
    rnd = random.Random(int(os.environ.get("ARX_SEED", "32")))
    passed = failed = 0

    def check(ok, what):
        nonlocal passed, failed
        passed += ok
        failed += not ok
        if not ok:
            print("FAIL", what)

    for name, (bb, kb) in selected().items():
        for mode in modes_for(bb):
            for _ in range(n):
                key = rnd.randbytes(kb).hex()
                args = ["-c", name, "-m", mode.replace("-pad", ""), "-k", key]
                if mode == "cbc-pad":
                    args.append("--pad")
                whole = mode in ("ecb", "cbc")
                length = rnd.randrange(0, 5 * bb) // (bb if whole else 1) * (bb if whole else 1)
                if mode == "gcm":
                    args += ["--iv", rnd.randbytes(rnd.choice([12, 12, 1, 16, 20])).hex()]
                elif mode == "ccm":
                    args += ["--iv", rnd.randbytes(rnd.randrange(7, 14)).hex()]
                elif mode not in ("ecb", "cmac"):
                    args += ["--iv", rnd.randbytes(bb).hex()]
                if mode in ("gcm", "ccm"):
                    aad = rnd.randbytes(rnd.randrange(0, 40))
                    if aad:
                        args += ["--aad", aad.hex()]
                    args += ["--tag-len", str(rnd.choice([16, 12, 8] if mode == "gcm" else [16, 8, 4]))]
                if mode == "cmac":
                    args += ["--tag-len", str(rnd.choice([bb, 4]))]
                data = rnd.randbytes(length)
                what = f"{t} {name} {mode} len {length}"
                want, got = host(cli, args, data), target(t, args, data)
                check(want.returncode == 0 and got.returncode == 0 and want.stdout == got.stdout,
                      f"{what}: target rc {got.returncode} {got.stderr[-200:]!r}, host rc {want.returncode}")
                if mode == "cmac" or got.returncode:
                    continue
                back = target(t, args + ["-d"], got.stdout)
                check(back.returncode == 0 and back.stdout == data, f"{what}: decrypt does not invert")
                if mode in ("gcm", "ccm") and got.stdout:
                    forged = bytearray(got.stdout)
                    forged[-1] ^= 1
                    bad = target(t, args + ["-d"], bytes(forged))
                    check(bad.returncode == 1 and bad.stdout == b"", f"{what}: forged tag accepted")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


def test_ct(t, n):
    passed = failed = 0
    for name in selected():
        r = subprocess.run([sys.executable, RUN, t, "ct", name, str(n)], capture_output=True, text=True)
        ok = r.returncode == 0
        for line in r.stdout.splitlines():
            if line.startswith("FAIL"):
                print(line)
        passed += ok
        failed += not ok
        if not ok:
            print(f"FAIL {t} {name}: cycle counts vary with key or data\n{r.stdout[-800:]}{r.stderr[-400:]}")
    # The check must be able to fail: a branch on a random secret byte.
    r = subprocess.run([sys.executable, RUN, t, "ct", "planted-leak", "16"], capture_output=True, text=True)
    ok = r.returncode == 1 and "FAIL" in r.stdout
    passed += ok
    failed += not ok
    print(f"{'ok  ' if ok else 'FAIL'} planted data-dependent branch {'caught' if ok else 'NOT caught'}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


def main(argv):
    if len(argv) < 2:
        print(__doc__)
        return 2
    t, what = argv[0], argv[1]
    n = int(argv[2]) if len(argv) > 2 else int(os.environ.get("ARX_RAW_N" if what == "raw" else "ARX_CT_N",
                                                              "2" if what == "raw" else "3"))
    if what == "raw":
        return test_raw(t, n)
    if what == "ct":
        return test_ct(t, n)
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
