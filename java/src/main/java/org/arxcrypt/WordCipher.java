package org.arxcrypt;

/**
 * A two-word Feistel-like block cipher over n-bit words (SPECK, SIMON) in long arithmetic masked
 * to n bits (16, 24, 32, 48 or 64). Byte order of the designers' implementation guide and
 * libarxcrypt: little-endian words, the block (x, y) stored y then x, the key (k_{m-1}, ...,
 * k_0) stored k_0 first.
 */
abstract class WordCipher extends BlockCipher {
    final int n;          // word bits
    final int w;          // word bytes
    final long mask;

    WordCipher(int blockBytes) {
        w = blockBytes / 2;
        n = 8 * w;
        mask = n == 64 ? -1L : (1L << n) - 1;
    }

    final long load(byte[] b, int off) {
        long v = 0;
        for (int i = w - 1; i >= 0; i--) {
            v = (v << 8) | (b[off + i] & 0xff);
        }
        return v;
    }

    final void store(long v, byte[] b, int off) {
        for (int i = 0; i < w; i++) {
            b[off + i] = (byte) (v >>> (8 * i));
        }
    }

    final long rol(long v, int r) {
        return ((v << r) | (v >>> (n - r))) & mask;
    }

    final long ror(long v, int r) {
        return ((v >>> r) | (v << (n - r))) & mask;
    }

    @Override
    final int blockBytes() {
        return 2 * w;
    }
}
