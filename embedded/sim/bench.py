"""embedded/run TARGET bench [--ops enc,dec,key,ctr,gcm,ccm,cmac] [CIPHER...]

One JSON row per cipher and operation, measured as FELICS does: a 128-byte
message; `cycles` between the two fw_mark calls around the operation less an
empty pair of marks; cpb = cycles / 128; key_cycles = the whole arx_key_init
(layout and schedule); rom_bytes = the cipher family's code and constants
in the image (its object file's .text + .rodata, as linked); ram_bytes =
stack peak during the operation (below main's frame) + the key's storage
(arx_key_storage_size). AVR cycles are simavr's (exact); MSP430 cycles are
recounted from mspdebug's instruction trace with TI's tables.
"""
import json
import os
import subprocess

OPS = {"ctr": (1, 8), "gcm": (2, 10), "ccm": (4, 12), "cmac": (8, 14)}
DEFAULT_CIPHERS = ["lea-128", "lea-192", "lea-256", "hight", "cham-64-128", "cham-128-128", "speck-64-128",
                   "simon-64-128", "simeck-64-128", "sparx-64-128"]


def family_rom(t, cipher):
    """Bytes of the family's functions and constants in the linked image."""
    fam = cipher.split("-")[0]
    nm = {"avr": "avr-nm", "msp430": "llvm-nm-14"}[t.name]
    out = subprocess.run([nm, "-S", "--size-sort", t.elf], capture_output=True, text=True).stdout
    total = 0
    for line in out.splitlines():
        f = line.split()
        if len(f) == 4 and f[3].startswith(fam) and f[2] in "TtRrDd":
            total += int(f[1], 16)
    return total


def main(t, argv):
    ops = ["enc", "dec", "key", "ctr", "cmac"] if t.name == "msp430" else ["enc", "dec", "key", "ctr", "gcm", "ccm", "cmac"]
    ciphers = []
    i = 0
    while i < len(argv):
        if argv[i] == "--ops":
            ops = argv[i + 1].split(",")
            i += 2
            continue
        ciphers.append(argv[i])
        i += 1
    ciphers = ciphers or DEFAULT_CIPHERS
    mask = sum(OPS[o][0] for o in ops if o in OPS)
    for c in ciphers:
        t.select(c)
        key = bytes((7 * i + 3) & 0xff for i in range(32))
        kb = {"128": 16, "192": 24, "256": 32}.get(c.split("-")[-1], 16) if c.startswith("lea") else 16
        kb = int(c.split("-")[2]) // 8 if c.count("-") >= 2 and c.split("-")[2].isdigit() else kb
        req = bytes([2]) + bytes([len(c)]) + c.encode() + bytes([0]) + bytes([mask]) + bytes([kb]) + key[:kb]
        mbox, marks, end = t.run(req, trace=True)
        stage, n = mbox[2], int.from_bytes(mbox[6:8], "little")
        if stage != 0:
            print(json.dumps({"target": t.name, "cipher": c, "error": "stage %d rc %d (%s)" % (
                stage, int.from_bytes(mbox[0:2], "little", signed=True),
                "key does not fit RAM" if stage == 8 else "failed")}))
            continue
        recs = [[int.from_bytes(mbox[8 + 20 * r + 4 * j:12 + 20 * r + 4 * j], "little") for j in range(5)] for r in range(n)]
        storage = [r for r in recs if r[0] == 1][0][1]
        at, sp_at = {}, {}
        for mid, cyc, sp in marks:
            at[mid] = cyc
            sp_at[mid] = sp  # lowest SP since the previous mark
        calib = at[1] - at[0]
        sp_main = sp_at[1]  # main's frame plus an empty call into fw_mark

        def span(a):
            return at[a + 1] - at[a] - calib, max(0, sp_main - sp_at[a + 1])

        key_cycles, _ = span(2)
        rom = family_rom(t, c)
        rows = [("enc", 4), ("dec", 6)] + [(o, OPS[o][1]) for o in ("ctr", "gcm", "ccm", "cmac")]
        for op, m in [("key", 2)] + rows:
            if op not in ops or m not in at or m + 1 not in at:
                continue
            cyc, stack = span(m)
            print(json.dumps({"target": t.name, "cipher": c, "op": op, "bytes": 128 if op != "key" else 0,
                              "cycles": cyc, "cpb": round(cyc / 128, 1) if op != "key" else None,
                              "key_cycles": key_cycles, "rom_bytes": rom, "ram_bytes": stack + storage,
                              "stack_bytes": stack, "state_bytes": storage,
                              "counted": "simavr exact" if t.name == "avr" else "recounted from trace with TI tables"}))
    return 0
