package org.arxcrypt;

import java.security.AlgorithmParameters;
import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.Key;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.security.spec.AlgorithmParameterSpec;
import java.security.spec.InvalidParameterSpecException;
import java.util.Arrays;
import javax.crypto.AEADBadTagException;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.CipherSpi;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.NoSuchPaddingException;
import javax.crypto.SecretKey;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * One Cipher of the provider: an algorithm (a cipher, or a family whose key length picks the
 * member), a mode and a padding. All JCA bookkeeping lives here; {@link KeyOps} transforms bytes.
 *
 * <ul>
 * <li>ECB, CBC: whole blocks go out on update; PKCS5Padding is PKCS#7 over the cipher's block
 *     (a decryptor holds back the last block until doFinal; padding checked in constant time).
 * <li>CTR: the whole block is one big-endian counter (SP 800-38A), any length, output on update.
 * <li>GCM: encryption outputs on update and appends the tag at doFinal; decryption buffers the
 *     whole message and releases nothing before the tag has verified (AEADBadTagException).
 *     Re-initialising for encryption with the key and IV of the previous encryption is refused
 *     (InvalidAlgorithmParameterException), and after an encryption's doFinal the Cipher must be
 *     re-initialised, as the JDK's AES/GCM does. Tags 32..128 bits in steps of 8; IV 1+ bytes.
 * <li>CCM: both directions buffer the message; nonce 7..13 bytes, tag 4, 6, ..., 16 bytes;
 *     the same IV-reuse rules as GCM.
 * <li>XTS (128-bit blocks): key = data key || tweak key (twice the cipher's key length, the
 *     halves different), IvParameterSpec = the 16-byte tweak (required). One doFinal is one data
 *     unit of 16 bytes to 2^20 blocks, a partial last block done by ciphertext stealing; update
 *     buffers (it outputs nothing), so a data unit can arrive in pieces.
 * </ul>
 */
final class ArxCipher extends CipherSpi {
    enum Mode { ECB, CBC, CTR, GCM, CCM, XTS }

    private final CipherInfo.Algorithm alg;
    private final Mode mode;
    private final boolean padding;
    private final int bs;

    private KeyOps ops;
    private XtsOps xts;                 // XTS: the key pair, in place of ops
    private byte[] keyBytes;            // of ops, to reuse its schedule when the same key comes again
    private boolean initialized;
    private boolean encrypt;
    private byte[] iv;                  // IV / nonce / initial counter block as initialised
    private byte[] chain;               // CBC chaining value
    private byte[] buf = new byte[32];  // ECB/CBC partial block; GCM decryption and CCM: the message
    private int bufLen;
    private KeyOps.CtrStream ctr;
    private int tagLen;                 // bytes
    private byte[] aad = new byte[0];
    private int aadLen;
    private boolean dataStarted;
    private KeyOps.GcmStream gcm;
    private long gcmCount;
    private boolean mustReinit;
    private byte[] lastEncKey, lastEncIv;

    ArxCipher(CipherInfo.Algorithm alg, Mode mode, boolean padding) {
        this.alg = alg;
        this.mode = mode;
        this.padding = padding;
        this.bs = alg.blockBytes;
    }

    private boolean aead() {
        return mode == Mode.GCM || mode == Mode.CCM;
    }

    @Override
    protected void engineSetMode(String m) throws NoSuchAlgorithmException {
        if (!mode.name().equalsIgnoreCase(m)) {
            throw new NoSuchAlgorithmException("this Cipher is " + mode + ", not " + m);
        }
    }

    @Override
    protected void engineSetPadding(String p) throws NoSuchPaddingException {
        boolean pkcs = "PKCS5Padding".equalsIgnoreCase(p) || "PKCS7Padding".equalsIgnoreCase(p);
        if (!(pkcs ? padding : "NoPadding".equalsIgnoreCase(p) && !padding)) {
            throw new NoSuchPaddingException("this Cipher uses " + (padding ? "PKCS5Padding" : "NoPadding")
                + ", not " + p);
        }
    }

