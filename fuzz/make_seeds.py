#!/usr/bin/env python3
"""Write the seed corpora in fuzz/corpus/ (small, one meaningful case per file)
and fuzz_cli's dictionary, fuzz/fuzz_cli.dict.

usage: fuzz/make_seeds.py ARXCRYPT_CLI

The CLI names the ciphers (the harnesses pick them by their index) and seals
the AEAD seeds that must open (fuzz_aead's ARX_OK path, fuzz_cli's
decryption); any build of it will do. The byte layouts are described at the
top of each harness.
"""
import os
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
if len(sys.argv) != 2:
    sys.exit(__doc__.strip())
CLI = sys.argv[1]

# Ciphers in the library's order (the harnesses pick them by index), with
# block and key bytes, from `arxcrypt list`.
CIPHERS, BLOCK, KEY = [], {}, {}
for line in subprocess.run([CLI, "list"], stdout=subprocess.PIPE, check=True, text=True).stdout.splitlines():
    f = line.split()
    if len(f) > 4 and f[1] == "block" and f[3] == "key":
        CIPHERS.append(f[0])
        BLOCK[f[0]], KEY[f[0]] = int(f[2]) // 8, int(f[4]) // 8
WIDE = [c for c in CIPHERS if BLOCK[c] == 16]  # fuzz_aead's list
MODES = "ecb cbc cfb ofb ctr gcm ccm cmac".split()


def key_bytes(cipher):
    return KEY[cipher]


def pattern(n, seed):
    return bytes((i * 37 + seed * 101 + 7) & 0xFF for i in range(n))


def write(harness, name, data):
    d = os.path.join(HERE, "corpus", harness)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


def seal(cipher, mode, key, nonce, aad, pt, tag_len):
    """ciphertext || tag from the CLI."""
    args = [CLI, "raw", "-c", cipher, "-m", mode, "-k", key.hex(), "--iv", nonce.hex(),
            "--tag-len", str(tag_len)]
    if aad:
        args += ["--aad", aad.hex()]
    return subprocess.run(args, input=pt, stdout=subprocess.PIPE, check=True).stdout


# ---- fuzz_diff ------------------------------------------------------------------
def diff_seed(name, cipher, mode, *, decrypt=0, variant=0, valid=0, null=0, badkey=0, layout=0, in_off=0,
              out_off=0, iv_sel=0, tag_sel=0, cap_sel=0, aad=0, length=0, splits=(0, 0), aad_split=0,
              iv=None):
    m = MODES.index(mode) | decrypt << 3 | variant << 4 | valid << 5 | null << 6 | badkey << 7
    head = bytes([CIPHERS.index(cipher), m, layout << 6 | in_off, out_off, iv_sel, tag_sel, cap_sel])
    head += struct.pack("<HHHHB", aad, length, splits[0], splits[1], aad_split)
    kb = key_bytes(cipher) - badkey
    body = pattern(kb, 1) + (iv if iv is not None else b"")  # the rest: the harness's fill pattern
    write("fuzz_diff", name, head + body)


diff_seed("gcm-enc-lea128", "lea-128", "gcm", aad=20, length=100, tag_sel=12)
diff_seed("gcm-stream-dec-valid-lea128-stitched", "lea-128", "gcm", decrypt=1, variant=1, valid=1, aad=33,
          length=1600, splits=(17, 800), aad_split=100, tag_sel=12, layout=1, in_off=5)
diff_seed("gcm-nonce-ghashed-speck128", "speck-128-256", "gcm", iv_sel=0x9f, aad=1, length=47, tag_sel=3)
diff_seed("ccm-dec-valid-cham128", "cham-128-128", "ccm", decrypt=1, valid=1, iv_sel=6, tag_sel=6, aad=30,
          length=200, in_off=3, out_off=9)
diff_seed("ctr-stream-hight-inplace", "hight", "ctr", variant=1, length=1030, splits=(3, 517), layout=2,
          in_off=11)
diff_seed("ctr-wrap-lea192", "lea-192", "ctr", length=300, iv=b"\xff" * 15 + b"\xfd")
diff_seed("cbc-pad-dec-valid-speck64", "speck-64-128", "cbc", decrypt=1, variant=1, valid=1, length=37,
          cap_sel=3)
