package org.arxcrypt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import javax.crypto.Cipher;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * XTS ({@code NAME/XTS/NoPadding}): the engine under test against the arxcrypt CLI
 * ({@code raw -m xts}, system property {@code arxcrypt.cli}) and, where the native engine loads,
 * the pure engine against the native one below the JCA; random keys, tweaks and lengths 16..4096
 * (most not a multiple of 16: ciphertext stealing); in place, in pieces; the error contract.
 * The vectors of tests/vectors/lea-xts.txt run in VectorsTest.
 */
class XtsTest {
    /** Every 128-bit-block cipher: the ones XTS is offered for. */
    static List<CipherInfo> ciphers() {
        List<CipherInfo> out = new ArrayList<>();
        for (CipherInfo c : CipherInfo.ALL) {
            if (c.blockBytes == 16) {
                out.add(c);
            }
        }
        return out;
    }

    /** A random XTS key for info (halves differ with overwhelming probability; forced anyway). */
    static byte[] key(SplittableRandom r, CipherInfo info) {
        byte[] k = TestSupport.rnd(r, 2 * info.keyBytes);
        k[0] = (byte) ~k[info.keyBytes];
        return k;
    }

    /** 16..4096, one in four a multiple of 16, and the edges. */
    static int length(SplittableRandom r, int it) {
        switch (it) {
            case 0:
                return 16;
            case 1:
                return 17;
            case 2:
                return 4096;
            case 3:
                return 4095;
            default:
                int n = 16 + r.nextInt(4096 - 15);
                return r.nextInt(4) == 0 ? n & ~15 : n;
        }
    }

    static byte[] cipher(String name, boolean enc, byte[] key, byte[] tweak, byte[] in) throws Exception {
        Cipher c = Cipher.getInstance(name + "/XTS/NoPadding", TestSupport.ARX);
        c.init(enc ? Cipher.ENCRYPT_MODE : Cipher.DECRYPT_MODE, new SecretKeySpec(key, "RAW"), new IvParameterSpec(tweak));
        return c.doFinal(in);
    }

