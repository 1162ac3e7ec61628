package org.arxcrypt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.math.BigInteger;
import java.util.SplittableRandom;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/**
 * Every cipher the engine serves (all of libarxcrypt's on the native engine), by its exact name
 * and its family name: CBC and CTR recomputed here from the provider's ECB (block sizes 4, 6, 8,
 * 12 and 16 bytes, counters carrying across bytes), round trips in every mode, CMAC where defined.
 */
class AllCiphersTest {
    @Test
    void everyCipherEveryMode() throws Exception {
        SplittableRandom r = BouncyCastleDiffTest.random("AllCiphersTest");
        for (CipherInfo.Algorithm alg : CipherInfo.algorithms().values()) {
            if (TestSupport.ARX.getService("Cipher", alg.jcaName + "/ECB/NoPadding") == null) {
                continue;
            }
            for (CipherInfo info : alg.members) {
                for (int it = 0; it < TestSupport.n(2, 10); it++) {
                    one(r, alg, info);
                }
            }
        }
    }

    private static byte[] ecb(String n, SecretKeySpec k, byte[] in) throws Exception {
        Cipher c = Cipher.getInstance(n + "/ECB/NoPadding", TestSupport.ARX);
        c.init(Cipher.ENCRYPT_MODE, k);
        return c.doFinal(in);
    }

    private static void one(SplittableRandom r, CipherInfo.Algorithm alg, CipherInfo info) throws Exception {
        String n = alg.jcaName;
        int b = info.blockBytes;
        SecretKeySpec k = new SecretKeySpec(TestSupport.rnd(r, info.keyBytes), n);
        int blocks = r.nextInt(40);
        byte[] pt = TestSupport.rnd(r, blocks * b);
        byte[] iv = TestSupport.rnd(r, b);
        if (r.nextBoolean()) {
            for (int i = b / 2; i < b; i++) {
                iv[i] = (byte) 0xff;   // make the counter carry
            }
        }
        String what = n + " (" + info.name + ")";
        // CBC = chained ECB
        byte[] want = new byte[pt.length];
        byte[] chain = iv.clone();
        for (int i = 0; i < blocks; i++) {
            byte[] x = new byte[b];
            for (int j = 0; j < b; j++) {
                x[j] = (byte) (pt[i * b + j] ^ chain[j]);
            }
            chain = ecb(n, k, x);
            System.arraycopy(chain, 0, want, i * b, b);
        }
        Cipher cbc = Cipher.getInstance(n + "/CBC/NoPadding", TestSupport.ARX);
        cbc.init(Cipher.ENCRYPT_MODE, k, new IvParameterSpec(iv));
        assertArrayEquals(want, cbc.doFinal(pt), what + " CBC");
        // CTR = ECB of the whole block as one big-endian counter, the last block partial
        int len = Math.max(0, pt.length - r.nextInt(b));
        byte[] ctrIn = new byte[blocks * b];
        BigInteger ctr = new BigInteger(1, iv);
        BigInteger mod = BigInteger.ONE.shiftLeft(8 * b);
        for (int i = 0; i < blocks; i++) {
            byte[] cb = ctr.add(BigInteger.valueOf(i)).mod(mod).add(mod).toByteArray();
            System.arraycopy(cb, cb.length - b, ctrIn, i * b, b);
        }
        byte[] ks = ecb(n, k, ctrIn);
        byte[] wantCtr = new byte[len];
        for (int i = 0; i < len; i++) {
            wantCtr[i] = (byte) (pt[i] ^ ks[i]);
        }
        Cipher ctrC = Cipher.getInstance(n + "/CTR/NoPadding", TestSupport.ARX);
        ctrC.init(Cipher.ENCRYPT_MODE, k, new IvParameterSpec(iv));
        assertArrayEquals(wantCtr, BouncyCastleDiffTest.stream(ctrC, null, java.util.Arrays.copyOf(pt, len), r, 0),
            what + " CTR");
        // round trips
        for (String m : new String[] {"ECB/PKCS5Padding", "CBC/PKCS5Padding", "GCM/NoPadding", "CCM/NoPadding"}) {
            if (TestSupport.ARX.getService("Cipher", n + "/" + m) == null) {
                continue;
            }
            byte[] msg = TestSupport.rnd(r, r.nextInt(100));
            Cipher e = Cipher.getInstance(n + "/" + m, TestSupport.ARX);
            Cipher d = Cipher.getInstance(n + "/" + m, TestSupport.ARX);
            if (m.startsWith("ECB")) {
                e.init(Cipher.ENCRYPT_MODE, k);
                d.init(Cipher.DECRYPT_MODE, k);
            } else if (m.startsWith("CBC")) {
                e.init(Cipher.ENCRYPT_MODE, k, new IvParameterSpec(iv));
                d.init(Cipher.DECRYPT_MODE, k, new IvParameterSpec(iv));
            } else {
                GCMParameterSpec p = new GCMParameterSpec(128, TestSupport.rnd(r, 12));
                e.init(Cipher.ENCRYPT_MODE, k, p);
                d.init(Cipher.DECRYPT_MODE, k, p);
                e.updateAAD(iv);
                d.updateAAD(iv);
            }
            assertArrayEquals(msg, d.doFinal(e.doFinal(msg)), what + " " + m);
        }
        if (b == 8 || b == 16) {
            Mac mac = Mac.getInstance(n + "-CMAC", TestSupport.ARX);
            mac.init(k);
            mac.doFinal(pt);
        }
    }
}
