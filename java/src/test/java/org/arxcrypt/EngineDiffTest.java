package org.arxcrypt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The two engines against each other, below the JCA layer: every cipher, every mode (ECB, CBC,
 * CTR one-shot and streamed, GCM one-shot and streamed, CCM, CMAC), random keys, lengths, IVs,
 * nonces, tags and AAD; forged tags refused by both. Runs where the native engine loads (the
 * JDK 25 runs); skipped elsewhere.
 */
class EngineDiffTest {
    @Test
    void pureJavaAgainstNative() throws Exception {
        Assumptions.assumeTrue(NativeEngine.available(), "native engine unavailable: " + NativeEngine.unavailableReason());
        SplittableRandom r = BouncyCastleDiffTest.random("EngineDiffTest");
        int cases = 0;
        for (CipherInfo info : CipherInfo.ALL) {
            for (int it = 0; it < TestSupport.n(3, 25); it++) {
                byte[] key = TestSupport.rnd(r, info.keyBytes);
                KeyOps a = PureOps.create(info, key), b = NativeEngine.newKey(info, key);
                assertEquals("java", a.engine());
                assertEquals("native", b.engine());
                one(r, info, a, b);
                a.destroy();
                b.destroy();
                cases++;
            }
        }
        System.out.println("EngineDiffTest: " + cases + " keys, every cipher and mode");
    }

    private static void one(SplittableRandom r, CipherInfo info, KeyOps a, KeyOps b) {
        int bs = info.blockBytes;
        String n = info.name;
        int len = r.nextInt(r.nextBoolean() ? 64 : 3000);
        byte[] pt = TestSupport.rnd(r, len);
        int whole = len - len % bs;
        for (boolean enc : new boolean[] {true, false}) {
            byte[] x = new byte[whole], y = new byte[whole];
            a.ecb(enc, pt, 0, whole, x, 0);
            b.ecb(enc, pt, 0, whole, y, 0);
            assertArrayEquals(x, y, n + " ECB " + enc);
            byte[] iv = TestSupport.rnd(r, bs), iv2 = iv.clone();
            a.cbc(enc, iv, pt, 0, whole, x, 0);
            b.cbc(enc, iv2, pt, 0, whole, y, 0);
            assertArrayEquals(x, y, n + " CBC " + enc);
            assertArrayEquals(iv, iv2, n + " CBC chaining " + enc);
        }
        byte[] iv = TestSupport.rnd(r, bs);
        for (int i = bs / 2; i < bs && r.nextBoolean(); i++) {
            iv[i] = (byte) 0xff;
        }
        byte[] x = new byte[len], y = new byte[len];
        a.ctr(iv, pt, 0, len, x, 0);
        KeyOps.CtrStream s = b.ctrStream(iv);
        int cut = r.nextInt(len + 1);
        s.update(pt, 0, cut, y, 0);
        s.update(pt, cut, len - cut, y, cut);
        s.destroy();
        assertArrayEquals(x, y, n + " CTR");
        if (bs == 8 || bs == 16) {
            byte[] ta = new byte[4 + r.nextInt(bs - 3)], tb = new byte[ta.length];
            a.cmac(pt, len, ta);
            b.cmac(pt, len, tb);
            assertArrayEquals(ta, tb, n + " CMAC");
        }
        if (bs != 16) {
            return;
        }
        byte[] aad = TestSupport.rnd(r, r.nextInt(50));
        byte[] nonce = TestSupport.rnd(r, r.nextInt(3) == 0 ? 1 + r.nextInt(30) : 12);
        byte[] ta = new byte[4 + r.nextInt(13)], tb = new byte[ta.length];
        a.gcmEncrypt(nonce, aad, aad.length, pt, 0, len, x, 0, ta);
        KeyOps.GcmStream g = b.gcmStream(nonce, aad, aad.length);
        g.update(pt, 0, cut, y, 0);
        g.update(pt, cut, len - cut, y, cut);
        g.finish(tb);
        assertArrayEquals(x, y, n + " GCM");
        assertArrayEquals(ta, tb, n + " GCM tag");
        byte[] back = new byte[len];
        assertEquals(true, b.gcmDecrypt(nonce, aad, aad.length, x, 0, len, back, 0, ta), n + " GCM decrypt");
        assertArrayEquals(pt, back, n + " GCM decrypt");
        ta[0] ^= 1;
        assertEquals(false, a.gcmDecrypt(nonce, aad, aad.length, x, 0, len, back, 0, ta), n + " GCM forged (java)");
        assertEquals(false, b.gcmDecrypt(nonce, aad, aad.length, x, 0, len, back, 0, ta), n + " GCM forged (native)");
        byte[] cn = TestSupport.rnd(r, 7 + r.nextInt(7));
        int clen = cn.length == 13 ? Math.min(len, 65535) : len;
        byte[] ca = new byte[4 + 2 * r.nextInt(7)], cb = new byte[ca.length];
        a.ccmEncrypt(cn, aad, aad.length, pt, 0, clen, x, 0, ca);
        b.ccmEncrypt(cn, aad, aad.length, pt, 0, clen, y, 0, cb);
        assertArrayEquals(x, y, n + " CCM");
        assertArrayEquals(ca, cb, n + " CCM tag");
        assertEquals(true, a.ccmDecrypt(cn, aad, aad.length, x, 0, clen, back, 0, ca), n + " CCM decrypt");
        ca[ca.length - 1] ^= 1;
        assertEquals(false, b.ccmDecrypt(cn, aad, aad.length, x, 0, clen, back, 0, ca), n + " CCM forged");
    }
}
