package org.arxcrypt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.security.spec.AlgorithmParameterSpec;
import java.util.SplittableRandom;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/**
 * LEA in every mode against Bouncy Castle's LEA (an independent implementation) on random keys
 * (128/192/256), lengths, IVs, nonces, tag lengths and AAD; ours one-shot, streamed in random
 * splits (byte[] and both update forms), and through heap and direct ByteBuffers, in both
 * directions. The seed is printed; -Darxcrypt.test.seed=N repeats a run.
 */
class BouncyCastleDiffTest {
    static final String[] MODES = {
        "ECB/NoPadding", "ECB/PKCS5Padding", "CBC/NoPadding", "CBC/PKCS5Padding", "CTR/NoPadding",
        "GCM/NoPadding", "CCM/NoPadding"
    };

    static SplittableRandom random(String what) {
        long seed = Long.getLong("arxcrypt.test.seed", System.nanoTime());
        System.out.println(what + " seed " + seed);
        return new SplittableRandom(seed);
    }

    @Test
    void everyModeAgainstBouncyCastle() throws Exception {
        SplittableRandom r = random("BouncyCastleDiffTest");
        int iters = TestSupport.n(30, 300);
        for (String mode : MODES) {
            for (int it = 0; it < iters; it++) {
                one(r, mode, it);
            }
        }
    }

    private static int length(SplittableRandom r, int it) {
        switch (r.nextInt(4)) {
            case 0:
                return r.nextInt(40);
            case 1:
                return r.nextInt(300);
            case 2:
                return r.nextInt(5000);
            default:
                return it % 10 == 0 && TestSupport.full() ? r.nextInt(200_000) : r.nextInt(20_000);
        }
    }

    private static void one(SplittableRandom r, String mode, int it) throws Exception {
        int keyLen = 16 + 8 * r.nextInt(3);
        byte[] k = TestSupport.rnd(r, keyLen);
        SecretKeySpec key = new SecretKeySpec(k, "LEA");
        int len = length(r, it);
        if (mode.endsWith("NoPadding") && (mode.startsWith("ECB") || mode.startsWith("CBC"))) {
            len &= ~15;
        }
        AlgorithmParameterSpec spec = null;
        byte[] aad = null;
        if (mode.startsWith("CBC") || mode.startsWith("CTR")) {
            spec = new IvParameterSpec(TestSupport.rnd(r, 16));
        } else if (mode.startsWith("GCM")) {
            int ivLen = r.nextInt(3) == 0 ? 1 + r.nextInt(40) : 12;
            spec = new GCMParameterSpec(96 + 8 * r.nextInt(5), TestSupport.rnd(r, ivLen));
            aad = TestSupport.rnd(r, r.nextInt(4) == 0 ? 0 : r.nextInt(r.nextInt(10) == 0 ? 70000 : 100));
        } else if (mode.startsWith("CCM")) {
            int nonceLen = 7 + r.nextInt(7);
            spec = new GCMParameterSpec(32 + 16 * r.nextInt(7), TestSupport.rnd(r, nonceLen));
            aad = TestSupport.rnd(r, r.nextInt(4) == 0 ? 0 : r.nextInt(r.nextInt(10) == 0 ? 70000 : 100));
            if (nonceLen == 13) {
                len = Math.min(len, 65535);
            }
        }
        byte[] pt = TestSupport.rnd(r, len);
        String t = "LEA/" + mode;
        String what = t + " key " + keyLen + " len " + len + (aad != null ? " aad " + aad.length : "");

        Cipher bc = Cipher.getInstance(t, TestSupport.BC);
        bc.init(Cipher.ENCRYPT_MODE, key, spec);
        if (aad != null && aad.length > 0) {
            bc.updateAAD(aad);
        }
        byte[] want = bc.doFinal(pt);

        Cipher ours = Cipher.getInstance(t, TestSupport.ARX);
        ours.init(Cipher.ENCRYPT_MODE, key, spec);
        if (aad != null) {
            ours.updateAAD(aad);
        }
        assertArrayEquals(want, ours.doFinal(pt), what + " one-shot");

        int way = r.nextInt(4);
        Cipher enc = Cipher.getInstance(t, TestSupport.ARX);
        enc.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(k, "LEA"), spec);
        assertArrayEquals(want, way < 2 ? stream(enc, aad, pt, r, way) : buffers(enc, aad, pt, r, way == 3),
            what + " streamed way " + way);

