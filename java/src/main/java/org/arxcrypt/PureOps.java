package org.arxcrypt;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.security.MessageDigest;
import java.util.Arrays;

/** The pure-Java engine: every mode over a {@link BlockCipher}. */
final class PureOps extends KeyOps {
    private static final VarHandle LE64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final BlockCipher c;
    private final int b;

    PureOps(CipherInfo info, BlockCipher c) {
        super(info);
        this.c = c;
        this.b = c.blockBytes();
    }

    /** The ciphers the pure engine has: every cipher of libarxcrypt. */
    static boolean supports(CipherInfo info) {
        return CipherInfo.ALL.contains(info);
    }

    static PureOps create(CipherInfo info, byte[] key) {
        return new PureOps(info, blockCipher(info, key));
    }

    /** The pure-Java cipher for info under key (also the two halves of an XTS key, PureXts). */
    static BlockCipher blockCipher(CipherInfo info, byte[] key) {
        if (info.isLea()) {
            return new Lea(key);
        }
        if (info.name.startsWith("speck-")) {
            return new Speck(info.blockBytes, key);
        }
        if (info.name.startsWith("simon-")) {
            return new Simon(info.blockBytes, key);
        }
        if (info.name.startsWith("sparx-")) {
            return new Sparx(info.blockBytes, key);
        }
        if (info.name.equals("hight")) {
            return new Hight(key);
        }
        if (info.name.startsWith("simeck-")) {
            return new Simeck(info.blockBytes, key);
        }
        if (info.name.startsWith("cham-")) {
            return new Cham(info, key);
        }
        throw new UnsupportedOperationException("no pure-Java " + info.name);
    }

    @Override
    String engine() {
        return "java";
    }

    @Override
    void ecb(boolean encrypt, byte[] in, int inOff, int len, byte[] out, int outOff) {
        for (int i = 0; i < len; i += b) {
            if (encrypt) {
                c.encryptBlock(in, inOff + i, out, outOff + i);
            } else {
                c.decryptBlock(in, inOff + i, out, outOff + i);
            }
        }
    }

    @Override
    void cbc(boolean encrypt, byte[] iv, byte[] in, int inOff, int len, byte[] out, int outOff) {
        byte[] t = new byte[b];
        for (int i = 0; i < len; i += b) {
            if (encrypt) {
                for (int j = 0; j < b; j++) {
                    t[j] = (byte) (in[inOff + i + j] ^ iv[j]);
                }
                c.encryptBlock(t, 0, out, outOff + i);
                System.arraycopy(out, outOff + i, iv, 0, b);
            } else {
                c.decryptBlock(in, inOff + i, t, 0);
                for (int j = 0; j < b; j++) {
                    byte ct = in[inOff + i + j];   // read before out (may be in) is written
                    out[outOff + i + j] = (byte) (t[j] ^ iv[j]);
                    iv[j] = ct;
                }
            }
        }
        Arrays.fill(t, (byte) 0);
    }

    /** Counter-mode keystream, generated in batches; full-block or inc32 (GCM) counters. */
    static final class Keystream implements CtrStream {
        private final BlockCipher c;
        private final int b;
        private final boolean inc32;
        private final byte[] ctr;
        private final byte[] ks;
        private int pos, avail;

        Keystream(BlockCipher c, byte[] iv, boolean inc32) {
            this.c = c;
            this.b = c.blockBytes();
            this.inc32 = inc32;
            this.ctr = iv.clone();
            this.ks = new byte[b * (512 / b)];
        }

        private void increment() {
            int stop = inc32 ? b - 4 : 0;
            for (int i = b - 1; i >= stop; i--) {
                if (++ctr[i] != 0) {
                    break;
                }
            }
        }

