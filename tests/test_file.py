#!/usr/bin/env python3
"""End-to-end test of `arxcrypt keygen/encrypt/decrypt` (authenticated files, format v1).

usage: test_file.py PATH/TO/arxcrypt [PATH/TO/tests/vectors/file-v1] [--only SECTION,...] [--keep] [-v]

Sections:
  1 roundtrip  plaintexts of 0, 1, chunk-1, chunk, chunk+1, 2*chunk and 5 MiB+7 bytes through
               files and through pipes, default chunk and --chunk-size 1024, lea-256 (default),
               cham-128-256, speck-128-256; --threads 1/2/0 agree; a fresh nonce every time;
               every 128-bit-block cipher, its file checked against the format (Python HKDF,
               chunks through `arxcrypt raw -m gcm`)
  2 tamper     truncated (at and inside chunks, inside the header), extended, reordered,
               duplicated, dropped, flipped and spliced files: exit 1 naming the chunk; to stdout
               only whole verified chunks before it, with -o no file and no temporary file.
               Every bit of every header field flipped: nonce and tag must give exit 1; the
               others 1 or 2, never 0 (what the header check sees first: an unrecognised magic
               or version, an unknown cipher, a chunk size out of range, an unknown KDF and
               non-zero scrypt fields in a key-file header are exit 2; a chunk size or scrypt
               parameters that parse fail the header tag, exit 1); the statuses seen are printed
  3 keys       wrong key, key files of the wrong length, passphrase files (scrypt), wrong
               passphrase, key file and passphrase mixed up
  4 tty        --passphrase typed on a pseudo-terminal (twice to encrypt, once to decrypt)
  5 outputs    an existing -o needs --force, -o that is the input, keygen
  6 interrupt  SIGKILL/SIGTERM/SIGINT/SIGHUP mid-way (input from a FIFO or a pipe we hold open), once
               /proc/PID/fd shows the output (an O_TMPFILE file) holding data: never a file under the
               -o name, nothing else left either; with ARXCRYPT_NO_O_TMPFILE=1 (the named fallback)
               the hidden temporary is gone unless SIGKILL
  7 errors     64-bit (and other non-128-bit) block ciphers, unknown cipher, --chunk-size,
               --threads, key options, --passphrase without a terminal, not an arxcrypt file,
               a full output device
  8 progress   the bar under a pseudo-terminal ends at 100%; --quiet or a non-terminal stderr
               prints nothing
  9 kat        the committed files in tests/vectors/file-v1 decrypt with the CLI and match the
               format (Python HKDF and scrypt, `arxcrypt raw -m gcm`)
 10 faults     (only with --only faults: ctest runs it as its own test, file_faults; Linux)
               SIGKILL at random points of encrypt and decrypt of ARX_FAULT_MIB (32) MiB from a file,
               --threads 1 and several, until ARX_FAULT_KILLS (8) kills each landed mid-write (the
               process SIGSTOPped, /proc/PID/fd showing the unnamed output part-written): never an
               -o file unless it had its name before the kill (then whole), nothing else left, the
               input unchanged; a full file system (a 1 MiB tmpfs where mount is permitted, and
               RLIMIT_FSIZE: ENOSPC, EFBIG); a read-only target (a read-only tmpfs, chattr +i, a
               directory another user cannot write; each where it can run, the notes say which
               ran); an input truncated, extended or rewritten while read (exit 4); the named
               fallback's leftover reported by the next run and not removed. Each must exit 3 or 4
               with one line naming the path and the OS's reason, and leave nothing

Every run checks that the files named by -i, --key-file and --passphrase-file are unchanged
(bytes and mtime). Python 3 standard library only. Prints one line per failed check (with a
command to reproduce; --keep keeps the temporary directory those commands name), a summary per
section (-v: every check, with its time), and ends with "N passed, M failed". Exit 0 only if
M == 0 and N > 0; exit 77 (ctest: skipped) when the CLI was built without OpenSSL.
"""
import hashlib
import hmac
import os
import pty
import random
import resource
import re
import select
import shlex
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import termios
import threading
import time
from concurrent.futures import ThreadPoolExecutor

HEADER = 95
TAG = 16
CHUNK = 65536  # the default
SMALL = 1024  # --chunk-size for most checks: many chunks from little data
MIB = 1 << 20
TIMEOUT = 120  # seconds per process: a hang is a failure, not a stuck ctest
SKIP = 77
# header fields: (name, start, end)
FIELDS = [("magic", 0, 8), ("version", 8, 9), ("cipher", 9, 33), ("chunk size", 33, 37), ("nonce", 37, 53),
          ("kdf", 53, 54), ("salt", 54, 70), ("log2 N", 70, 71), ("r", 71, 75), ("p", 75, 79), ("tag", 79, 95)]
FIELD = {name: (a, b) for name, a, b in FIELDS}

ARX = None
KATDIR = None
KEEP = False
VERBOSE = False
WORKERS = max(2, min(16, os.cpu_count() or 2))
RNG = random.Random(20251121)
TMP = None
TMPFILE_REFUSED = False  # the file system under TMP refuses O_TMPFILE: arxcrypt uses its named fallback


class Fail(Exception):
    pass


def tmpfile_refused(d):
    """True if the file system of directory d refuses O_TMPFILE (or this is not Linux)."""
    try:
        fd = os.open(d, os.O_TMPFILE | os.O_WRONLY, 0o600)
    except (AttributeError, OSError):
        return True
    os.close(fd)
    return False


def workdir():
    """A fresh directory of its own for one check (thread-safe)."""
    return tempfile.mkdtemp(dir=TMP)


def rand_bytes(n):
    return RNG.randbytes(n)


def read_file(path):
    with open(path, "rb") as f:
        return f.read()


def write_file(path, data):
    with open(path, "wb") as f:
        f.write(data)


def short_hex(b, limit=64):
    if not b:
        return "(empty)"
    h = b.hex()
    return h if len(h) <= limit else h[:limit] + "...(%d bytes)" % len(b)


def err_text(err):
    return err.decode("utf-8", "replace").strip().replace("\n", " | ")


def repro(args, stdin=None, pipe=False):
    cmd = "arxcrypt " + " ".join(shlex.quote(a) if a else "''" for a in args)
    if stdin and pipe:
        return "cat %s | %s" % (shlex.quote(stdin), cmd)
    return cmd + (" < " + shlex.quote(stdin) if stdin else "")


# ---- running arxcrypt -------------------------------------------------------------------------

WATCHED_OPTS = ("-i", "--in", "--key-file", "--passphrase-file")


