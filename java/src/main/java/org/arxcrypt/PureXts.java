package org.arxcrypt;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * XTS in pure Java over two {@link BlockCipher}s (IEEE 1619-2018): T = E(K2, tweak), block j is
 * E(K1, P xor T_j) xor T_j with T_{j+1} = T_j * alpha in GF(2^128) (the tweak as a little-endian
 * 128-bit number; the multiply is a shift and a masked xor of 0x87, no branch on the tweak), and a
 * partial last block by ciphertext stealing. Blocks go through the cipher in batches, the tweaks
 * of a batch kept beside them, so LEA's multi-block path serves encryption.
 */
final class PureXts extends XtsOps {
    private static final VarHandle LE64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final int BATCH = 32;

    private final BlockCipher data, tweak;

    PureXts(CipherInfo info, byte[] key) {
        super(info);
        int n = info.keyBytes;
        byte[] k1 = Arrays.copyOfRange(key, 0, n), k2 = Arrays.copyOfRange(key, n, 2 * n);
        data = PureOps.blockCipher(info, k1);
        tweak = PureOps.blockCipher(info, k2);
        Arrays.fill(k1, (byte) 0);
        Arrays.fill(k2, (byte) 0);
    }

    @Override
    String engine() {
        return "java";
    }

    /** dst block = src block xor (lo, hi). */
    private static void xor(byte[] src, int srcOff, long lo, long hi, byte[] dst, int dstOff) {
        LE64.set(dst, dstOff, (long) LE64.get(src, srcOff) ^ lo);
        LE64.set(dst, dstOff + 8, (long) LE64.get(src, srcOff + 8) ^ hi);
    }

    /** One block: E or D(K1, src xor T) xor T into dst (src may be dst); t[0..1] = T. */
    private void block(boolean encrypt, byte[] src, int srcOff, long[] t, byte[] dst, int dstOff, byte[] tmp) {
        xor(src, srcOff, t[0], t[1], tmp, 0);
        if (encrypt) {
            data.encryptBlock(tmp, 0, tmp, 0);
        } else {
            data.decryptBlock(tmp, 0, tmp, 0);
        }
        xor(tmp, 0, t[0], t[1], dst, dstOff);
    }

    /** t = t * alpha in GF(2^128) mod x^128 + x^7 + x^2 + x + 1, in constant time. */
    static void mulAlpha(long[] t) {
        long carry = t[1] >> 63;   // all ones when the top bit is set
        t[1] = (t[1] << 1) | (t[0] >>> 63);
        t[0] = (t[0] << 1) ^ (carry & 0x87);
    }

    @Override
    void crypt(boolean encrypt, byte[] tw, byte[] in, int inOff, int len, byte[] out, int outOff) {
        byte[] buf = new byte[BATCH * 16];
        long[] ts = new long[BATCH * 2];
        long[] t = new long[2];
        tweak.encryptBlock(tw, 0, buf, 0);
        t[0] = (long) LE64.get(buf, 0);
        t[1] = (long) LE64.get(buf, 8);
        int r = len & 15;
        int plain = (len >>> 4) - (r == 0 ? 0 : 1);   // blocks before the stealing pair
        for (int i = 0; i < plain; ) {
            int n = Math.min(BATCH, plain - i);
            for (int j = 0; j < n; j++) {
                ts[2 * j] = t[0];
                ts[2 * j + 1] = t[1];
                xor(in, inOff + 16 * (i + j), t[0], t[1], buf, 16 * j);
                mulAlpha(t);
            }
            if (encrypt) {
                data.encryptBlocks(buf, 0, buf, 0, n);
            } else {
                for (int j = 0; j < n; j++) {
                    data.decryptBlock(buf, 16 * j, buf, 16 * j);
                }
            }
            for (int j = 0; j < n; j++) {
                xor(buf, 16 * j, ts[2 * j], ts[2 * j + 1], out, outOff + 16 * (i + j));
            }
            i += n;
        }
        if (r != 0) {
            // the last whole block (tweak t = T_{m-1}) and the r-byte partial one (T_m)
            int p = inOff + 16 * plain, q = outOff + 16 * plain;
            long[] next = t.clone();
            mulAlpha(next);
            byte[] tmp = new byte[16], pair = new byte[16];
            // encryption: CC = E(P_{m-1}, T_{m-1}); decryption: PP = D(C_{m-1}, T_m)
            block(encrypt, in, p, encrypt ? t : next, pair, 0, tmp);
            byte[] last = new byte[16];
            System.arraycopy(in, p + 16, last, 0, r);             // the partial block's bytes
            System.arraycopy(pair, r, last, r, 16 - r);           // with the stolen tail
            System.arraycopy(pair, 0, out, q + 16, r);            // the partial output block
            block(encrypt, last, 0, encrypt ? next : t, out, q, tmp);
            Arrays.fill(tmp, (byte) 0);
            Arrays.fill(pair, (byte) 0);
            Arrays.fill(last, (byte) 0);
            Arrays.fill(next, 0L);
        }
        Arrays.fill(buf, (byte) 0);
        Arrays.fill(ts, 0L);
        Arrays.fill(t, 0L);
    }

    @Override
    void destroy() {
        data.destroy();
        tweak.destroy();
    }
}