diff_seed("cbc-pad-enc-short-cap-simon64", "simon-64-96", "cbc", variant=1, length=24, cap_sel=0xE1)
diff_seed("cfb-dec-simon96-misaligned", "simon-96-144", "cfb", decrypt=1, length=333, in_off=5, out_off=7)
diff_seed("ofb-simeck32", "simeck-32-64", "ofb", length=129, out_off=1)
diff_seed("ecb-dec-lea256-inplace-4k", "lea-256", "ecb", decrypt=1, length=4096, layout=1)
diff_seed("cmac-verify-valid-sparx64", "sparx-64-128", "cmac", variant=1, valid=1, tag_sel=4, length=65)
diff_seed("ctr-overlap-cham64", "cham-64-128", "ctr", length=64, layout=3, out_off=8)
diff_seed("gcm-bad-nonce-null", "sparx-128-256", "gcm", iv_sel=0xC0, tag_sel=0xC3, null=1)
diff_seed("ecb-bad-key", "simeck-64-128", "ecb", badkey=1, length=16)

# ---- fuzz_aead ------------------------------------------------------------------
KIND = {"gcm": 0, "ccm": 1, "gcm-stream": 2}


def aead_seed(name, cipher, kind, *, forge=0, inplace=0, raw=0, nonce_sel=0, tag_sel=12, aad=b"", pt=b"",
              splits=(0, 0), aad_split=0, tag=None, ct=None, flips=b""):
    head = bytes([WIDE.index(cipher), KIND[kind] | forge << 2 | inplace << 3 | raw << 4, nonce_sel, tag_sel])
    head += struct.pack("<HHHHB", len(aad), len(pt), splits[0], splits[1], aad_split)
    tl = tag_len(kind, raw, tag_sel)
    tag = (tag or b"")[:tl].ljust(tl, b"\0")  # read even when unused (forgery seeds)
    nonce = pattern(64, 3)[:nonce_len(kind, raw, nonce_sel)]
    body = pattern(key_bytes(cipher), 2) + nonce + aad + tag + (ct if ct is not None else pt)
    write("fuzz_aead", name, head + body + flips)


def nonce_len(kind, raw, sel):
    if raw:
        return sel & 0x3F
    if kind == "ccm":
        return 7 + sel % 7
    return 12 if sel < 0x80 else 1 + (sel & 0x3F)


def tag_len(kind, raw, sel):
    if raw:
        return sel & 0x1F
    return 4 + 2 * (sel % 7) if kind == "ccm" else 4 + sel % 13


def sealed_seed(name, cipher, kind, nonce_sel, tag_sel, aad, pt, **kw):
    mode = "ccm" if kind == "ccm" else "gcm"
    n = pattern(64, 3)[:nonce_len(kind, 0, nonce_sel)]
    out = seal(cipher, mode, pattern(key_bytes(cipher), 2), n, aad, pt, tag_len(kind, 0, tag_sel))
    ct, tag = out[:len(pt)], out[len(pt):]
    aead_seed(name, cipher, kind, nonce_sel=nonce_sel, tag_sel=tag_sel, aad=aad, pt=pt, tag=tag, ct=ct, **kw)


sealed_seed("open-valid-gcm-lea128", "lea-128", "gcm", 0, 12, b"header", pattern(100, 4))
sealed_seed("open-valid-gcm-stream-sparx128-stitched", "sparx-128-128", "gcm-stream", 0x85, 12,
            pattern(40, 5), pattern(800, 6), splits=(31, 500), aad_split=128, inplace=1)
sealed_seed("open-valid-ccm-speck128-tag8", "speck-128-192", "ccm", 6, 2, b"", pattern(33, 7))
aead_seed("open-bad-tag-gcm-cham128", "cham-128-256", "gcm", aad=b"a" * 17, pt=pattern(70, 8),
          tag=bytes(16), inplace=1)
aead_seed("open-raw-lengths-ccm", "simon-128-128", "ccm", raw=1, nonce_sel=5, tag_sel=5, pt=pattern(10, 9),
          tag=bytes(5))