    static byte[] cli(Path exe, String name, boolean enc, byte[] key, byte[] tweak, byte[] in) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(exe.toString(), "raw", "-c", name, "-m", "xts",
            "-k", TestSupport.hex(key), "--iv", TestSupport.hex(tweak)));
        if (!enc) {
            cmd.add("-d");
        }
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try (OutputStream o = p.getOutputStream()) {
            o.write(in);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (InputStream i = p.getInputStream()) {
            i.transferTo(out);
        }
        assertEquals(0, p.waitFor(), "arxcrypt " + String.join(" ", cmd));
        return out.toByteArray();
    }

    @Test
    void againstTheCli() throws Exception {
        String prop = System.getProperty("arxcrypt.cli", "");
        Path exe = prop.isEmpty() ? null : Path.of(prop);
        Assumptions.assumeTrue(exe != null && Files.isExecutable(exe),
            "the arxcrypt CLI is not at -Darxcrypt.cli (" + prop + "): the CLI differential is skipped");
        SplittableRandom r = BouncyCastleDiffTest.random("XtsTest.againstTheCli");
        int cases = 0;
        for (CipherInfo info : ciphers()) {
            String name = info.name.toUpperCase(Locale.ROOT);
            for (int it = 0; it < TestSupport.n(2, 6); it++) {
                byte[] key = key(r, info), tweak = TestSupport.rnd(r, 16);
                byte[] pt = TestSupport.rnd(r, length(r, it));
                byte[] ct = cipher(name, true, key, tweak, pt);
                assertArrayEquals(cli(exe, info.name, true, key, tweak, pt), ct, name + " xts len " + pt.length);
                // decryption of a random ciphertext, against the CLI
                byte[] rc = TestSupport.rnd(r, pt.length);
                assertArrayEquals(cli(exe, info.name, false, key, tweak, rc), cipher(name, false, key, tweak, rc),
                    name + " xts decrypt len " + pt.length);
                assertArrayEquals(pt, cipher(name, false, key, tweak, ct));
                cases++;
            }
        }
        System.out.println("XtsTest: " + cases + " cases against the CLI, engine " + TestSupport.engine());
    }

    @Test
    void pureJavaAgainstNative() throws Exception {
        Assumptions.assumeTrue(NativeEngine.available(), "native engine unavailable: " + NativeEngine.unavailableReason());
        SplittableRandom r = BouncyCastleDiffTest.random("XtsTest.pureJavaAgainstNative");
        int cases = 0;
        for (CipherInfo info : ciphers()) {
            for (int it = 0; it < TestSupport.n(8, 60); it++) {
                byte[] key = key(r, info), tweak = TestSupport.rnd(r, 16);
                XtsOps a = new PureXts(info, key), b = NativeEngine.newXts(info, key);
                assertEquals("java", a.engine());
                assertEquals("native", b.engine());
                int len = length(r, it), off = r.nextInt(16);
                byte[] pt = TestSupport.rnd(r, len + off);
                for (boolean enc : new boolean[] {true, false}) {
                    byte[] x = new byte[len + 3], y = new byte[len + 3];
                    a.crypt(enc, tweak, pt, off, len, x, 3);
                    b.crypt(enc, tweak, pt, off, len, y, 3);
                    assertArrayEquals(x, y, info.name + " xts " + enc + " len " + len);
                    // in place, each engine
                    byte[] ia = pt.clone(), ib = pt.clone();
                    a.crypt(enc, tweak, ia, off, len, ia, off);
                    b.crypt(enc, tweak, ib, off, len, ib, off);
                    assertArrayEquals(Arrays.copyOfRange(x, 3, 3 + len), Arrays.copyOfRange(ia, off, off + len), info.name + " in place (java)");
                    assertArrayEquals(ia, ib, info.name + " in place (native)");
                    // and back
                    a.crypt(!enc, tweak, ia, off, len, ia, off);
                    assertArrayEquals(pt, ia, info.name + " round trip");
                }
                a.destroy();
                b.destroy();
                cases++;
            }
        }
        System.out.println("XtsTest: " + cases + " keys, pure Java against native, lengths 16..4096");
    }

    @Test
    void throughTheJca() throws Exception {
        SplittableRandom r = BouncyCastleDiffTest.random("XtsTest.throughTheJca");
        for (CipherInfo info : ciphers()) {
            String name = info.name.toUpperCase(Locale.ROOT);
            byte[] key = key(r, info), tweak = TestSupport.rnd(r, 16);
            int len = 16 + r.nextInt(600);
            byte[] pt = TestSupport.rnd(r, len);
            byte[] ct = cipher(name, true, key, tweak, pt);
            assertEquals(len, ct.length);
            // the family name picks the member from the key's length
            String fam = info.isLea() ? "LEA" : name.substring(0, name.lastIndexOf('-'));
            if (!info.name.endsWith("-legacy")) {
                assertArrayEquals(ct, cipher(fam, true, key, tweak, pt), fam);
            }
            Cipher c = Cipher.getInstance(name + "/XTS/NoPadding", TestSupport.ARX);
            SecretKeySpec k = new SecretKeySpec(key, name);
            c.init(Cipher.DECRYPT_MODE, k, new IvParameterSpec(tweak));
            // in pieces, through both update forms, and with an offset output
            byte[] out = new byte[len + 5];
            int cut = r.nextInt(len + 1);
            assertEquals(0, c.update(ct, 0, cut, out, 5));
            assertEquals(len, c.doFinal(ct, cut, len - cut, out, 5));
            assertArrayEquals(pt, Arrays.copyOfRange(out, 5, len + 5), name);
            // after doFinal the Cipher is back at its tweak: the same data unit again
            assertArrayEquals(pt, c.doFinal(ct), name + " again");
            // in place, same offset
            byte[] buf = ct.clone();
            assertEquals(len, c.doFinal(buf, 0, len, buf, 0));
            assertArrayEquals(pt, buf);
            // a ByteBuffer (direct)
            java.nio.ByteBuffer src = java.nio.ByteBuffer.allocateDirect(len).put(ct).flip();
            java.nio.ByteBuffer dst = java.nio.ByteBuffer.allocateDirect(len);
            assertEquals(len, c.doFinal(src, dst));
            byte[] got = new byte[len];
            dst.flip().get(got);
            assertArrayEquals(pt, got);
        }
    }

    @Test
    void alphaIsTheIeeeMultiply() {
        // x * alpha: the shift and the reduction (0x87 into the low byte when bit 127 leaves)
        long[] t = {0x8000000000000001L, 0x8000000000000000L};
        PureXts.mulAlpha(t);
        assertEquals(0x87L ^ 2L, t[0]);
        assertEquals(1L, t[1]);
        long[] u = {-1L, 0x7fffffffffffffffL};
        PureXts.mulAlpha(u);
        assertEquals(-2L, u[0]);
        assertEquals(-1L, u[1]);
    }

    @Test
    void errorContract() throws Exception {
        Cipher c = Cipher.getInstance("LEA/XTS/NoPadding", TestSupport.ARX);
        IvParameterSpec tw = new IvParameterSpec(new byte[16]);
        byte[] k32 = new byte[32];
        k32[31] = 1;
        // key lengths: twice 16, 24 or 32 bytes only
        for (int n : new int[] {16, 24, 31, 33, 40, 65, 128}) {
            byte[] k = new byte[n];
            k[n - 1] = 1;
            assertThrows(InvalidKeyException.class, () -> c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(k, "LEA"), tw), "key " + n);
        }
        assertThrows(InvalidKeyException.class,
            () -> Cipher.getInstance("LEA-128/XTS/NoPadding", TestSupport.ARX).init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[64], "LEA"), tw));
        // equal halves (SP 800-38E), for every key size and both directions
        for (int n : new int[] {32, 48, 64}) {
            byte[] k = new byte[n];
            for (int i = 0; i < n; i++) {
                k[i] = (byte) (i % (n / 2));
            }
            for (int mode : new int[] {Cipher.ENCRYPT_MODE, Cipher.DECRYPT_MODE}) {
                InvalidKeyException e = assertThrows(InvalidKeyException.class, () -> c.init(mode, new SecretKeySpec(k, "LEA"), tw));
                assertTrue(e.getMessage().contains("must differ"), e.getMessage());
            }
        }
        // the tweak: required, 16 bytes, an IvParameterSpec
        SecretKeySpec key = new SecretKeySpec(k32, "LEA");
        assertThrows(InvalidAlgorithmParameterException.class,
            () -> c.init(Cipher.ENCRYPT_MODE, key, (java.security.spec.AlgorithmParameterSpec) null));
        assertThrows(InvalidKeyException.class, () -> c.init(Cipher.DECRYPT_MODE, key));   // init(mode, key) can only say InvalidKeyException
        for (int n : new int[] {0, 8, 12, 15, 17, 32}) {
            assertThrows(InvalidAlgorithmParameterException.class, () -> c.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(new byte[n == 0 ? 1 : n], 0, n)), "tweak " + n);
        }
        assertThrows(InvalidAlgorithmParameterException.class, () -> c.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(128, new byte[16])));
        // data units: 16 bytes at least, per doFinal; update buffers
        c.init(Cipher.ENCRYPT_MODE, key, tw);
        for (int n : new int[] {0, 1, 15}) {
            assertThrows(IllegalBlockSizeException.class, () -> c.doFinal(new byte[n]), "len " + n);
        }
        byte[] u = c.update(new byte[10]);
        assertTrue(u == null || u.length == 0);
        assertThrows(IllegalBlockSizeException.class, () -> c.doFinal(new byte[5]));   // 15 in all
        assertEquals(16, c.doFinal(new byte[16]).length);                              // the failure reset the buffer
        c.update(new byte[10]);
        assertEquals(16, c.doFinal(new byte[6]).length);
        assertEquals(40, c.getOutputSize(40));
        assertThrows(ShortBufferException.class, () -> c.doFinal(new byte[20], 0, 20, new byte[19], 0));
        assertEquals(20, c.doFinal(new byte[20], 0, 20, new byte[20], 0));          // retried after the short buffer
        if (TestSupport.full()) {
            // at most 2^20 blocks per data unit
            assertEquals(16 << 20, c.doFinal(new byte[16 << 20]).length);
            assertThrows(IllegalBlockSizeException.class, () -> c.doFinal(new byte[(16 << 20) + 1]));
        }
        Cipher uninit = Cipher.getInstance("SPECK-128/XTS/NoPadding", TestSupport.ARX);
        assertThrows(IllegalStateException.class, () -> uninit.doFinal(new byte[16]));
    }
}