def snapshot(path):
    """(sha256, size, mtime_ns) of a regular file, None if absent."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    if not stat.S_ISREG(st.st_mode):
        return ("not a regular file", st.st_mode)
    with open(path, "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()
    return (digest, st.st_size, st.st_mtime_ns)


def inputs_before(args, stdin_path=None):
    """Snapshots of the files a run reads (-i, --key-file, --passphrase-file, stdin_path)."""
    watched = [args[i + 1] for i, a in enumerate(args[:-1]) if a in WATCHED_OPTS and args[i + 1] != "-"]
    if stdin_path:
        watched.append(stdin_path)
    return [(p, snapshot(p)) for p in watched]


def inputs_unchanged(before, args, stdin_path=None):
    for path, snap in before:
        if snapshot(path) != snap:
            raise Fail("%s read %s and changed it (bytes or mtime): %s" % (args[0], path, repro(args, stdin_path)))


def arx(args, data=None, stdin_path=None, new_session=False, timeout=TIMEOUT):
    """Run arxcrypt with stdin from data (bytes), from the file stdin_path, or empty.
    Raises Fail if a file it reads (-i, --key-file, --passphrase-file, stdin_path) changed."""
    before = inputs_before(args, stdin_path)
    kw = dict(stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout, start_new_session=new_session)
    if data is not None:
        p = subprocess.run([ARX] + list(args), input=data, **kw)
    elif stdin_path:
        with open(stdin_path, "rb") as f:
            p = subprocess.run([ARX] + list(args), stdin=f, **kw)
    else:
        p = subprocess.run([ARX] + list(args), stdin=subprocess.DEVNULL, **kw)
    inputs_unchanged(before, args, stdin_path)
    return p.returncode, p.stdout, p.stderr


def run_ok(args, data=None, stdin_path=None):
    """Run, require exit 0 and an empty stderr; return stdout."""
    rc, out, err = arx(args, data, stdin_path)
    if rc != 0:
        raise Fail("exit %d (want 0), stderr %r: %s" % (rc, err_text(err), repro(args, stdin_path)))
    if err:
        raise Fail("exit 0 but stderr %r: %s" % (err_text(err), repro(args, stdin_path)))
    return out


def expect_eq(got, want, what, ctx):
    if got != want:
        raise Fail("%s: got %s, want %s: %s" % (what, short_hex(got), short_hex(want), ctx))


def one_line(err, ctx):
    """stderr must be one non-empty line starting 'arxcrypt: '."""
    text = err.decode("utf-8", "replace")
    if text.count("\n") != 1 or not text.endswith("\n") or not text.startswith("arxcrypt: "):
        raise Fail("want one line 'arxcrypt: ...' on stderr, got %r: %s" % (text, ctx))
    return text


def expect_error(args, data=None, keywords=None, rc_want=(2,), stdin_path=None, new_session=False):
    """Exit status in rc_want, nothing on stdout, one line on stderr naming one of keywords."""
    rc, out, err = arx(args, data, stdin_path, new_session)
    ctx = repro(args, stdin_path)
    if rc not in rc_want:
        raise Fail("exit %d (want %s), stderr %r: %s" % (rc, "/".join(map(str, rc_want)), err_text(err), ctx))
    if out:
        raise Fail("stdout not empty (%s): %s" % (short_hex(out), ctx))
    text = one_line(err, ctx)
    if keywords and not any(k.lower() in text.lower() for k in keywords):
        raise Fail("stderr %r names none of %s: %s" % (text.strip(), keywords, ctx))
    return rc, text


def leftovers(d, expected):
    """Names in d beyond the expected ones."""
    return sorted(set(os.listdir(d)) - set(expected))


def expect_no_output(d, expected, ctx, what="-o file"):
    extra = leftovers(d, expected)
    if extra:
        raise Fail("%s: %s left in the directory: %s" % (what, extra, ctx))


def tmp_names(d, out_name):
    return [n for n in os.listdir(d) if n.startswith("." + out_name + ".arxcrypt-")]


def output_in_progress(pid, d, out_name):
    """The output a running arxcrypt (pid) is writing in directory d, from /proc/PID/fd:
    ("unnamed", bytes) for an O_TMPFILE file (its link reads "d/#NNN (deleted)"), ("named", bytes) for
    the hidden ".OUT.arxcrypt-XXXXXX" fallback, or (None, 0)."""
    base = "/proc/%d/fd" % pid
    try:
        fds = os.listdir(base)
    except OSError:
        fds = []
    for fd in fds:
        try:
            target = os.readlink(os.path.join(base, fd))
            if os.path.dirname(target) != d:
                continue
            name = os.path.basename(target)
            kind = ("unnamed" if name.startswith("#") and target.endswith(" (deleted)") else
                    "named" if name.startswith("." + out_name + ".arxcrypt-") else None)
            if kind:
                return kind, os.stat(os.path.join(base, fd)).st_size
        except OSError:  # the fd closed meanwhile
            continue
    if not fds:  # no /proc: the named fallback shows in the directory
        names = tmp_names(d, out_name)
        if names:
            try:
                return "named", os.path.getsize(os.path.join(d, names[0]))
            except OSError:
                pass
    return None, 0


# ---- the format (tests/vectors/file-v1, cli/fileenc.c) -------------------------------------

def expected_size(n, chunk):
    return HEADER + n + TAG * max(1, -(-n // chunk))


def split_chunks(data, chunk):
    """header, [chunk bytes...] of a well-formed file."""
    body, per = data[HEADER:], chunk + TAG
    return data[:HEADER], [body[i:i + per] for i in range(0, len(body), per)]


def check_shape(ct, n, cipher, chunk, kdf=0):
    """Size and the plain header fields of a file the CLI wrote."""
    ctx = "%d-byte plaintext, %s, chunk %d" % (n, cipher, chunk)
    if len(ct) != expected_size(n, chunk):
        raise Fail("ciphertext of %d bytes, want %d (header + plaintext + a tag per chunk): %s"
                   % (len(ct), expected_size(n, chunk), ctx))
    want = b"ARXCRYPT" + bytes([1]) + cipher.encode().ljust(24, b"\0") + chunk.to_bytes(4, "big")
    expect_eq(ct[:37], want, "magic, version, cipher, chunk size", ctx)
    expect_eq(ct[53:54], bytes([kdf]), "kdf byte", ctx)
    if kdf == 0:
        expect_eq(ct[54:79], bytes(25), "scrypt fields of a key-file header", ctx)
    else:
        expect_eq(ct[70:79], bytes([17]) + (8).to_bytes(4, "big") + (1).to_bytes(4, "big"),
                  "scrypt log2 N, r, p (17, 8, 1)", ctx)


def hkdf_sha256(ikm, salt, info, n):
    prk = hmac.new(salt, ikm, hashlib.sha256).digest()
    out, t, i = b"", b"", 1
    while len(out) < n:
        t = hmac.new(prk, t + info + bytes([i]), hashlib.sha256).digest()
        out += t
        i += 1
    return out[:n]


def open_by_spec(data, secret, key_bytes):
    """The plaintext of data, computed from the format's description alone: HKDF here, each
    GCM through `arxcrypt raw` (whose GCM the CLI test checks against published vectors).
    key_bytes: cipher name -> key length in bytes."""
    h = data[:HEADER]
    if h[:9] != b"ARXCRYPT\x01":
        raise Fail("no v1 magic")
    name = h[9:33].rstrip(b"\0").decode()
    chunk = int.from_bytes(h[33:37], "big")
    nonce, kdf = h[37:53], h[53]
    if kdf == 0:
        ikm = secret
    else:
        log2n, r, p = h[70], int.from_bytes(h[71:75], "big"), int.from_bytes(h[75:79], "big")
        ikm = hashlib.scrypt(secret, salt=h[54:70], n=1 << log2n, r=r, p=p, maxmem=256 * MIB, dklen=32)
    kl = key_bytes[name]
    hk = hkdf_sha256(ikm, nonce, b"arxcrypt file v1 header", kl)
    pk = hkdf_sha256(ikm, nonce, b"arxcrypt file v1 payload", kl)
    tag = run_ok(["raw", "-c", name, "-m", "gcm", "-k", hk.hex(), "--iv", "00" * 12, "--aad", h[:79].hex()], b"")
    expect_eq(tag, h[79:], "header tag (GCM, header key, zero nonce, 79 header bytes as AAD)", name)
    _, chunks = split_chunks(data, chunk)
    pt = b""
    for i, c in enumerate(chunks):
        iv = i.to_bytes(11, "big") + bytes([i == len(chunks) - 1])
        pt += run_ok(["raw", "-c", name, "-m", "gcm", "-k", pk.hex(), "--iv", iv.hex(), "-d"], c)
    return pt


# ---- check bookkeeping --------------------------------------------------------------------

TOTAL = {"passed": 0, "failed": 0}
NOTES = []


def run_section(title, checks, serial=False):
    """checks: list of (label, callable). Runs them in parallel (serial: in this thread, for
    checks that fork), reports in order."""
    def one(item):
        label, fn = item
        try:
            t = time.time()
            fn()
            if VERBOSE:
                print("ok   [%s] %s (%.2f s)" % (title, label, time.time() - t))
            return None
        except Fail as e:
            return "FAIL [%s] %s: %s" % (title, label, e)
        except subprocess.TimeoutExpired as e:
            return "FAIL [%s] %s: timed out after %ss: %s" % (title, label, e.timeout, e.cmd)
        except Exception as e:  # a bug in the test or an unexpected output shape
            return "FAIL [%s] %s: %s: %s" % (title, label, type(e).__name__, e)

    t0 = time.time()
    if serial:
        results = [one(c) for c in checks]
    else:
        with ThreadPoolExecutor(max_workers=WORKERS) as pool:
            results = list(pool.map(one, checks))
    failed = [r for r in results if r is not None]
    for r in failed:
        print(r)
    npass = len(results) - len(failed)
    TOTAL["passed"] += npass
    TOTAL["failed"] += len(failed)
    print("section %-10s %4d passed, %d failed (%.1f s)" % (title + ":", npass, len(failed), time.time() - t0))
    sys.stdout.flush()


def record_failure(title, msg):
    print("FAIL [%s] %s" % (title, msg))
    TOTAL["failed"] += 1


# ---- fixtures: keys and files shared by the sections ----------------------------------------

class Fx:
    pass


def make_fixtures():
    fx = Fx()
    d = workdir()
    fx.key = os.path.join(d, "key")
    fx.key2 = os.path.join(d, "key2")
    run_ok(["keygen", "-o", fx.key])
    run_ok(["keygen", "-o", fx.key2])
    fx.pass_file = os.path.join(d, "pass")
    write_file(fx.pass_file, b"correct horse battery staple")
    fx.pass_nl = os.path.join(d, "pass-nl")
    write_file(fx.pass_nl, b"correct horse battery staple\n")
    fx.pass_wrong = os.path.join(d, "pass-wrong")
    write_file(fx.pass_wrong, b"correct horse battery stapler")
    fx.big = rand_bytes(5 * MIB + 7)  # plaintexts are prefixes of it
    # tamper: 10 whole chunks of 1024 and a partial one (11 chunks, 0..10)
    fx.pt = rand_bytes(10 * SMALL + 300)
    fx.ct = run_ok(["encrypt", "--key-file", fx.key, "--chunk-size", str(SMALL)], fx.pt)
    # another file of the same length under the same key, for splicing
    fx.ct_other = run_ok(["encrypt", "--key-file", fx.key, "--chunk-size", str(SMALL)], rand_bytes(len(fx.pt)))
    fx.pt_whole = rand_bytes(8 * SMALL)  # its last chunk is a whole one
    fx.ct_whole = run_ok(["encrypt", "--key-file", fx.key, "--chunk-size", str(SMALL)], fx.pt_whole)
    fx.ct_empty = run_ok(["encrypt", "--key-file", fx.key, "--chunk-size", str(SMALL)], b"")
    # one scrypt file (each passphrase run costs ~0.5 s of scrypt)
    fx.pt_pass = rand_bytes(3 * SMALL + 5)
    fx.ct_pass = run_ok(["encrypt", "--passphrase-file", fx.pass_file, "--chunk-size", str(SMALL)], fx.pt_pass)
    # a longer file for interrupted decryptions
    fx.ct_long = run_ok(["encrypt", "--key-file", fx.key, "--chunk-size", str(SMALL)], fx.big[:2 * MIB])
    return fx


# ---- section 1: round trips -----------------------------------------------------------------------

def roundtrip(fx, cipher, chunk, n, via):
    pt = fx.big[:n]
    enc = ["encrypt", "--key-file", fx.key] + (["-c", cipher] if cipher else []) + \
          (["--chunk-size", str(chunk)] if chunk else [])
    dec = ["decrypt", "--key-file", fx.key]
    if via == "pipes":
        ct = run_ok(enc, pt)
        back = run_ok(dec, ct)
        ctx = "printf <%d bytes> | %s | %s" % (n, repro(enc), repro(dec))
    else:
        d = workdir()
        fin, fct, fback = (os.path.join(d, x) for x in ("in", "in.arx", "back"))
        write_file(fin, pt)
        expect_eq(run_ok(enc + ["-i", fin, "-o", fct]), b"", "stdout with -o", repro(enc))
        ct = read_file(fct)
        expect_eq(run_ok(dec + ["-i", fct, "-o", fback]), b"", "stdout with -o", repro(dec))
        back = read_file(fback)
        ctx = "%s && %s" % (repro(enc + ["-i", fin, "-o", fct]), repro(dec + ["-i", fct, "-o", fback]))
        expect_no_output(d, ["in", "in.arx", "back"], ctx, "after the round trip")
    check_shape(ct, n, cipher or "lea-256", chunk or CHUNK)
    expect_eq(back, pt, "round trip", ctx)


def check_threads(fx, chunk):
    pt = fx.big
    base = ["--key-file", fx.key, "--chunk-size", str(chunk)]
    for te in ("1", "2", "0"):
        ct = run_ok(["encrypt"] + base + ["--threads", te], pt)
        check_shape(ct, len(pt), "lea-256", chunk)
        for td in ("1", "2", "0"):
            back = run_ok(["decrypt", "--key-file", fx.key, "--threads", td], ct)
            expect_eq(back, pt, "encrypt --threads %s, decrypt --threads %s" % (te, td), repro(["encrypt"] + base))


def check_fresh_nonce(fx):
    pt = fx.big[:3 * SMALL]
    args = ["encrypt", "--key-file", fx.key, "--chunk-size", str(SMALL)]
    a, b = run_ok(args, pt), run_ok(args, pt)
    ctx = "the same plaintext encrypted twice: " + repro(args)
    if a == b:
        raise Fail("identical files: " + ctx)
    expect_eq(a[:37] + a[53:79], b[:37] + b[53:79], "header outside nonce and tag", ctx)
    if a[37:53] == b[37:53]:
        raise Fail("same file nonce %s: %s" % (a[37:53].hex(), ctx))
    _, ca = split_chunks(a, SMALL)
    _, cb = split_chunks(b, SMALL)
    for i, (x, y) in enumerate(zip(ca, cb)):
        if x == y:
            raise Fail("chunk %d identical in both: %s" % (i, ctx))


def check_cipher_by_spec(fx, name, key_bytes):
    pt = fx.big[:3 * SMALL - 100]
    args = ["encrypt", "--key-file", fx.key, "-c", name, "--chunk-size", str(SMALL)]
    ct = run_ok(args, pt)
    check_shape(ct, len(pt), name, SMALL)
    expect_eq(run_ok(["decrypt", "--key-file", fx.key], ct), pt, "round trip", repro(args))
    expect_eq(open_by_spec(ct, read_file(fx.key), key_bytes), pt, "opened by the format's description",
              repro(args))


def section_roundtrip(fx, ciphers):
    checks = []
    for cipher in (None, "cham-128-256", "speck-128-256"):
        for chunk in (None, SMALL):
            c = chunk or CHUNK
            for n in sorted({0, 1, c - 1, c, c + 1, 2 * c, 5 * MIB + 7}):
                for via in ("files", "pipes"):
                    label = "%s chunk %d, %d bytes via %s" % (cipher or "default (lea-256)", c, n, via)
                    checks.append((label, lambda cipher=cipher, chunk=chunk, n=n, via=via:
                                   roundtrip(fx, cipher, chunk, n, via)))
    for chunk in (SMALL, CHUNK):
        checks.append(("--threads 1/2/0 agree, chunk %d, %d bytes" % (chunk, len(fx.big)),
                       lambda chunk=chunk: check_threads(fx, chunk)))
    checks.append(("a fresh file nonce per encryption", lambda: check_fresh_nonce(fx)))
    key_bytes = {n: c["key"] for n, c in ciphers.items()}
    for name, c in sorted(ciphers.items()):
        if c["block"] == 16 and len(name) <= 16:
            checks.append(("%s: round trip, file as the format describes" % name,
                           lambda name=name: check_cipher_by_spec(fx, name, key_bytes)))
    run_section("roundtrip", checks)


# ---- section 2: tampering ----------------------------------------------------------------------------

def expect_tampered(fx, data, pt, chunk, what, want_chunk=None, rc_want=(1,), words=None, key=None):
    """Decrypting data (an altered file) fails with an exit status in rc_want and a message
    naming chunk want_chunk (or one of words). To stdout: only whole chunks before it, and
    only verified plaintext; with -o: no file, no temporary file."""
    key = key or fx.key
    d = workdir()
    fin = os.path.join(d, "t.arx")
    write_file(fin, data)
    runs = [(["decrypt", "--key-file", key, "-i", fin, "--threads", t], None) for t in ("1", "2", "0")]
    runs.append((["decrypt", "--key-file", key], fin))  # from a pipe
    for args, stdin in runs:
        if stdin is None:
            rc, out, err = arx(args)
        else:
            rc, out, err = arx(args, data)
        ctx = "%s: %s" % (what, repro(args, stdin, pipe=True))
        if rc not in rc_want:
            raise Fail("exit %d (want %s), stderr %r: %s" % (rc, "/".join(map(str, rc_want)), err_text(err), ctx))
        text = one_line(err, ctx)
        if want_chunk is not None:
            m = re.search(r"chunk (\d+)", text)
            if not m or int(m.group(1)) != want_chunk:
                raise Fail("message %r does not name chunk %d: %s" % (text.strip(), want_chunk, ctx))
        if words and not any(w in text for w in words):
            raise Fail("message %r names none of %s: %s" % (text.strip(), words, ctx))
        if len(out) % chunk:
            raise Fail("released %d bytes: not whole %d-byte chunks: %s" % (len(out), chunk, ctx))
        if want_chunk is None and out:
            raise Fail("released %d bytes although the header failed: %s" % (len(out), ctx))
        if want_chunk is not None and len(out) > want_chunk * chunk:
            raise Fail("released %d bytes (%d chunks) although chunk %d failed: %s"
                       % (len(out), len(out) // chunk, want_chunk, ctx))
        if out != pt[:len(out)]:
            raise Fail("released %d bytes that are not the plaintext's first bytes: %s" % (len(out), ctx))
    fout = os.path.join(d, "out")
    args = ["decrypt", "--key-file", key, "-i", fin, "-o", fout]
    rc, out, err = arx(args)
    ctx = "%s: %s" % (what, repro(args))
    if rc not in rc_want:
        raise Fail("with -o: exit %d (want %s), stderr %r: %s" % (rc, "/".join(map(str, rc_want)), err_text(err), ctx))
    if out:
        raise Fail("with -o: stdout not empty: %s" % ctx)
    one_line(err, ctx)
    expect_no_output(d, ["t.arx"], ctx, "with -o after a failure")


def section_tamper(fx):
    ct, pt, per = fx.ct, fx.pt, SMALL + TAG
    h, cs = split_chunks(ct, SMALL)
    assert len(cs) == 11
    start = lambda i: HEADER + i * per  # noqa: E731
    join = lambda chunks, header=h: header + b"".join(chunks)  # noqa: E731
    hw, cw = split_chunks(fx.ct_whole, SMALL)
    ho, co = split_chunks(fx.ct_other, SMALL)
    assert len(cw) == 8 and len(co) == 11
    cases = [
        # (what, data, plaintext, expected failing chunk, words)
        ("the last chunk missing (cut at a chunk boundary)", ct[:start(10)], pt, 9, None),
        ("the last two chunks missing", ct[:start(9)], pt, 8, None),
        ("every chunk missing (header only)", ct[:HEADER], pt, 0, ["missing", "truncated"]),
        ("the last (whole) chunk missing, 8-chunk file", fx.ct_whole[:HEADER + 7 * per], fx.pt_whole, 6, None),
        ("the empty file's only chunk missing", fx.ct_empty[:HEADER], b"", 0, None),
        ("last byte dropped", ct[:-1], pt, 10, None),
        ("cut inside the last chunk", ct[:start(10) + 100], pt, 10, None),
        ("cut inside chunk 5", ct[:start(5) + 500], pt, 5, None),
        ("cut inside chunk 3's tag", ct[:start(3) + SMALL + 6], pt, 3, None),
        ("cut 7 bytes into chunk 5 (shorter than a tag)", ct[:start(5) + 7], pt, 5, None),
        ("cut 7 bytes into chunk 8 (after 2 batches of 4)", ct[:start(8) + 7], pt, 8, None),
        ("cut 1 byte into chunk 0", ct[:start(0) + 1], pt, 0, None),
        ("cut inside the empty file's tag", fx.ct_empty[:-1], b"", 0, None),
        ("1 byte appended", ct + b"\0", pt, 10, None),
        ("15 bytes appended", ct + rand_bytes(15), pt, 10, None),
        ("16 bytes appended", ct + rand_bytes(16), pt, 10, None),
        ("17 bytes appended", ct + rand_bytes(17), pt, 10, None),
        ("a chunk's worth appended", ct + rand_bytes(per), pt, 10, None),
        ("a copy of chunk 0 appended", ct + cs[0], pt, 10, None),
        ("16 bytes appended to a file of whole chunks", fx.ct_whole + rand_bytes(16), fx.pt_whole, 7, None),
        ("1 byte appended to a file of whole chunks", fx.ct_whole + b"\x01", fx.pt_whole, 7, None),
        ("a chunk appended to a file of whole chunks", fx.ct_whole + cw[0], fx.pt_whole, 7, None),
        ("16 bytes appended to the empty file", fx.ct_empty + rand_bytes(16), b"", 0, None),
        ("chunks 0 and 1 swapped", join([cs[1], cs[0]] + cs[2:]), pt, 0, None),
        ("chunks 7 and 8 swapped", join(cs[:7] + [cs[8], cs[7]] + cs[9:]), pt, 7, None),
        ("chunks 9 and 10 (the last) swapped", join(cs[:9] + [cs[10], cs[9]]), pt, 9, None),
        ("chunk 0 duplicated", join(cs[:1] + cs), pt, 1, None),
        ("chunk 3 duplicated", join(cs[:4] + cs[3:]), pt, 4, None),
        ("the last chunk duplicated", join(cs + cs[10:]), pt, 10, None),
        ("chunk 0 dropped", join(cs[1:]), pt, 0, None),
        ("chunk 4 dropped", join(cs[:4] + cs[5:]), pt, 4, None),
        ("chunk 9 dropped (the last one moves up)", join(cs[:9] + cs[10:]), pt, 9, None),
        ("chunk 6 of another file under the same key spliced in", join(cs[:6] + [co[6]] + cs[7:]), pt, 6, None),
        ("the last chunk of another file under the same key spliced in", join(cs[:10] + [co[10]]), pt, 10, None),
        ("the header of another file under the same key", join(cs, ho), pt, 0, None),
        ("the last chunk of an 8-chunk file as chunk 3", join(cs[:3] + [cw[7]] + cs[4:]), pt, 3, None),
    ]
    for what, i, bit in [("chunk 0 ciphertext", 0, 0), ("chunk 8 ciphertext", 8, 8 * 500 + 3),
                         ("the last chunk's ciphertext", 10, 8 * 299 + 7), ("chunk 2 tag", 2, 8 * (SMALL + 15) + 7),
                         ("the last chunk's tag", 10, 8 * 300), ("chunk 7 tag", 7, 8 * SMALL)]:
        c = bytearray(cs[i])
        c[bit // 8] ^= 1 << (bit % 8)
        cases.append(("bit %d of %s flipped" % (bit, what), join(cs[:i] + [bytes(c)] + cs[i + 1:]), pt, i, None))
    checks = []
    for what, data, p, want, words in cases:
        checks.append((what, lambda what=what, data=data, p=p, want=want, words=words:
                       expect_tampered(fx, data, p, SMALL, what, want, (1,), words)))
    # inside the header: too short to hold the magic is "not an arxcrypt file" (exit 2)
    for n in (94, 79, 53, 37, 9, 8):
        checks.append(("header cut to %d bytes" % n, lambda n=n: expect_tampered(
            fx, ct[:n], pt, SMALL, "header cut to %d bytes" % n, None, (1,), ["truncated"])))
    for n in (7, 1, 0):
        checks.append(("file cut to %d bytes (no whole magic)" % n, lambda n=n: expect_tampered(
            fx, ct[:n], pt, SMALL, "file cut to %d bytes" % n, None, (1, 2), None)))
    checks.append(("wrong key", lambda: expect_tampered(fx, ct, pt, SMALL, "wrong key", None, (1,),
                                                        ["wrong key"], key=fx.key2)))
    # every bit of every header field; the statuses seen are printed after the section
    seen = {}
    allowed = {"nonce": (1,), "tag": (1,)}
    for name, a, b in FIELDS:
        checks.append(("every bit of the header's %s flipped (key file)" % name, lambda name=name, a=a, b=b:
                       header_flips(fx, ct, pt, name, range(8 * a, 8 * b), allowed.get(name, (1, 2)), seen,
                                    ["--key-file", fx.key])))
    # the scrypt header's own fields: bits that do not make scrypt slow (log2 N 17 -> 16, r 8 -> 9)
    sa, _ = FIELD["salt"]
    scrypt_bits = [("salt", [8 * sa + 13]), ("log2 N", [8 * 70 + b for b in (0, 3, 4, 7)]),
                   ("r", [8 * 74, 8 * 74 + 3, 8 * 71 + 7]), ("p", [8 * 78, 8 * 75 + 7]), ("kdf", [8 * 53])]
    for name, bits in scrypt_bits:
        want = (1,) if name == "salt" else (1, 2)
        checks.append(("header %s bits %s flipped (scrypt)" % (name, bits), lambda name=name, bits=bits, want=want:
                       header_flips(fx, fx.ct_pass, fx.pt_pass, name + " (scrypt)", bits, want, seen,
                                    ["--passphrase-file", fx.pass_file])))
    run_section("tamper", checks)
    summary = ", ".join("%s %s" % (name, "/".join("exit %d x%d" % (rc, k) for rc, k in sorted(seen[name].items())))
                        for name in [f[0] for f in FIELDS] + [s[0] + " (scrypt)" for s in scrypt_bits] if name in seen)
    NOTES.append("header bit flips, exit statuses seen: " + summary)


def header_flips(fx, ct, pt, name, bits, rc_want, seen, key_args):
    d = workdir()
    fin = os.path.join(d, "t.arx")
    counts = {}
    for n, bit in enumerate(bits):
        data = bytearray(ct)
        data[bit // 8] ^= 1 << (bit % 8)
        write_file(fin, bytes(data))
        args = ["decrypt"] + key_args + ["-i", fin, "--threads", "1"]
        if n == 0:
            args += ["-o", os.path.join(d, "out")]  # once per field: no output file either
        rc, out, err = arx(args)
        ctx = "header byte %d bit %d (%s) flipped: %s" % (bit // 8, bit % 8, name, repro(args))
        if rc not in rc_want:
            raise Fail("exit %d (want %s), stderr %r: %s" % (rc, "/".join(map(str, rc_want)), err_text(err), ctx))
        if out:
            raise Fail("released %d bytes although the header was altered: %s" % (len(out), ctx))
        text = one_line(err, ctx)
        if rc == 1 and "header" not in text:
            raise Fail("message %r does not mention the header: %s" % (text.strip(), ctx))
        expect_no_output(d, ["t.arx"], ctx)
        counts[rc] = counts.get(rc, 0) + 1
    seen[name] = counts


# ---- section 3: keys and passphrases ---------------------------------------------------------------

def section_keys(fx):
    checks = []
    d = workdir()
    ct_file = os.path.join(d, "kf.arx")
    write_file(ct_file, fx.ct)
    pass_ct = os.path.join(d, "pass.arx")
    write_file(pass_ct, fx.ct_pass)

    def wrong_key():
        dd = workdir()
        out = os.path.join(dd, "out")
        expect_error(["decrypt", "--key-file", fx.key2, "-i", ct_file, "-o", out], None,
                     ["wrong key"], (1,))
        expect_no_output(dd, [], "wrong key with -o")
    checks.append(("wrong key file: exit 1, 'wrong key', no -o file", wrong_key))
    for n in (0, 1, 31, 33, 64, 1024, 1025):
        kf = os.path.join(d, "key%d" % n)
        write_file(kf, rand_bytes(n))
        for cmd, data in (("encrypt", fx.pt), ("decrypt", fx.ct)):
            def bad_len(kf=kf, cmd=cmd, data=data, n=n):
                dd = workdir()
                expect_error([cmd, "--key-file", kf, "-o", os.path.join(dd, "out")], data,
                             ["32 bytes", "too long"] if n > 0 else ["32 bytes"])
                expect_no_output(dd, [], "key file of %d bytes" % n)
            checks.append(("%s with a %d-byte key file: exit 2" % (cmd, n), bad_len))
    for cmd, data in (("encrypt", fx.pt), ("decrypt", fx.ct)):
        checks.append(("%s with a missing key file: exit 3, the path and the reason" % cmd,
                       lambda cmd=cmd, data=data: expect_error(
            [cmd, "--key-file", os.path.join(d, "no-such-key")], data, ["no-such-key': No such file or directory"],
            (3,))))
        checks.append(("%s with a directory as key file: exit 3" % cmd, lambda cmd=cmd, data=data: expect_error(
            [cmd, "--key-file", d], data, ["Is a directory"], (3,))))

    def pass_roundtrip():
        check_shape(fx.ct_pass, len(fx.pt_pass), "lea-256", SMALL, kdf=1)
        dd = workdir()
        out = os.path.join(dd, "out")
        run_ok(["decrypt", "--passphrase-file", fx.pass_file, "-i", pass_ct, "-o", out])
        expect_eq(read_file(out), fx.pt_pass, "passphrase-file round trip",
                  repro(["decrypt", "--passphrase-file", fx.pass_file, "-i", pass_ct, "-o", out]))
    checks.append(("--passphrase-file round trip (scrypt header 17/8/1)", pass_roundtrip))
    checks.append(("a passphrase file's final line break is not part of the passphrase", lambda: expect_eq(
        run_ok(["decrypt", "--passphrase-file", fx.pass_nl, "-i", pass_ct]), fx.pt_pass, "decrypted with 'pw\\n'",
        repro(["decrypt", "--passphrase-file", fx.pass_nl, "-i", pass_ct]))))
    checks.append(("wrong passphrase: exit 1", lambda: expect_error(
        ["decrypt", "--passphrase-file", fx.pass_wrong, "-i", pass_ct], None, ["wrong key or passphrase"], (1,))))
    for content in (b"", b"\n"):
        pf = os.path.join(d, "empty-pass-%d" % len(content))
        write_file(pf, content)
        checks.append(("encrypt with a passphrase file holding %r: exit 2" % content, lambda pf=pf: expect_error(
            ["encrypt", "--passphrase-file", pf], fx.pt, ["empty"])))
    checks.append(("key-file file given --passphrase-file: exit 2", lambda: expect_error(
        ["decrypt", "--passphrase-file", fx.pass_file, "-i", ct_file], None, ["key file"])))
    checks.append(("passphrase file given --key-file: exit 2", lambda: expect_error(
        ["decrypt", "--key-file", fx.key, "-i", pass_ct], None, ["passphrase"])))
    run_section("keys", checks)


# ---- section 4: --passphrase on a terminal --------------------------------------------------------

def tty_session(args, answers):
    """Run arxcrypt with a new pseudo-terminal as its controlling terminal (pty.fork) and type
    answers: (prompt, line) pairs, each line once its prompt appeared and echo is off.
    Returns (exit status, what the terminal showed)."""
    before = inputs_before(args)
    pid, fd = pty.fork()
    if pid == 0:  # the child: nothing but exec
        try:
            os.execv(ARX, [ARX] + list(args))
        finally:
            os._exit(127)
    text, pos, pending = b"", 0, list(answers)
    deadline = time.time() + TIMEOUT
    done = False
    try:
        while True:
            if time.time() > deadline:
                raise Fail("no exit after %ds, terminal %r: %s" % (TIMEOUT, text[-200:], repro(args)))
            if pending:
                prompt, line = pending[0]
                at = text.find(prompt, pos)
                if at >= 0 and not termios.tcgetattr(fd)[3] & termios.ECHO:
                    os.write(fd, line)
                    pos = at + len(prompt)
                    pending.pop(0)
            ready, _, _ = select.select([fd], [], [], 0.02)
            if ready:
                try:
                    b = os.read(fd, 4096)
                except OSError:  # EIO: the child is gone
                    break
                if not b:
                    break
                text += b
        done = True
    finally:
        if not done:
            os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)  # the terminal closed: it is exiting
        os.close(fd)
    inputs_unchanged(before, args)
    if pending:
        raise Fail("prompt %r never came (terminal %r): %s" % (pending[0][0], text[-200:], repro(args)))
    return os.waitstatus_to_exitcode(status), text.decode("utf-8", "replace")


def section_tty(fx):
    checks = []
    pw = read_file(fx.pass_file)
    d = workdir()
    pass_ct = os.path.join(d, "pass.arx")
    write_file(pass_ct, fx.ct_pass)

    def encrypt_tty():
        dd = workdir()
        fin, fout = os.path.join(dd, "in"), os.path.join(dd, "in.arx")
        write_file(fin, fx.pt_pass)
        args = ["encrypt", "--passphrase", "-i", fin, "-o", fout, "--chunk-size", str(SMALL)]
        rc, text = tty_session(args, [(b"Passphrase: ", pw + b"\n"), (b"Passphrase (again): ", pw + b"\n")])
        if rc != 0 or pw.decode() in text:
            raise Fail("exit %d, terminal %r (want 0, the passphrase not echoed): %s" % (rc, text, repro(args)))
        check_shape(read_file(fout), len(fx.pt_pass), "lea-256", SMALL, kdf=1)
        back = run_ok(["decrypt", "--passphrase-file", fx.pass_file, "-i", fout])
        expect_eq(back, fx.pt_pass, "typed passphrase, decrypted with the same in a file", repro(args))
    checks.append(("encrypt --passphrase typed twice on a terminal; the file decrypts with --passphrase-file",
                   encrypt_tty))

    def decrypt_tty():
        dd = workdir()
        fout = os.path.join(dd, "out")
        args = ["decrypt", "--passphrase", "-i", pass_ct, "-o", fout]
        rc, text = tty_session(args, [(b"Passphrase: ", pw + b"\n")])
        if rc != 0 or pw.decode() in text or "again" in text:
            raise Fail("exit %d, terminal %r (want 0, one prompt, no echo): %s" % (rc, text, repro(args)))
        expect_eq(read_file(fout), fx.pt_pass, "decrypted with the passphrase typed once", repro(args))
    checks.append(("decrypt --passphrase typed once on a terminal", decrypt_tty))

    def mismatch():
        dd = workdir()
        fin, fout = os.path.join(dd, "in"), os.path.join(dd, "in.arx")
        write_file(fin, fx.pt_pass)
        args = ["encrypt", "--passphrase", "-i", fin, "-o", fout]
        rc, text = tty_session(args, [(b"Passphrase: ", b"one\n"), (b"Passphrase (again): ", b"two\n")])
        if rc != 2 or "do not match" not in text:
            raise Fail("exit %d, terminal %r (want 2, 'do not match'): %s" % (rc, text, repro(args)))
        expect_no_output(dd, ["in"], repro(args))
    checks.append(("encrypt --passphrase typed differently twice: exit 2", mismatch))

    def too_long():
        dd = workdir()
        fin, fout = os.path.join(dd, "in"), os.path.join(dd, "in.arx")
        write_file(fin, fx.pt_pass)
        args = ["encrypt", "--passphrase", "-i", fin, "-o", fout]
        rc, text = tty_session(args, [(b"Passphrase: ", b"p" * 1500 + b"\n")])
        if rc != 2 or "longer than 1024 bytes" not in text:
            raise Fail("exit %d, terminal %r (want 2, 'longer than 1024 bytes', not a passphrase cut to 1024): %s"
                       % (rc, text[-300:], repro(args)))
        expect_no_output(dd, ["in"], repro(args))
    checks.append(("encrypt --passphrase of 1500 bytes on a terminal: refused, not cut to 1024", too_long))
    run_section("tty", checks, serial=True)


# ---- section 5: output files and keygen ---------------------------------------------------------------

def section_outputs(fx):
    checks = []
    for cmd, data, want in (("encrypt", fx.pt, None), ("decrypt", fx.ct, fx.pt)):
        def existing(cmd=cmd, data=data):
            d = workdir()
            fin, fout = os.path.join(d, "in"), os.path.join(d, "out")
            write_file(fin, data)
            write_file(fout, b"sentinel\n")
            before = snapshot(fout)
            args = [cmd, "--key-file", fx.key, "-i", fin, "-o", fout]
            expect_error(args, None, ["exists", "--force"])
            if snapshot(fout) != before:
                raise Fail("the existing -o file changed without --force: " + repro(args))
            expect_no_output(d, ["in", "out"], repro(args))
        checks.append(("%s: an existing -o file is kept without --force" % cmd, existing))

        def forced(cmd=cmd, data=data, want=want):
            d = workdir()
            fin, fout = os.path.join(d, "in"), os.path.join(d, "out")
            write_file(fin, data)
            write_file(fout, b"sentinel\n" * 5000)
            args = [cmd, "--key-file", fx.key, "-i", fin, "-o", fout, "--force"]
            run_ok(args)
            got = read_file(fout)
            if want is None:
                got = run_ok(["decrypt", "--key-file", fx.key], got)
            expect_eq(got, fx.pt, "the -o file after --force", repro(args))
            expect_no_output(d, ["in", "out"], repro(args))
        checks.append(("%s: --force replaces an existing -o file" % cmd, forced))

        def same_file(cmd=cmd, data=data):
            d = workdir()
            fin = os.path.join(d, "in")
            write_file(fin, data)
            os.link(fin, os.path.join(d, "hardlink"))
            os.symlink("in", os.path.join(d, "symlink"))
            for out in (fin, os.path.join(d, ".", "in"), os.path.join(d, "..", os.path.basename(d), "in"),
                        os.path.join(d, "hardlink"), os.path.join(d, "symlink")):
                for force in ([], ["--force"]):
                    # arx() fails the check if the input changed (bytes or mtime)
                    expect_error([cmd, "--key-file", fx.key, "-i", fin, "-o", out] + force, None, ["is the input"])
            args = [cmd, "--key-file", fx.key, "-o", fin, "--force"]
            expect_error(args, None, ["is the input"], stdin_path=fin)
            expect_no_output(d, ["in", "hardlink", "symlink"], repro(args, fin))
        checks.append(("%s: -o naming the input is refused (path, ./, hard link, symlink, stdin)" % cmd, same_file))

        def missing_dir(cmd=cmd, data=data):
            d = workdir()
            expect_error([cmd, "--key-file", fx.key, "-o", os.path.join(d, "no", "out")], data,
                         ["no/out': No such file or directory"], (3,))
            expect_no_output(d, [], "-o in a missing directory")
        checks.append(("%s: -o in a missing directory: exit 3" % cmd, missing_dir))

    def keygen_new():
        d = workdir()
        k1, k2 = os.path.join(d, "k1"), os.path.join(d, "k2")
        run_ok(["keygen", "-o", k1])
        run_ok(["keygen", "-o", k2])
        for k in (k1, k2):
            st = os.stat(k)
            if st.st_size != 32 or stat.S_IMODE(st.st_mode) != 0o600:
                raise Fail("%s: %d bytes, mode %o (want 32 bytes, mode 600): arxcrypt keygen -o %s"
                           % (k, st.st_size, stat.S_IMODE(st.st_mode), k))
        if read_file(k1) == read_file(k2):
            raise Fail("two keygens gave the same key")
        expect_no_output(d, ["k1", "k2"], "keygen")
    checks.append(("keygen: 32 bytes, mode 600, a new key each time", keygen_new))

    def keygen_existing():
        d = workdir()
        k = os.path.join(d, "k")
        write_file(k, b"x" * 32)
        before = snapshot(k)
        expect_error(["keygen", "-o", k], None, ["exists", "--force"])
        if snapshot(k) != before:
            raise Fail("keygen changed an existing file without --force: arxcrypt keygen -o " + k)
    checks.append(("keygen: an existing file is kept without --force", keygen_existing))

    def keygen_force():
        d = workdir()
        k = os.path.join(d, "k")
        write_file(k, b"x" * 40)
        os.chmod(k, 0o644)
        run_ok(["keygen", "-o", k, "--force"])
        st = os.stat(k)
        if read_file(k) == b"x" * 32 or st.st_size != 32:
            raise Fail("keygen --force did not write a new 32-byte key: arxcrypt keygen -o %s --force" % k)
        if stat.S_IMODE(st.st_mode) != 0o600:
            raise Fail("after keygen --force over a mode-644 file the key file has mode %o (want 600: a key "
                       "readable by others): chmod 644 %s; arxcrypt keygen -o %s --force"
                       % (stat.S_IMODE(st.st_mode), k, k))
    checks.append(("keygen --force: replaces the file, and its mode is 600", keygen_force))
    checks.append(("keygen without -o: exit 2", lambda: expect_error(["keygen"], None, ["-o"])))
    checks.append(("keygen with an unknown option: exit 2", lambda: expect_error(
        ["keygen", "-o", os.path.join(workdir(), "k"), "--bits", "256"], None, ["--bits"])))

    def through_link():
        d = workdir()
        target, link = os.path.join(d, "target"), os.path.join(d, "link")
        write_file(target, b"old")
        os.symlink("target", link)
        args = ["encrypt", "--key-file", fx.key, "-o", link, "--force"]
        ct = run_ok(args, fx.pt)
        if ct or not os.path.islink(link) or os.readlink(link) != "target":
            raise Fail("-o naming a link replaced the link, not the file it names: " + repro(args))
        expect_eq(run_ok(["decrypt", "--key-file", fx.key, "-i", target]), fx.pt, "the linked file", repro(args))
        expect_no_output(d, ["target", "link"], repro(args))
    checks.append(("encrypt --force -o LINK replaces the file the link names, not the link", through_link))
    run_section("outputs", checks)


# ---- section 6: interrupted runs -----------------------------------------------------------------------

def open_fifo_writer(fifo, p, deadline, ctx):
    """The FIFO's write end, once arxcrypt (process p) opened it for reading."""
    while True:
        try:
            fd = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
            os.set_blocking(fd, True)
            return fd
        except OSError:  # ENXIO: no reader yet
            if p.poll() is not None or time.time() > deadline:
                raise Fail("arxcrypt did not open the FIFO (exit %s): %s" % (p.poll(), ctx))
            time.sleep(0.01)


