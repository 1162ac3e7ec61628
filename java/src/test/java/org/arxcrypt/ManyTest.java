package org.arxcrypt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.InvalidKeyException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/**
 * {@link Many} on the engine under test: random batches (lengths 0..300, several keys per
 * batch, random AAD, nonce and tag lengths) against the one-message JCA path ({@code Cipher},
 * {@code Mac}) job by job; forged tags, ciphertexts and AAD in random positions (that job's
 * verdict false and nothing released, the others' plaintext released); where the native engine
 * runs, its arx_*_many call against the pure-Java engine too; the error contract.
 */
class ManyTest {
    static final String[] CIPHERS = {"lea-128", "lea-192", "lea-256", "cham-128-256", "speck-128-128", "simon-128-256",
        "sparx-128-128", "hight", "simeck-64-128", "speck-64-96"};

    static int len(SplittableRandom r) {
        return r.nextInt(4) == 0 ? r.nextInt(20) : r.nextInt(301);
    }

    static String jca(String cipher, String mode) {
        return cipher.toUpperCase(Locale.ROOT) + "/" + mode + "/NoPadding";
    }

    /** The one-message path: Cipher for GCM/CCM/CTR. */
    static byte[] one(int opmode, String mode, byte[] key, String cipher, byte[] nonce, byte[] aad, byte[] data, int tag)
        throws Exception {
        Cipher c = Cipher.getInstance(jca(cipher, mode), TestSupport.ARX);
        SecretKeySpec k = new SecretKeySpec(key, cipher.toUpperCase(Locale.ROOT));
        if ("CTR".equals(mode)) {
            c.init(opmode, k, new IvParameterSpec(nonce));
        } else {
            c.init(opmode, k, new GCMParameterSpec(tag * 8, nonce));
            if (aad.length > 0) {
                c.updateAAD(aad);
            }
        }
        return c.doFinal(data);
    }

