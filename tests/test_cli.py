#!/usr/bin/env python3
"""End-to-end test of the arxcrypt command-line tool.

usage: test_cli.py PATH/TO/arxcrypt PATH/TO/tests/vectors

Sections:
  1 vectors    every record of every vector file through `arxcrypt raw`, on every
               backend this CPU runs, stdin->stdout, and once more with -i/-o files
  2 aead       GCM/CCM tamper (ciphertext, tag, AAD bit flips) and truncation
  3 errors     bad input: exit 2, one line on stderr, nothing written; files the OS refuses
               (missing, a directory, in a missing directory): exit 3 naming the path and the reason
  4 roundtrip  random data, every cipher x applicable mode (plumbing, not correctness)
    modes      ctr (across the counter wrap), cbc, ofb, cfb recomputed from ecb, per block size
  5 cbc-pad    PKCS#7 lengths for every block size
  6 commands   selftest, list, bench
  7 binary     stdin/stdout/files are byte-exact (0x00 0x0a 0x0d 0x1a 0xff)

Python 3 standard library only. Prints one line per failed check (with the
command and its input to reproduce), a summary per section, and ends with
"N passed, M failed". Exit 0 only if M == 0 and N > 0.
"""
import json
import os
import random
import re
import shlex
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

MODES = ["ecb", "cbc", "cfb", "ofb", "ctr", "gcm", "ccm", "cmac", "xts"]
TIMEOUT = 120  # seconds per process: a hang is a failure, not a stuck ctest

if len(sys.argv) != 3:
    sys.stderr.write("usage: test_cli.py PATH/TO/arxcrypt PATH/TO/tests/vectors\n")
    sys.exit(2)
ARX = os.path.abspath(sys.argv[1])
VECDIR = sys.argv[2]
# A cross build runs the CLI under qemu-user: ctest passes the emulator here.
EMULATOR = shlex.split(os.environ.get("ARX_EMULATOR", ""))
WORKERS = max(2, min(16, os.cpu_count() or 2))
RNG = random.Random(20240607)
TMP = tempfile.TemporaryDirectory(prefix="arxcli-")
_tmp_counter = [0]


def tmp_path(tag="f"):
    """A fresh path in the temp directory (not created). Call from the main thread."""
    _tmp_counter[0] += 1
    return os.path.join(TMP.name, "%s-%d" % (tag, _tmp_counter[0]))


class Fail(Exception):
    pass


def short_hex(b, limit=96):
    if not b:
        return "(empty)"
    h = b.hex()
    return h if len(h) <= limit else h[:limit] + "...(%d bytes)" % len(b)


def repro(args, data):
    cmd = "arxcrypt " + " ".join(shlex.quote(a) if a else "''" for a in args)
    if data is None:
        return cmd
    return "printf %s | xxd -r -p | %s" % (shlex.quote(data.hex()) if data else "''", cmd)


def arx(args, data=b""):
    p = subprocess.run(EMULATOR + [ARX] + list(args), input=data, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       timeout=TIMEOUT)
    return p.returncode, p.stdout, p.stderr


def err_text(err):
    return err.decode("utf-8", "replace").strip().replace("\n", " | ")


def run_ok(args, data=b""):
    """Run, require exit 0 and an empty stderr; return stdout."""
    rc, out, err = arx(args, data)
    if rc != 0:
        raise Fail("exit %d (want 0), stderr %r: %s" % (rc, err_text(err), repro(args, data)))
    if err:
        raise Fail("exit 0 but stderr %r: %s" % (err_text(err), repro(args, data)))
    return out


def expect_eq(got, want, what, args, data):
    if got != want:
        raise Fail("%s: got %s, want %s: %s" % (what, short_hex(got), short_hex(want), repro(args, data)))


def read_file(path):
    with open(path, "rb") as f:
        return f.read()


def write_file(path, data):
    with open(path, "wb") as f:
        f.write(data)


# ---- check bookkeeping --------------------------------------------------------------------

TOTAL = {"passed": 0, "failed": 0}
SECTION_LINES = []


def run_section(title, checks):
    """checks: list of (label, callable). Runs them in parallel, reports in order."""
    def one(item):
        label, fn = item
        try:
            fn()
            return None
        except Fail as e:
            return "FAIL [%s] %s: %s" % (title, label, e)
        except subprocess.TimeoutExpired as e:
            return "FAIL [%s] %s: timed out after %ss: %s" % (title, label, TIMEOUT, e.cmd)
        except Exception as e:  # a bug in the test or an unexpected output shape
            return "FAIL [%s] %s: %s: %s" % (title, label, type(e).__name__, e)

    t0 = time.time()
    with ThreadPoolExecutor(max_workers=WORKERS) as pool:
        results = list(pool.map(one, checks))
    failed = [r for r in results if r is not None]
    for r in failed:
        print(r)
    npass = len(results) - len(failed)
    TOTAL["passed"] += npass
    TOTAL["failed"] += len(failed)
    line = "section %-10s %4d passed, %d failed (%.1f s)" % (title + ":", npass, len(failed), time.time() - t0)
    print(line)
    SECTION_LINES.append(line)
    sys.stdout.flush()


def record_failure(title, msg):
    print("FAIL [%s] %s" % (title, msg))
    TOTAL["failed"] += 1


# ---- `arxcrypt list` ------------------------------------------------------------------------

def parse_list():
    """name -> dict(block, key, backends, available). Raises Fail if it cannot be parsed."""
    out = run_ok(["list"], b"")
    text = out.decode("utf-8", "replace")
    ciphers = {}
    for line in text.splitlines():
        m = re.match(r"^\s+(\S+)\s+block\s+(\d+)\s+key\s+(\d+)\s+(.*)$", line)
        if not m:
            continue
        bits_b, bits_k = int(m.group(2)), int(m.group(3))
        names = m.group(4).split()
        ciphers[m.group(1)] = {
            "block": bits_b // 8,
            "key": bits_k // 8,
            "backends": [n.rstrip("*") for n in names],
            "available": [n.rstrip("*") for n in names if n.endswith("*")],
        }
    if not ciphers:
        raise Fail("`arxcrypt list` printed no cipher lines: %r" % text[:300])
    # every mode line has its description (xts once printed "(null)")
    modes = text.split("\nmodes:\n", 1)[1].split("\n\n", 1)[0].splitlines() if "\nmodes:\n" in text else []
    if len(modes) < 9 or any(len(l.split(None, 1)) < 2 or "(null)" in l for l in modes):
        raise Fail("`arxcrypt list`: a mode without its description: %r" % modes)
    return ciphers, text