    @Override
    protected int engineGetBlockSize() {
        return bs;
    }

    @Override
    protected byte[] engineGetIV() {
        return iv == null ? null : iv.clone();
    }

    @Override
    protected AlgorithmParameters engineGetParameters() {
        if (!aead() || iv == null) {
            return null;
        }
        try {
            AlgorithmParameters p = AlgorithmParameters.getInstance("GCM");
            p.init(new GCMParameterSpec(tagLen * 8, iv));
            return p;
        } catch (NoSuchAlgorithmException | InvalidParameterSpecException e) {
            return null;
        }
    }

    @Override
    protected int engineGetKeySize(Key key) throws InvalidKeyException {
        byte[] k = rawKey(key);
        int bits = k.length * 8;
        try {
            cipherFor(k);
        } finally {
            Arrays.fill(k, (byte) 0);
        }
        return bits;
    }

    /** The cipher a raw key selects: by its length, for XTS by the length of its halves. */
    private CipherInfo cipherFor(byte[] k) throws InvalidKeyException {
        if (mode != Mode.XTS) {
            return alg.forKeyLength(k.length);
        }
        StringBuilder sizes = new StringBuilder();
        for (CipherInfo c : alg.members) {
            if (2 * c.keyBytes == k.length) {
                return c;
            }
            sizes.append(sizes.length() == 0 ? "" : ", ").append(2 * c.keyBytes);
        }
        throw new InvalidKeyException("Invalid " + alg.jcaName + "/XTS key length: " + k.length + " bytes (must be "
            + sizes + ": the data key then the tweak key)");
    }

    private static byte[] rawKey(Key key) throws InvalidKeyException {
        if (!(key instanceof SecretKey)) {
            throw new InvalidKeyException("a SecretKey is needed, not " + (key == null ? "null" : key.getClass().getName()));
        }
        if (key.getFormat() != null && !"RAW".equalsIgnoreCase(key.getFormat())) {
            throw new InvalidKeyException("key format " + key.getFormat() + " (RAW needed)");
        }
        byte[] k = key.getEncoded();
        if (k == null) {
            throw new InvalidKeyException("the key has no encoding");
        }
        return k;
    }

    // ---- init -------------------------------------------------------------------------

    @Override
    protected void engineInit(int opmode, Key key, SecureRandom random) throws InvalidKeyException {
        try {
            engineInit(opmode, key, (AlgorithmParameterSpec) null, random);
        } catch (InvalidAlgorithmParameterException e) {
            throw new InvalidKeyException(e.getMessage(), e);
        }
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameters params, SecureRandom random)
        throws InvalidKeyException, InvalidAlgorithmParameterException {
        AlgorithmParameterSpec spec = null;
        if (params != null) {
            try {
                spec = aead() ? params.getParameterSpec(GCMParameterSpec.class)
                    : params.getParameterSpec(IvParameterSpec.class);
            } catch (InvalidParameterSpecException e) {
                throw new InvalidAlgorithmParameterException("unusable parameters for " + mode + ": " + e.getMessage(), e);
            }
        }
        engineInit(opmode, key, spec, random);
    }

