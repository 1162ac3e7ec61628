package org.arxcrypt;

import java.util.Arrays;

/**
 * SPARX (ASIACRYPT 2016): SPARX-64/128, 128/128, 128/256 as the designers' reference code has
 * them: 16-bit little-endian words, the SPECKEY ARX-box, the linear layers L and L', the
 * Misty-like key permutation. Add, rotate, xor only, so constant time.
 */
final class Sparx extends BlockCipher {
    private final int branches, steps, rps;
    private final int[][] sk;   // (branches * steps + 1) sets of 2 * rps words

    Sparx(int blockBytes, byte[] key) {
        branches = blockBytes / 4;
        int kw = key.length / 2;
        steps = kw == 16 ? 10 : 8;
        rps = branches == 2 ? 3 : 4;
        int[] k = new int[kw];
        for (int i = 0; i < kw; i++) {
            k[i] = (key[2 * i] & 0xff) | ((key[2 * i + 1] & 0xff) << 8);
        }
        sk = new int[branches * steps + 1][2 * rps];
        for (int c = 0; c < sk.length; c++) {
            System.arraycopy(k, 0, sk[c], 0, 2 * rps);
            permute(k, c + 1);
        }
        Arrays.fill(k, 0);
    }

    private static int rol(int x, int r) {
        return ((x << r) | (x >>> (16 - r))) & 0xffff;
    }

    /** The ARX-box on (x[i], x[i+1]). */
    private static void a(int[] x, int i) {
        x[i] = (rol(x[i], 9) + x[i + 1]) & 0xffff;
        x[i + 1] = rol(x[i + 1], 2) ^ x[i];
    }

    private static void aInv(int[] x, int i) {
        x[i + 1] = rol(x[i + 1] ^ x[i], 14);
        x[i] = rol((x[i] - x[i + 1]) & 0xffff, 7);
    }

    private void permute(int[] k, int c) {
        int kw = k.length;
        if (kw == 8 && branches == 2) {
            a(k, 0);
            k[2] = (k[2] + k[0]) & 0xffff;
            k[3] = (k[3] + k[1]) & 0xffff;
            k[7] = (k[7] + c) & 0xffff;
            rotate(k, 2);
        } else if (kw == 8) {
            a(k, 0);
            k[2] = (k[2] + k[0]) & 0xffff;
            k[3] = (k[3] + k[1]) & 0xffff;
            a(k, 4);
            k[6] = (k[6] + k[4]) & 0xffff;
            k[7] = (k[7] + k[5] + c) & 0xffff;
            rotate(k, 2);
        } else {
            a(k, 0);
            k[2] = (k[2] + k[0]) & 0xffff;
            k[3] = (k[3] + k[1]) & 0xffff;
            a(k, 8);
            k[10] = (k[10] + k[8]) & 0xffff;
            k[11] = (k[11] + k[9] + c) & 0xffff;
            rotate(k, 6);       // three 32-bit words, unlike the 128-bit keys' one
        }
    }

    /** Words move up by `by` places, the last ones to the front. */
    private static void rotate(int[] k, int by) {
        int[] t = Arrays.copyOfRange(k, k.length - by, k.length);
        System.arraycopy(k, 0, k, by, k.length - by);
        System.arraycopy(t, 0, k, 0, by);
    }

    private void linear(int[] x) {
        if (branches == 2) {
            int t = rol(x[0] ^ x[1], 8);
            x[2] ^= x[0] ^ t;
            x[3] ^= x[1] ^ t;
        } else {
            int t = rol(x[0] ^ x[1] ^ x[2] ^ x[3], 8);
            x[4] ^= x[2] ^ t;
            x[5] ^= x[1] ^ t;
            x[6] ^= x[0] ^ t;
            x[7] ^= x[3] ^ t;
        }
        rotate(x, branches);            // swap the halves
    }

    private void linearInv(int[] x) {
        rotate(x, branches);            // swapping the halves is its own inverse
        if (branches == 2) {
            int t = rol(x[0] ^ x[1], 8);
            x[2] ^= x[0] ^ t;
            x[3] ^= x[1] ^ t;
        } else {
            int t = rol(x[0] ^ x[1] ^ x[2] ^ x[3], 8);
            x[4] ^= x[2] ^ t;
            x[5] ^= x[1] ^ t;
            x[6] ^= x[0] ^ t;
            x[7] ^= x[3] ^ t;
        }
    }

    @Override
    int blockBytes() {
        return 4 * branches;
    }

    private int[] load(byte[] in, int off) {
        int[] x = new int[2 * branches];
        for (int i = 0; i < x.length; i++) {
            x[i] = (in[off + 2 * i] & 0xff) | ((in[off + 2 * i + 1] & 0xff) << 8);
        }
        return x;
    }

    private static void store(int[] x, byte[] out, int off) {
        for (int i = 0; i < x.length; i++) {
            out[off + 2 * i] = (byte) x[i];
            out[off + 2 * i + 1] = (byte) (x[i] >>> 8);
        }
    }

    @Override
    void encryptBlock(byte[] in, int inOff, byte[] out, int outOff) {
        int[] x = load(in, inOff);
        for (int s = 0; s < steps; s++) {
            for (int b = 0; b < branches; b++) {
                int[] k = sk[branches * s + b];
                for (int r = 0; r < rps; r++) {
                    x[2 * b] ^= k[2 * r];
                    x[2 * b + 1] ^= k[2 * r + 1];
                    a(x, 2 * b);
                }
            }
            linear(x);
        }
        int[] k = sk[branches * steps];
        for (int i = 0; i < 2 * branches; i++) {
            x[i] ^= k[i];
        }
        store(x, out, outOff);
    }

    @Override
    void decryptBlock(byte[] in, int inOff, byte[] out, int outOff) {
        int[] x = load(in, inOff);
        int[] kf = sk[branches * steps];
        for (int i = 0; i < 2 * branches; i++) {
            x[i] ^= kf[i];
        }
        for (int s = steps - 1; s >= 0; s--) {
            linearInv(x);
            for (int b = 0; b < branches; b++) {
                int[] k = sk[branches * s + b];
                for (int r = rps - 1; r >= 0; r--) {
                    aInv(x, 2 * b);
                    x[2 * b] ^= k[2 * r];
                    x[2 * b + 1] ^= k[2 * r + 1];
                }
            }
        }
        store(x, out, outOff);
    }

    @Override
    void destroy() {
        for (int[] k : sk) {
            Arrays.fill(k, 0);
        }
    }
}
