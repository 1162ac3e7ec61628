package org.arxcrypt;

import java.util.Arrays;

/**
 * CHAM (ICISC 2017; rounds of the ICISC 2019 revision, or the original counts for the
 * {@code -legacy} names): four n-bit words (16 for CHAM-64, 32 for CHAM-128), little-endian,
 * word 0 first. Add, rotate, xor only, so constant time.
 */
final class Cham extends BlockCipher {
    private final int n, w, mask, rounds;
    private final int[] rk;

    Cham(CipherInfo info, byte[] key) {
        w = info.blockBytes / 4;
        n = 8 * w;
        mask = n == 32 ? -1 : (1 << n) - 1;
        boolean legacy = info.name.endsWith("-legacy");
        if (info.blockBytes == 8) {
            rounds = legacy ? 80 : 88;
        } else if (key.length == 16) {
            rounds = legacy ? 80 : 112;
        } else {
            rounds = legacy ? 96 : 120;
        }
        int kw = key.length / w;
        rk = new int[2 * kw];
        for (int i = 0; i < kw; i++) {
            int k = load(key, i * w);
            rk[i] = k ^ rol(k, 1) ^ rol(k, 8);
            rk[(i + kw) ^ 1] = k ^ rol(k, 1) ^ rol(k, 11);
        }
    }

    private int load(byte[] b, int off) {
        int v = 0;
        for (int i = w - 1; i >= 0; i--) {
            v = (v << 8) | (b[off + i] & 0xff);
        }
        return v;
    }

    private void store(int v, byte[] b, int off) {
        for (int i = 0; i < w; i++) {
            b[off + i] = (byte) (v >>> (8 * i));
        }
    }

    private int rol(int v, int r) {
        return ((v << r) | (v >>> (n - r))) & mask;
    }

    @Override
    int blockBytes() {
        return 4 * w;
    }

    @Override
    void encryptBlock(byte[] in, int inOff, byte[] out, int outOff) {
        int x0 = load(in, inOff), x1 = load(in, inOff + w), x2 = load(in, inOff + 2 * w), x3 = load(in, inOff + 3 * w);
        for (int i = 0; i < rounds; i++) {
            int k = rk[i % rk.length];
            int t = (i & 1) == 0
                ? rol(((x0 ^ i) + (rol(x1, 1) ^ k)) & mask, 8)
                : rol(((x0 ^ i) + (rol(x1, 8) ^ k)) & mask, 1);
            x0 = x1;
            x1 = x2;
            x2 = x3;
            x3 = t;
        }
        store(x0, out, outOff);
        store(x1, out, outOff + w);
        store(x2, out, outOff + 2 * w);
        store(x3, out, outOff + 3 * w);
    }

    @Override
    void decryptBlock(byte[] in, int inOff, byte[] out, int outOff) {
        int x0 = load(in, inOff), x1 = load(in, inOff + w), x2 = load(in, inOff + 2 * w), x3 = load(in, inOff + 3 * w);
        for (int i = rounds - 1; i >= 0; i--) {
            int k = rk[i % rk.length];
            int t = x3;
            x3 = x2;
            x2 = x1;
            x1 = x0;
            // the parity of i (public) picks the rotation amounts
            x0 = (i & 1) == 0
                ? (((rol(t, n - 8) - (rol(x1, 1) ^ k)) & mask) ^ i)
                : (((rol(t, n - 1) - (rol(x1, 8) ^ k)) & mask) ^ i);
        }
        store(x0, out, outOff);
        store(x1, out, outOff + w);
        store(x2, out, outOff + 2 * w);
        store(x3, out, outOff + 3 * w);
    }

    @Override
    void destroy() {
        Arrays.fill(rk, 0);
    }
}
