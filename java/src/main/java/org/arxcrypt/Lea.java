package org.arxcrypt;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * LEA (KS X 3246, TTAK.KO-12.0223) in plain int arithmetic: no tables, no branches on data,
 * so constant time. Blocks and keys are read as little-endian 32-bit words. The round function
 * is unrolled four rounds at a time, which renames the state words instead of moving them.
 */
final class Lea extends BlockCipher {
    static final VarHandle LE32 = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    private static final int[] DELTA = {
        0xc3efe9db, 0x44626b02, 0x79e27c8a, 0x78df30ec, 0x715ea49e, 0xc785da0a, 0xe04ef22a, 0xe5c40957
    };

    private final int[] rk;     // 6 words per round
    private final int rounds;
    private int[] scratch;     // for LeaBulk

    Lea(byte[] key) {
        int n = key.length / 4;
        int[] t = new int[8];
        for (int i = 0; i < n; i++) {
            t[i] = (int) LE32.get(key, 4 * i);
        }
        if (key.length == 16) {
            rounds = 24;
            rk = new int[6 * rounds];
            for (int i = 0; i < 24; i++) {
                int d = DELTA[i & 3];
                t[0] = Integer.rotateLeft(t[0] + Integer.rotateLeft(d, i), 1);
                t[1] = Integer.rotateLeft(t[1] + Integer.rotateLeft(d, i + 1), 3);
                t[2] = Integer.rotateLeft(t[2] + Integer.rotateLeft(d, i + 2), 6);
                t[3] = Integer.rotateLeft(t[3] + Integer.rotateLeft(d, i + 3), 11);
                int o = 6 * i;
                rk[o] = t[0];
                rk[o + 1] = t[1];
                rk[o + 2] = t[2];
                rk[o + 3] = t[1];
                rk[o + 4] = t[3];
                rk[o + 5] = t[1];
            }
        } else if (key.length == 24) {
            rounds = 28;
            rk = new int[6 * rounds];
            int[] rot = {1, 3, 6, 11, 13, 17};
            for (int i = 0; i < 28; i++) {
                int d = DELTA[i % 6];
                for (int j = 0; j < 6; j++) {
                    t[j] = Integer.rotateLeft(t[j] + Integer.rotateLeft(d, i + j), rot[j]);
                    rk[6 * i + j] = t[j];
                }
            }
        } else if (key.length == 32) {
            rounds = 32;
            rk = new int[6 * rounds];
            int[] rot = {1, 3, 6, 11, 13, 17};
            for (int i = 0; i < 32; i++) {
                int d = DELTA[i & 7];
                for (int j = 0; j < 6; j++) {
                    int w = (6 * i + j) & 7;
                    t[w] = Integer.rotateLeft(t[w] + Integer.rotateLeft(d, i + j), rot[j]);
                    rk[6 * i + j] = t[w];
                }
            }
        } else {
            throw new IllegalArgumentException("LEA key length " + key.length);
        }
        Arrays.fill(t, 0);
    }

    @Override
    int blockBytes() {
        return 16;
    }

    @Override
    void encryptBlock(byte[] in, int inOff, byte[] out, int outOff) {
        int x0 = (int) LE32.get(in, inOff);
        int x1 = (int) LE32.get(in, inOff + 4);
        int x2 = (int) LE32.get(in, inOff + 8);
        int x3 = (int) LE32.get(in, inOff + 12);
        final int[] k = rk;
        final int end = 6 * rounds;
        for (int r = 0; r < end; r += 24) {
            // state (x0,x1,x2,x3)
            x3 = Integer.rotateRight((x2 ^ k[r + 4]) + (x3 ^ k[r + 5]), 3);
            x2 = Integer.rotateRight((x1 ^ k[r + 2]) + (x2 ^ k[r + 3]), 5);
            x1 = Integer.rotateLeft((x0 ^ k[r]) + (x1 ^ k[r + 1]), 9);
            // state (x1,x2,x3,x0)
            x0 = Integer.rotateRight((x3 ^ k[r + 10]) + (x0 ^ k[r + 11]), 3);
            x3 = Integer.rotateRight((x2 ^ k[r + 8]) + (x3 ^ k[r + 9]), 5);
            x2 = Integer.rotateLeft((x1 ^ k[r + 6]) + (x2 ^ k[r + 7]), 9);
            // state (x2,x3,x0,x1)
            x1 = Integer.rotateRight((x0 ^ k[r + 16]) + (x1 ^ k[r + 17]), 3);
            x0 = Integer.rotateRight((x3 ^ k[r + 14]) + (x0 ^ k[r + 15]), 5);
            x3 = Integer.rotateLeft((x2 ^ k[r + 12]) + (x3 ^ k[r + 13]), 9);
            // state (x3,x0,x1,x2)
            x2 = Integer.rotateRight((x1 ^ k[r + 22]) + (x2 ^ k[r + 23]), 3);
            x1 = Integer.rotateRight((x0 ^ k[r + 20]) + (x1 ^ k[r + 21]), 5);
            x0 = Integer.rotateLeft((x3 ^ k[r + 18]) + (x0 ^ k[r + 19]), 9);
            // state (x0,x1,x2,x3)
        }
        LE32.set(out, outOff, x0);
        LE32.set(out, outOff + 4, x1);
        LE32.set(out, outOff + 8, x2);
        LE32.set(out, outOff + 12, x3);
    }

