"""python -m arxcrypt.bench: the Python API's cost per call and throughput.

For every cipher's CTR (Cipher(...).encryptor().update on a live context)
and the 128-bit ciphers' one-shot GCM (aead.GCM.encrypt): microseconds per
call at 64 bytes and MB/s at 1 MiB, next to pyca/cryptography's AESGCM,
ChaCha20Poly1305 and AES-128-CTR measured the same way in the same run (when
cryptography is installed). With --cli PATH (or $ARXCRYPT_CLI), the C
library's own `arxcrypt bench` figures at 1 MiB for the --compare ciphers
join the table; --scaling adds threads each encrypting 16 MiB at once.

Method, as the C library's bench/timing.h: calls are batched into samples of
about 1 ms, samples are taken for --seconds per row, the median sample is
reported (it shrugs off a shared machine's interruptions). --rounds N
measures every row N times, the rows interleaved, and reports each figure's
median over the rounds (and the median of the rounds' Python/C ratios).
1 MB = 10^6 bytes.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import threading
import time
from typing import Any, Callable, Dict, List, Optional, Tuple

import arxcrypt
from arxcrypt import Cipher, modes
from arxcrypt._arxcrypt import Key
from arxcrypt.aead import GCM

SMALL, LARGE = 64, 1 << 20


def measure(fn: Callable[[], object], seconds: float) -> float:
    """Median seconds per call of fn over ~1 ms samples."""
    fn()
    iters = 1
    while True:
        t0 = time.perf_counter()
        for _ in range(iters):
            fn()
        dt = time.perf_counter() - t0
        if dt > 1e-3 or iters > 1 << 24:
            break
        iters *= 8 if dt < 1e-4 else 2
    samples: List[float] = []
    start = time.perf_counter()
    while len(samples) < 5 or time.perf_counter() - start < seconds:
        t0 = time.perf_counter()
        for _ in range(iters):
            fn()
        samples.append((time.perf_counter() - t0) / iters)
    return statistics.median(samples)


def cpu_name() -> str:
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


class Row:
    """One table row: its figures from every round, reported as their median."""

    def __init__(self, impl: str, name: str, mode: str, backend: str,
                 make: Callable[[int], Callable[[], object]]) -> None:
        self.impl, self.name, self.mode, self.backend, self.make = impl, name, mode, backend, make
        self.us: List[float] = []
        self.mbps: List[float] = []
        self.c_mbps: List[float] = []

    def run(self, seconds: float) -> None:
        self.us.append(measure(self.make(SMALL), seconds) * 1e6)
        self.mbps.append(LARGE / measure(self.make(LARGE), seconds) / 1e6)

    def result(self) -> Dict[str, Any]:
        r = {"impl": self.impl, "cipher": self.name, "mode": self.mode, "backend": self.backend,
             "us_per_call_64": round(statistics.median(self.us), 4),
             "mbps_1mib": round(statistics.median(self.mbps), 1)}
        if self.c_mbps:
            r["c_mbps_1mib"] = round(statistics.median(self.c_mbps), 1)
            # the median of each round's ratio: a round's two figures were taken close together
            r["vs_c"] = round(statistics.median(p / c for p, c in zip(self.mbps, self.c_mbps)), 3)
        return r


def arx_ctr(name: str) -> Callable[[int], Callable[[], object]]:
    info = arxcrypt.cipher_info(name)

    def make(size: int) -> Callable[[], object]:
        enc = Cipher(name, bytes(info["key_size"]), modes.CTR(bytes(info["block_size"]))).encryptor()
        data = os.urandom(size)
        return lambda: enc.update(data)
    return make


def arx_gcm(name: str) -> Callable[[int], Callable[[], object]]:
    box = GCM(name, bytes(arxcrypt.cipher_info(name)["key_size"]))
    nonce = bytes(12)  # a fixed nonce: timing only, nothing is kept

    def make(size: int) -> Callable[[], object]:
        data = os.urandom(size)
        return lambda: box.encrypt(nonce, data, None)
    return make


def pyca_rows() -> List[Row]:
    try:
        from cryptography.hazmat.primitives.ciphers import Cipher as PCipher, algorithms, modes as pmodes
        from cryptography.hazmat.primitives.ciphers.aead import AESGCM, ChaCha20Poly1305
        import cryptography
    except ImportError:
        return []
    impl = "pyca %s" % cryptography.__version__
    nonce = bytes(12)

    def aead(box: Any) -> Callable[[int], Callable[[], object]]:
        def make(size: int) -> Callable[[], object]:
            data = os.urandom(size)
            return lambda: box.encrypt(nonce, data, None)
        return make

    def ctr(size: int) -> Callable[[], object]:
        enc = PCipher(algorithms.AES(bytes(16)), pmodes.CTR(bytes(16))).encryptor()
        data = os.urandom(size)
        return lambda: enc.update(data)
    return [Row(impl, "aes-128", "gcm", "openssl", aead(AESGCM(bytes(16)))),
            Row(impl, "chacha20-poly1305", "aead", "openssl", aead(ChaCha20Poly1305(bytes(32)))),
            Row(impl, "aes-128", "ctr", "openssl", ctr)]


def cli_figures(cli: str, ciphers: List[str], seconds: float) -> Dict[Tuple[str, str], float]:
    """(cipher, mode) -> MB/s at 1 MiB from the C library's `arxcrypt bench`."""
    args = [cli, "bench", "--cipher", ",".join(ciphers), "--mode", "ctr,gcm", "--size", str(LARGE),
            "--seconds", str(max(seconds, 0.05)), "--json"]
    p = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=600)
    if p.returncode != 0:
        raise SystemExit("%s: exit %d: %s" % (" ".join(args), p.returncode, p.stderr.strip()))
    out = {}
    for r in json.loads(p.stdout):
        if r["size"] == LARGE and r["threads"] == 1:
            out[(r["cipher"], r["mode"])] = r["gbps"] * 1000.0
    return out


