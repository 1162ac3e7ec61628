package org.arxcrypt;

/** A pure-Java block cipher: one expanded key. */
abstract class BlockCipher {
    abstract int blockBytes();

    abstract void encryptBlock(byte[] in, int inOff, byte[] out, int outOff);

    abstract void decryptBlock(byte[] in, int inOff, byte[] out, int outOff);

    /** n whole blocks from in to out (in == out with the same offset allowed). */
    void encryptBlocks(byte[] in, int inOff, byte[] out, int outOff, int n) {
        int b = blockBytes();
        for (int i = 0; i < n; i++) {
            encryptBlock(in, inOff + i * b, out, outOff + i * b);
        }
    }

    /** Wipe the schedule. */
    abstract void destroy();
}