def interrupted(fx, cmd, sig, source, named=False):
    """Run cmd -o OUT with input we hold open after a first part; once the output being written
    (an unnamed O_TMPFILE file, or with named=True the hidden named fallback) holds data, send
    sig. OUT must not exist afterwards; nothing else either, except the named fallback's
    temporary after SIGKILL (nothing can remove it then)."""
    d = workdir()
    out = os.path.join(d, "out")
    data = fx.ct_long if cmd == "decrypt" else fx.big
    part = data[:64 * 1024]
    args = [cmd, "--key-file", fx.key, "-o", out, "--threads", "2"]
    if cmd == "encrypt":  # small chunks: output reaches the file after a few KiB
        args += ["--chunk-size", str(SMALL)]
    fifo = os.path.join(d, "in.fifo")
    if source == "fifo":
        os.mkfifo(fifo)
        args += ["-i", fifo]
    ctx = "%s%s, %s after 64 KiB of %d from a %s: %s" % ("ARXCRYPT_NO_O_TMPFILE=1 " if named else "", cmd,
                                                         signal.Signals(sig).name, len(data), source, repro(args))
    env = dict(os.environ, ARXCRYPT_NO_O_TMPFILE="1") if named else None
    p = subprocess.Popen([ARX] + args, stdin=subprocess.PIPE if source == "pipe" else subprocess.DEVNULL,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    wfd = None
    try:
        deadline = time.time() + 30
        if source == "fifo":
            wfd = open_fifo_writer(fifo, p, deadline, ctx)
            writer = threading.Thread(target=os.write, args=(wfd, part), daemon=True)
        else:
            def feed():
                try:
                    p.stdin.write(part)
                    p.stdin.flush()
                except OSError:
                    pass
            writer = threading.Thread(target=feed, daemon=True)
        writer.start()
        while True:  # mid-way: the output being written holds some data
            kind, size = output_in_progress(p.pid, d, "out")
            if kind and size > 0:
                break
            if p.poll() is not None or time.time() > deadline:
                raise Fail("no output being written appeared (exit %s, stderr %r): %s"
                           % (p.poll(), err_text(p.stderr.read()) if p.poll() is not None else "", ctx))
            time.sleep(0.01)
        if kind != ("named" if named else "unnamed") and not (kind == "named" and TMPFILE_REFUSED):
            raise Fail("the output is written to a%s file (want %s): %s" % (
                "n unnamed" if kind == "unnamed" else " named", "the named fallback" if named else "O_TMPFILE", ctx))
        if os.path.exists(out):
            raise Fail("-o file exists before the input ended: " + ctx)
        p.send_signal(sig)
        p.wait(timeout=30)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
        if wfd is not None:
            os.close(wfd)
        if p.stdin:
            try:
                p.stdin.close()
            except OSError:
                pass
        p.stdout.close()
        p.stderr.close()
    if p.returncode != -sig:
        raise Fail("exit status %d (want killed by signal %d): %s" % (p.returncode, sig, ctx))
    if os.path.exists(out):
        raise Fail("-o file exists after %s: %s" % (signal.Signals(sig).name, ctx))
    expected = ["in.fifo"] if source == "fifo" else []
    if sig == signal.SIGKILL and kind == "named":  # nothing can remove it then
        expected += tmp_names(d, "out")
    expect_no_output(d, expected, ctx, "after " + signal.Signals(sig).name)


def eof_midway(fx):
    """The writer closes the FIFO after part of the file: exit 1, nothing left."""
    d = workdir()
    out, fifo = os.path.join(d, "out"), os.path.join(d, "in.fifo")
    os.mkfifo(fifo)
    args = ["decrypt", "--key-file", fx.key, "-i", fifo, "-o", out]
    ctx = "the FIFO closed inside chunk 40: " + repro(args)
    p = subprocess.Popen([ARX] + args, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        fd = open_fifo_writer(fifo, p, time.time() + 30, ctx)
        with os.fdopen(fd, "wb") as f:
            f.write(fx.ct_long[:HEADER + 40 * (SMALL + TAG) + 100])
        _, err = p.communicate(timeout=TIMEOUT)
    finally:
        if p.poll() is None:
            p.kill()
            p.communicate()
    if p.returncode != 1 or not re.search(rb"chunk 40\b", err):
        raise Fail("exit %d, stderr %r (want 1 naming chunk 40): %s" % (p.returncode, err_text(err), ctx))
    expect_no_output(d, ["in.fifo"], ctx)


def section_interrupt(fx):
    checks = []
    for cmd in ("decrypt", "encrypt"):
        for sig in (signal.SIGKILL, signal.SIGTERM):
            for source in ("fifo", "pipe"):
                checks.append(("%s from a %s, %s mid-way" % (cmd, source, sig.name),
                               lambda cmd=cmd, sig=sig, source=source: interrupted(fx, cmd, sig, source)))
    for sig in (signal.SIGINT, signal.SIGHUP):
        checks.append(("decrypt from a fifo, %s mid-way" % sig.name,
                       lambda sig=sig: interrupted(fx, "decrypt", sig, "fifo")))
    for cmd in ("decrypt", "encrypt"):  # the named fallback (ARXCRYPT_NO_O_TMPFILE=1)
        for sig in (signal.SIGKILL, signal.SIGTERM):
            checks.append(("%s from a pipe, %s mid-way, named fallback" % (cmd, sig.name),
                           lambda cmd=cmd, sig=sig: interrupted(fx, cmd, sig, "pipe", named=True)))
    checks.append(("decrypt from a fifo that ends inside chunk 40", lambda: eof_midway(fx)))
    run_section("interrupt", checks)


# ---- section 7: usage errors -----------------------------------------------------------------------------

def section_errors(fx, ciphers):
    checks = []
    K = ["--key-file", fx.key]
    d = workdir()
    ct_file = os.path.join(d, "kf.arx")
    write_file(ct_file, fx.ct)

    def err(label, args, data=None, keywords=None, new_session=False, rc_want=(2,)):
        def check():
            dd = workdir()
            expect_error(args[:1] + ["-o", os.path.join(dd, "out")] + args[1:], data, keywords, rc_want,
                         new_session=new_session)
            expect_no_output(dd, [], repro(args))
        checks.append((label, check))

    for name, c in sorted(ciphers.items()):
        if c["block"] != 16:
            err("%d-bit-block %s refused" % (8 * c["block"], name), ["encrypt", "-c", name] + K, fx.pt,
                ["128-bit"])
        elif len(name) > 24:  # the header's cipher field holds 24 bytes
            err("%s refused (name longer than the header's 24 bytes)" % name, ["encrypt", "-c", name] + K, fx.pt,
                ["too long"])
    for name in ("nope-256", "", "lea-256 "):
        err("unknown cipher %r" % name, ["encrypt", "-c", name] + K, fx.pt, ["unknown cipher"])
    for v in ("0", "1023", "16777217", "4294968320", "-1", "-1024", "abc", "", "1k", "0x400", " 1024", "1024 ",
              "+1024", "1e4"):
        err("--chunk-size %r refused" % v, ["encrypt", "--chunk-size", v] + K, fx.pt, ["chunk-size"])
    for v in ("1024", "16777216"):
        def boundary(v=v):
            args = ["encrypt", "--chunk-size", v, "--threads", "1"] + K
            ct = run_ok(args, fx.pt[:100])
            check_shape(ct, 100, "lea-256", int(v))
            expect_eq(run_ok(["decrypt"] + K, ct), fx.pt[:100], "round trip", repro(args))
        checks.append(("--chunk-size %s accepted" % v, boundary))
    err("decrypt takes no --chunk-size", ["decrypt", "--chunk-size", "1024"] + K, fx.ct, ["--chunk-size"])
    err("decrypt takes no -c (the header names the cipher)", ["decrypt", "-c", "lea-256"] + K, fx.ct, ["-c"])
    for v in ("-1", "1025", "x", "", "1.5"):
        err("--threads %r refused" % v, ["encrypt", "--threads", v] + K, fx.pt, ["--threads"])
    for cmd, data in (("encrypt", fx.pt), ("decrypt", fx.ct)):
        err("%s without a key option" % cmd, [cmd], data, ["--key-file"])
        err("%s with two key options" % cmd, [cmd, "--passphrase-file", fx.pass_file] + K, data, ["exactly one"])
        err("%s with --key-file twice" % cmd, [cmd] + K + K, data, ["twice"])
        err("%s with an unknown option" % cmd, [cmd, "--nope"] + K, data, ["--nope"])
        err("%s with -i missing its value" % cmd, [cmd] + K + ["-i"], data, ["needs a value"])
        err("%s with a missing input file: exit 3" % cmd, [cmd] + K + ["-i", os.path.join(d, "no-such-file")], None,
            ["no-such-file': No such file or directory"], rc_want=(3,))
    # --passphrase reads /dev/tty; in a new session there is none
    err("encrypt --passphrase without a terminal", ["encrypt", "--passphrase"], fx.pt, ["terminal"], True)
    err("decrypt --passphrase without a terminal", ["decrypt", "--passphrase"], fx.ct_pass, ["terminal"], True)
    err("decrypt of random bytes", ["decrypt"] + K, rand_bytes(500), ["not an arxcrypt file"])
    err("decrypt of text", ["decrypt"] + K, b"hello, world\n" * 20, ["not an arxcrypt file"])
    v2 = bytearray(fx.ct)
    v2[8] = 2
    err("decrypt of a version-2 file", ["decrypt"] + K, bytes(v2), ["version"])
    for cmd, data in (("encrypt", fx.pt), ("decrypt", fx.ct)):
        def full(cmd=cmd, data=data):
            args = [cmd, "--key-file", fx.key]
            with open("/dev/full", "wb") as full_dev:
                p = subprocess.run([ARX] + args, input=data, stdout=full_dev, stderr=subprocess.PIPE,
                                   timeout=TIMEOUT)
            one_line(p.stderr, repro(args) + " > /dev/full")
            if p.returncode != 3 or b"write error on 'standard output': No space left on device" not in p.stderr:
                raise Fail("exit %d, stderr %r (want 3, 'write error ... No space left on device'): %s > /dev/full"
                           % (p.returncode, err_text(p.stderr), repro(args)))
        if os.path.exists("/dev/full"):
            checks.append(("%s to a full device (stdout /dev/full): exit 3, 'No space left'" % cmd, full))
    run_section("errors", checks)


# ---- section 10: faults (ctest file_faults: --only faults) -----------------------------------------

FAULT_MIB = int(os.environ.get("ARX_FAULT_MIB", "32"))  # input size; 64 or more for a full run
FAULT_KILLS = int(os.environ.get("ARX_FAULT_KILLS", "8"))  # mid-write kills per (command, threads)


def proc_state(pid):
    """The State letter of /proc/PID/stat ('T' once SIGSTOP took effect), or None."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return None


def stop(p):
    """SIGSTOP p and wait until it is stopped; False if it exited first."""
    try:
        p.send_signal(signal.SIGSTOP)
    except ProcessLookupError:
        return False
    t = time.time() + 5
    while time.time() < t:
        st = proc_state(p.pid)
        if st in ("T", "t"):
            return True
        if st in (None, "Z", "X"):
            return False
        time.sleep(0.0005)
    raise Fail("pid %d did not stop" % p.pid)


def expect_message(p_err, rc, rc_want, words, ctx):
    """Exit rc_want and one line 'arxcrypt: ...' on stderr holding every one of words."""
    text = one_line(p_err, ctx)
    if rc != rc_want or not all(w in text for w in words):
        raise Fail("exit %d, stderr %r (want %d naming %s): %s" % (rc, text.strip(), rc_want, words, ctx))
    return text.strip()


class KillStats:
    def __init__(self):
        self.lock = threading.Lock()
        self.phases = {}

    def add(self, phase):
        with self.lock:
            self.phases[phase] = self.phases.get(phase, 0) + 1


def kill_points(fx, cmd, threads, src, want_size, stats, base_dir, refused):
    """SIGKILL `cmd --threads N -i src -o OUT` after random delays until FAULT_KILLS kills landed while
    /proc showed the output being written (0 < bytes < final), recording every phase a kill met.
    After each: OUT exists only if it already had its name before the kill (and is then complete
    and right); nothing else is in the directory; src is unchanged."""
    before = snapshot(src)
    quick = lambda: (os.stat(src).st_size, os.stat(src).st_mtime_ns)  # each kill; the hash at the end
    quick_before = quick()
    base = [cmd, "--key-file", fx.key, "--threads", str(threads), "-i", src]
    d = tempfile.mkdtemp(dir=base_dir)
    full = 1e9
    for _ in range(2):  # how long a whole run takes here (the faster of two: the first may find cold caches)
        t = time.time()
        p = subprocess.run([ARX] + base + ["-o", os.path.join(d, "out"), "--force"], stdin=subprocess.DEVNULL,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=TIMEOUT)
        full = min(full, time.time() - t)
        if p.returncode != 0:
            raise Fail("exit %d, stderr %r: %s" % (p.returncode, err_text(p.stderr), repro(base)))
    if os.path.getsize(os.path.join(d, "out")) != want_size:
        raise Fail("a complete run wrote %d bytes, want %d: %s" % (os.path.getsize(os.path.join(d, "out")),
                                                                   want_size, repro(base)))
    rng = random.Random(RNG.random())
    mid = tries = 0
    while mid < FAULT_KILLS:
        tries += 1
        if tries > 12 * FAULT_KILLS:
            raise Fail("only %d of %d kills landed mid-write in %d tries (a whole run takes %.3f s): %s"
                       % (mid, FAULT_KILLS, tries - 1, full, repro(base)))
        shutil.rmtree(d, ignore_errors=True)
        d = tempfile.mkdtemp(dir=base_dir)
        out = os.path.join(d, "out")
        delay = rng.uniform(0, full)
        ctx = "%s killed after %.1f ms of a %.1f ms run: %s" % (cmd, 1e3 * delay, 1e3 * full, repro(base + ["-o", out]))
        p = subprocess.Popen([ARX] + base + ["-o", out], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE)
        try:
            time.sleep(delay)
            if not stop(p):
                phase = "finished"
            else:
                kind, size = output_in_progress(p.pid, d, "out")
                named = os.path.exists(out)
                phase = ("named" if named else "before output" if kind is None else
                         "writing" if size < want_size else "written, syncing or naming")
                if kind == "named" and not refused:
                    raise Fail("the output is a named file, not O_TMPFILE: " + ctx)
                p.kill()
        finally:
            if p.poll() is None:
                p.kill()
            _, err = p.communicate(timeout=TIMEOUT)
        stats.add("%s --threads %d: %s" % (cmd, threads, phase))
        if phase == "finished":
            if p.returncode != 0:
                raise Fail("exit %d, stderr %r: %s" % (p.returncode, err_text(err), ctx))
        elif p.returncode != -signal.SIGKILL:
            raise Fail("exit %d, stderr %r (want killed): %s" % (p.returncode, err_text(err), ctx))
        if phase in ("finished", "named"):  # it had its name before the kill: whole and right
            if os.path.getsize(out) != want_size:
                raise Fail("the -o file holds %d bytes, want %d: %s" % (os.path.getsize(out), want_size, ctx))
            os.unlink(out)
        if phase == "writing" and 0 < size:
            mid += 1
        expected = tmp_names(d, "out") if refused else []
        expect_no_output(d, expected, ctx, "after SIGKILL (%s)" % phase)
        if quick() != quick_before:
            raise Fail("the input changed: " + ctx)
    shutil.rmtree(d, ignore_errors=True)
    if snapshot(src) != before:
        raise Fail("the input changed (bytes): " + repro(base))


def try_mount(d, opts):
    """Mount a tmpfs on d; True if this process may (root with CAP_SYS_ADMIN, not in a locked-down
    container)."""
    p = subprocess.run(["mount", "-t", "tmpfs", "-o", opts, "arxcrypt-test", d], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT)
    return p.returncode == 0


def umount(d):
    subprocess.run(["umount", d], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def fail_into(fx, cmd, src, d, rc_want, words, what, preexec=None, user=None):
    """cmd -i src -o d/out must fail with rc_want, one line naming d/out and every one of words, and
    leave d as it was."""
    out = os.path.join(d, "out")
    args = [cmd, "--key-file", fx.key, "-i", src, "-o", out]
    listing = sorted(os.listdir(d))
    before = snapshot(src)
    p = subprocess.run([ARX] + args, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       timeout=TIMEOUT, preexec_fn=preexec)
    ctx = "%s%s (%s)" % (user + ": " if user else "", repro(args), what)
    text = expect_message(p.stderr, p.returncode, rc_want, ["'%s'" % out] + words, ctx)
    if sorted(os.listdir(d)) != listing:
        raise Fail("%s left in the directory: %s" % (leftovers(d, listing), ctx))
    if snapshot(src) != before:
        raise Fail("the input changed: " + ctx)
    return text


def shrink_midway(fx, cmd, src_data, how):
    """Change the input (how: shrink, grow, rewrite) while cmd reads it: exit 4 naming it, no output."""
    d = workdir()
    src, out = os.path.join(d, "in"), os.path.join(d, "out")
    write_file(src, src_data)
    args = [cmd, "--key-file", fx.key, "--threads", "1", "-i", src, "-o", out]
    ctx = "%s, input %s while it is read: %s" % (cmd, how, repro(args))
    p = subprocess.Popen([ARX] + args, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.time() + 30
        while True:  # stopped while it writes its output
            kind, size = output_in_progress(p.pid, d, "out")
            if kind and size > 0:
                if not stop(p):
                    raise Fail("it finished before the input could be changed: " + ctx)
                break
            if p.poll() is not None or time.time() > deadline:
                raise Fail("no output being written appeared (exit %s): %s" % (p.poll(), ctx))
            time.sleep(0.0005)
        if how == "shrank":
            os.truncate(src, len(src_data) // 2)
        elif how == "grew":
            with open(src, "ab") as f:
                f.write(b"more")
        else:  # rewritten in place, same size
            with open(src, "r+b") as f:
                f.seek(len(src_data) // 3)
                f.write(b"\0" * 4096)
        p.send_signal(signal.SIGCONT)
        _, err = p.communicate(timeout=TIMEOUT)
    finally:
        if p.poll() is None:
            p.kill()
            p.communicate()
    expect_message(err, p.returncode, 4, ["'%s' changed while it was read" % src], ctx)
    expect_no_output(d, ["in"], ctx)


def stale_reported(fx):
    """The named fallback killed mid-write leaves its hidden file; the next run in that directory
    names it in a note, succeeds, and leaves it; a live run's temporary is not reported."""
    d = workdir()
    out, src = os.path.join(d, "out"), os.path.join(d, "in")
    write_file(src, fx.big)
    args = ["encrypt", "--key-file", fx.key, "--threads", "1", "--chunk-size", str(SMALL), "-i", src]
    env = dict(os.environ, ARXCRYPT_NO_O_TMPFILE="1")
    ctx = "ARXCRYPT_NO_O_TMPFILE=1 " + repro(args + ["-o", out])

    def start_stopped(target):
        p = subprocess.Popen([ARX] + args + ["-o", target], env=env, stdin=subprocess.DEVNULL,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.time() + 30
        while True:
            kind, size = output_in_progress(p.pid, d, os.path.basename(target))
            if kind == "named" and size > 0 and stop(p):
                return p
            if p.poll() is not None or time.time() > deadline:
                p.kill()
                p.communicate()
                raise Fail("no named temporary with data appeared (exit %s): %s" % (p.poll(), ctx))
            time.sleep(0.0005)

    p = start_stopped(out)
    p.kill()
    p.communicate()
    stale = tmp_names(d, "out")
    if len(stale) != 1:
        raise Fail("want one hidden temporary after SIGKILL, found %s: %s" % (stale, ctx))
    live = start_stopped(os.path.join(d, "other"))  # stopped mid-write, holding its lock
    try:
        live_tmp = tmp_names(d, "other")
        args2 = ["decrypt", "--key-file", fx.key, "-i", os.path.join(d, "nothing.arx"), "-o", os.path.join(d, "pt")]
        write_file(os.path.join(d, "nothing.arx"), run_ok(["encrypt", "--key-file", fx.key], b"x"))
        rc, _, err = arx(args2)
        text = err.decode("utf-8", "replace")
        if rc != 0 or stale[0] not in text or "not removed" not in text:
            raise Fail("exit %d, stderr %r (want 0 and a note naming %s): %s" % (rc, text, stale[0], repro(args2)))
        if live_tmp and live_tmp[0] in text:
            raise Fail("the live run's temporary %s was reported as stale: %s" % (live_tmp[0], repro(args2)))
        if "part of an encrypted file" not in text:
            raise Fail("the note does not say the leftover is a part of an encrypted file: %r" % text)
    finally:
        live.kill()
        live.communicate()
    if stale[0] not in os.listdir(d):
        raise Fail("the stale temporary was removed (it must only be reported): " + ctx)


def section_faults(fx):
    checks = []
    serial = []
    d = workdir()
    big = RNG.randbytes(FAULT_MIB * MIB + 12345)
    src = os.path.join(d, "plain")
    write_file(src, big)
    ct_src = os.path.join(d, "sealed")
    write_file(ct_src, run_ok(["encrypt", "--key-file", fx.key, "--threads", "0"], big))
    ct_size = os.path.getsize(ct_src)
    stats = KillStats()
    threads_many = max(2, min(8, os.cpu_count() or 2))
    # where the kills write: TMP, or where TMP refuses O_TMPFILE (overlayfs in a container), a tmpfs
    kill_base, refused, kill_mnt = TMP, TMPFILE_REFUSED, None
    if refused:
        m = workdir()
        if try_mount(m, "size=%dm" % (2 * FAULT_MIB + 16)):  # two outputs at once: --force over the last
            kill_base, refused, kill_mnt = m, tmpfile_refused(m), m
        elif os.path.isdir("/dev/shm") and not tmpfile_refused("/dev/shm"):
            st = os.statvfs("/dev/shm")
            if st.f_bavail * st.f_frsize > (2 * FAULT_MIB + 16) * MIB:
                kill_base, refused = tempfile.mkdtemp(prefix="arxfile-", dir="/dev/shm"), False
        NOTES.append("faults: %s refuses O_TMPFILE; the kills wrote into %s%s" % (
            TMP, kill_base, " (which refuses it too: the named fallback's leftovers were accepted there)"
            if refused else ""))
    for cmd, inp, size in (("encrypt", src, ct_size), ("decrypt", ct_src, len(big))):
        for threads in (1, threads_many):
            serial.append(("%s --threads %d of %d MiB: SIGKILL at random points, %d of them mid-write"
                           % (cmd, threads, FAULT_MIB, FAULT_KILLS),
                           lambda cmd=cmd, inp=inp, size=size, threads=threads:
                           kill_points(fx, cmd, threads, inp, size, stats, kill_base, refused)))
    small = RNG.randbytes(3 * MIB)
    small_src = os.path.join(d, "small")
    write_file(small_src, small)
    small_ct = os.path.join(d, "small.arx")
    write_file(small_ct, run_ok(["encrypt", "--key-file", fx.key], small))

    # a full file system: a 1 MiB tmpfs where mounting is allowed, RLIMIT_FSIZE everywhere
    mnt = workdir()
    mounted = try_mount(mnt, "size=1m")
    if mounted:
        NOTES.append("faults: a 1 MiB tmpfs (ENOSPC) and a read-only tmpfs (EROFS) were mounted")
        for cmd, inp in (("encrypt", small_src), ("decrypt", small_ct)):
            def full(cmd=cmd, inp=inp):
                fail_into(fx, cmd, inp, mnt, 3, ["No space left on device"], "a full 1 MiB tmpfs")
                st = os.statvfs(mnt)
                if st.f_bfree != st.f_blocks:
                    raise Fail("the tmpfs still has %d blocks in use after %s" % (st.f_blocks - st.f_bfree, cmd))
            serial.append(("%s into a full tmpfs: exit 3, 'No space left on device', nothing left" % cmd, full))
    else:
        NOTES.append("faults: SKIPPED the tmpfs cases (full and read-only file system): mount is not permitted "
                     "here; RLIMIT_FSIZE stands in for the full disk")

    def fsize_limit():
        resource.setrlimit(resource.RLIMIT_FSIZE, (MIB, MIB))
    for cmd, inp in (("encrypt", small_src), ("decrypt", small_ct)):
        checks.append(("%s past RLIMIT_FSIZE 1 MiB: exit 3, 'File too large', nothing left" % cmd,
                       lambda cmd=cmd, inp=inp: fail_into(fx, cmd, inp, workdir(), 3, ["File too large"],
                                                          "ulimit -f 1024", preexec=fsize_limit)))

    # a read-only target directory
    if mounted:
        ro = workdir()
        if try_mount(ro, "size=1m,ro"):
            for cmd, inp in (("encrypt", small_src), ("decrypt", small_ct)):
                serial.append(("%s into a read-only tmpfs: exit 3, 'Read-only file system'" % cmd,
                               lambda cmd=cmd, inp=inp: fail_into(fx, cmd, inp, ro, 3, ["Read-only file system"],
                                                                  "a read-only tmpfs")))
    else:
        ro = None
    if os.geteuid() == 0:
        # root ignores permission bits; an unprivileged user (nobody) does not
        shared = tempfile.mkdtemp(dir=TMP)
        os.chmod(TMP, 0o755)
        os.chmod(shared, 0o755)
        nb_key, nb_src = os.path.join(shared, "key"), os.path.join(shared, "in")
        shutil.copy(fx.key, nb_key)
        write_file(nb_src, small)
        os.chmod(nb_key, 0o644)
        os.chmod(nb_src, 0o644)
        locked = os.path.join(shared, "locked")
        os.mkdir(locked, 0o755)

        def as_nobody():
            os.setgid(65534)
            os.setuid(65534)
        nb = type("fx", (), {"key": nb_key})
        checks.append(("encrypt as nobody into root's directory: exit 3, 'Permission denied'",
                       lambda: fail_into(nb, "encrypt", nb_src, locked, 3, ["Permission denied"],
                                         "a 0755 directory of root's", preexec=as_nobody, user="uid 65534")))
        # chattr +i: read-only for root too, where the file system has the flag (ext4, xfs, btrfs)
        imm = workdir()
        if subprocess.run(["chattr", "+i", imm], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0:
            def immutable():
                try:
                    fail_into(fx, "encrypt", small_src, imm, 3, ["Operation not permitted"], "chattr +i")
                finally:
                    subprocess.run(["chattr", "-i", imm])
            serial.append(("encrypt into an immutable directory (chattr +i): exit 3, 'Operation not permitted'",
                           immutable))
            NOTES.append("faults: read-only target as root: chattr +i ran%s" % (", and a read-only tmpfs" if ro else ""))
        elif not ro:
            NOTES.append("faults: SKIPPED the read-only target for root: neither mount nor chattr +i is permitted "
                         "here (the permission case as uid 65534 ran)")
    else:
        locked = workdir()
        os.chmod(locked, 0o555)
        checks.append(("encrypt into a 0555 directory: exit 3, 'Permission denied'",
                       lambda: fail_into(fx, "encrypt", small_src, locked, 3, ["Permission denied"], "chmod 0555")))

    # an input that changes while it is read
    for how in ("shrank", "grew", "rewritten"):
        checks.append(("encrypt, the input %s while it is read: exit 4, no output" % how,
                       lambda how=how: shrink_midway(fx, "encrypt", big[:16 * MIB], how)))
    ct16 = read_file(ct_src)[:HEADER + 16 * MIB]  # decrypt reads this much before it notices the change
    checks.append(("decrypt, the input shrank while it is read: exit 4, no output",
                   lambda: shrink_midway(fx, "decrypt", ct16, "shrank")))
    serial.append(("named fallback: a killed run's temporary is reported (not removed) by the next run, "
                   "a live one's is not", lambda: stale_reported(fx)))
    try:
        run_section("faults", checks)
        run_section("faults", serial, serial=True)
    finally:
        for m in (mnt, ro):
            if m and mounted:
                umount(m)
        if kill_mnt:
            umount(kill_mnt)
        elif kill_base != TMP:
            shutil.rmtree(kill_base, ignore_errors=True)
    NOTES.append("faults: SIGKILL phases met (FAULT_MIB=%d): %s" % (
        FAULT_MIB, ", ".join("%s x%d" % kv for kv in sorted(stats.phases.items()))))


# ---- section 8: progress -------------------------------------------------------------------------------

def run_pty(args, stdout_tty=False):
    """Run with stderr (and optionally stdout) on a pseudo-terminal; (rc, stdout, tty text)."""
    before = inputs_before(args)
    master, slave = pty.openpty()
    chunks = []

    def drain():
        while True:
            try:
                b = os.read(master, 65536)
            except OSError:  # EIO: every writer is gone
                return
            if not b:
                return
            chunks.append(b)
    p = subprocess.Popen([ARX] + args, stdin=subprocess.DEVNULL, stdout=slave if stdout_tty else subprocess.PIPE,
                         stderr=slave)
    os.close(slave)
    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    try:
        out = b"" if stdout_tty else p.stdout.read()
        p.wait(timeout=TIMEOUT)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
        if p.stdout:
            p.stdout.close()
    reader.join(timeout=10)
    os.close(master)
    inputs_unchanged(before, args)
    return p.returncode, out, b"".join(chunks).decode("utf-8", "replace")


BAR = re.compile(r"\[([#.]{30})\]\s+(\d+)%")


def check_bar(args, ctx):
    rc, out, text = run_pty(args)
    if rc != 0 or out:
        raise Fail("exit %d, stdout %s, terminal %r: %s" % (rc, short_hex(out), text[-300:], ctx))
    bars = BAR.findall(text)
    if not bars:
        raise Fail("no progress bar '[###...] NN%%' on the terminal, got %r: %s" % (text[-300:], ctx))
    pcts = [int(p) for _, p in bars]
    if pcts[-1] != 100 or bars[-1][0] != "#" * 30:
        raise Fail("the last bar is %r at %d%% (want full, 100%%): %s" % (bars[-1][0], pcts[-1], ctx))
    if pcts != sorted(pcts):
        raise Fail("percentages go backwards: %s: %s" % (pcts, ctx))
    if "MiB" not in text or not text.rstrip(" ").endswith("\n"):
        raise Fail("want sizes in MiB and a final line break, got %r: %s" % (text[-200:], ctx))


def section_progress(fx):
    checks = []
    d = workdir()
    big, big_ct = os.path.join(d, "big"), os.path.join(d, "big.arx")
    write_file(big, fx.big * 12 + fx.big[:4 * MIB - 84])  # 64 MiB
    small, small_ct = os.path.join(d, "small"), os.path.join(d, "small.arx")
    write_file(small, fx.big[:MIB])
    K = ["--key-file", fx.key]

    def bars():
        enc = ["encrypt"] + K + ["-i", big, "-o", big_ct]
        check_bar(enc, "64 MiB under a pty: " + repro(enc))
        dec = ["decrypt"] + K + ["-i", big_ct, "-o", os.path.join(d, "big.back")]
        check_bar(dec, "64 MiB under a pty: " + repro(dec))
        if snapshot(os.path.join(d, "big.back"))[0] != snapshot(big)[0]:
            raise Fail("64 MiB round trip differs: " + repro(dec))
    checks.append(("encrypt and decrypt of 64 MiB: a bar on a terminal, ending at 100%", bars))

    def quiet():
        run_ok(["encrypt"] + K + ["-i", small, "-o", small_ct])  # stderr a pipe: nothing
        for args in (["encrypt"] + K + ["-i", small, "-o", os.path.join(d, "q.arx"), "--quiet"],
                     ["decrypt"] + K + ["-i", small_ct, "-o", os.path.join(d, "q.back"), "-q"]):
            rc, out, text = run_pty(args)
            if rc != 0 or out or text:
                raise Fail("exit %d, stdout %s, terminal %r (want 0, nothing, nothing): %s"
                           % (rc, short_hex(out), text, repro(args)))
        run_ok(["decrypt"] + K + ["-i", small_ct, "-o", os.path.join(d, "p.back")])  # stderr a pipe
    checks.append(("--quiet on a terminal, and a non-terminal stderr: nothing on stderr", quiet))

    def tty_stdout():
        args = ["encrypt"] + K + ["-i", small]
        rc, _, text = run_pty(args, stdout_tty=True)
        if rc != 2 or "terminal" not in text or len(text) > 300:
            raise Fail("exit %d, terminal %r (want 2 and a message, not ciphertext): %s" % (rc, text[:300],
                                                                                           repro(args)))
    checks.append(("encrypt refuses to write ciphertext to a terminal", tty_stdout))
    run_section("progress", checks)


# ---- section 9: the committed files --------------------------------------------------------------------

KAT = [  # (file, plaintext, secret file, key option)
    ("lea-256.arx", "plaintext.bin", "key.bin", "--key-file"),
    ("cham-128-256.arx", "plaintext.bin", "key.bin", "--key-file"),
    ("lea-256-scrypt.arx", "plaintext.bin", "passphrase.txt", "--passphrase-file"),
    ("lea-256-chunk1500.arx", "plaintext.bin", "key.bin", "--key-file"),
    ("lea-256-empty.arx", "empty.bin", "key.bin", "--key-file"),
]


def section_kat(ciphers):
    checks = []
    key_bytes = {n: c["key"] for n, c in ciphers.items()}
    for arxf, plain, secret, opt in KAT:
        path, ppath, spath = (os.path.join(KATDIR, x) for x in (arxf, plain, secret))

        def check(path=path, ppath=ppath, spath=spath, opt=opt):
            args = ["decrypt", opt, spath, "-i", path]
            expect_eq(run_ok(args), read_file(ppath), "committed file decrypted", repro(args))
            if opt == "--key-file":  # a passphrase costs a scrypt: fewer runs
                args = ["decrypt", opt, spath, "--threads", "1"]
                expect_eq(run_ok(args, stdin_path=path), read_file(ppath), "committed file decrypted",
                          repro(args, path))
            if opt == "--key-file" or hasattr(hashlib, "scrypt"):
                secret = read_file(spath)
                if opt == "--passphrase-file" and secret.endswith(b"\n"):
                    secret = secret[:-1]
                expect_eq(open_by_spec(read_file(path), secret, key_bytes), read_file(ppath),
                          "committed file opened by the format's description", path)
        checks.append(("%s decrypts to %s" % (arxf, plain), check))
    run_section("kat", checks)


# ---- main ------------------------------------------------------------------------------------------------

def parse_list():
    """name -> dict(block, key) in bytes, from `arxcrypt list`."""
    text = run_ok(["list"]).decode("utf-8", "replace")
    ciphers = {}
    for line in text.splitlines():
        m = re.match(r"^\s+(\S+)\s+block\s+(\d+)\s+key\s+(\d+)\s", line)
        if m:
            ciphers[m.group(1)] = {"block": int(m.group(2)) // 8, "key": int(m.group(3)) // 8}
    if not ciphers:
        raise Fail("`arxcrypt list` printed no cipher lines: %r" % text[:300])
    return ciphers


SECTIONS = ["roundtrip", "tamper", "keys", "tty", "outputs", "interrupt", "errors", "progress", "kat", "faults"]
DEFAULT_SECTIONS = SECTIONS[:-1]  # faults: its own ctest (file_faults), so the two run in parallel


def main(argv):
    global ARX, KATDIR, KEEP, TMP, TMPFILE_REFUSED, VERBOSE
    args = list(argv[1:])
    only = DEFAULT_SECTIONS
    if "--keep" in args:
        args.remove("--keep")
        KEEP = True
    if "-v" in args:
        args.remove("-v")
        VERBOSE = True
    if "--only" in args:
        i = args.index("--only")
        only = args[i + 1].split(",") if i + 1 < len(args) else []
        del args[i:i + 2]
        if not only or set(only) - set(SECTIONS):
            sys.stderr.write("--only takes sections from: %s\n" % ",".join(SECTIONS))
            return 2
    if len(args) not in (1, 2):
        sys.stderr.write(__doc__.split("\n\n")[1] + "\n")
        return 2
    ARX = os.path.abspath(args[0])
    KATDIR = args[1] if len(args) == 2 else os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                         "vectors", "file-v1")
    t0 = time.time()
    if not os.access(ARX, os.X_OK):
        print("FAIL: %s is not an executable" % ARX)
        print("0 passed, 1 failed")
        return 1
    p = subprocess.run([ARX, "encrypt", "--key-file", "/dev/null"], stdin=subprocess.DEVNULL,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=TIMEOUT)
    if b"without OpenSSL" in p.stderr:
        print("SKIP: %s was built without OpenSSL: %s" % (ARX, err_text(p.stderr)))
        return SKIP
    TMP = tempfile.mkdtemp(prefix="arxfile-")
    TMPFILE_REFUSED = tmpfile_refused(TMP)
    if TMPFILE_REFUSED:
        NOTES.append("note: %s refuses O_TMPFILE: arxcrypt writes through its named fallback there, and a "
                     "SIGKILL leaves that hidden file (accepted in the interrupt section)" % TMP)
    try:
        try:
            ciphers = parse_list()
            fx = make_fixtures()
        except (Fail, subprocess.TimeoutExpired, OSError) as e:
            print("FAIL [setup] %s" % e)
            print("0 passed, 1 failed")
            return 1
        if "roundtrip" in only:
            section_roundtrip(fx, ciphers)
        if "tamper" in only:
            section_tamper(fx)
        if "keys" in only:
            section_keys(fx)
        if "tty" in only:
            section_tty(fx)
        if "outputs" in only:
            section_outputs(fx)
        if "interrupt" in only:
            section_interrupt(fx)
        if "errors" in only:
            section_errors(fx, ciphers)
        if "progress" in only:
            section_progress(fx)
        if "faults" in only:
            if os.path.isdir("/proc/self/fd"):
                section_faults(fx)
            elif only == ["faults"]:
                print("SKIP: the fault tests watch the process through /proc/PID/fd (Linux)")
                return SKIP
        if "kat" in only:
            if os.path.isdir(KATDIR):
                section_kat(ciphers)
            else:
                record_failure("kat", "no directory %s" % KATDIR)
    finally:
        if KEEP:
            print("kept the temporary files in %s" % TMP)
        else:
            shutil.rmtree(TMP, ignore_errors=True)
    for note in NOTES:
        print(note)
    print("total time %.1f s, %d worker threads" % (time.time() - t0, WORKERS))
    print("%d passed, %d failed" % (TOTAL["passed"], TOTAL["failed"]))
    return 0 if TOTAL["failed"] == 0 and TOTAL["passed"] > 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