    @Override
    protected void engineInit(int opmode, Key key, AlgorithmParameterSpec params, SecureRandom random)
        throws InvalidKeyException, InvalidAlgorithmParameterException {
        boolean enc;
        switch (opmode) {
            case Cipher.ENCRYPT_MODE:
            case Cipher.WRAP_MODE:
                enc = true;
                break;
            case Cipher.DECRYPT_MODE:
            case Cipher.UNWRAP_MODE:
                enc = false;
                break;
            default:
                throw new java.security.InvalidParameterException("unknown opmode " + opmode);
        }
        byte[] k = rawKey(key);
        CipherInfo info;
        try {
            info = cipherFor(k);
            if (mode == Mode.XTS) {
                XtsOps.checkHalves(k);
            }
        } catch (InvalidKeyException e) {
            Arrays.fill(k, (byte) 0);
            throw e;
        }
        byte[] newIv = null;
        int newTag = 0;
        switch (mode) {
            case ECB:
                if (params != null) {
                    throw new InvalidAlgorithmParameterException("ECB takes no parameters");
                }
                break;
            case CBC:
            case CTR:
                if (params == null) {
                    if (!enc) {
                        throw new InvalidKeyException(mode + " decryption needs an IvParameterSpec");
                    }
                    newIv = randomBytes(random, bs);
                } else if (params instanceof IvParameterSpec) {
                    newIv = ((IvParameterSpec) params).getIV();
                    if (newIv.length != bs) {
                        throw new InvalidAlgorithmParameterException(mode + " IV must be " + bs + " bytes, not " + newIv.length);
                    }
                } else {
                    throw new InvalidAlgorithmParameterException(mode + " needs an IvParameterSpec, not "
                        + params.getClass().getName());
                }
                break;
            case XTS:
                if (!(params instanceof IvParameterSpec)) {
                    throw new InvalidAlgorithmParameterException("XTS needs the tweak as an IvParameterSpec (16 bytes), not "
                        + (params == null ? "none" : params.getClass().getName()));
                }
                newIv = ((IvParameterSpec) params).getIV();
                if (newIv.length != 16) {
                    throw new InvalidAlgorithmParameterException("XTS tweak must be 16 bytes, not " + newIv.length);
                }
                break;
            default: // GCM, CCM
                if (params == null) {
                    if (!enc) {
                        throw new InvalidKeyException(mode + " decryption needs a GCMParameterSpec");
                    }
                    newIv = randomBytes(random, mode == Mode.GCM ? 12 : 13);
                    newTag = 16;
                } else if (params instanceof GCMParameterSpec) {
                    GCMParameterSpec g = (GCMParameterSpec) params;
                    newIv = g.getIV();
                    int tBits = g.getTLen();
                    if (mode == Mode.GCM ? (tBits < 32 || tBits > 128 || tBits % 8 != 0)
                        : (tBits < 32 || tBits > 128 || tBits % 16 != 0)) {
                        throw new InvalidAlgorithmParameterException("unsupported " + mode + " tag length " + tBits
                            + " bits (" + (mode == Mode.GCM ? "32..128 in steps of 8" : "32..128 in steps of 16") + ")");
                    }
                    newTag = tBits / 8;
                } else if (mode == Mode.CCM && params instanceof IvParameterSpec) {
                    newIv = ((IvParameterSpec) params).getIV();
                    newTag = 16;
                } else {
                    throw new InvalidAlgorithmParameterException(mode + " needs a GCMParameterSpec, not "
                        + params.getClass().getName());
                }
                if (mode == Mode.GCM && newIv.length < 1) {
                    throw new InvalidAlgorithmParameterException("GCM IV must not be empty");
                }
                if (mode == Mode.CCM && (newIv.length < 7 || newIv.length > 13)) {
                    throw new InvalidAlgorithmParameterException("CCM nonce must be 7..13 bytes, not " + newIv.length);
                }
                if (enc && lastEncKey != null && MessageDigest.isEqual(k, lastEncKey)
                    && MessageDigest.isEqual(newIv, lastEncIv)) {
                    throw new InvalidAlgorithmParameterException("Cannot reuse iv for " + mode + " encryption");
                }
                break;
        }
        // the key: reuse the schedule when the same key comes again
        boolean same = keyBytes != null && MessageDigest.isEqual(k, keyBytes);
        if (mode == Mode.XTS ? xts == null || xts.info != info || !same : ops == null || ops.info != info || !same) {
            if (mode == Mode.XTS) {
                XtsOps fresh = Engines.newXts(info, k);
                if (xts != null) {
                    xts.destroy();
                }
                xts = fresh;
            } else {
                KeyOps fresh = Engines.newKey(info, k);
                if (ops != null) {
                    ops.destroy();
                }
                ops = fresh;
            }
            if (keyBytes != null) {
                Arrays.fill(keyBytes, (byte) 0);
            }
            keyBytes = k.clone();
        }
        if (aead() && enc) {
            lastEncKey = k.clone();
            lastEncIv = newIv.clone();
        }
        Arrays.fill(k, (byte) 0);
        encrypt = enc;
        iv = newIv;
        tagLen = newTag;
        initialized = true;
        mustReinit = false;
        resetState();
    }