def scaling(name: str, seconds: float, max_threads: int, rounds: int) -> List[Dict[str, Any]]:
    """Threads each encrypting their own 16 MiB with one shared GCM object, at
    once; the thread counts interleaved over the rounds, medians reported."""
    box = GCM(name, bytes(arxcrypt.cipher_info(name)["key_size"]))
    size = 16 << 20
    data = os.urandom(size)
    counts = sorted({1, 2, max_threads} | {t for t in (4, 8, 16) if t < max_threads})

    def run(n: int) -> None:
        barrier = threading.Barrier(n)

        def work() -> None:
            barrier.wait()
            box.encrypt(bytes(12), data, None)
        ts = [threading.Thread(target=work) for _ in range(n)]
        for t in ts:
            t.start()
        for t in ts:
            t.join()
    figures: Dict[int, List[float]] = {n: [] for n in counts}
    busy: Dict[int, List[float]] = {n: [] for n in counts}
    for _ in range(rounds):
        for n in counts:
            c0, w0 = time.process_time(), time.perf_counter()
            figures[n].append(n * size / measure(lambda: run(n), seconds) / 1e6)
            # CPU seconds per wall second: above 1 only if threads ran at the same time
            busy[n].append((time.process_time() - c0) / (time.perf_counter() - w0))
    base = statistics.median(figures[1])
    return [{"cipher": name, "mode": "gcm", "threads": n, "mbps": round(statistics.median(figures[n]), 1),
             "speedup": round(statistics.median(figures[n]) / base, 2),
             "cpu_per_wall": round(statistics.median(busy[n]), 2)} for n in counts]