def modes_for(block):
    ms = ["ecb", "cbc", "cfb", "ofb", "ctr"]
    if block == 16:
        ms += ["gcm", "ccm", "xts"]
    if block in (8, 16):
        ms.append("cmac")
    return ms


# ---- vector files ------------------------------------------------------------------------------

FIELDS = ("cipher", "mode", "key", "iv", "aad", "pt", "ct", "tag")


def parse_vectors(path):
    """Records as dicts (hex fields decoded to bytes; absent fields absent), mirroring cli/kat.c."""
    recs, cur, bad = [], {}, []
    start = 0
    with open(path, "r", encoding="utf-8") as f:
        lines = f.read().split("\n")
    for i, raw in enumerate(lines, 1):
        line = raw.split("#", 1)[0].rstrip(" \t\r")
        if raw.strip(" \t\r") == "":
            if cur:
                recs.append(cur)
            cur = {}
            continue
        if not line:
            continue
        if not cur:
            start = i
            cur = {"_where": "%s:%d" % (os.path.basename(path), start)}
        if "=" not in line:
            bad.append("%s:%d: no '='" % (path, i))
            continue
        k, v = line.split("=", 1)
        k, v = k.strip(" \t"), v.strip(" \t")
        if k not in FIELDS:
            bad.append("%s:%d: unknown field %r" % (path, i, k))
            continue
        if k in ("cipher", "mode"):
            cur[k] = v
        else:
            try:
                cur[k] = bytes.fromhex(v)
            except ValueError:
                bad.append("%s:%d: bad hex in %s" % (path, i, k))
    if cur:
        recs.append(cur)
    return recs, bad


def vector_args(r, decrypt=False, backend=None):
    args = ["raw", "-c", r["cipher"], "-m", r["mode"], "-k", r["key"].hex()]
    if "iv" in r and r["mode"] not in ("ecb", "cmac"):
        args += ["--iv", r["iv"].hex()]
    if "aad" in r:
        args += ["--aad", r["aad"].hex()]
    if r["mode"] in ("gcm", "ccm", "cmac") and "tag" in r:
        args += ["--tag-len", str(len(r["tag"]))]
    if decrypt:
        args.append("-d")
    if backend:
        args += ["--backend", backend]
    return args


def vector_io(r):
    """(encrypt input, encrypt output, decrypt input or None, decrypt output)."""
    pt, ct, tag = r.get("pt", b""), r.get("ct", b""), r.get("tag", b"")
    m = r["mode"]
    if m == "cmac":
        return pt, tag, None, None
    if m in ("gcm", "ccm"):
        return pt, ct + tag, ct + tag, pt
    return pt, ct, ct, pt


def check_vector_stdio(r, backend, decrypt):
    enc_in, enc_out, dec_in, dec_out = vector_io(r)
    args = vector_args(r, decrypt, backend)
    data = dec_in if decrypt else enc_in
    out = run_ok(args, data)
    expect_eq(out, dec_out if decrypt else enc_out, "%s %s" % (r["_where"], "plaintext" if decrypt else "output"),
              args, data)


def check_vector_files(r, fin, fout, decrypt):
    enc_in, enc_out, dec_in, dec_out = vector_io(r)
    data, want = (dec_in, dec_out) if decrypt else (enc_in, enc_out)
    write_file(fin, data)
    args = vector_args(r, decrypt) + ["-i", fin, "-o", fout]
    out = run_ok(args, None)
    if out:
        raise Fail("%s: with -o, stdout not empty (%s): %s" % (r["_where"], short_hex(out), repro(args, None)))
    if not os.path.exists(fout):
        raise Fail("%s: -o file not created: %s  (input file = %s)" % (r["_where"], repro(args, None), short_hex(data)))
    expect_eq(read_file(fout), want, "%s -o file content" % r["_where"], args, data)


# ---- section 1 -----------------------------------------------------------------------------------

def section_vectors(ciphers):
    checks = []
    all_recs = []
    files = sorted(f for f in os.listdir(VECDIR) if f.endswith(".txt"))
    if not files:
        record_failure("vectors", "no *.txt vector files in %s" % VECDIR)
    for fn in files:
        recs, bad = parse_vectors(os.path.join(VECDIR, fn))
        for b in bad:
            record_failure("vectors", "cannot parse %s" % b)
        if not recs:
            record_failure("vectors", "%s has no records" % fn)
        all_recs += recs
    for r in all_recs:
        where = r["_where"]
        if "cipher" not in r or "mode" not in r or "key" not in r:
            record_failure("vectors", "%s: record lacks cipher, mode or key" % where)
            continue
        info = ciphers.get(r["cipher"])
        if info is None:
            record_failure("vectors", "%s: cipher %s is not in `arxcrypt list`" % (where, r["cipher"]))
            continue
        if not info["available"]:
            record_failure("vectors", "%s: `arxcrypt list` shows no available backend for %s" % (where, r["cipher"]))
            continue
        dirs = [False] if r["mode"] == "cmac" else [False, True]
        for be in info["available"]:
            for d in dirs:
                checks.append(("%s %s %s %s %s" % (where, r["cipher"], r["mode"], be, "dec" if d else "enc"),
                               lambda r=r, be=be, d=d: check_vector_stdio(r, be, d)))
        for d in dirs:
            fin, fout = tmp_path("vin"), tmp_path("vout")
            checks.append(("%s %s %s files %s" % (where, r["cipher"], r["mode"], "dec" if d else "enc"),
                           lambda r=r, fin=fin, fout=fout, d=d: check_vector_files(r, fin, fout, d)))
    run_section("vectors", checks)
    return all_recs


# ---- section 2 -----------------------------------------------------------------------------------

