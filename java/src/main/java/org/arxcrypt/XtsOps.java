package org.arxcrypt;

import java.security.InvalidKeyException;

/**
 * One XTS key pair (IEEE 1619-2018, NIST SP 800-38E) in one engine: the data key and the tweak
 * key of a 128-bit-block cipher, made from one double-length key (data key || tweak key). As
 * for {@link KeyOps}, the caller (ArxCipher) has checked the arguments: the tweak is 16 bytes,
 * a data unit is 16 bytes to 2^20 blocks, and {@code in}/{@code out} are either the same region
 * or do not overlap.
 */
abstract class XtsOps {
    /** Blocks per data unit at most (SP 800-38E). */
    static final int MAX_BLOCKS = 1 << 20;

    final CipherInfo info;

    XtsOps(CipherInfo info) {
        this.info = info;
    }

    /** "java" or "native". */
    abstract String engine();

    /** One data unit of len bytes under the 16-byte tweak; a partial last block is done with ciphertext stealing. */
    abstract void crypt(boolean encrypt, byte[] tweak, byte[] in, int inOff, int len, byte[] out, int outOff);

    /** Wipe both key schedules now. */
    abstract void destroy();

    /**
     * Refuses a key whose two halves are equal (SP 800-38E), comparing in constant time; the
     * key's length has been checked (twice the cipher's key length).
     */
    static void checkHalves(byte[] key) throws InvalidKeyException {
        int half = key.length / 2, diff = 0;
        for (int i = 0; i < half; i++) {
            diff |= key[i] ^ key[half + i];
        }
        if (diff == 0) {
            throw new InvalidKeyException("XTS: the data key and the tweak key (the key's two halves) must differ");
        }
    }
}
