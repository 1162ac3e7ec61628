"""The GIL is released around long calls, and keys are shared safely.

test_gil_released shows it without timing anything against a threshold of
speed: while one thread is inside a long library call, a second thread runs
Python code. It records its clock readings; the largest gap between
readings during the call must be a small part of the call. With the GIL
held through the call (the negative control sets the release threshold out
of reach), the gap is the whole call, and the check fails.
"""
from __future__ import annotations

import random
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Callable, List

import pytest

import arxcrypt
from arxcrypt import Cipher, _arxcrypt, modes
from arxcrypt.aead import GCM
from arxcrypt.cmac import CMAC

from conftest import SEED

K16 = bytes(range(16))


def largest_gap_during(call: Callable[[], object]) -> tuple[float, float]:
    """(largest gap in a spinning thread's clock readings during call(), call's duration)."""
    stamps: List[float] = []
    stop = threading.Event()

    def spin() -> None:
        while not stop.is_set():
            stamps.append(time.perf_counter())

    t = threading.Thread(target=spin)
    t.start()
    while not stamps:
        time.sleep(0.001)
    t0 = time.perf_counter()
    call()
    t1 = time.perf_counter()
    stop.set()
    t.join()
    inside = [t0] + [s for s in stamps if t0 < s < t1] + [t1]
    return max(b - a for a, b in zip(inside, inside[1:])), t1 - t0


def long_calls() -> List[Callable[[], object]]:
    # The portable reference backend: slow enough that 8 MiB takes tens of ms.
    data = bytes(8 << 20)
    g = GCM("lea-128", K16, backend="ref")
    ctr = Cipher("hight", K16, modes.CTR(bytes(8)), backend="ref").encryptor()
    cbc = Cipher("speck-64-128", K16, modes.CBC(bytes(8)), backend="ref").encryptor()
    ct = g.encrypt(bytes(12), data, None)

    def cmac() -> bytes:
        c = CMAC("lea-128", K16, backend="ref")
        c.update(data)
        return c.finalize()
    return [lambda: g.encrypt(bytes(12), data, None), lambda: g.decrypt(bytes(12), ct, None),
            lambda: ctr.update(data), lambda: cbc.update(data), cmac]


@pytest.mark.parametrize("i", range(5), ids=["gcm-encrypt", "gcm-decrypt", "ctr-update", "cbc-update", "cmac"])
def test_gil_released(i: int) -> None:
    call = long_calls()[i]
    gap, dur = largest_gap_during(call)
    assert dur > 0.01, "the call was too short (%.4f s) to show anything" % dur
    assert gap < 0.5 * dur, "no Python ran for %.4f of %.4f s: the GIL was held" % (gap, dur)


def test_gil_negative_control() -> None:
    """The same measurement with the GIL held: it must see the whole call as one gap."""
    old = _arxcrypt._set_gil_threshold(1 << 62)
    try:
        gap, dur = largest_gap_during(long_calls()[0])
    finally:
        _arxcrypt._set_gil_threshold(old)
    assert gap >= 0.5 * dur, "gap %.4f of %.4f s although the GIL was held" % (gap, dur)


def test_threads_share_a_key() -> None:
    """Eight threads on one GCM object (its key and GCM tables built on the
    first call, from whichever thread gets there first) give the single-thread bytes."""
    rng = random.Random(SEED)
    msgs = [(rng.randbytes(12), rng.randbytes(rng.choice([64, 5000, 70000])), rng.randbytes(7)) for _ in range(64)]
    want = [GCM("lea-128", K16).encrypt(*m) for m in msgs]
    for _ in range(3):
        box = GCM("lea-128", K16)  # fresh: the first GCM calls race
        with ThreadPoolExecutor(8) as pool:
            got = list(pool.map(lambda m: box.encrypt(*m), msgs))
        assert got == want
        with ThreadPoolExecutor(8) as pool:
            back = list(pool.map(lambda a: box.decrypt(a[0][0], a[1], a[0][2]), zip(msgs, want)))
        assert back == [m[1] for m in msgs]


def test_context_busy_in_another_thread() -> None:
    """A context in use (GIL released) refuses a second thread instead of racing."""
    e = Cipher("lea-128", K16, modes.CTR(bytes(16)), backend="ref").encryptor()
    data = bytes(32 << 20)
    errors: List[BaseException] = []
    started = threading.Event()

    def other() -> None:
        started.wait()
        deadline = time.perf_counter() + 5
        while time.perf_counter() < deadline:
            try:
                e.update(b"x")
            except RuntimeError as exc:
                errors.append(exc)
                return

    t = threading.Thread(target=other)
    t.start()
    started.set()
    e.update(data)
    t.join()
    assert errors and "in use by another thread" in str(errors[0])