    @Test
    void randomBatchesAgainstTheOneMessagePath() throws Exception {
        SplittableRandom r = new SplittableRandom(2424);
        int checks = 0;
        for (String cipher : CIPHERS) {
            CipherInfo info = CipherInfo.byName(cipher);
            if (!Engines.serves(info)) {
                continue;
            }
            int bb = info.blockBytes;
            for (int batch = 0; batch < TestSupport.n(2, 6); batch++) {
                int nk = 1 + r.nextInt(5);
                byte[][] raw = new byte[nk][];
                Many.Key[] keys = new Many.Key[nk];
                for (int i = 0; i < nk; i++) {
                    raw[i] = TestSupport.rnd(r, info.keyBytes);
                    keys[i] = new Many.Key(cipher, raw[i]);
                }
                int n = 1 + r.nextInt(TestSupport.n(20, 48));
                int[] which = new int[n];
                for (int i = 0; i < n; i++) {
                    which[i] = r.nextInt(nk);
                }
                // CTR
                List<Many.Job> ctr = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    ctr.add(Many.Job.ctr(keys[which[i]], TestSupport.rnd(r, bb), TestSupport.rnd(r, len(r))));
                }
                List<byte[]> ctrOut = Many.ctr(ctr);
                for (int i = 0; i < n; i++) {
                    assertArrayEquals(one(Cipher.ENCRYPT_MODE, "CTR", raw[which[i]], cipher, ctr.get(i).nonce, null,
                        ctr.get(i).data, 0), ctrOut.get(i), cipher + " ctr job " + i);
                    checks++;
                }
                // CMAC, then verification with some tags forged
                List<Many.Job> mac = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    mac.add(Many.Job.cmac(keys[which[i]], TestSupport.rnd(r, len(r)), 4 + r.nextInt(bb - 3)));
                }
                List<byte[]> tags = Many.cmac(mac);
                List<Many.Job> ver = new ArrayList<>();
                Set<Integer> forged = new HashSet<>();
                for (int i = 0; i < n; i++) {
                    Mac m = Mac.getInstance(cipher.toUpperCase(Locale.ROOT) + "-CMAC", TestSupport.ARX);
                    m.init(new SecretKeySpec(raw[which[i]], cipher.toUpperCase(Locale.ROOT)));
                    byte[] full = m.doFinal(mac.get(i).data);
                    assertArrayEquals(Arrays.copyOf(full, mac.get(i).tagLength), tags.get(i), cipher + " cmac job " + i);
                    byte[] t = tags.get(i).clone();
                    if (r.nextInt(3) == 0) {
                        t[r.nextInt(t.length)] ^= (byte) (1 << r.nextInt(8));
                        forged.add(i);
                    }
                    ver.add(Many.Job.cmacVerify(keys[which[i]], mac.get(i).data, t));
                    checks++;
                }
                boolean[] ok = Many.cmacVerify(ver);
                for (int i = 0; i < n; i++) {
                    assertEquals(!forged.contains(i), ok[i], cipher + " cmacVerify job " + i);
                }
                if (bb == 16) {
                    for (String mode : new String[] {"GCM", "CCM"}) {
                        checks += aead(r, cipher, mode, keys, raw, which);
                    }
                }
                for (Many.Key k : keys) {
                    k.destroy();
                }
            }
        }
        assertTrue(checks > 100, "checks " + checks);
    }

    private static int aead(SplittableRandom r, String cipher, String mode, Many.Key[] keys, byte[][] raw, int[] which)
        throws Exception {
        boolean gcm = "GCM".equals(mode);
        int n = which.length;
        List<Many.Job> jobs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int nl = gcm ? new int[] {12, 12, 12, 1, 16, 60}[r.nextInt(6)] : 7 + r.nextInt(7);
            int t = r.nextInt(2) == 0 ? 16 : gcm ? 4 + r.nextInt(13) : 4 + 2 * r.nextInt(7);
            byte[] aad = r.nextInt(3) == 0 ? null : TestSupport.rnd(r, r.nextInt(40));
            jobs.add(Many.Job.aead(keys[which[i]], TestSupport.rnd(r, nl), aad, TestSupport.rnd(r, len(r)), t));
        }
        List<byte[]> sealed = gcm ? Many.gcmEncrypt(jobs) : Many.ccmEncrypt(jobs);
        List<Many.Job> opens = new ArrayList<>();
        Set<Integer> forged = new HashSet<>();
        for (int i = 0; i < n; i++) {
            Many.Job j = jobs.get(i);
            byte[] want = one(Cipher.ENCRYPT_MODE, mode, raw[which[i]], cipher, j.nonce, j.aad, j.data, j.tagLength);
            assertArrayEquals(want, sealed.get(i), cipher + " " + mode + " encrypt job " + i + " (" + j.data.length + " B)");
            byte[] ct = sealed.get(i).clone();
            byte[] aad = j.aad;
            if (r.nextInt(3) == 0) {
                forged.add(i);
                if (aad.length > 0 && r.nextInt(3) == 0) {
                    aad = aad.clone();
                    aad[r.nextInt(aad.length)] ^= (byte) (1 << r.nextInt(8));
                } else {
                    ct[r.nextInt(ct.length)] ^= (byte) (1 << r.nextInt(8));
                }
            }
            opens.add(Many.Job.aead(j.key, j.nonce, aad, ct, j.tagLength));
        }
        List<Many.Opened> got = gcm ? Many.gcmDecrypt(opens) : Many.ccmDecrypt(opens);
        for (int i = 0; i < n; i++) {
            Many.Job o = opens.get(i);
            Many.Opened g = got.get(i);
            if (forged.contains(i)) {
                assertFalse(g.verified(), cipher + " " + mode + " forged job " + i + " verified");
                assertThrows(AEADBadTagException.class, g::plaintext);
                byte[] key = raw[which[i]];
                assertThrows(AEADBadTagException.class,
                    () -> one(Cipher.DECRYPT_MODE, mode, key, cipher, o.nonce, o.aad, o.data, o.tagLength));
            } else {
                assertTrue(g.verified(), cipher + " " + mode + " job " + i + " failed");
                assertArrayEquals(jobs.get(i).data, g.plaintext(), cipher + " " + mode + " decrypt job " + i);
            }
        }
        return 2 * n;
    }

    /** The native engine's arx_*_many against the pure-Java engine's one-message code. */
    @Test
    void nativeManyAgainstPureJava() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(TestSupport.nativeEngine() && NativeEngine.available(), "native engine not under test");
        SplittableRandom r = new SplittableRandom(77);
        CipherInfo info = CipherInfo.byName("lea-128");
        List<Many.Job> jobs = new ArrayList<>();
        byte[][] raw = new byte[4][];
        Many.Key[] keys = new Many.Key[4];
        for (int i = 0; i < 4; i++) {
            raw[i] = TestSupport.rnd(r, 16);
            keys[i] = new Many.Key("lea-128", raw[i]);
        }
        assertEquals("native", keys[0].engine());
        int n = TestSupport.n(40, 200);
        int[] which = new int[n];
        for (int i = 0; i < n; i++) {
            which[i] = r.nextInt(4);
            jobs.add(Many.Job.aead(keys[which[i]], TestSupport.rnd(r, 12), TestSupport.rnd(r, r.nextInt(20)), TestSupport.rnd(r, len(r))));
        }
        List<byte[]> got = Many.gcmEncrypt(jobs);
        for (int i = 0; i < n; i++) {
            KeyOps pure = PureOps.create(info, raw[which[i]]);
            Many.Job j = jobs.get(i);
            byte[] out = new byte[j.data.length], tag = new byte[16];
            pure.gcmEncrypt(j.nonce, j.aad, j.aad.length, j.data, 0, j.data.length, out, 0, tag);
            byte[] want = Arrays.copyOf(out, out.length + 16);
            System.arraycopy(tag, 0, want, out.length, 16);
            assertArrayEquals(want, got.get(i), "native many vs pure job " + i);
            pure.destroy();
        }
    }

    @Test
    void errors() throws Exception {
        SplittableRandom r = new SplittableRandom(5);
        Many.Key k = new Many.Key("lea-128", TestSupport.rnd(r, 16));
        Many.Key other = new Many.Key("lea-256", TestSupport.rnd(r, 32));
        Many.Key gone = new Many.Key("lea-128", TestSupport.rnd(r, 16));
        gone.destroy();
        assertTrue(gone.isDestroyed());
        assertThrows(IllegalArgumentException.class, () -> new Many.Key("aes-128", new byte[16]));
        assertThrows(InvalidKeyException.class, () -> new Many.Key("lea-128", new byte[15]));
        Many.Job good = Many.Job.aead(k, TestSupport.rnd(r, 12), null, TestSupport.rnd(r, 40));
        assertEquals(0, Many.gcmEncrypt(List.of()).size());
        assertEquals(0, Many.cmacVerify(List.of()).length);
        assertThrows(IllegalArgumentException.class, () -> Many.gcmEncrypt(null));
        expect(IllegalArgumentException.class, "jobs[1] is null", () -> Many.gcmEncrypt(Arrays.asList(good, null)));
        expect(IllegalStateException.class, "jobs[2]: the key was destroyed",
            () -> Many.gcmEncrypt(List.of(good, good, Many.Job.aead(gone, new byte[12], null, new byte[3]))));
        expect(IllegalArgumentException.class, "jobs[1]: the key is lea-256",
            () -> Many.gcmEncrypt(List.of(good, Many.Job.aead(other, new byte[12], null, new byte[3]))));
        expect(IllegalArgumentException.class, "jobs[1]: GCM nonce",
            () -> Many.gcmEncrypt(List.of(good, Many.Job.aead(k, new byte[0], null, new byte[3]))));
        expect(IllegalArgumentException.class, "jobs[0]: GCM tag length 3",
            () -> Many.gcmEncrypt(List.of(Many.Job.aead(k, new byte[12], null, new byte[3], 3))));
        expect(IllegalArgumentException.class, "jobs[0]: CCM nonce",
            () -> Many.ccmEncrypt(List.of(Many.Job.aead(k, new byte[6], null, new byte[3]))));
        expect(IllegalArgumentException.class, "jobs[0]: CCM tag length 7",
            () -> Many.ccmEncrypt(List.of(Many.Job.aead(k, new byte[12], null, new byte[3], 7))));
        expect(IllegalArgumentException.class, "jobs[0]: CCM with a 13-byte nonce",
            () -> Many.ccmEncrypt(List.of(Many.Job.aead(k, new byte[13], null, new byte[65536]))));
        expect(IllegalArgumentException.class, "jobs[1]: data (15 bytes) is shorter",
            () -> Many.gcmDecrypt(List.of(good, Many.Job.aead(k, new byte[12], null, new byte[15]))));
        expect(IllegalArgumentException.class, "jobs[0]: data is null",
            () -> Many.gcmEncrypt(List.of(Many.Job.aead(k, new byte[12], null, null))));
        expect(IllegalArgumentException.class, "jobs[0]: CTR iv must be 16 bytes",
            () -> Many.ctr(List.of(Many.Job.ctr(k, new byte[12], new byte[3]))));
        expect(IllegalArgumentException.class, "jobs[0]: CMAC tag length 17",
            () -> Many.cmac(List.of(Many.Job.cmac(k, new byte[3], 17))));
        expect(IllegalArgumentException.class, "jobs[0]: tag is null",
            () -> Many.cmacVerify(List.of(Many.Job.cmacVerify(k, new byte[3], null))));
        if (Engines.serves(CipherInfo.byName("speck-64-128"))) {
            Many.Key small = new Many.Key("speck-64-128", new byte[16]);
            expect(IllegalArgumentException.class, "GCM is not defined for speck-64-128",
                () -> Many.gcmEncrypt(List.of(Many.Job.aead(small, new byte[12], null, new byte[3]))));
            small.close();
        }
        k.close();
        other.close();
    }

    private static void expect(Class<? extends RuntimeException> cls, String msg, org.junit.jupiter.api.function.Executable f) {
        RuntimeException e = assertThrows(cls, f);
        assertTrue(e.getMessage().contains(msg), "message '" + e.getMessage() + "' lacks '" + msg + "'");
    }
}