    private static byte[] randomBytes(SecureRandom random, int n) {
        byte[] b = new byte[n];
        (random != null ? random : new SecureRandom()).nextBytes(b);
        return b;
    }

    /** Back to the state right after init (the JCA's behaviour after doFinal). */
    private void resetState() {
        Arrays.fill(buf, 0, bufLen, (byte) 0);
        bufLen = 0;
        chain = iv == null ? null : iv.clone();
        if (ctr != null) {
            ctr.destroy();
            ctr = null;
        }
        if (gcm != null) {
            gcm.destroy();
            gcm = null;
        }
        Arrays.fill(aad, 0, aadLen, (byte) 0);
        aadLen = 0;
        dataStarted = false;
        gcmCount = 0;
    }

    private void checkUsable() {
        if (!initialized) {
            throw new IllegalStateException("Cipher not initialized");
        }
        if (mustReinit) {
            throw new IllegalStateException("Must use either different key or iv for " + mode + " encryption"
                + " (re-initialise the Cipher)");
        }
    }

    // ---- sizes ------------------------------------------------------------------------

    /** Bytes an update of len bytes writes (exact). */
    private int updateSize(int len) {
        long total = (long) bufLen + len;
        switch (mode) {
            case ECB:
            case CBC: {
                long whole = total - total % bs;
                if (!encrypt && padding && whole == total && whole > 0) {
                    whole -= bs;   // hold back the last block: it carries the padding
                }
                return (int) whole;
            }
            case CTR:
                return len;
            case GCM:
                return encrypt ? len : 0;
            default:
                return 0;
        }
    }

    @Override
    protected int engineGetOutputSize(int len) {
        long total = (long) bufLen + len;
        long r;
        switch (mode) {
            case ECB:
            case CBC:
                r = encrypt && padding ? total + bs - total % bs : total;
                break;
            case CTR:
                r = len;
                break;
            case XTS:
                r = total;
                break;
            default:
                r = encrypt ? total + tagLen : Math.max(0, total - tagLen);
                break;
        }
        return (int) Math.min(Integer.MAX_VALUE, r);
    }

    // ---- update -----------------------------------------------------------------------

    @Override
    protected void engineUpdateAAD(byte[] src, int off, int len) {
        checkUsable();
        if (!aead()) {
            throw new IllegalStateException("AAD needs GCM or CCM, this Cipher is " + mode);
        }
        if (dataStarted) {
            throw new IllegalStateException("AAD must be supplied before encryption/decryption starts");
        }
        checkRange(src, off, len);
        if (aadLen + len > aad.length) {
            aad = grow(aad, aadLen, (long) aadLen + len);
        }
        System.arraycopy(src, off, aad, aadLen, len);
        aadLen += len;
    }

    @Override
    protected void engineUpdateAAD(java.nio.ByteBuffer src) {
        checkUsable();
        int n = src.remaining();
        if (src.hasArray()) {
            engineUpdateAAD(src.array(), src.arrayOffset() + src.position(), n);
            src.position(src.limit());
        } else {
            byte[] t = new byte[n];
            src.get(t);
            engineUpdateAAD(t, 0, n);
        }
    }