def flip(b, bit):
    b = bytearray(b)
    b[bit // 8] ^= 1 << (bit % 8)
    return bytes(b)


def expect_auth_fail(args, data, what, fout=None, sentinel=None):
    rc, out, err = arx(args, data)
    ctx = "%s: %s" % (what, repro(args, data))
    if rc != 1:
        raise Fail("exit %d (want 1), stderr %r: %s" % (rc, err_text(err), ctx))
    if out:
        raise Fail("stdout not empty (%s): %s" % (short_hex(out), ctx))
    if b"authentication failed" not in err:
        raise Fail("stderr %r lacks 'authentication failed': %s" % (err_text(err), ctx))
    if fout is not None:
        if sentinel is None and os.path.exists(fout):
            raise Fail("-o file was created (%d bytes) although authentication failed: %s"
                       % (len(read_file(fout)), ctx))
        if sentinel is not None and read_file(fout) != sentinel:
            raise Fail("existing -o file was modified although authentication failed: %s" % ctx)


def expect_nonzero_empty(args, data, what):
    rc, out, err = arx(args, data)
    ctx = "%s: %s" % (what, repro(args, data))
    if rc == 0:
        raise Fail("exit 0 (want non-zero), stdout %s: %s" % (short_hex(out), ctx))
    if rc < 0:
        raise Fail("killed by signal %d: %s" % (-rc, ctx))
    if out:
        raise Fail("exit %d but stdout not empty (%s): %s" % (rc, short_hex(out), ctx))


def section_aead(recs):
    checks = []
    for r in recs:
        if r.get("mode") not in ("gcm", "ccm") or "tag" not in r:
            continue
        where = "%s %s %s" % (r["_where"], r["cipher"], r["mode"])
        ct, tag, aad = r.get("ct", b""), r["tag"], r.get("aad", b"")
        base = vector_args(r, decrypt=True)
        variants = []
        if ct:
            bit = RNG.randrange(8 * len(ct))
            variants.append(("ct bit %d flipped" % bit, base, flip(ct, bit) + tag))
        bit = RNG.randrange(8 * len(tag))
        variants.append(("tag bit %d flipped" % bit, base, ct + flip(tag, bit)))
        if aad:
            bit = RNG.randrange(8 * len(aad))
            r2 = dict(r, aad=flip(aad, bit))
            variants.append(("aad bit %d flipped" % bit, vector_args(r2, decrypt=True), ct + tag))
        for what, args, data in variants:
            checks.append(("%s %s" % (where, what),
                           lambda args=args, data=data, what=what: expect_auth_fail(args, data, what)))
            fout = tmp_path("authout")
            checks.append(("%s %s -o" % (where, what),
                           lambda args=args, data=data, what=what, fout=fout:
                           expect_auth_fail(args + ["-o", fout], data, what + " with -o", fout)))
        # a file that already exists is left alone
        fout = tmp_path("authexisting")
        args, data = variants[-1][1], variants[-1][2]

        def existing(args=args, data=data, fout=fout, what=variants[-1][0]):
            write_file(fout, b"sentinel\n")
            expect_auth_fail(args + ["-o", fout], data, what + " with an existing -o file", fout, b"sentinel\n")
        checks.append(("%s existing -o file untouched" % where, existing))
        # truncation
        full = ct + tag
        checks.append(("%s last byte dropped" % where,
                       lambda full=full, base=base: expect_nonzero_empty(base, full[:-1], "last byte dropped")))
        for n in sorted({0, len(tag) - 1}):
            checks.append(("%s input of %d bytes (< tag)" % (where, n),
                           lambda n=n, full=full, base=base:
                           expect_nonzero_empty(base, full[:n], "input shorter than the tag")))
    if not checks:
        record_failure("aead", "no gcm/ccm vector with a tag found")
    run_section("aead", checks)


# ---- section 3 -----------------------------------------------------------------------------------

def expect_usage_error(args, data, keywords, fout=None, rc_want=2):
    rc, out, err = arx(args, data)
    ctx = repro(args, data)
    if rc != rc_want:
        raise Fail("exit %d (want %d), stdout %s, stderr %r: %s" % (rc, rc_want, short_hex(out), err_text(err), ctx))
    if out:
        raise Fail("stdout not empty (%s): %s" % (short_hex(out), ctx))
    text = err.decode("utf-8", "replace")
    if not text.strip() or text.count("\n") != 1 or not text.endswith("\n"):
        raise Fail("want exactly one line on stderr, got %r: %s" % (text, ctx))
    if keywords and not any(k.lower() in text.lower() for k in keywords):
        raise Fail("stderr %r names none of %s: %s" % (text.strip(), keywords, ctx))
    if fout is not None and os.path.exists(fout):
        raise Fail("-o file created (%d bytes) on error: %s" % (len(read_file(fout)), ctx))


def section_errors(ciphers):
    K = "000102030405060708090a0b0c0d0e0f"
    IV = "f0e0d0c0b0a090807060504030201000"
    N12 = "cafebabefacedbaddecaf888"
    D16 = bytes(range(16))
    L = ["raw", "-c", "lea-128"]
    cases = [
        ("unknown cipher", ["raw", "-c", "nope-128", "-m", "ecb", "-k", K], D16, ["nope-128", "cipher"]),
        ("unknown mode", L + ["-m", "siv", "-k", K], D16, ["siv", "mode"]),
        ("xts, equal key halves", L + ["-m", "xts", "-k", K + K, "--iv", IV], D16 * 2, ["halves", "equal"]),
        ("xts, single-length key", L + ["-m", "xts", "-k", K, "--iv", IV], D16 * 2, ["32-byte key", "tweak key"]),
        ("xts, 15 bytes", L + ["-m", "xts", "-k", K + IV, "--iv", IV], D16[:15], ["at least 16"]),
        ("xts, no tweak", L + ["-m", "xts", "-k", K + IV], D16, ["--iv"]),
        ("xts, tweak 8 bytes", L + ["-m", "xts", "-k", K + IV, "--iv", IV[:16]], D16, ["iv"]),
        ("xts, 64-bit block", ["raw", "-c", "speck-64-128", "-m", "xts", "-k", K + IV, "--iv", IV], D16, ["xts"]),
        ("gcm, 64-bit block", ["raw", "-c", "speck-64-128", "-m", "gcm", "-k", K, "--iv", N12], D16, ["gcm"]),
        ("ccm, 64-bit block", ["raw", "-c", "speck-64-128", "-m", "ccm", "-k", K, "--iv", N12], D16, ["ccm"]),
        ("gcm, 96-bit block", ["raw", "-c", "speck-96-96", "-m", "gcm", "-k", K[:24], "--iv", N12], D16, ["gcm"]),
        ("cmac, 32-bit block", ["raw", "-c", "speck-32-64", "-m", "cmac", "-k", K[:16]], D16, ["cmac"]),
        ("key 15 bytes", L + ["-m", "ecb", "-k", K[:30]], D16, ["key"]),
        ("key 17 bytes", L + ["-m", "ecb", "-k", K + "10"], D16, ["key"]),
        ("empty key", L + ["-m", "ecb", "-k", ""], D16, ["key"]),
        ("lea-256 with a 16-byte key", ["raw", "-c", "lea-256", "-m", "ctr", "-k", K, "--iv", IV], D16, ["key"]),
        ("key hex odd length", L + ["-m", "ecb", "-k", K[:31]], D16, ["key", "hex"]),
        ("threads 1025", L + ["-m", "ecb", "-k", K, "--threads", "1025"], D16, ["threads"]),
        ("threads -1", L + ["-m", "ecb", "-k", K, "--threads", "-1"], D16, ["threads"]),
        ("threads not a number", L + ["-m", "ecb", "-k", K, "--threads", "two"], D16, ["threads"]),
        ("key hex non-hex chars", L + ["-m", "ecb", "-k", "zz" + K[2:]], D16, ["key", "hex"]),
        ("key hex with 0x prefix", L + ["-m", "ecb", "-k", "0x" + K[2:]], D16, ["key", "hex"]),
        ("key hex with a space", L + ["-m", "ecb", "-k", K[:16] + " " + K[16:]], D16, ["key", "hex"]),
        ("iv hex odd length", L + ["-m", "cbc", "-k", K, "--iv", IV[:31]], D16, ["iv", "hex"]),
        ("aad hex invalid", L + ["-m", "gcm", "-k", K, "--iv", N12, "--aad", "xy"], D16, ["aad", "hex"]),
        ("cbc iv 15 bytes", L + ["-m", "cbc", "-k", K, "--iv", IV[:30]], D16, ["iv", "nonce"]),
        ("cbc iv 17 bytes", L + ["-m", "cbc", "-k", K, "--iv", IV + "00"], D16, ["iv", "nonce"]),
        ("cbc -d iv 8 bytes", L + ["-m", "cbc", "-d", "-k", K, "--iv", IV[:16]], D16, ["iv", "nonce"]),
        ("ctr iv 8 bytes", L + ["-m", "ctr", "-k", K, "--iv", IV[:16]], D16, ["iv", "nonce"]),
        ("ctr iv 17 bytes", L + ["-m", "ctr", "-k", K, "--iv", IV + "00"], D16, ["iv", "nonce"]),
        ("ctr 64-bit block, 16-byte iv", ["raw", "-c", "speck-64-128", "-m", "ctr", "-k", K, "--iv", IV], D16,
         ["iv", "nonce"]),
        ("cfb iv 15 bytes", L + ["-m", "cfb", "-k", K, "--iv", IV[:30]], D16, ["iv", "nonce"]),
        ("ofb iv 15 bytes", L + ["-m", "ofb", "-k", K, "--iv", IV[:30]], D16, ["iv", "nonce"]),
        ("cbc without --iv", L + ["-m", "cbc", "-k", K], D16, ["iv"]),
        ("ccm nonce 6 bytes", L + ["-m", "ccm", "-k", K, "--iv", N12[:12]], D16, ["iv", "nonce"]),
        ("ccm nonce 14 bytes", L + ["-m", "ccm", "-k", K, "--iv", IV[:28]], D16, ["iv", "nonce"]),
        ("ccm -d nonce 14 bytes", L + ["-m", "ccm", "-d", "-k", K, "--iv", IV[:28]], D16 + D16, ["iv", "nonce"]),
        ("gcm empty nonce", L + ["-m", "gcm", "-k", K, "--iv", ""], D16, ["iv", "nonce"]),
        ("gcm -d empty nonce", L + ["-m", "gcm", "-d", "-k", K, "--iv", ""], D16 + D16, ["iv", "nonce"]),
        ("gcm tag length 3", L + ["-m", "gcm", "-k", K, "--iv", N12, "--tag-len", "3"], D16, ["tag"]),
        ("gcm tag length 17", L + ["-m", "gcm", "-k", K, "--iv", N12, "--tag-len", "17"], D16, ["tag"]),
        ("gcm -d tag length 3", L + ["-m", "gcm", "-d", "-k", K, "--iv", N12, "--tag-len", "3"], D16 + D16, ["tag"]),
        ("gcm -d tag length 17", L + ["-m", "gcm", "-d", "-k", K, "--iv", N12, "--tag-len", "17"], D16 + D16,
         ["tag"]),
        ("gcm -d tag length 17, short input", L + ["-m", "gcm", "-d", "-k", K, "--iv", N12, "--tag-len", "17"],
         D16[:5], ["tag"]),
        ("gcm tag length 0", L + ["-m", "gcm", "-k", K, "--iv", N12, "--tag-len", "0"], D16, ["tag"]),
        ("ccm tag length 5", L + ["-m", "ccm", "-k", K, "--iv", N12, "--tag-len", "5"], D16, ["tag"]),
        ("ccm tag length 7", L + ["-m", "ccm", "-k", K, "--iv", N12, "--tag-len", "7"], D16, ["tag"]),
        ("ccm tag length 15", L + ["-m", "ccm", "-k", K, "--iv", N12, "--tag-len", "15"], D16, ["tag"]),
        ("ccm -d tag length 5", L + ["-m", "ccm", "-d", "-k", K, "--iv", N12, "--tag-len", "5"], D16 + D16, ["tag"]),
        ("ccm tag length 18", L + ["-m", "ccm", "-k", K, "--iv", N12, "--tag-len", "18"], D16, ["tag"]),
        ("cmac tag length 17", L + ["-m", "cmac", "-k", K, "--tag-len", "17"], D16, ["tag"]),
        ("cmac 64-bit block tag length 9", ["raw", "-c", "speck-64-128", "-m", "cmac", "-k", K, "--tag-len", "9"],
         D16, ["tag"]),
        ("cmac tag length 3", L + ["-m", "cmac", "-k", K, "--tag-len", "3"], D16, ["tag"]),
        ("--tag-len not a number", L + ["-m", "gcm", "-k", K, "--iv", N12, "--tag-len", "abc"], D16, ["tag"]),
        ("--tag-len negative", L + ["-m", "gcm", "-k", K, "--iv", N12, "--tag-len", "-1"], D16, ["tag"]),
        ("ecb input 15 bytes", L + ["-m", "ecb", "-k", K], D16[:15], ["block", "multiple"]),
        ("ecb -d input 17 bytes", L + ["-m", "ecb", "-d", "-k", K], D16 + b"x", ["block", "multiple"]),
        ("ecb 64-bit block input 12 bytes", ["raw", "-c", "speck-64-128", "-m", "ecb", "-k", K], D16[:12],
         ["block", "multiple"]),
        ("cbc input 1 byte", L + ["-m", "cbc", "-k", K, "--iv", IV], b"\x00", ["block", "multiple"]),
        ("cbc -d input 31 bytes", L + ["-m", "cbc", "-d", "-k", K, "--iv", IV], (D16 * 2)[:31],
         ["block", "multiple"]),
        ("cbc --pad -d input 17 bytes", L + ["-m", "cbc", "--pad", "-d", "-k", K, "--iv", IV], D16 + b"x",
         ["block", "multiple", "pad"]),
        ("cbc --pad -d empty input", L + ["-m", "cbc", "--pad", "-d", "-k", K, "--iv", IV], b"",
         ["block", "multiple", "pad", "empty"]),
        ("unknown option", L + ["-m", "ecb", "-k", K, "--frobnicate"], D16, ["--frobnicate"]),
        ("option without value", L + ["-m", "ecb", "-k"], D16, ["-k"]),
        ("option given twice", L + ["-m", "ecb", "-k", K, "-k", K], D16, ["-k", "twice"]),
        ("missing -k", L + ["-m", "ecb"], D16, ["-k", "key"]),
        ("missing -c", ["raw", "-m", "ecb", "-k", K], D16, ["-c", "cipher"]),
        ("missing -m", L + ["-k", K], D16, ["-m", "mode"]),
        ("unknown --backend", L + ["-m", "ecb", "-k", K, "--backend", "nosuchbackend"], D16, ["nosuchbackend",
                                                                                              "backend"]),
        ("--pad with ctr", L + ["-m", "ctr", "-k", K, "--iv", IV, "--pad"], D16, ["pad"]),
        ("--pad with ecb", L + ["-m", "ecb", "-k", K, "--pad"], D16, ["pad"]),
        ("--iv with ecb", L + ["-m", "ecb", "-k", K, "--iv", IV], D16, ["iv"]),
        ("--iv with cmac", L + ["-m", "cmac", "-k", K, "--iv", IV], D16, ["iv"]),
        ("--aad with ctr", L + ["-m", "ctr", "-k", K, "--iv", IV, "--aad", "00"], D16, ["aad"]),
        ("--tag-len with cbc", L + ["-m", "cbc", "-k", K, "--iv", IV, "--tag-len", "16"], D16, ["tag"]),
        ("cmac with -d", L + ["-m", "cmac", "-d", "-k", K], D16, ["cmac", "-d"]),
        ("-o is a directory", L + ["-m", "ecb", "-k", K, "-o", TMP.name], D16, [TMP.name]),
        # parameter errors must win over "input shorter than the tag" (that is exit 1, for valid parameters)
        ("ccm -d tag length 5, input shorter than the tag",
         L + ["-m", "ccm", "-d", "-k", K, "--iv", N12, "--tag-len", "5"], b"abc", ["tag"]),
        ("ccm -d nonce 6 bytes, input shorter than the tag",
         L + ["-m", "ccm", "-d", "-k", K, "--iv", N12[:12]], b"abc", ["iv", "nonce"]),
        ("gcm -d empty nonce, input shorter than the tag",
         L + ["-m", "gcm", "-d", "-k", K, "--iv", ""], b"abc", ["iv", "nonce"]),
        ("unknown command", ["frobnicate"], b"", ["frobnicate"]),
    ]
    # backends listed but not runnable on this CPU
    for name, info in sorted(ciphers.items()):
        for be in info["backends"]:
            if be not in info["available"]:
                cases.append(("unavailable backend %s for %s" % (be, name),
                              ["raw", "-c", name, "-m", "ecb", "-k", "00" * info["key"], "--backend", be],
                              bytes(info["block"]), [be]))
    checks = [(what, lambda a=a, d=d, kw=kw: expect_usage_error(a, d, kw)) for what, a, d, kw in cases]
    # files the operating system refuses: exit 3, the path and its reason (strerror)
    for what, a, kw in [
            ("nonexistent -i file", L + ["-m", "ecb", "-k", K, "-i", os.path.join(TMP.name, "no", "such-file")],
             ["such-file': No such file or directory"]),
            ("-i is a directory", L + ["-m", "ecb", "-k", K, "-i", TMP.name], [TMP.name + "': Is a directory"]),
            ("-o into a missing directory", L + ["-m", "ecb", "-k", K, "-o", os.path.join(TMP.name, "no", "dir", "out")],
             ["cannot create '%s': No such file or directory" % os.path.join(TMP.name, "no", "dir", "out")])]:
        checks.append((what, lambda a=a, kw=kw: expect_usage_error(a, D16, kw, rc_want=3)))

    # with -o: nothing is created on error
    for what, a, d in [("ecb input 15 bytes, -o", L + ["-m", "ecb", "-k", K], D16[:15]),
                       ("wrong key length, -o", L + ["-m", "ecb", "-k", K[:30]], D16),
                       ("ccm nonce 14 bytes, -o", L + ["-m", "ccm", "-k", K, "--iv", IV[:28]], D16)]:
        fout = tmp_path("errout")
        checks.append((what, lambda a=a, d=d, fout=fout: expect_usage_error(a + ["-o", fout], d, None, fout)))

    # bad PKCS#7 padding: build ciphertexts with cbc (no pad) of crafted last blocks
    for cname in ("lea-128", "speck-64-128", "speck-48-72"):
        if cname not in ciphers:
            record_failure("errors", "%s is not in `arxcrypt list`" % cname)
            continue
        bb, kb = ciphers[cname]["block"], ciphers[cname]["key"]
        key, iv = bytes(RNG.randrange(256) for _ in range(kb)).hex(), bytes(RNG.randrange(256) for _ in range(bb)).hex()
        bads = {
            "last byte 0": bytes(bb - 1) + b"\x00",
            "last byte block+1": bytes(bb - 1) + bytes([bb + 1]),
            "last byte 0xff": bytes(bb - 1) + b"\xff",
            "inconsistent padding": bytes(bb - 2) + b"\x07\x02",
            "one good block then a bad one": bytes([bb]) * bb + bytes(bb - 2) + b"\x01\x03",
        }
        for what, block in bads.items():
            def bad_pad(cname=cname, key=key, iv=iv, block=block, what=what):
                enc = ["raw", "-c", cname, "-m", "cbc", "-k", key, "--iv", iv]
                ct = run_ok(enc, block)
                if len(ct) != len(block):
                    raise Fail("cbc without --pad changed the length: %s" % repro(enc, block))
                fout = os.path.join(TMP.name, "badpad-%s-%s" % (cname, what.replace(" ", "_")))
                expect_usage_error(enc + ["--pad", "-d"], ct, ["padding"])
                expect_usage_error(enc + ["--pad", "-d", "-o", fout], ct, ["padding"], fout)
            checks.append(("bad PKCS#7 padding (%s, %s)" % (cname, what), bad_pad))
    run_section("errors", checks)


# ---- section 4 -----------------------------------------------------------------------------------

def rand_bytes(n):
    return bytes(RNG.randrange(256) for _ in range(n))


def roundtrip_check(enc_args, dec_args, data, expect_len):
    ct = run_ok(enc_args, data)
    if expect_len is not None and len(ct) != expect_len:
        raise Fail("encrypt output %d bytes, want %d: %s" % (len(ct), expect_len, repro(enc_args, data)))
    back = run_ok(dec_args, ct)
    expect_eq(back, data, "decrypt(encrypt(x)) != x (ciphertext %s)" % short_hex(ct), dec_args, ct)


def section_roundtrip(ciphers):
    checks = []
    for name, info in sorted(ciphers.items()):
        bb, kb = info["block"], info["key"]
        avail = info["available"]
        if not avail:
            continue
        for mode in modes_for(bb) + ["cbc-pad"]:
            key = rand_bytes(kb).hex()
            be = RNG.choice(avail)
            m = "cbc" if mode == "cbc-pad" else mode
            args = ["raw", "-c", name, "-m", m, "-k", key, "--backend", be]
            if mode in ("ecb", "cbc"):
                n = bb * RNG.randrange(0, 100 // bb + 1)
            elif mode == "xts":  # a double key (halves differ), at least one block, any tail
                key = (rand_bytes(kb) + bytes([0x80]) + rand_bytes(kb - 1)).hex()
                args[args.index("-k") + 1] = key
                args += ["--iv", rand_bytes(16).hex()]
                n = RNG.randrange(16, 101)
            else:
                n = RNG.randrange(0, 101)
            data = rand_bytes(n)
            expect_len = n
            if mode in ("cbc", "cfb", "ofb", "ctr", "cbc-pad"):
                args += ["--iv", rand_bytes(bb).hex()]
            if mode == "cbc-pad":
                args.append("--pad")
                expect_len = (n // bb + 1) * bb
            if mode in ("gcm", "ccm"):
                nl = RNG.choice([12, 12, 1, 8, 16, 20, 64]) if mode == "gcm" else RNG.randrange(7, 14)
                tl = RNG.randrange(4, 17) if mode == "gcm" else RNG.choice([4, 6, 8, 10, 12, 14, 16])
                args += ["--iv", rand_bytes(nl).hex(), "--tag-len", str(tl)]
                aadl = RNG.choice([0, 0, 1, 13, 16, 40])
                if aadl:
                    args += ["--aad", rand_bytes(aadl).hex()]
                expect_len = n + tl
            label = "%s %s n=%d backend=%s" % (name, mode, n, be)
            if mode == "cmac":
                tl = RNG.randrange(4, bb + 1)
                args += ["--tag-len", str(tl)]

                def cmac_check(args=args, data=data, tl=tl, bb=bb):
                    t1 = run_ok(args, data)
                    if len(t1) != tl:
                        raise Fail("tag is %d bytes, want %d: %s" % (len(t1), tl, repro(args, data)))
                    full = run_ok(args[:-2], data)  # without --tag-len: the full block
                    if len(full) != bb or full[:tl] != t1:
                        raise Fail("truncated tag %s is not a prefix of the full %d-byte tag %s: %s"
                                   % (t1.hex(), bb, full.hex(), repro(args, data)))
                checks.append((label, cmac_check))
                continue
            checks.append((label, lambda a=args, d=data, e=expect_len: roundtrip_check(a, a + ["-d"], d, e)))
    run_section("roundtrip", checks)


# ---- section 5 -----------------------------------------------------------------------------------

def xor(a, b):
    return bytes(x ^ y for x, y in zip(a, b))


def check_mode_vs_ecb(name, bb, key, iv, mode, data):
    """The chaining modes recomputed from `arxcrypt raw -m ecb` single blocks: catches a CLI that passes
    the wrong IV/mode through while still round-tripping."""
    ecb = ["raw", "-c", name, "-m", "ecb", "-k", key.hex()]

    def E(block):
        return run_ok(ecb, block)
    args = ["raw", "-c", name, "-m", mode, "-k", key.hex(), "--iv", iv.hex()]
    got = run_ok(args, data)
    blocks = [data[i:i + bb] for i in range(0, len(data), bb)]
    if mode == "ctr":
        c0 = int.from_bytes(iv, "big")
        ctrs = b"".join(((c0 + i) % (1 << (8 * bb))).to_bytes(bb, "big") for i in range(len(blocks)))
        want = xor(data, E(ctrs))
    else:
        want, prev = b"", iv
        for p in blocks:
            if mode == "cbc":
                prev = E(xor(p, prev))
                want += prev
            elif mode == "ofb":
                prev = E(prev)
                want += xor(p, prev)
            elif mode == "cfb":
                c = xor(p, E(prev))
                want += c
                prev = c
    expect_eq(got, want, "%s output != the mode computed from ecb blocks" % mode, args, data)


def section_modes_vs_ecb(ciphers):
    checks = []
    by_block = {}
    for name, info in sorted(ciphers.items()):
        if info["available"]:
            by_block.setdefault(info["block"], name)
    for bb, name in sorted(by_block.items()):
        key = rand_bytes(ciphers[name]["key"])
        for mode in ("ctr", "cbc", "ofb", "cfb"):
            n = 3 * bb if mode == "cbc" else 3 * bb - 1  # partial last block for the stream modes
            iv = rand_bytes(bb)
            if mode == "ctr":  # start two blocks before the wrap of the whole-block counter
                iv = b"\xff" * (bb - 1) + b"\xfe"
            data = rand_bytes(n)
            checks.append(("%s %s n=%d vs ecb" % (name, mode, n),
                           lambda name=name, bb=bb, key=key, iv=iv, mode=mode, data=data:
                           check_mode_vs_ecb(name, bb, key, iv, mode, data)))
    run_section("modes", checks)


def section_cbcpad(ciphers):
    checks = []
    by_block = {}
    for name, info in sorted(ciphers.items()):
        if info["available"]:
            by_block.setdefault(info["block"], name)
    for bb, name in sorted(by_block.items()):
        info = ciphers[name]
        key, iv = rand_bytes(info["key"]).hex(), rand_bytes(bb).hex()
        args = ["raw", "-c", name, "-m", "cbc", "--pad", "-k", key, "--iv", iv]
        for n in range(0, 2 * bb + 1):
            data = rand_bytes(n)
            want = (n // bb + 1) * bb
            checks.append(("%s cbc --pad n=%d" % (name, n),
                           lambda a=args, d=data, w=want: roundtrip_check(a, a + ["-d"], d, w)))
    run_section("cbc-pad", checks)


# ---- section 6 -----------------------------------------------------------------------------------

def section_commands(ciphers, list_text, recs):
    checks = []

    def selftest():
        rc, out, err = arx(["selftest"], b"")
        lines = out.decode("utf-8", "replace").strip().splitlines()
        last = lines[-1] if lines else ""
        if rc != 0:
            raise Fail("exit %d; last line %r; stderr %r: arxcrypt selftest" % (rc, last, err_text(err)))
        m = re.match(r"^(\d+) passed, 0 failed$", last)
        if not m:
            raise Fail("last line %r does not match '^\\d+ passed, 0 failed$': arxcrypt selftest" % last)
        if int(m.group(1)) == 0:
            raise Fail("selftest passed 0 vectors: arxcrypt selftest")
    checks.append(("selftest", selftest))

    def list_mentions():
        names = sorted({r["cipher"] for r in recs if "cipher" in r})
        words = set(re.findall(r"[A-Za-z0-9_.-]+", list_text))
        missing = [n for n in names if n not in words]
        if missing:
            raise Fail("`arxcrypt list` does not mention ciphers %s" % missing)
        missing = [m for m in MODES if m not in words]
        if missing:
            raise Fail("`arxcrypt list` does not mention modes %s" % missing)
        for name, info in ciphers.items():
            if not info["backends"] or "ref" not in info["backends"]:
                raise Fail("`arxcrypt list`: %s has no 'ref' backend (backends %s)" % (name, info["backends"]))
            if "ref" not in info["available"]:
                raise Fail("`arxcrypt list`: %s: the portable 'ref' backend is not marked available" % name)
    checks.append(("list mentions every vector cipher and all 8 modes", list_mentions))

    def bench_json():
        args = ["bench", "--cipher", "lea-128", "--mode", "ctr", "--seconds", "0.01", "--json"]
        rc, out, err = arx(args, b"")
        if rc != 0:
            raise Fail("exit %d, stderr %r: %s" % (rc, err_text(err), repro(args, None)))
        try:
            rows = json.loads(out.decode("utf-8"))
        except ValueError as e:
            raise Fail("output is not JSON (%s): %r: %s" % (e, out[:300], repro(args, None)))
        if not isinstance(rows, list) or not rows:
            raise Fail("want a non-empty JSON array, got %r: %s" % (rows, repro(args, None)))
        keys = {"cipher", "mode", "backend", "threads", "size", "cpb", "gbps"}
        for row in rows:
            if not isinstance(row, dict) or set(row) != keys:
                raise Fail("row %r: want exactly the keys %s: %s" % (row, sorted(keys), repro(args, None)))
            if row["cipher"] != "lea-128" or row["mode"] != "ctr":
                raise Fail("row %r is not lea-128 ctr: %s" % (row, repro(args, None)))
            for k in ("cpb", "gbps"):
                v = row[k]
                if k == "cpb" and v is None and EMULATOR:
                    continue  # no TSC on the emulated targets: the bench reports cpb null
                if isinstance(v, bool) or not isinstance(v, (int, float)) or not v > 0:
                    raise Fail("row %r: %s = %r is not a number > 0: %s" % (row, k, v, repro(args, None)))
            for k in ("threads", "size"):
                if isinstance(row[k], bool) or not isinstance(row[k], int) or row[k] <= 0:
                    raise Fail("row %r: %s is not a positive integer: %s" % (row, k, repro(args, None)))
            if row["backend"] not in ciphers.get("lea-128", {}).get("available", [row["backend"]]):
                raise Fail("row %r: backend is not one `list` marks available: %s" % (row, repro(args, None)))
    checks.append(("bench --json", bench_json))

    def bench_many():
        args = ["bench", "--many", "20", "--keys", "3", "--size", "40", "--seconds", "0.01", "--no-baselines"]
        out = run_ok(args, b"").decode("utf-8", "replace")
        rows = [l.split() for l in out.splitlines() if l.startswith("lea-128 ")]
        if sorted(r[1] for r in rows) != ["ctr", "gcm"]:
            raise Fail("want one ctr and one gcm row, got %r: %s" % (rows, repro(args, None)))
        for r in rows:
            if r[3:6] != ["20", "3", "40"]:
                raise Fail("row %r: want 20 messages, 3 keys, 40 bytes: %s" % (r, repro(args, None)))
            if not EMULATOR and not all(float(x.rstrip("x")) > 0 for x in r[6:]):
                raise Fail("row %r: figures must be positive: %s" % (r, repro(args, None)))
    checks.append(("bench --many", bench_many))
    checks.append(("bench --many 0", lambda: expect_usage_error(["bench", "--many", "0"], b"", ["--many"])))
    checks.append(("bench --many --json",
                   lambda: expect_usage_error(["bench", "--many", "4", "--json"], b"", ["--many"])))
    checks.append(("bench --cipher nope",
                   lambda: expect_usage_error(["bench", "--cipher", "nope"], b"", ["nope"])))
    checks.append(("bench --mode nope",
                   lambda: expect_usage_error(["bench", "--cipher", "lea-128", "--mode", "nope"], b"", ["nope"])))
    # This build has no CUDA (or no GPU): --gpu is refused with a reason, never ignored.
    checks.append(("raw --gpu", lambda: expect_usage_error(
        ["raw", "--gpu", "-c", "lea-128", "-m", "ctr", "-k", "00" * 16, "--iv", "00" * 16], b"x" * 16, ["CUDA"])))
    checks.append(("bench --gpu", lambda: expect_usage_error(["bench", "--gpu", "--cipher", "lea-128"], b"", ["CUDA"])))

    def version():
        out = run_ok(["version"], b"")
        if not re.match(rb"^arxcrypt \d+\.\d+\.\d+\S*\n$", out):
            raise Fail("unexpected output %r: arxcrypt version" % out)
    checks.append(("version", version))
    run_section("commands", checks)


# ---- section 7 -----------------------------------------------------------------------------------

def section_threads():
    """raw --threads N: the same bytes as one thread, on inputs long enough to
    be split (shares of 64 KiB and more), every parallel mode."""
    K = "00112233445566778899aabbccddeeff"
    IV = "f0e0d0c0b0a09080706050403020ff00"
    data = rand_bytes(5 * 65536 + 4096 + 7)
    whole = data[: len(data) // 16 * 16]
    checks = []
    for cipher, bb in (("lea-128", 16), ("hight", 8)):
        iv = IV[:2 * bb]
        runs = [(["-m", "ctr", "--iv", iv], data), (["-m", "ecb"], whole), (["-m", "ecb", "-d"], whole),
                (["-m", "cbc", "-d", "--iv", iv], whole), (["-m", "cfb", "-d", "--iv", iv], data)]
        if bb == 16:
            runs.append((["-m", "gcm", "--iv", IV[:24], "--aad", "0102"], data))
        for mode_args, inp in runs:
            base = ["raw", "-c", cipher, "-k", K] + mode_args

            def check(base=base, inp=inp):
                one = run_ok(base + ["--threads", "1"], inp)
                for t in ("2", "3", "8", "0"):
                    expect_eq(run_ok(base + ["--threads", t], inp), one, "--threads %s vs 1" % t, base, None)
            checks.append((" ".join(base[1:3] + mode_args[:2]), check))
    run_section("threads", checks)


def section_binary(ciphers):
    checks = []
    special = bytes([0x00, 0x0a, 0x0d, 0x1a, 0xff])
    data = special * 7 + b"\r\n\r\n\x1a\x00" + bytes(range(256)) + b"\n\x00\xff\x1a\r" + special  # 307 bytes
    K, IV = "2b7e151628aed2a6abf7158809cf4f3c", "000102030405060708090a0b0c0d0e0f"
    block_data = data[:len(data) // 16 * 16]
    combos = [
        ("lea-128 ctr", ["raw", "-c", "lea-128", "-m", "ctr", "-k", K, "--iv", IV], data),
        ("lea-128 ofb", ["raw", "-c", "lea-128", "-m", "ofb", "-k", K, "--iv", IV], data),
        ("lea-128 ecb", ["raw", "-c", "lea-128", "-m", "ecb", "-k", K], block_data),
        ("lea-128 cbc --pad", ["raw", "-c", "lea-128", "-m", "cbc", "--pad", "-k", K, "--iv", IV], data),
        ("lea-128 gcm", ["raw", "-c", "lea-128", "-m", "gcm", "-k", K, "--iv", IV[:24], "--aad", "000a0d1aff"], data),
        ("speck-64-128 cfb", ["raw", "-c", "speck-64-128", "-m", "cfb", "-k", K, "--iv", IV[:16]], data),
    ]
    for label, args, d in combos:
        pieces = [d, special * 16, special[::-1] * 16]  # 80 bytes: whole blocks for ecb
        if "ecb" not in label:
            pieces += [special, special[::-1]]
        for piece in pieces:
            checks.append(("%s round trip of %d special bytes" % (label, len(piece)),
                           lambda a=args, p=piece: roundtrip_check(a, a + ["-d"], p, None)))
        fin, fout, fback = tmp_path("bin"), tmp_path("binct"), tmp_path("binpt")

        def via_files(args=args, d=d, fin=fin, fout=fout, fback=fback):
            write_file(fin, d)
            ct_stdio = run_ok(args, d)
            run_ok(args + ["-i", fin, "-o", fout], None)
            expect_eq(read_file(fout), ct_stdio, "ciphertext via -i/-o differs from stdin/stdout", args, d)
            run_ok(args + ["-d", "-i", fout, "-o", fback], None)
            expect_eq(read_file(fback), d, "file round trip", args + ["-d", "-i", fout, "-o", fback], None)
        checks.append(("%s via -i/-o files" % label, via_files))

    def dev_stdout():  # -o /dev/stdout with stdout a file: written through, /dev left alone
        fout = tmp_path("devstdout")
        args = combos[0][1] + ["-o", "/dev/stdout"]
        with open(fout, "wb") as f:
            p = subprocess.run(EMULATOR + [ARX] + args, input=data, stdout=f, stderr=subprocess.PIPE, timeout=TIMEOUT)
        if p.returncode != 0 or p.stderr:
            raise Fail("exit %d, stderr %r: %s > %s" % (p.returncode, err_text(p.stderr), " ".join(args), fout))
        expect_eq(read_file(fout), run_ok(combos[0][1], data), "-o /dev/stdout into a file", args, data)
        if not os.path.islink("/dev/stdout"):
            raise Fail("/dev/stdout is no longer a link: " + " ".join(args))
    if os.path.islink("/dev/stdout"):
        checks.append(("-o /dev/stdout with stdout redirected to a file", dev_stdout))
    run_section("binary", checks)


# ---- main ------------------------------------------------------------------------------------------

def main():
    t0 = time.time()
    if not os.access(ARX, os.X_OK):
        print("FAIL: %s is not an executable" % ARX)
        print("0 passed, 1 failed")
        return 1
    try:
        ciphers, list_text = parse_list()
    except (Fail, subprocess.TimeoutExpired, OSError) as e:
        print("FAIL [list] cannot parse `arxcrypt list`: %s" % e)
        print("0 passed, 1 failed")
        return 1
    recs = section_vectors(ciphers)
    section_aead(recs)
    section_errors(ciphers)
    section_roundtrip(ciphers)
    section_modes_vs_ecb(ciphers)
    section_cbcpad(ciphers)
    section_commands(ciphers, list_text, recs)
    section_binary(ciphers)
    section_threads()
    print("total time %.1f s, %d worker threads" % (time.time() - t0, WORKERS))
    print("%d passed, %d failed" % (TOTAL["passed"], TOTAL["failed"]))
    return 0 if TOTAL["failed"] == 0 and TOTAL["passed"] > 0 else 1


if __name__ == "__main__":
    try:
        rc = main()
    finally:
        TMP.cleanup()
    sys.exit(rc)
