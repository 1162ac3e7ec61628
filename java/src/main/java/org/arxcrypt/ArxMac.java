package org.arxcrypt;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.MessageDigest;
import java.security.spec.AlgorithmParameterSpec;
import java.util.Arrays;
import javax.crypto.MacSpi;
import javax.crypto.SecretKey;

/**
 * CMAC (SP 800-38B) over a 64- or 128-bit-block cipher: {@code LEA-CMAC}, {@code HIGHT-CMAC},
 * ... The full-block tag. The message is buffered until doFinal (libarxcrypt's CMAC is one-shot),
 * and wiped after.
 */
final class ArxMac extends MacSpi {
    private final CipherInfo.Algorithm alg;
    private KeyOps ops;
    private byte[] keyBytes;
    private byte[] msg = new byte[64];
    private int len;

    ArxMac(CipherInfo.Algorithm alg) {
        this.alg = alg;
    }

    @Override
    protected int engineGetMacLength() {
        return alg.blockBytes;
    }

    @Override
    protected void engineInit(Key key, AlgorithmParameterSpec params) throws InvalidKeyException,
        InvalidAlgorithmParameterException {
        if (params != null) {
            throw new InvalidAlgorithmParameterException("CMAC takes no parameters");
        }
        if (!(key instanceof SecretKey) || key.getEncoded() == null) {
            throw new InvalidKeyException("a SecretKey with a RAW encoding is needed");
        }
        byte[] k = key.getEncoded();
        CipherInfo info = alg.forKeyLength(k.length);
        if (ops == null || ops.info != info || !MessageDigest.isEqual(k, keyBytes)) {
            KeyOps fresh = Engines.newKey(info, k);
            if (ops != null) {
                ops.destroy();
            }
            ops = fresh;
            keyBytes = k.clone();
        }
        Arrays.fill(k, (byte) 0);
        engineReset();
    }

    private void need(int more) {
        if (ops == null) {
            throw new IllegalStateException("MAC not initialized");
        }
        if ((long) len + more > msg.length) {
            long n = Math.max((long) len + more, 2L * msg.length);
            if (n > Integer.MAX_VALUE - 16) {
                throw new IllegalStateException("CMAC message too long to buffer");
            }
            byte[] m = Arrays.copyOf(msg, (int) n);
            Arrays.fill(msg, (byte) 0);
            msg = m;
        }
    }

    @Override
    protected void engineUpdate(byte input) {
        need(1);
        msg[len++] = input;
    }

    @Override
    protected void engineUpdate(byte[] input, int offset, int n) {
        need(n);
        System.arraycopy(input, offset, msg, len, n);
        len += n;
    }

    @Override
    protected byte[] engineDoFinal() {
        byte[] tag = new byte[alg.blockBytes];
        ops.cmac(msg, len, tag);
        engineReset();
        return tag;
    }

    @Override
    protected void engineReset() {
        Arrays.fill(msg, 0, len, (byte) 0);
        len = 0;
    }
}