def main(argv: Optional[List[str]] = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m arxcrypt.bench", description=__doc__.split("\n\n")[0])
    ap.add_argument("--json", action="store_true", help="print JSON instead of the table")
    ap.add_argument("--seconds", type=float, default=0.2, help="time per measurement (default 0.2)")
    ap.add_argument("--cipher", default="", help="comma-separated ciphers (default: all)")
    ap.add_argument("--cli", default=os.environ.get("ARXCRYPT_CLI"),
                    help="the arxcrypt program: add the C library's own figures at 1 MiB")
    ap.add_argument("--compare", default="lea-128", help="ciphers to run `arxcrypt bench` on (default lea-128)")
    ap.add_argument("--scaling", action="store_true", help="also: threads x 16 MiB LEA-128-GCM each, at once")
    ap.add_argument("--no-pyca", action="store_true", help="leave out pyca/cryptography's rows")
    ap.add_argument("--rounds", type=int, default=1,
                    help="measure every row this many times, interleaved, and report the medians (default 1)")
    a = ap.parse_args(argv)
    names = [c for c in a.cipher.split(",") if c] or arxcrypt.ciphers()
    for n in names:
        arxcrypt.cipher_info(n)  # unknown names fail here, before any timing

    specs: List[Row] = []
    impl = "arxcrypt %s" % arxcrypt.__version__
    for n in names:
        info = arxcrypt.cipher_info(n)
        be = Key(n, bytes(info["key_size"])).backend  # the one a key picks on this CPU
        specs.append(Row(impl, n, "ctr", be, arx_ctr(n)))
        if "gcm" in info["modes"]:
            specs.append(Row(impl, n, "gcm", be, arx_gcm(n)))
    if not a.no_pyca:
        specs += pyca_rows()
    compare = [x for x in a.compare.split(",") if x]
    # Warm-up, discarded: the first rows of a fresh process measured slow on
    # the shared machine (page faults of the first 1 MiB buffers, clocks).
    for spec in specs[:2]:
        for size in (SMALL, LARGE):
            fn, t0 = spec.make(size), time.perf_counter()
            while time.perf_counter() - t0 < 0.1:
                fn()
    for _ in range(a.rounds):  # rounds interleave every row (and the C figures) in time
        if a.cli:
            c = cli_figures(a.cli, compare, a.seconds)
            for spec in specs:
                if spec.impl == impl and (spec.name, spec.mode) in c:
                    spec.c_mbps.append(c[(spec.name, spec.mode)])
        for spec in specs:
            spec.run(a.seconds)
    rows = [spec.result() for spec in specs]
    scale = scaling("lea-128", a.seconds, max(2, os.cpu_count() or 2), a.rounds) if a.scaling else []

    meta = {"cpu": cpu_name(), "cores": os.cpu_count(), "python": platform.python_version(),
            "arxcrypt": arxcrypt.__version__, "library": arxcrypt.library_version,
            "features": arxcrypt.cpu_features(), "seconds": a.seconds, "rounds": a.rounds}
    if a.json:
        json.dump({"meta": meta, "rows": rows, "scaling": scale}, sys.stdout, indent=1)
        print()
        return 0
    print("# %s, %s cores, Python %s, arxcrypt %s; median of ~1 ms samples, %.2g s per figure, %d round(s)"
          % (meta["cpu"], meta["cores"], meta["python"], meta["arxcrypt"], a.seconds, a.rounds))
    has_c = any("c_mbps_1mib" in r for r in rows)
    head = "%-18s %-18s %-5s %-8s %12s %12s" % ("impl", "cipher", "mode", "backend", "us/call 64B", "MB/s 1MiB")
    if has_c:
        head += " %12s %7s" % ("C MB/s 1MiB", "py/C")
    print(head)
    for r in rows:
        line = "%-18s %-18s %-5s %-8s %12.3f %12.1f" % (r["impl"], r["cipher"], r["mode"], r["backend"],
                                                       r["us_per_call_64"], r["mbps_1mib"])
        if "c_mbps_1mib" in r:
            line += " %12.1f %7.3f" % (r["c_mbps_1mib"], r["vs_c"])
        print(line)
    if scale:
        print()
        print("# threads, each encrypting its own 16 MiB with one LEA-128-GCM object at once (GIL released)")
        print("%-8s %12s %8s %9s" % ("threads", "MB/s total", "speedup", "cpu/wall"))
        for s in scale:
            print("%-8d %12.1f %8.2f %9.2f" % (s["threads"], s["mbps"], s["speedup"], s["cpu_per_wall"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
