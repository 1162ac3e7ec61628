package org.arxcrypt;

/**
 * One expanded key in one engine, and the mode operations the provider needs from it. The
 * provider (ArxCipher, ArxMac) does all JCA bookkeeping (buffering, padding, parameter checks);
 * an engine only transforms bytes. Arguments are checked by the caller: lengths fit the arrays,
 * IVs and nonces have legal lengths, and {@code in}/{@code out} are either the same region or
 * do not overlap.
 */
abstract class KeyOps {
    final CipherInfo info;

    KeyOps(CipherInfo info) {
        this.info = info;
    }

    /** "java" or "native". */
    abstract String engine();

    /** ECB over whole blocks. */
    abstract void ecb(boolean encrypt, byte[] in, int inOff, int len, byte[] out, int outOff);

    /** CBC over whole blocks; iv (one block) is the chaining value, updated for the next call. */
    abstract void cbc(boolean encrypt, byte[] iv, byte[] in, int inOff, int len, byte[] out, int outOff);

    /** CTR (whole block one big-endian counter) from counter block iv, any length, one shot. */
    abstract void ctr(byte[] iv, byte[] in, int inOff, int len, byte[] out, int outOff);

    /** Streaming CTR from counter block iv. */
    abstract CtrStream ctrStream(byte[] iv);

    /** GCM one-shot encryption; tag gets tag.length bytes. */
    abstract void gcmEncrypt(byte[] nonce, byte[] aad, int aadLen, byte[] in, int inOff, int len,
                             byte[] out, int outOff, byte[] tag);

    /** GCM one-shot decryption; false (and out zeroed) when the tag does not verify. */
    abstract boolean gcmDecrypt(byte[] nonce, byte[] aad, int aadLen, byte[] in, int inOff, int len,
                                byte[] out, int outOff, byte[] tag);

    /** Streaming GCM encryption, all of the AAD given up front. */
    abstract GcmStream gcmStream(byte[] nonce, byte[] aad, int aadLen);

    /** CCM one-shot; tag.length is the tag length. */
    abstract void ccmEncrypt(byte[] nonce, byte[] aad, int aadLen, byte[] in, int inOff, int len,
                             byte[] out, int outOff, byte[] tag);

    abstract boolean ccmDecrypt(byte[] nonce, byte[] aad, int aadLen, byte[] in, int inOff, int len,
                                byte[] out, int outOff, byte[] tag);

    /** CMAC of msg[0..len) into tag (tag.length bytes, at most a block). */
    abstract void cmac(byte[] msg, int len, byte[] tag);

    /** Wipe the key schedule now (it is also wiped when collected, for the native engine). */
    abstract void destroy();

    interface CtrStream {
        void update(byte[] in, int inOff, int len, byte[] out, int outOff);

        void destroy();
    }

    interface GcmStream {
        void update(byte[] in, int inOff, int len, byte[] out, int outOff);

        /** The tag (tag.length bytes); the stream is finished and wiped after it. */
        void finish(byte[] tag);

        void destroy();
    }
}