        Cipher dec = Cipher.getInstance(t, TestSupport.ARX);
        dec.init(Cipher.DECRYPT_MODE, key, spec);
        way = r.nextInt(4);
        assertArrayEquals(pt, way < 2 ? stream(dec, aad, want, r, way) : buffers(dec, aad, want, r, way == 3),
            what + " decrypt way " + way);
        // a decryptor is reusable: the same message again, one-shot
        if (aad != null) {
            dec.updateAAD(aad);
        }
        assertArrayEquals(pt, dec.doFinal(want), what + " decrypt again");
    }

    private static void aadPieces(Cipher c, byte[] aad, SplittableRandom r) {
        if (aad == null) {
            return;
        }
        int i = 0;
        while (i < aad.length) {
            int n = 1 + r.nextInt(aad.length - i);
            c.updateAAD(aad, i, n);
            i += n;
        }
    }

    /** Random splits through update(byte[]...) (way 0) or update(..., out, outOff) (way 1). */
    static byte[] stream(Cipher c, byte[] aad, byte[] in, SplittableRandom r, int way) throws Exception {
        aadPieces(c, aad, r);
        ByteArrayOutputStream bo = new ByteArrayOutputStream();
        int i = 0;
        while (i < in.length && r.nextInt(5) != 0) {
            int n = r.nextInt(Math.min(in.length - i, r.nextBoolean() ? 40 : 4000) + 1);
            if (way == 0) {
                byte[] o = c.update(in, i, n);
                if (o != null) {
                    bo.write(o);
                }
            } else {
                byte[] o = new byte[c.getOutputSize(n) + 3];
                int w = c.update(in, i, n, o, 3);
                bo.write(o, 3, w);
            }
            i += n;
        }
        bo.write(c.doFinal(in, i, in.length - i));
        return bo.toByteArray();
    }

    /** Random splits through update(ByteBuffer, ByteBuffer), heap or direct. */
    static byte[] buffers(Cipher c, byte[] aad, byte[] in, SplittableRandom r, boolean direct) throws Exception {
        if (aad != null) {
            ByteBuffer a = direct ? ByteBuffer.allocateDirect(aad.length) : ByteBuffer.allocate(aad.length);
            a.put(aad).flip();
            c.updateAAD(a);
        }
        ByteBuffer src = direct ? ByteBuffer.allocateDirect(in.length + 5) : ByteBuffer.allocate(in.length + 5);
        src.position(5);
        src = src.slice();
        src.put(in).flip();
        int cap = c.getOutputSize(in.length) + 16;
        ByteBuffer dst = direct ? ByteBuffer.allocateDirect(cap) : ByteBuffer.allocate(cap);
        int i = 0;
        while (i < in.length && r.nextInt(5) != 0) {
            int n = r.nextInt(in.length - i + 1);
            src.limit(i + n);
            c.update(src, dst);
            i += n;
        }
        src.limit(in.length);
        c.doFinal(src, dst);
        dst.flip();
        byte[] out = new byte[dst.remaining()];
        dst.get(out);
        return out;
    }

    @Test
    void cmacAgainstBouncyCastle() throws Exception {
        SplittableRandom r = random("cmac");
        for (int it = 0; it < TestSupport.n(50, 500); it++) {
            byte[] k = TestSupport.rnd(r, 16 + 8 * r.nextInt(3));
            byte[] msg = TestSupport.rnd(r, length(r, it));
            Mac bc = Mac.getInstance("LEA-CMAC", TestSupport.BC);
            bc.init(new SecretKeySpec(k, "LEA"));
            Mac ours = Mac.getInstance("LEA-CMAC", TestSupport.ARX);
            ours.init(new SecretKeySpec(k, "LEA"));
            int i = 0;
            while (i < msg.length && r.nextBoolean()) {
                int n = r.nextInt(msg.length - i + 1);
                ours.update(msg, i, n);
                i += n;
            }
            ours.update(msg, i, msg.length - i);
            assertArrayEquals(bc.doFinal(msg), ours.doFinal(), "CMAC len " + msg.length);
        }
    }
}
