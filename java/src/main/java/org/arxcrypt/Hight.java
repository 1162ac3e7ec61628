package org.arxcrypt;

import java.util.Arrays;

/**
 * HIGHT (KISA, TTAS.KO-12.0040): 64-bit block, 128-bit key, 32 rounds over bytes; byte i of
 * block and key is the spec's P_i / MK_i, as in KISA's code. F0 and F1 are byte rotations and
 * xors (no tables), so constant time.
 */
final class Hight extends BlockCipher {
    private final int[] wk = new int[8];
    private final int[] sk = new int[128];

    Hight(byte[] mk) {
        for (int i = 0; i < 4; i++) {
            wk[i] = mk[i + 12] & 0xff;
            wk[i + 4] = mk[i] & 0xff;
        }
        int[] s = new int[134];
        int[] d = {0, 1, 0, 1, 1, 0, 1};
        System.arraycopy(d, 0, s, 0, 7);
        for (int i = 1; i < 128; i++) {
            s[i + 6] = s[i + 2] ^ s[i - 1];
        }
        for (int i = 0; i < 8; i++) {
            for (int j = 0; j < 8; j++) {
                sk[16 * i + j] = ((mk[(j - i + 8) & 7] & 0xff) + delta(s, 16 * i + j)) & 0xff;
                sk[16 * i + j + 8] = ((mk[((j - i + 8) & 7) + 8] & 0xff) + delta(s, 16 * i + j + 8)) & 0xff;
            }
        }
    }

    private static int delta(int[] s, int i) {
        int v = 0;
        for (int b = 6; b >= 0; b--) {
            v = (v << 1) | s[i + b];
        }
        return v;
    }

    private static int rol(int x, int r) {
        return ((x << r) | (x >>> (8 - r))) & 0xff;
    }

    private static int f0(int x) {
        return rol(x, 1) ^ rol(x, 2) ^ rol(x, 7);
    }

    private static int f1(int x) {
        return rol(x, 3) ^ rol(x, 4) ^ rol(x, 6);
    }

    @Override
    int blockBytes() {
        return 8;
    }

    @Override
    void encryptBlock(byte[] in, int inOff, byte[] out, int outOff) {
        int[] x = new int[8];
        for (int i = 0; i < 8; i++) {
            x[i] = in[inOff + i] & 0xff;
        }
        x[0] = (x[0] + wk[0]) & 0xff;
        x[2] ^= wk[1];
        x[4] = (x[4] + wk[2]) & 0xff;
        x[6] ^= wk[3];
        for (int i = 0; i < 32; i++) {
            int n0 = x[7] ^ ((f0(x[6]) + sk[4 * i + 3]) & 0xff);
            int n2 = (x[1] + (f1(x[0]) ^ sk[4 * i])) & 0xff;
            int n4 = x[3] ^ ((f0(x[2]) + sk[4 * i + 1]) & 0xff);
            int n6 = (x[5] + (f1(x[4]) ^ sk[4 * i + 2])) & 0xff;
            if (i < 31) {
                x[7] = x[6];
                x[5] = x[4];
                x[3] = x[2];
                x[1] = x[0];
                x[0] = n0;
                x[2] = n2;
                x[4] = n4;
                x[6] = n6;
            } else {
                x[1] = n2;
                x[3] = n4;
                x[5] = n6;
                x[7] = n0;
            }
        }
        x[0] = (x[0] + wk[4]) & 0xff;
        x[2] ^= wk[5];
        x[4] = (x[4] + wk[6]) & 0xff;
        x[6] ^= wk[7];
        for (int i = 0; i < 8; i++) {
            out[outOff + i] = (byte) x[i];
        }
    }

    @Override
    void decryptBlock(byte[] in, int inOff, byte[] out, int outOff) {
        int[] x = new int[8];
        for (int i = 0; i < 8; i++) {
            x[i] = in[inOff + i] & 0xff;
        }
        x[0] = (x[0] - wk[4]) & 0xff;
        x[2] ^= wk[5];
        x[4] = (x[4] - wk[6]) & 0xff;
        x[6] ^= wk[7];
        for (int i = 31; i >= 0; i--) {
            int p0, p2, p4, p6, n0, n2, n4, n6;
            if (i == 31) {
                p0 = x[0];
                p2 = x[2];
                p4 = x[4];
                p6 = x[6];
                n2 = x[1];
                n4 = x[3];
                n6 = x[5];
                n0 = x[7];
            } else {
                p0 = x[1];
                p2 = x[3];
                p4 = x[5];
                p6 = x[7];
                n0 = x[0];
                n2 = x[2];
                n4 = x[4];
                n6 = x[6];
            }
            x[0] = p0;
            x[2] = p2;
            x[4] = p4;
            x[6] = p6;
            x[7] = n0 ^ ((f0(p6) + sk[4 * i + 3]) & 0xff);
            x[1] = (n2 - (f1(p0) ^ sk[4 * i])) & 0xff;
            x[3] = n4 ^ ((f0(p2) + sk[4 * i + 1]) & 0xff);
            x[5] = (n6 - (f1(p4) ^ sk[4 * i + 2])) & 0xff;
        }
        x[0] = (x[0] - wk[0]) & 0xff;
        x[2] ^= wk[1];
        x[4] = (x[4] - wk[2]) & 0xff;
        x[6] ^= wk[3];
        for (int i = 0; i < 8; i++) {
            out[outOff + i] = (byte) x[i];
        }
    }

    @Override
    void destroy() {
        Arrays.fill(wk, 0);
        Arrays.fill(sk, 0);
    }
}
