package org.arxcrypt;

import java.util.Arrays;

/**
 * SPECK (ePrint 2013/404), every block size: add, rotate, xor only, so constant time.
 */
final class Speck extends WordCipher {
    private final int alpha, beta;
    private final long[] rk;

    Speck(int blockBytes, byte[] key) {
        super(blockBytes);
        alpha = n == 16 ? 7 : 8;
        beta = n == 16 ? 2 : 3;
        int m = key.length / w;
        int rounds = rounds(n, m);
        rk = new long[rounds];
        long[] l = new long[rounds + m];
        long k = load(key, 0);
        for (int i = 0; i < m - 1; i++) {
            l[i] = load(key, (i + 1) * w);
        }
        for (int i = 0; i < rounds; i++) {
            rk[i] = k;
            if (i + 1 < rounds) {
                l[i + m - 1] = ((k + ror(l[i], alpha)) & mask) ^ i;
                k = rol(k, beta) ^ l[i + m - 1];
            }
        }
        Arrays.fill(l, 0);
    }

    private static int rounds(int n, int m) {
        switch (n) {
            case 16: return 22;
            case 24: return m == 3 ? 22 : 23;
            case 32: return m == 3 ? 26 : 27;
            case 48: return m == 2 ? 28 : 29;
            default: return m == 2 ? 32 : m == 3 ? 33 : 34;
        }
    }

    @Override
    void encryptBlock(byte[] in, int inOff, byte[] out, int outOff) {
        long y = load(in, inOff), x = load(in, inOff + w);
        for (long k : rk) {
            x = ((ror(x, alpha) + y) & mask) ^ k;
            y = rol(y, beta) ^ x;
        }
        store(y, out, outOff);
        store(x, out, outOff + w);
    }

    @Override
    void decryptBlock(byte[] in, int inOff, byte[] out, int outOff) {
        long y = load(in, inOff), x = load(in, inOff + w);
        for (int i = rk.length - 1; i >= 0; i--) {
            y = ror(y ^ x, beta);
            x = rol(((x ^ rk[i]) - y) & mask, alpha);
        }
        store(y, out, outOff);
        store(x, out, outOff + w);
    }

    @Override
    void destroy() {
        Arrays.fill(rk, 0);
    }
}