    /** Two blocks at a time, their rounds interleaved: twice the independent work per round. */
    @Override
    void encryptBlocks(byte[] in, int inOff, byte[] out, int outOff, int n) {
        final int[] k = rk;
        final int end = 6 * rounds;
        int i = 0;
        LeaBulk bulk = LeaBulk.INSTANCE;
        if (bulk != null && n >= bulk.lanes()) {
            if (scratch == null) {
                scratch = new int[4 * bulk.lanes()];
            }
            i = n - n % bulk.lanes();
            bulk.encryptBlocks(k, rounds, in, inOff, out, outOff, i, scratch);
        }
        for (; i + 2 <= n; i += 2) {
            int p = inOff + 16 * i;
            int a0 = (int) LE32.get(in, p), a1 = (int) LE32.get(in, p + 4);
            int a2 = (int) LE32.get(in, p + 8), a3 = (int) LE32.get(in, p + 12);
            int b0 = (int) LE32.get(in, p + 16), b1 = (int) LE32.get(in, p + 20);
            int b2 = (int) LE32.get(in, p + 24), b3 = (int) LE32.get(in, p + 28);
            int k1, k2;
            for (int r = 0; r < end; r += 24) {
            k1 = k[r + 4];
            k2 = k[r + 5];
            a3 = Integer.rotateRight((a2 ^ k1) + (a3 ^ k2), 3);
            b3 = Integer.rotateRight((b2 ^ k1) + (b3 ^ k2), 3);
            k1 = k[r + 2];
            k2 = k[r + 3];
            a2 = Integer.rotateRight((a1 ^ k1) + (a2 ^ k2), 5);
            b2 = Integer.rotateRight((b1 ^ k1) + (b2 ^ k2), 5);
            k1 = k[r + 0];
            k2 = k[r + 1];
            a1 = Integer.rotateLeft((a0 ^ k1) + (a1 ^ k2), 9);
            b1 = Integer.rotateLeft((b0 ^ k1) + (b1 ^ k2), 9);
            k1 = k[r + 10];
            k2 = k[r + 11];
            a0 = Integer.rotateRight((a3 ^ k1) + (a0 ^ k2), 3);
            b0 = Integer.rotateRight((b3 ^ k1) + (b0 ^ k2), 3);
            k1 = k[r + 8];
            k2 = k[r + 9];
            a3 = Integer.rotateRight((a2 ^ k1) + (a3 ^ k2), 5);
            b3 = Integer.rotateRight((b2 ^ k1) + (b3 ^ k2), 5);
            k1 = k[r + 6];
            k2 = k[r + 7];
            a2 = Integer.rotateLeft((a1 ^ k1) + (a2 ^ k2), 9);
            b2 = Integer.rotateLeft((b1 ^ k1) + (b2 ^ k2), 9);
            k1 = k[r + 16];
            k2 = k[r + 17];
            a1 = Integer.rotateRight((a0 ^ k1) + (a1 ^ k2), 3);
            b1 = Integer.rotateRight((b0 ^ k1) + (b1 ^ k2), 3);
            k1 = k[r + 14];
            k2 = k[r + 15];
            a0 = Integer.rotateRight((a3 ^ k1) + (a0 ^ k2), 5);
            b0 = Integer.rotateRight((b3 ^ k1) + (b0 ^ k2), 5);
            k1 = k[r + 12];
            k2 = k[r + 13];
            a3 = Integer.rotateLeft((a2 ^ k1) + (a3 ^ k2), 9);
            b3 = Integer.rotateLeft((b2 ^ k1) + (b3 ^ k2), 9);
            k1 = k[r + 22];
            k2 = k[r + 23];
            a2 = Integer.rotateRight((a1 ^ k1) + (a2 ^ k2), 3);
            b2 = Integer.rotateRight((b1 ^ k1) + (b2 ^ k2), 3);
            k1 = k[r + 20];
            k2 = k[r + 21];
            a1 = Integer.rotateRight((a0 ^ k1) + (a1 ^ k2), 5);
            b1 = Integer.rotateRight((b0 ^ k1) + (b1 ^ k2), 5);
            k1 = k[r + 18];
            k2 = k[r + 19];
            a0 = Integer.rotateLeft((a3 ^ k1) + (a0 ^ k2), 9);
            b0 = Integer.rotateLeft((b3 ^ k1) + (b0 ^ k2), 9);
            }
            int q = outOff + 16 * i;
            LE32.set(out, q, a0);
            LE32.set(out, q + 4, a1);
            LE32.set(out, q + 8, a2);
            LE32.set(out, q + 12, a3);
            LE32.set(out, q + 16, b0);
            LE32.set(out, q + 20, b1);
            LE32.set(out, q + 24, b2);
            LE32.set(out, q + 28, b3);
        }
        if (i < n) {
            encryptBlock(in, inOff + 16 * i, out, outOff + 16 * i);
        }
    }