        private void refill(int want) {
            int n = Math.min(ks.length / b, (want + b - 1) / b);
            if (b == 16) {
                // the counter as two big-endian longs (it is public: branching on it is fine)
                long hi = (long) Ghash.BE64.get(ctr, 0), lo = (long) Ghash.BE64.get(ctr, 8);
                for (int i = 0; i < n; i++) {
                    Ghash.BE64.set(ks, 16 * i, hi);
                    Ghash.BE64.set(ks, 16 * i + 8, lo);
                    if (inc32) {
                        lo = (lo & 0xffffffff00000000L) | ((lo + 1) & 0xffffffffL);
                    } else if (++lo == 0) {
                        hi++;
                    }
                }
                Ghash.BE64.set(ctr, 0, hi);
                Ghash.BE64.set(ctr, 8, lo);
            } else {
                for (int i = 0; i < n; i++) {
                    System.arraycopy(ctr, 0, ks, i * b, b);
                    increment();
                }
            }
            c.encryptBlocks(ks, 0, ks, 0, n);
            pos = 0;
            avail = n * b;
        }

        @Override
        public void update(byte[] in, int inOff, int len, byte[] out, int outOff) {
            while (len > 0) {
                if (pos == avail) {
                    refill(len);
                }
                int n = Math.min(len, avail - pos);
                int i = 0;
                for (; i + 8 <= n; i += 8) {
                    LE64.set(out, outOff + i, (long) LE64.get(in, inOff + i) ^ (long) LE64.get(ks, pos + i));
                }
                for (; i < n; i++) {
                    out[outOff + i] = (byte) (in[inOff + i] ^ ks[pos + i]);
                }
                pos += n;
                inOff += n;
                outOff += n;
                len -= n;
            }
        }

        @Override
        public void destroy() {
            Arrays.fill(ks, (byte) 0);
            Arrays.fill(ctr, (byte) 0);
            pos = avail = 0;
        }
    }

    @Override
    void ctr(byte[] iv, byte[] in, int inOff, int len, byte[] out, int outOff) {
        Keystream k = new Keystream(c, iv, false);
        k.update(in, inOff, len, out, outOff);
        k.destroy();
    }

    @Override
    CtrStream ctrStream(byte[] iv) {
        return new Keystream(c, iv, false);
    }

    private Ghash ghashKey;

    /** H = E(0) and its powers, once per key. */
    private Ghash ghashKey() {
        if (ghashKey == null) {
            byte[] h = new byte[16];
            c.encryptBlock(h, 0, h, 0);
            ghashKey = new Ghash(h);
            Arrays.fill(h, (byte) 0);
        }
        return ghashKey;
    }

    /** GCM state: counter, GHASH, and the partial block GHASH still waits for. */
    final class Gcm implements GcmStream {
        private final Ghash g;
        private final byte[] j0 = new byte[16];
        private final Keystream ks;
        private final byte[] part = new byte[16];
        private int partLen;
        private long aadLen, ctLen;

        Gcm(byte[] nonce, byte[] aad, int aadLen) {
            g = ghashKey().forMessage();
            if (nonce.length == 12) {
                System.arraycopy(nonce, 0, j0, 0, 12);
                j0[15] = 1;
            } else {
                Ghash gn = ghashKey().forMessage();
                gn.update(nonce, 0, nonce.length);
                gn.block(0, (long) nonce.length * 8);
                Ghash.BE64.set(j0, 0, gn.yh);
                Ghash.BE64.set(j0, 8, gn.yl);
                gn.destroy();
            }
            byte[] ctr1 = j0.clone();
            for (int i = 15; i >= 12; i--) {
                if (++ctr1[i] != 0) {
                    break;
                }
            }
            ks = new Keystream(c, ctr1, true);
            Arrays.fill(ctr1, (byte) 0);
            g.update(aad, 0, aadLen);
            this.aadLen = aadLen;
        }

        /** GHASH over ciphertext given in pieces. */
        void hash(byte[] d, int off, int len) {
            ctLen += len;
            if (partLen > 0) {
                int n = Math.min(len, 16 - partLen);
                System.arraycopy(d, off, part, partLen, n);
                partLen += n;
                off += n;
                len -= n;
                if (partLen < 16) {
                    return;
                }
                g.update(part, 0, 16);
                partLen = 0;
            }
            int whole = len & ~15;
            g.update(d, off, whole);
            System.arraycopy(d, off + whole, part, 0, len - whole);
            partLen = len - whole;
        }

