#!/usr/bin/env python3
"""Turn one `arxcrypt bench --backend all --baselines --json` run into the
tables of docs/PERFORMANCE.md: the issue's speed targets as ratios against
Crypto++ and OpenSSL measured in the same run, CTR against ECB per backend,
and the 64-byte check. Reads the JSON array on stdin (or a file argument).

    build/arxcrypt bench --backend all --baselines --json | python3 bench/report.py
"""
import json
import sys

# (cipher, mode, how many times faster than Crypto++ it must be), from the issue
TARGETS = [
    ("lea-128", "ctr", 4), ("cham-128-128-legacy", "ctr", 4), ("simon-128-128", "ctr", 4),
    ("speck-128-128", "ctr", 3), ("speck-64-128", "ctr", 10), ("cham-64-128-legacy", "ctr", 15),
    ("simon-64-128", "ctr", 15), ("simeck-64-128", "ctr", 15), ("hight", "ctr", 20),
]


def main():
    rows = json.load(open(sys.argv[1]) if len(sys.argv) > 1 else sys.stdin)
    at = {}
    for r in rows:
        at[(r["cipher"], r["mode"], r["backend"].split("-")[0], r["size"])] = r["cpb"]

    def cpb(c, m, b, s=16384):
        return at.get((c, m, b, s))

    print("| cipher | mode | arxcrypt avx512 | Crypto++ 8.7 | ratio | target | met |")
    print("|---|---|---|---|---|---|---|")
    for c, m, want in TARGETS:
        ours, theirs = cpb(c, m, "avx512"), cpb(c, m, "cryptopp")
        if ours is None or theirs is None:
            print(f"| {c} | {m} | {ours} | {theirs} | - | {want}x | not measured |")
            continue
        ratio = theirs / ours
        print(f"| {c} | {m} | {ours:.3f} | {theirs:.3f} | {ratio:.1f}x | {want}x | {'yes' if ratio >= want else 'NO'} |")
    lea, aes = cpb("lea-128", "gcm", "avx512"), cpb("aes-128", "gcm", "openssl")
    if lea and aes:
        print(f"\nLEA-128-GCM avx512 {lea:.3f} vs OpenSSL AES-128-GCM {aes:.3f} TSC cpb: "
              f"{'faster' if lea < aes else 'NOT faster'} ({aes / lea:.3f}x)")

    print("\n| cipher | backend | ECB cpb | CTR cpb | CTR/ECB |")
    print("|---|---|---|---|---|")
    for (c, m, b, s), v in sorted(at.items()):
        if m == "ecb" and s == 16384 and b in ("sse2", "avx2", "avx512"):
            ctr = cpb(c, "ctr", b)
            if ctr:
                print(f"| {c} | {b} | {v:.3f} | {ctr:.3f} | {ctr / v:.2f} |")

    worse = []
    for (c, m, b, s), v in sorted(at.items()):
        if s == 64 and b in ("sse2", "avx2", "avx512"):
            ref = cpb(c, m, "ref", 64)
            if ref is not None and v > ref:
                worse.append(f"{c} {m} {b}: {v:.2f} > ref {ref:.2f}")
    print("\n64-byte messages slower than the portable backend: " + ("; ".join(worse) if worse else "none"))


if __name__ == "__main__":
    main()