    @Override
    void decryptBlock(byte[] in, int inOff, byte[] out, int outOff) {
        int x0 = (int) LE32.get(in, inOff);
        int x1 = (int) LE32.get(in, inOff + 4);
        int x2 = (int) LE32.get(in, inOff + 8);
        int x3 = (int) LE32.get(in, inOff + 12);
        final int[] k = rk;
        for (int r = 6 * rounds - 24; r >= 0; r -= 24) {
            // each line undoes one round: the output state (a', b', c', a) is renamed, not moved
            x0 = Integer.rotateRight(x0, 9) - (x3 ^ k[r + 18]) ^ k[r + 19];
            x1 = Integer.rotateLeft(x1, 5) - (x0 ^ k[r + 20]) ^ k[r + 21];
            x2 = Integer.rotateLeft(x2, 3) - (x1 ^ k[r + 22]) ^ k[r + 23];
            // state (x3,x0,x1,x2)
            x3 = Integer.rotateRight(x3, 9) - (x2 ^ k[r + 12]) ^ k[r + 13];
            x0 = Integer.rotateLeft(x0, 5) - (x3 ^ k[r + 14]) ^ k[r + 15];
            x1 = Integer.rotateLeft(x1, 3) - (x0 ^ k[r + 16]) ^ k[r + 17];
            // state (x2,x3,x0,x1)
            x2 = Integer.rotateRight(x2, 9) - (x1 ^ k[r + 6]) ^ k[r + 7];
            x3 = Integer.rotateLeft(x3, 5) - (x2 ^ k[r + 8]) ^ k[r + 9];
            x0 = Integer.rotateLeft(x0, 3) - (x3 ^ k[r + 10]) ^ k[r + 11];
            // state (x1,x2,x3,x0)
            x1 = Integer.rotateRight(x1, 9) - (x0 ^ k[r]) ^ k[r + 1];
            x2 = Integer.rotateLeft(x2, 5) - (x1 ^ k[r + 2]) ^ k[r + 3];
            x3 = Integer.rotateLeft(x3, 3) - (x2 ^ k[r + 4]) ^ k[r + 5];
            // state (x0,x1,x2,x3)
        }
        LE32.set(out, outOff, x0);
        LE32.set(out, outOff + 4, x1);
        LE32.set(out, outOff + 8, x2);
        LE32.set(out, outOff + 12, x3);
    }

    @Override
    void destroy() {
        Arrays.fill(rk, 0);
        if (scratch != null) {
            Arrays.fill(scratch, 0);
        }
    }
}