        @Override
        public void update(byte[] in, int inOff, int len, byte[] out, int outOff) {
            ks.update(in, inOff, len, out, outOff);
            hash(out, outOff, len);
        }

        void xorOnly(byte[] in, int inOff, int len, byte[] out, int outOff) {
            ks.update(in, inOff, len, out, outOff);
        }

        byte[] fullTag() {
            if (partLen > 0) {
                g.update(part, 0, partLen);
                partLen = 0;
            }
            g.block(aadLen * 8, ctLen * 8);
            byte[] s = new byte[16];
            c.encryptBlock(j0, 0, s, 0);
            Ghash.BE64.set(s, 0, (long) Ghash.BE64.get(s, 0) ^ g.yh);
            Ghash.BE64.set(s, 8, (long) Ghash.BE64.get(s, 8) ^ g.yl);
            return s;
        }

        @Override
        public void finish(byte[] tag) {
            byte[] s = fullTag();
            System.arraycopy(s, 0, tag, 0, tag.length);
            Arrays.fill(s, (byte) 0);
            destroy();
        }

        @Override
        public void destroy() {
            g.destroy();
            ks.destroy();
            Arrays.fill(part, (byte) 0);
            Arrays.fill(j0, (byte) 0);
        }
    }

    @Override
    void gcmEncrypt(byte[] nonce, byte[] aad, int aadLen, byte[] in, int inOff, int len, byte[] out, int outOff,
                    byte[] tag) {
        Gcm g = new Gcm(nonce, aad, aadLen);
        g.update(in, inOff, len, out, outOff);
        g.finish(tag);
    }

    @Override
    boolean gcmDecrypt(byte[] nonce, byte[] aad, int aadLen, byte[] in, int inOff, int len, byte[] out, int outOff,
                       byte[] tag) {
        // the tag is checked over the ciphertext first: a forged message is never decrypted
        Gcm g = new Gcm(nonce, aad, aadLen);
        g.hash(in, inOff, len);
        byte[] s = g.fullTag();
        boolean ok = MessageDigest.isEqual(Arrays.copyOf(s, tag.length), tag);
        Arrays.fill(s, (byte) 0);
        if (ok) {
            g.xorOnly(in, inOff, len, out, outOff);
        }
        g.destroy();
        return ok;
    }

    @Override
    GcmStream gcmStream(byte[] nonce, byte[] aad, int aadLen) {
        return new Gcm(nonce, aad, aadLen);
    }

    /** CCM's CBC-MAC over B0, the encoded AAD and the payload: the unencrypted tag. */
    private byte[] ccmMac(byte[] nonce, byte[] aad, int aadLen, byte[] p, int pOff, int len, int tagLen) {
        int q = 15 - nonce.length;
        byte[] x = new byte[16];
        x[0] = (byte) ((aadLen > 0 ? 0x40 : 0) | (((tagLen - 2) / 2) << 3) | (q - 1));
        System.arraycopy(nonce, 0, x, 1, nonce.length);
        for (int i = 0, l = len; i < q; i++, l >>>= 8) {
            x[15 - i] = (byte) l;
        }
        c.encryptBlock(x, 0, x, 0);
        if (aadLen > 0) {
            int hdr = aadLen < 0xff00 ? 2 : 6;
            byte[] a = new byte[hdr + aadLen];
            if (hdr == 2) {
                a[0] = (byte) (aadLen >>> 8);
                a[1] = (byte) aadLen;
            } else {
                a[0] = (byte) 0xff;
                a[1] = (byte) 0xfe;
                a[2] = (byte) (aadLen >>> 24);
                a[3] = (byte) (aadLen >>> 16);
                a[4] = (byte) (aadLen >>> 8);
                a[5] = (byte) aadLen;
            }
            System.arraycopy(aad, 0, a, hdr, aadLen);
            cbcMac(x, a, 0, a.length);
        }
        cbcMac(x, p, pOff, len);
        return x;
    }