aead_seed("open-raw-zero-nonce-gcm", "lea-256", "gcm", raw=1, nonce_sel=0, tag_sel=16, tag=bytes(16))
aead_seed("forge-ct-gcm-lea128-stitched", "lea-128", "gcm", forge=1, pt=pattern(1600, 10),
          flips=bytes([2, 0x39, 0x30]))
aead_seed("forge-nonce-gcm-stream-speck128", "speck-128-128", "gcm-stream", forge=1, nonce_sel=0x8f,
          aad=b"x" * 5, pt=pattern(300, 11), splits=(16, 100), flips=bytes([0, 7, 0]))
aead_seed("forge-aad-ccm-sparx128", "sparx-128-256", "ccm", forge=1, nonce_sel=3, tag_sel=0, aad=b"y" * 20,
          pt=pattern(50, 12), flips=bytes([1, 100, 0]), inplace=1)
aead_seed("forge-tag-gcm-short-tag", "cham-128-128-legacy", "gcm", forge=1, tag_sel=0, pt=pattern(16, 13),
          flips=bytes([3, 31, 0]))


# ---- fuzz_cli -------------------------------------------------------------------
def cli_seed(name, args, stdin=b""):
    write("fuzz_cli", name, bytes([len(args)]) + b"".join(a.encode() + b"\0" for a in args) + stdin)


K16 = pattern(16, 1).hex()
cli_seed("list", ["list"])
cli_seed("version", ["version"])
cli_seed("help", ["--help"])
cli_seed("unknown-command", ["frobnicate"])
cli_seed("raw-gcm-enc", ["raw", "-c", "lea-128", "-m", "gcm", "-k", K16, "--iv", "00" * 12, "--aad", "0102"],
         b"hello, world")
cli_seed("raw-cbc-pad-dec-bad", ["raw", "-c", "speck-64-128", "-m", "cbc", "--pad", "-d", "-k", K16, "--iv",
                                 "00" * 8], bytes(16))
cli_seed("raw-cmac-tag8", ["raw", "-c", "hight", "-m", "cmac", "-k", K16, "--tag-len", "8"], b"message")
cli_seed("raw-ctr-files-backend", ["raw", "-c", "simeck-32-64", "-m", "ctr", "-k", K16[:16], "--iv",
                                   "ffffffff", "--backend", "avx2", "-i", "x", "-o", "y"], pattern(50, 2))
cli_seed("raw-gcm-dec-short", ["raw", "-c", "lea-128", "-m", "gcm", "-d", "-k", K16, "--iv", "01",
                               "--tag-len", "12"], b"short")
cli_seed("raw-bad-key-hex", ["raw", "-c", "cham-128-128", "-m", "ecb", "-k", "xyz"], bytes(16))
cli_seed("raw-ofb-bad-iv", ["raw", "-c", "simon-96-144", "-m", "ofb", "-k", "00" * 18, "--iv", "00"], b"abc")
n = pattern(13, 4)
ct = seal("sparx-128-128", "ccm", pattern(16, 1), n, b"aad", b"attack at dawn", 10)
cli_seed("raw-ccm-dec-valid", ["raw", "-c", "sparx-128-128", "-m", "ccm", "-d", "-k", K16, "--iv",
                               n.hex(), "--aad", b"aad".hex(), "--tag-len", "10"], ct)

# ---- fuzz_cli's dictionary: commands, options and names, each ending its argument ------
words = ("list raw selftest bench version help --version --help -h "
         "-c --cipher -m --mode -k --key --iv --nonce --aad --tag-len --backend -i --in -o --out --pad "
         "-d --decrypt -e --encrypt ref sse2 avx2 avx512 neon 4 8 12 16").split()
words += MODES + CIPHERS + ["00" * n for n in (8, 12, 16, 24, 32)]
with open(os.path.join(HERE, "fuzz_cli.dict"), "w") as f:
    f.write("# libFuzzer dictionary for fuzz_cli (written by make_seeds.py): the CLI's words,\n"
            "# each with the NUL that ends an argument in fuzz_cli's input.\n")
    f.writelines('"%s\\x00"\n' % w for w in words)