    private static byte[] grow(byte[] a, int used, long need) {
        if (need > Integer.MAX_VALUE - 16) {
            throw new IllegalStateException("too much data buffered");
        }
        byte[] n = Arrays.copyOf(a, (int) Math.min(Integer.MAX_VALUE - 16, Math.max(need, 2L * a.length)));
        Arrays.fill(a, 0, used, (byte) 0);
        return n;
    }

    private static void checkRange(byte[] a, int off, int len) {
        if (len < 0 || off < 0 || (a == null ? len != 0 : off > a.length - len)) {
            throw new IllegalArgumentException("bad offset/length");
        }
    }

    @Override
    protected byte[] engineUpdate(byte[] in, int inOff, int len) {
        checkUsable();
        checkRange(in, inOff, len);
        byte[] out = new byte[updateSize(len)];
        try {
            int n = doUpdate(in, inOff, len, out, 0);
            return n == out.length ? out : Arrays.copyOf(out, n);
        } catch (ShortBufferException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    protected int engineUpdate(byte[] in, int inOff, int len, byte[] out, int outOff) throws ShortBufferException {
        checkUsable();
        checkRange(in, inOff, len);
        int need = updateSize(len);
        if (need > 0 && (out == null || outOff < 0 || out.length - outOff < need)) {
            throw new ShortBufferException("output buffer too short: " + need + " bytes needed");
        }
        if (in == out && in != null && overlaps(inOff, len, outOff, need) && (inOff != outOff || bufLen != 0)) {
            in = Arrays.copyOfRange(in, inOff, inOff + len);
            inOff = 0;
        }
        return doUpdate(in, inOff, len, out, outOff);
    }

    private static boolean overlaps(int a, int alen, int b, int blen) {
        return a < b + blen && b < a + alen;
    }

    private void append(byte[] in, int inOff, int len) {
        if (bufLen + (long) len > buf.length) {
            buf = grow(buf, bufLen, (long) bufLen + len);
        }
        System.arraycopy(in, inOff, buf, bufLen, len);
        bufLen += len;
    }

    private int doUpdate(byte[] in, int inOff, int len, byte[] out, int outOff) throws ShortBufferException {
        dataStarted = true;
        switch (mode) {
            case ECB:
            case CBC:
                return blockUpdate(in, inOff, len, out, outOff, updateSize(len));
            case CTR:
                if (len > 0) {
                    if (ctr == null) {
                        ctr = ops.ctrStream(chain);
                    }
                    ctr.update(in, inOff, len, out, outOff);
                }
                return len;
            case GCM:
                if (encrypt) {
                    countGcm(len);
                    if (len > 0) {
                        if (gcm == null) {
                            gcm = ops.gcmStream(iv, aad, aadLen);
                        }
                        gcm.update(in, inOff, len, out, outOff);
                    }
                    return len;
                }
                append(in, inOff, len);
                return 0;
            default:
                append(in, inOff, len);
                return 0;
        }
    }

    private void countGcm(long len) {
        gcmCount += len;
        if (gcmCount > (1L << 36) - 32) {
            throw new IllegalStateException("GCM message longer than 2^36 - 32 bytes");
        }
    }

    /** ECB/CBC: `process` whole-block bytes out of buffer + input; the rest is buffered. */
    private int blockUpdate(byte[] in, int inOff, int len, byte[] out, int outOff, int process) {
        int o = outOff;
        if (bufLen > 0 && process > 0) {
            int need = bs - bufLen;
            System.arraycopy(in, inOff, buf, bufLen, need);
            cipherBlocks(buf, 0, bs, out, o);
            Arrays.fill(buf, 0, bs, (byte) 0);
            bufLen = 0;
            inOff += need;
            len -= need;
            o += bs;
            process -= bs;
        }
        if (process > 0) {
            cipherBlocks(in, inOff, process, out, o);
            inOff += process;
            len -= process;
            o += process;
        }
        append(in, inOff, len);
        return o - outOff;
    }

    private void cipherBlocks(byte[] in, int inOff, int len, byte[] out, int outOff) {
        if (mode == Mode.ECB) {
            ops.ecb(encrypt, in, inOff, len, out, outOff);
        } else {
            ops.cbc(encrypt, chain, in, inOff, len, out, outOff);
        }
    }

    // ---- doFinal ----------------------------------------------------------------------

    @Override
    protected byte[] engineDoFinal(byte[] in, int inOff, int len) throws IllegalBlockSizeException, BadPaddingException {
        checkUsable();
        checkRange(in, inOff, len);
        byte[] out = new byte[engineGetOutputSize(len)];
        try {
            int n = doFinal(in, inOff, len, out, 0);
            if (n == out.length) {
                return out;
            }
            byte[] r = Arrays.copyOf(out, n);
            Arrays.fill(out, (byte) 0);
            return r;
        } catch (ShortBufferException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    protected int engineDoFinal(byte[] in, int inOff, int len, byte[] out, int outOff)
        throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
        checkUsable();
        checkRange(in, inOff, len);
        if (in == out && in != null && len > 0 && overlaps(inOff, len, outOff, engineGetOutputSize(len))
            && (inOff != outOff || bufLen != 0)) {
            in = Arrays.copyOfRange(in, inOff, inOff + len);
            inOff = 0;
        }
        return doFinal(in, inOff, len, out, outOff);
    }

    private void checkOut(byte[] out, int outOff, int need) throws ShortBufferException {
        if (need > 0 && (out == null || outOff < 0 || out.length - outOff < need)) {
            throw new ShortBufferException("output buffer too short: " + need + " bytes needed");
        }
    }

    private int doFinal(byte[] in, int inOff, int len, byte[] out, int outOff)
        throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
        if (in == null) {
            in = new byte[0];
        }
        switch (mode) {
            case ECB:
            case CBC:
                return blockFinal(in, inOff, len, out, outOff);
            case CTR: {
                checkOut(out, outOff, len);
                if (len > 0) {
                    if (ctr == null) {
                        ops.ctr(chain, in, inOff, len, out, outOff);
                    } else {
                        ctr.update(in, inOff, len, out, outOff);
                    }
                }
                resetState();
                return len;
            }
            case GCM:
                return encrypt ? gcmEncryptFinal(in, inOff, len, out, outOff) : aeadDecryptFinal(in, inOff, len, out, outOff);
            case XTS:
                return xtsFinal(in, inOff, len, out, outOff);
            default:
                return encrypt ? ccmEncryptFinal(in, inOff, len, out, outOff) : aeadDecryptFinal(in, inOff, len, out, outOff);
        }
    }

    private int blockFinal(byte[] in, int inOff, int len, byte[] out, int outOff)
        throws ShortBufferException, IllegalBlockSizeException, BadPaddingException {
        long total = (long) bufLen + len;
        if (encrypt && padding) {
            int outLen = (int) (total + bs - total % bs);
            checkOut(out, outOff, outLen);
            int n = blockUpdate(in, inOff, len, out, outOff, (int) (total - total % bs));
            byte pad = (byte) (bs - bufLen);
            Arrays.fill(buf, bufLen, bs, pad);
            cipherBlocks(buf, 0, bs, out, outOff + n);
            Arrays.fill(buf, 0, bs, (byte) 0);
            bufLen = 0;
            resetState();
            return outLen;
        }
        if (total % bs != 0) {
            throw new IllegalBlockSizeException("Input length not multiple of " + bs + " bytes"
                + (encrypt ? "" : " (when decrypting with padded cipher)"));
        }
        if (!padding) {
            checkOut(out, outOff, (int) total);
            int n = blockUpdate(in, inOff, len, out, outOff, (int) total);
            resetState();
            return n;
        }
        // decryption with padding: decrypt into our own buffer, check the padding, then copy
        if (total == 0) {
            throw new IllegalBlockSizeException("padded ciphertext must not be empty");
        }
        byte[] all = new byte[(int) total];
        System.arraycopy(buf, 0, all, 0, bufLen);
        System.arraycopy(in, inOff, all, bufLen, len);
        byte[] savedChain = chain == null ? null : chain.clone();
        cipherBlocks(all, 0, all.length, all, 0);
        int keep = unpad(all);
        if (keep < 0) {
            Arrays.fill(all, (byte) 0);
            resetState();
            throw new BadPaddingException("Given final block not properly padded");
        }
        if (keep > 0 && (out == null || outOff < 0 || out.length - outOff < keep)) {
            Arrays.fill(all, (byte) 0);
            chain = savedChain;   // state as before the call: it may be retried
            throw new ShortBufferException("output buffer too short: " + keep + " bytes needed");
        }
        System.arraycopy(all, 0, out, outOff, keep);
        Arrays.fill(all, (byte) 0);
        resetState();
        return keep;
    }

    /** Bytes to keep after PKCS#7 unpadding, or -1; constant time in the padding's contents. */
    private int unpad(byte[] a) {
        int p = a[a.length - 1] & 0xff;
        int bad = ((p - 1) >>> 31) | ((bs - p) >>> 31);   // p == 0 or p > bs
        for (int i = 1; i <= bs; i++) {
            int inPad = (i - p - 1) >>> 31;                 // 1 when i <= p
            int diff = (a[a.length - i] & 0xff) ^ p;
            bad |= inPad & ((diff | -diff) >>> 31);
        }
        return bad == 0 ? a.length - p : -1;
    }

    /** The whole message of a buffering mode: true when it is now buf[0..bufLen) (bytes were buffered), false when it is in itself. */
    private boolean joinBuffered(byte[] in, int inOff, int len) {
        if (bufLen == 0) {
            return false;
        }
        append(in, inOff, len);
        return true;
    }

    /** XTS: the buffered bytes and in are one data unit. */
    private int xtsFinal(byte[] in, int inOff, int len, byte[] out, int outOff)
        throws ShortBufferException, IllegalBlockSizeException {
        long total = (long) bufLen + len;
        if (total < 16 || total > 16L * XtsOps.MAX_BLOCKS) {
            resetState();
            throw new IllegalBlockSizeException("XTS data unit must be 16 bytes to 2^20 blocks (16 MiB), not " + total
                + " bytes (one data unit per doFinal)");
        }
        checkOut(out, outOff, (int) total);
        byte[] src = joinBuffered(in, inOff, len) ? buf : in;
        int srcOff = src == buf ? 0 : inOff;
        xts.crypt(encrypt, iv, src, srcOff, (int) total, out, outOff);
        resetState();
        return (int) total;
    }

    private int gcmEncryptFinal(byte[] in, int inOff, int len, byte[] out, int outOff) throws ShortBufferException {
        checkOut(out, outOff, len + tagLen);
        countGcm(len);
        byte[] tag = new byte[tagLen];
        if (gcm == null) {
            ops.gcmEncrypt(iv, aad, aadLen, in, inOff, len, out, outOff, tag);
        } else {
            if (len > 0) {
                gcm.update(in, inOff, len, out, outOff);
            }
            gcm.finish(tag);
            gcm = null;
        }
        System.arraycopy(tag, 0, out, outOff + len, tagLen);
        resetState();
        mustReinit = true;
        return len + tagLen;
    }

    private int ccmEncryptFinal(byte[] in, int inOff, int len, byte[] out, int outOff)
        throws ShortBufferException, IllegalBlockSizeException {
        long total = (long) bufLen + len;
        checkCcmLength(total);
        checkOut(out, outOff, (int) (total + tagLen));
        byte[] src = joinBuffered(in, inOff, len) ? buf : in;
        int srcOff = src == buf ? 0 : inOff;
        byte[] tag = new byte[tagLen];
        ops.ccmEncrypt(iv, aad, aadLen, src, srcOff, (int) total, out, outOff, tag);
        System.arraycopy(tag, 0, out, outOff + (int) total, tagLen);
        resetState();
        mustReinit = true;
        return (int) total + tagLen;
    }

    private void checkCcmLength(long len) throws IllegalBlockSizeException {
        int q = 15 - iv.length;
        if (q < 8 && len >= (1L << (8 * q))) {
            throw new IllegalBlockSizeException("CCM with a " + iv.length + "-byte nonce takes under 2^" + (8 * q) + " bytes");
        }
    }

    private int aeadDecryptFinal(byte[] in, int inOff, int len, byte[] out, int outOff)
        throws ShortBufferException, AEADBadTagException, IllegalBlockSizeException {
        long total = (long) bufLen + len;
        if (total < tagLen) {
            resetState();
            throw new AEADBadTagException("Input too short - need tag");
        }
        int ctLen = (int) (total - tagLen);
        if (mode == Mode.CCM) {
            checkCcmLength(ctLen);
        } else if (ctLen > (1L << 36) - 32) {
            throw new IllegalBlockSizeException("GCM message longer than 2^36 - 32 bytes");
        }
        checkOut(out, outOff, ctLen);
        byte[] src = joinBuffered(in, inOff, len) ? buf : in;
        int srcOff = src == buf ? 0 : inOff;
        byte[] tag = Arrays.copyOfRange(src, srcOff + ctLen, srcOff + ctLen + tagLen);
        // decrypt into our own array when out is the input's array: a forged message then
        // leaves the caller's ciphertext untouched and no plaintext anywhere
        boolean direct = out != src;
        byte[] dst = direct ? out : new byte[ctLen];
        int dstOff = direct ? outOff : 0;
        boolean ok = mode == Mode.GCM
            ? ops.gcmDecrypt(iv, aad, aadLen, src, srcOff, ctLen, dst, dstOff, tag)
            : ops.ccmDecrypt(iv, aad, aadLen, src, srcOff, ctLen, dst, dstOff, tag);
        resetState();
        if (!ok) {
            if (direct) {
                Arrays.fill(out, outOff, outOff + ctLen, (byte) 0);
            } else {
                Arrays.fill(dst, (byte) 0);
            }
            throw new AEADBadTagException("Tag mismatch");
        }
        if (!direct) {
            System.arraycopy(dst, 0, out, outOff, ctLen);
            Arrays.fill(dst, (byte) 0);
        }
        return ctLen;
    }

    // ---- wrap -------------------------------------------------------------------------

    @Override
    protected byte[] engineWrap(Key key) throws IllegalBlockSizeException, InvalidKeyException {
        byte[] k = key.getEncoded();
        if (k == null) {
            throw new InvalidKeyException("the key has no encoding");
        }
        try {
            return engineDoFinal(k, 0, k.length);
        } catch (BadPaddingException e) {
            throw new IllegalStateException(e);
        } finally {
            Arrays.fill(k, (byte) 0);
        }
    }

    @Override
    protected Key engineUnwrap(byte[] wrapped, String algorithm, int type)
        throws InvalidKeyException, NoSuchAlgorithmException {
        if (type != Cipher.SECRET_KEY) {
            throw new InvalidKeyException("only secret keys can be unwrapped");
        }
        try {
            byte[] k = engineDoFinal(wrapped, 0, wrapped.length);
            try {
                return new SecretKeySpec(k, algorithm);
            } finally {
                Arrays.fill(k, (byte) 0);
            }
        } catch (IllegalBlockSizeException | BadPaddingException e) {
            throw new InvalidKeyException("unwrapping failed: " + e.getMessage(), e);
        }
    }
}
