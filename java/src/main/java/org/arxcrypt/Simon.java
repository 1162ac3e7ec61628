package org.arxcrypt;

import java.util.Arrays;

/**
 * SIMON (ePrint 2013/404), every block size: and, rotate, xor only, so constant time. The round
 * constants are the paper's sequences z0..z4.
 */
final class Simon extends WordCipher {
    private static final String[] Z = {
        "11111010001001010110000111001101111101000100101011000011100110",
        "10001110111110010011000010110101000111011111001001100001011010",
        "10101111011100000011010010011000101000010001111110010110110011",
        "11011011101011000110010111100000010010001010011100110100001111",
        "11010001111001101011011000100000010111000011001010010011101111",
    };

    private final long[] rk;

    Simon(int blockBytes, byte[] key) {
        super(blockBytes);
        int m = key.length / w;
        int rounds, z;
        switch (n * 10 + m) {
            case 164: rounds = 32; z = 0; break;
            case 243: rounds = 36; z = 0; break;
            case 244: rounds = 36; z = 1; break;
            case 323: rounds = 42; z = 2; break;
            case 324: rounds = 44; z = 3; break;
            case 482: rounds = 52; z = 2; break;
            case 483: rounds = 54; z = 3; break;
            case 642: rounds = 68; z = 2; break;
            case 643: rounds = 69; z = 3; break;
            case 644: rounds = 72; z = 4; break;
            default: throw new IllegalArgumentException("SIMON " + n + "/" + (m * n));
        }
        rk = new long[rounds];
        for (int i = 0; i < m; i++) {
            rk[i] = load(key, i * w);
        }
        long c = mask ^ 3;
        for (int i = m; i < rounds; i++) {
            long t = ror(rk[i - 1], 3);
            if (m == 4) {
                t ^= rk[i - 3];
            }
            t ^= ror(t, 1);
            rk[i] = c ^ (Z[z].charAt((i - m) % 62) - '0') ^ rk[i - m] ^ t;
        }
    }

    private long f(long x) {
        return (rol(x, 1) & rol(x, 8)) ^ rol(x, 2);
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
