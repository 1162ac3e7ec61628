package org.arxcrypt;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidParameterException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import javax.crypto.KeyGeneratorSpi;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/** Random keys of one of the algorithm's key sizes (default: the smallest, e.g. 128-bit LEA). */
final class ArxKeyGenerator extends KeyGeneratorSpi {
    private final CipherInfo.Algorithm alg;
    private int keyBytes;
    private SecureRandom random;

    ArxKeyGenerator(CipherInfo.Algorithm alg) {
        this.alg = alg;
        this.keyBytes = alg.defaultKeyBytes();
    }

    @Override
    protected void engineInit(SecureRandom r) {
        random = r;
    }

    @Override
    protected void engineInit(AlgorithmParameterSpec params, SecureRandom r) throws InvalidAlgorithmParameterException {
        throw new InvalidAlgorithmParameterException(alg.jcaName + " key generation takes no parameters");
    }

    @Override
    protected void engineInit(int keysize, SecureRandom r) {
        if (keysize % 8 != 0) {
            throw new InvalidParameterException("key size must be a multiple of 8 bits");
        }
        try {
            alg.forKeyLength(keysize / 8);
        } catch (java.security.InvalidKeyException e) {
            throw new InvalidParameterException(e.getMessage());
        }
        keyBytes = keysize / 8;
        random = r;
    }

    @Override
    protected SecretKey engineGenerateKey() {
        if (random == null) {
            random = new SecureRandom();
        }
        byte[] k = new byte[keyBytes];
        random.nextBytes(k);
        try {
            return new SecretKeySpec(k, alg.jcaName);
        } finally {
            java.util.Arrays.fill(k, (byte) 0);
        }
    }
}
