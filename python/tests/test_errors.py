"""Bad input, in pyca/cryptography's idiom: TypeError for the wrong kind of
argument, ValueError (UnsupportedAlgorithm, AlreadyFinalized... are
ValueErrors) for a wrong value, InvalidTag / InvalidSignature when
authentication fails, and nothing released."""
from __future__ import annotations

import pytest

import arxcrypt
from arxcrypt import (AlreadyFinalized, AlreadyUpdated, Cipher, InvalidSignature, InvalidTag, NotYetFinalized,
                      UnsupportedAlgorithm, modes)
from arxcrypt.aead import CCM, GCM, LEACCM, LEAGCM, SPARXGCM
from arxcrypt.cmac import CMAC

K16 = bytes(range(16))
N12 = bytes(12)


def flip(b: bytes, i: int) -> bytes:
    x = bytearray(b)
    x[i // 8] ^= 1 << (i % 8)
    return bytes(x)


def test_exception_kinds() -> None:
    for e in (UnsupportedAlgorithm, AlreadyFinalized, AlreadyUpdated, NotYetFinalized):
        assert issubclass(e, ValueError)
    assert not issubclass(InvalidTag, ValueError)
    assert InvalidTag.__module__ == "arxcrypt" and InvalidTag.__name__ == "InvalidTag"


@pytest.mark.parametrize("make", [
    lambda n: Cipher(n, K16, modes.ECB()), lambda n: GCM(n, K16), lambda n: CCM(n, K16), lambda n: CMAC(n, K16),
    lambda n: arxcrypt.backends(n), lambda n: arxcrypt.cipher_info(n), lambda n: GCM.generate_key(n)])
def test_unknown_cipher(make) -> None:
    with pytest.raises(UnsupportedAlgorithm, match="unknown cipher 'aes-128'"):
        make("aes-128")
    with pytest.raises(UnsupportedAlgorithm, match="unknown cipher"):
        make("lea-128\0")
    with pytest.raises(TypeError, match="cipher name must be a str"):
        make(b"lea-128")


def test_key_errors() -> None:
    with pytest.raises(ValueError, match="lea-128 takes a 16-byte key, not 15 bytes"):
        GCM("lea-128", bytes(15))
    with pytest.raises(ValueError, match="hight takes a 16-byte key, not 17 bytes"):
        Cipher("hight", bytes(17), modes.ECB())
    with pytest.raises(ValueError, match="speck-64-128 takes a 16-byte key, not 0 bytes"):
        CMAC("speck-64-128", b"")
    for bad in ("0" * 16, None, 16, [0] * 16):
        with pytest.raises(TypeError, match="key must be bytes-like"):
            GCM("lea-128", bad)
        with pytest.raises(TypeError, match="key must be bytes-like"):
            Cipher("lea-128", bad, modes.ECB())
    with pytest.raises(ValueError, match="LEAGCM takes a key of 16, 24, 32 bytes, not 20"):
        LEAGCM(bytes(20))
    with pytest.raises(ValueError, match="SPARXGCM takes a key of 16, 32 bytes, not 24"):
        SPARXGCM(bytes(24))
    with pytest.raises(TypeError):
        LEAGCM("k" * 16)
    with pytest.raises(ValueError, match="bit_length"):
        LEAGCM.generate_key(100)


def test_backend_errors() -> None:
    with pytest.raises(UnsupportedAlgorithm, match="no backend 'neon-x'"):
        GCM("lea-128", K16, backend="neon-x")
    with pytest.raises(TypeError, match="backend must be a str"):
        Cipher("lea-128", K16, modes.ECB(), backend=1)
    every, runnable = arxcrypt.backends("lea-128", all=True), arxcrypt.backends("lea-128")
    for be in every:
        if be in runnable:
            assert GCM("lea-128", K16, backend=be).backend == be
        else:
            with pytest.raises(UnsupportedAlgorithm, match="cannot run on this CPU"):
                GCM("lea-128", K16, backend=be)


def test_mode_the_cipher_cannot_do() -> None:
    with pytest.raises(UnsupportedAlgorithm, match="GCM needs a cipher with 128-bit blocks; speck-64-128 has 64-bit"):
        GCM("speck-64-128", K16)
    with pytest.raises(UnsupportedAlgorithm, match="CCM needs"):
        CCM("hight", K16)
    with pytest.raises(UnsupportedAlgorithm, match="GCM needs"):
        Cipher("hight", K16, modes.GCM(N12))
    with pytest.raises(UnsupportedAlgorithm, match="CMAC needs a cipher with 64- or 128-bit blocks"):
        CMAC("speck-32-64", bytes(8))
    with pytest.raises(UnsupportedAlgorithm):
        GCM.generate_key("hight")
    with pytest.raises(TypeError, match="mode must be one of arxcrypt.modes"):
        Cipher("lea-128", K16, "ctr")  # type: ignore[arg-type]


def test_aead_parameters() -> None:
    for tl in (0, 3, 17):
        with pytest.raises(ValueError, match="GCM tag_length must be 4 to 16"):
            GCM("lea-128", K16, tl)
    for tl in (3, 5, 18):
        with pytest.raises(ValueError, match="CCM tag_length must be 4, 6"):
            CCM("lea-128", K16, tl)
    g, c = GCM("lea-128", K16), CCM("lea-128", K16)
    with pytest.raises(ValueError, match="GCM nonce must not be empty"):
        g.encrypt(b"", b"x", None)
    with pytest.raises(ValueError, match="GCM nonce must not be empty"):
        g.decrypt(b"", bytes(20), None)
    for n in (0, 6, 14):
        with pytest.raises(ValueError, match="CCM nonce must be 7 to 13 bytes, not %d" % n):
            c.encrypt(bytes(n), b"x", None)
        with pytest.raises(ValueError, match="CCM nonce must be 7 to 13 bytes"):
            c.decrypt(bytes(n), bytes(40), None)
    with pytest.raises(ValueError, match="too long"):
        c.encrypt(bytes(13), bytes(65536), None)  # 2 length bytes with a 13-byte nonce
    assert len(c.encrypt(bytes(13), bytes(65535), None)) == 65535 + 16
    with pytest.raises(TypeError, match="nonce must be bytes-like"):
        g.encrypt("nonce", b"x", None)
    with pytest.raises(TypeError, match="data must be bytes-like"):
        g.encrypt(N12, None, None)
    with pytest.raises(TypeError, match="associated_data must be bytes-like"):
        g.encrypt(N12, b"x", "aad")
    with pytest.raises(TypeError, match="missing required argument 'data'"):
        g.encrypt(N12)
    with pytest.raises(TypeError, match="unexpected keyword"):
        g.encrypt(N12, b"", aad=b"")
    with pytest.raises(ValueError, match="C-contiguous"):
        g.encrypt(N12, memoryview(bytes(32))[::2], None)
    assert g.encrypt(nonce=N12, data=b"x", associated_data=b"a") == g.encrypt(N12, b"x", b"a")


@pytest.mark.parametrize("box", [GCM("lea-128", K16), CCM("cham-128-128", K16, 8), LEACCM(bytes(32), 12),
                                 GCM("sparx-128-256", bytes(32), 4)], ids=lambda b: "%s-%d" % (b.name, b.tag_length))
def test_aead_forgery_raises_invalid_tag(box) -> None:
    aad, pt = b"header", bytes(range(100))
    ct = box.encrypt(N12, pt, aad)
    assert box.decrypt(N12, ct, aad) == pt
    for i in (0, 8 * 50 + 3, 8 * len(ct) - 1):  # ciphertext and tag bits
        with pytest.raises(InvalidTag):
            box.decrypt(N12, flip(ct, i), aad)
    with pytest.raises(InvalidTag):
        box.decrypt(N12, ct, flip(aad, 5))
    with pytest.raises(InvalidTag):
        box.decrypt(flip(N12, 1), ct, aad)
    with pytest.raises(InvalidTag):
        box.decrypt(N12, ct, None)
    for n in (0, box.tag_length - 1, len(ct) - 1):
        with pytest.raises(InvalidTag):
            box.decrypt(N12, ct[:n], aad)


def test_cipher_iv_errors() -> None:
    with pytest.raises(ValueError, match=r"Invalid IV size \(15\) for cbc: lea-128 needs 16 bytes"):
        Cipher("lea-128", K16, modes.CBC(bytes(15)))
    with pytest.raises(ValueError, match=r"Invalid IV size \(16\) for cfb: hight needs 8"):
        Cipher("hight", K16, modes.CFB(bytes(16)))
    with pytest.raises(ValueError, match=r"Invalid nonce size \(12\) for ctr"):
        Cipher("lea-128", K16, modes.CTR(N12))
    with pytest.raises(ValueError, match="GCM nonce must not be empty"):
        Cipher("lea-128", K16, modes.GCM(b""))
    with pytest.raises(TypeError, match="initialization_vector must be bytes-like"):
        modes.OFB("iv")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="min_tag_length must be 4 to 16"):
        modes.GCM(N12, min_tag_length=3)
    with pytest.raises(ValueError, match="Authentication tag must be 16 bytes or longer"):
        modes.GCM(N12, bytes(8))