    private void cbcMac(byte[] x, byte[] d, int off, int len) {
        for (int i = 0; i < len; i += 16) {
            int n = Math.min(16, len - i);
            for (int j = 0; j < n; j++) {
                x[j] ^= d[off + i + j];
            }
            c.encryptBlock(x, 0, x, 0);
        }
    }

    private Keystream ccmCounter(byte[] nonce) {
        byte[] a = new byte[16];
        a[0] = (byte) (14 - nonce.length);
        System.arraycopy(nonce, 0, a, 1, nonce.length);
        return new Keystream(c, a, false);
    }

    @Override
    void ccmEncrypt(byte[] nonce, byte[] aad, int aadLen, byte[] in, int inOff, int len, byte[] out, int outOff,
                    byte[] tag) {
        byte[] t = ccmMac(nonce, aad, aadLen, in, inOff, len, tag.length);
        Keystream k = ccmCounter(nonce);
        byte[] s0 = new byte[16];
        k.update(s0, 0, 16, s0, 0);
        k.update(in, inOff, len, out, outOff);
        for (int i = 0; i < tag.length; i++) {
            tag[i] = (byte) (t[i] ^ s0[i]);
        }
        k.destroy();
        Arrays.fill(t, (byte) 0);
        Arrays.fill(s0, (byte) 0);
    }

    @Override
    boolean ccmDecrypt(byte[] nonce, byte[] aad, int aadLen, byte[] in, int inOff, int len, byte[] out, int outOff,
                       byte[] tag) {
        Keystream k = ccmCounter(nonce);
        byte[] s0 = new byte[16];
        k.update(s0, 0, 16, s0, 0);
        byte[] p = new byte[len];
        k.update(in, inOff, len, p, 0);
        byte[] t = ccmMac(nonce, aad, aadLen, p, 0, len, tag.length);
        for (int i = 0; i < tag.length; i++) {
            t[i] ^= s0[i];
        }
        boolean ok = MessageDigest.isEqual(Arrays.copyOf(t, tag.length), tag);
        if (ok) {
            System.arraycopy(p, 0, out, outOff, len);
        }
        Arrays.fill(p, (byte) 0);
        Arrays.fill(t, (byte) 0);
        Arrays.fill(s0, (byte) 0);
        k.destroy();
        return ok;
    }

    /** Doubling in GF(2^n) for CMAC's subkeys, constant time. */
    private static void dbl(byte[] v) {
        int carry = (v[0] >>> 7) & 1;
        for (int i = 0; i < v.length - 1; i++) {
            v[i] = (byte) ((v[i] << 1) | ((v[i + 1] >>> 7) & 1));
        }
        v[v.length - 1] = (byte) ((v[v.length - 1] << 1) ^ (-carry & (v.length == 16 ? 0x87 : 0x1b)));
    }

    @Override
    void cmac(byte[] msg, int len, byte[] tag) {
        byte[] k = new byte[b];
        c.encryptBlock(k, 0, k, 0);
        dbl(k);                                   // K1
        boolean complete = len > 0 && len % b == 0;
        if (!complete) {
            dbl(k);                               // K2
        }
        int lastOff = len == 0 ? 0 : (complete ? len - b : len - len % b);
        byte[] x = new byte[b];
        for (int i = 0; i < lastOff; i += b) {
            for (int j = 0; j < b; j++) {
                x[j] ^= msg[i + j];
            }
            c.encryptBlock(x, 0, x, 0);
        }
        int n = len - lastOff;
        for (int j = 0; j < n; j++) {
            x[j] ^= msg[lastOff + j];
        }
        if (!complete) {
            x[n] ^= (byte) 0x80;
        }
        for (int j = 0; j < b; j++) {
            x[j] ^= k[j];
        }
        c.encryptBlock(x, 0, x, 0);
        System.arraycopy(x, 0, tag, 0, tag.length);
        Arrays.fill(x, (byte) 0);
        Arrays.fill(k, (byte) 0);
    }

    @Override
    void destroy() {
        c.destroy();
        if (ghashKey != null) {
            ghashKey.destroy();
        }
    }
}
