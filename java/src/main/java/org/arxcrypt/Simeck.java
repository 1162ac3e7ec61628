package org.arxcrypt;

import java.util.Arrays;

/**
 * SIMECK (CHES 2015): SIMON's structure with f(x) = (x & (x <<< 5)) ^ (x <<< 1), the key
 * schedule running the round function itself with constants C ^ z_i, z from the LFSRs of
 * x^5 + x^2 + 1 (SIMECK-32/64, 48/96) and x^6 + x + 1 (SIMECK-64/128), all-ones initial state.
 */
final class Simeck extends WordCipher {
    private final long[] rk;

    Simeck(int blockBytes, byte[] key) {
        super(blockBytes);
        int rounds = n == 16 ? 32 : n == 24 ? 36 : 44;
        int deg = n == 32 ? 6 : 5;
        int[] s = new int[rounds + deg];
        for (int i = 0; i < deg; i++) {
            s[i] = 1;
        }
        for (int i = 0; i + deg < s.length; i++) {
            s[i + deg] = deg == 5 ? s[i + 2] ^ s[i] : s[i + 1] ^ s[i];
        }
        rk = new long[rounds];
        long[] t = new long[rounds + 3];
        long k = load(key, 0);
        for (int i = 0; i < 3; i++) {
            t[i] = load(key, (i + 1) * w);
        }
        long c = mask ^ 3;
        for (int i = 0; i < rounds; i++) {
            rk[i] = k;
            t[i + 3] = k ^ f(t[i]) ^ c ^ s[i];
            k = t[i];
        }
        Arrays.fill(t, 0);
    }

    private long f(long x) {
        return (x & rol(x, 5)) ^ rol(x, 1);
    }

    @Override
    void encryptBlock(byte[] in, int inOff, byte[] out, int outOff) {
        long y = load(in, inOff), x = load(in, inOff + w);
        for (long k : rk) {
            long t = x;
            x = y ^ f(x) ^ k;
            y = t;
        }
        store(y, out, outOff);
        store(x, out, outOff + w);
    }

    @Override
    void decryptBlock(byte[] in, int inOff, byte[] out, int outOff) {
        long y = load(in, inOff), x = load(in, inOff + w);
        for (int i = rk.length - 1; i >= 0; i--) {
            long t = y;
            y = x ^ f(y) ^ rk[i];
            x = t;
        }
        store(y, out, outOff);
        store(x, out, outOff + w);
    }

    @Override
    void destroy() {
        Arrays.fill(rk, 0);
    }
}