def test_use_after_finalize() -> None:
    for m in (modes.CTR(bytes(16)), modes.CBC(bytes(16)), modes.OFB(bytes(16)), modes.GCM(N12), modes.ECB()):
        e = Cipher("lea-128", K16, m).encryptor()
        e.update(bytes(16))
        e.finalize()
        with pytest.raises(AlreadyFinalized, match="already finalized"):
            e.update(b"x")
        with pytest.raises(AlreadyFinalized):
            e.update_into(b"x", bytearray(32))
        with pytest.raises(AlreadyFinalized):
            e.finalize()


def test_block_mode_finalize_errors() -> None:
    for m in (modes.ECB(), modes.CBC(bytes(16))):
        for ctx in (Cipher("lea-128", K16, m).encryptor(), Cipher("lea-128", K16, m).decryptor()):
            assert len(ctx.update(bytes(20))) == 16
            with pytest.raises(ValueError, match="not a multiple of the block length"):
                ctx.finalize()
            with pytest.raises(AlreadyFinalized):
                ctx.update(b"")
    pad = Cipher("lea-128", K16, modes.CBC(bytes(16), pad=True))
    d = pad.decryptor()
    d.update(bytes(20))
    with pytest.raises(ValueError, match="non-zero multiple"):
        d.finalize()
    d = pad.decryptor()
    with pytest.raises(ValueError, match="non-zero multiple"):
        d.finalize()
    # a last block whose padding is wrong: decrypt a block that unpads to garbage
    ct = Cipher("lea-128", K16, modes.CBC(bytes(16))).encryptor().update(bytes(15) + b"\x11")
    d = pad.decryptor()
    assert d.update(ct) == b""
    with pytest.raises(ValueError, match="Invalid padding bytes"):
        d.finalize()


def test_update_into_errors() -> None:
    e = Cipher("lea-128", K16, modes.CTR(bytes(16))).encryptor()
    with pytest.raises(ValueError, match="buffer must be at least 10 bytes"):
        e.update_into(bytes(10), bytearray(9))
    with pytest.raises(TypeError, match="buf must be a writable"):
        e.update_into(bytes(10), bytes(10))
    with pytest.raises(TypeError, match="update_into"):
        e.update_into(bytes(10))  # type: ignore[call-arg]
    b = bytearray(40)
    with pytest.raises(ValueError, match="overlaps"):
        e.update_into(memoryview(b)[:20], memoryview(b)[5:])
    # nothing was consumed by the failed calls: the stream continues where it was
    ref = Cipher("lea-128", K16, modes.CTR(bytes(16))).encryptor().update(bytes(30))
    assert e.update(bytes(30)) == ref


def test_gcm_context_errors() -> None:
    c = Cipher("lea-128", K16, modes.GCM(N12))
    e = c.encryptor()
    with pytest.raises(NotYetFinalized):
        e.tag
    e.authenticate_additional_data(b"a")
    e.update(b"data")
    with pytest.raises(AlreadyUpdated):
        e.authenticate_additional_data(b"late")
    e.finalize()
    tag = e.tag
    assert len(tag) == 16
    with pytest.raises(ValueError, match="must be None when encrypting"):
        Cipher("lea-128", K16, modes.GCM(N12, tag)).encryptor()
    ct = Cipher("lea-128", K16, modes.GCM(N12)).encryptor()
    ct.authenticate_additional_data(b"a")
    body = ct.update(b"data")
    d = c.decryptor()
    d.authenticate_additional_data(b"a")
    d.update(body)
    with pytest.raises(ValueError, match="Authentication tag must be provided when decrypting"):
        d.finalize()
    with pytest.raises(AttributeError):
        d.tag
    assert d.finalize_with_tag(tag) == b""
    d = c.decryptor()
    d.authenticate_additional_data(b"a")
    d.update(body)
    with pytest.raises(ValueError, match="tag must be 16 to 16 bytes"):
        d.finalize_with_tag(tag[:8])
    with pytest.raises(InvalidTag):
        d.finalize_with_tag(flip(tag, 3))
    with pytest.raises(AlreadyFinalized):
        d.finalize_with_tag(tag)
    d = Cipher("lea-128", K16, modes.GCM(N12, flip(tag, 100))).decryptor()
    d.authenticate_additional_data(b"a")
    d.update(body)
    with pytest.raises(InvalidTag):
        d.finalize()
    d = Cipher("lea-128", K16, modes.GCM(N12, tag[:12], min_tag_length=12)).decryptor()
    d.authenticate_additional_data(b"a")
    d.update(body)
    d.finalize()
    with pytest.raises(ValueError, match="call finalize"):
        Cipher("lea-128", K16, modes.GCM(N12, tag)).decryptor().finalize_with_tag(tag)
    ctr = Cipher("lea-128", K16, modes.CTR(bytes(16))).encryptor()
    with pytest.raises(TypeError, match="needs GCM mode"):
        ctr.authenticate_additional_data(b"a")
    with pytest.raises(AttributeError):
        ctr.tag
    with pytest.raises(TypeError, match="finalize_with_tag is for GCM decryption"):
        ctr.finalize_with_tag(tag)


def test_cmac_errors() -> None:
    c = CMAC("lea-128", K16)
    c.update(b"message")
    tag = c.copy().finalize()
    assert len(tag) == 16
    with pytest.raises(InvalidSignature):
        c.copy().verify(flip(tag, 7))
    with pytest.raises(InvalidSignature):
        c.copy().verify(tag[:8])  # a truncated tag is not accepted unless tag_length says so
    c.copy().verify(tag)
    t8 = CMAC("lea-128", K16, 8)
    t8.update(b"message")
    assert t8.finalize() == tag[:8]
    c.finalize()
    for f in (lambda: c.update(b"x"), c.finalize, c.copy, lambda: c.verify(tag)):
        with pytest.raises(AlreadyFinalized):
            f()
    for tl in (3, 17):
        with pytest.raises(ValueError, match="CMAC tag_length must be 4 to 16 bytes"):
            CMAC("lea-128", K16, tl)
    with pytest.raises(ValueError, match="4 to 8 bytes for hight"):
        CMAC("hight", K16, 9)
    with pytest.raises(TypeError, match="data must be bytes-like"):
        CMAC("lea-128", K16).update("text")
