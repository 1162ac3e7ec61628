package org.arxcrypt;

import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.crypto.AEADBadTagException;
import javax.security.auth.Destroyable;

/**
 * Many short messages in one call, each under its own key and nonce (libarxcrypt's
 * {@code arx_*_many}, include/arxcrypt.h): for gateways and servers that seal and open thousands
 * of small messages. This is not a JCA service: JCA's {@code Cipher} takes one message at a time.
 *
 * <p>Every job's output equals the one-message {@code Cipher} path's ({@code LEA/GCM/NoPadding}
 * and so on: ciphertext followed by the tag). On the native engine (JDK 22+ with libarxcrypt) one
 * call goes to the C library, which runs one message per vector lane where its backend has
 * lane-per-message kernels; on the pure-Java engine the messages run one after another.
 *
 * <p>Errors: every job is checked before anything is computed; a bad job throws
 * {@link IllegalArgumentException} naming it ({@code jobs[3]: ...}) and no job is computed; a
 * destroyed key throws {@link IllegalStateException}; all keys of one call must be of one cipher
 * (else IllegalArgumentException). Decryption gives a verdict per message: a message whose tag
 * fails yields an {@link Opened} whose {@link Opened#plaintext()} throws
 * {@link AEADBadTagException} (nothing of it is released), while the others' plaintext is.
 */
public final class Many {
    private Many() {
    }

    /**
     * An expanded key for {@link Many}'s calls, on the engine {@code arxcrypt.engine} picks (as the
     * provider's keys). {@link #destroy()} (or {@code close()}) wipes the schedule; do not destroy
     * a key while a call that uses it runs.
     */
    public static final class Key implements Destroyable, AutoCloseable {
        final KeyOps ops;
        private volatile boolean destroyed;

        /**
         * @param cipher arxcrypt's cipher name ({@code "lea-128"}, {@code "cham-128-256"},
         *               {@code "speck-64-128"}...)
         * @param key    the key bytes (copied; wipe your copy)
         */
        public Key(String cipher, byte[] key) throws InvalidKeyException {
            CipherInfo info = cipher == null ? null : CipherInfo.byName(cipher);
            if (info == null) {
                throw new IllegalArgumentException("unknown cipher: " + cipher);
            }
            if (key == null || key.length != info.keyBytes) {
                throw new InvalidKeyException(cipher + " takes a " + info.keyBytes + "-byte key, not "
                    + (key == null ? "null" : key.length + " bytes"));
            }
            this.ops = Engines.newKey(info, key);
        }

        /** arxcrypt's cipher name. */
        public String cipher() {
            return ops.info.name;
        }

        /** "native" or "java". */
        public String engine() {
            return ops.engine();
        }

        @Override
        public synchronized void destroy() {
            if (!destroyed) {
                destroyed = true;
                ops.destroy();
            }
        }

        @Override
        public boolean isDestroyed() {
            return destroyed;
        }

        @Override
        public void close() {
            destroy();
        }
    }

    /** One message of a call; made by {@link #aead}, {@link #ctr}, {@link #cmac} or {@link #cmacVerify}. */
    public static final class Job {
        final Key key;
        final byte[] nonce;      // GCM/CCM nonce, CTR counter block
        final byte[] aad;
        final byte[] data;       // plaintext, ciphertext || tag, or the CMAC message
        final int tagLength;
        final byte[] tag;        // cmacVerify: the tag to check

        private Job(Key key, byte[] nonce, byte[] aad, byte[] data, int tagLength, byte[] tag) {
            this.key = key;
            this.nonce = nonce;
            this.aad = aad == null ? new byte[0] : aad;
            this.data = data;
            this.tagLength = tagLength;
            this.tag = tag;
        }

        /**
         * A GCM or CCM message: data is the plaintext (encrypt) or ciphertext || tag (decrypt);
         * aad may be null; tagLength in bytes (GCM 4..16, CCM 4..16 even).
         */
        public static Job aead(Key key, byte[] nonce, byte[] aad, byte[] data, int tagLength) {
            return new Job(key, nonce, aad, data, tagLength, null);
        }

        /** A GCM or CCM message with a 16-byte tag. */
        public static Job aead(Key key, byte[] nonce, byte[] aad, byte[] data) {
            return aead(key, nonce, aad, data, 16);
        }

        /** A CTR message: iv is the initial counter block (one block, a big-endian counter). */
        public static Job ctr(Key key, byte[] iv, byte[] data) {
            return new Job(key, iv, null, data, 0, null);
        }

        /** A message to MAC with CMAC; tagLength 4..block bytes. */
        public static Job cmac(Key key, byte[] msg, int tagLength) {
            return new Job(key, null, null, msg, tagLength, null);
        }

        /** A message and the CMAC tag to check against it. */
        public static Job cmacVerify(Key key, byte[] msg, byte[] tag) {
            return new Job(key, null, null, msg, tag == null ? 0 : tag.length, tag);
        }
    }

    /** One opened message: verified, or not (and then nothing of it is released). */
    public static final class Opened {
        private final byte[] data;

        Opened(byte[] data) {
            this.data = data;
        }

        /** Whether the tag verified. */
        public boolean verified() {
            return data != null;
        }

        /** The plaintext; AEADBadTagException when this message's tag failed. */
        public byte[] plaintext() throws AEADBadTagException {
            if (data == null) {
                throw new AEADBadTagException("Tag mismatch");
            }
            return data;
        }
    }

    /** GCM encryption of every job; one ciphertext || tag per job, in the jobs' order. */
    public static List<byte[]> gcmEncrypt(List<Job> jobs) {
        return seal(Op.GCM_ENC, jobs);
    }

    /** GCM decryption of every job (data = ciphertext || tag); a verdict and plaintext per job. */
    public static List<Opened> gcmDecrypt(List<Job> jobs) {
        return open(Op.GCM_DEC, jobs);
    }

    /** CCM encryption of every job; one ciphertext || tag per job. */
    public static List<byte[]> ccmEncrypt(List<Job> jobs) {
        return seal(Op.CCM_ENC, jobs);
    }

    /** CCM decryption of every job; a verdict and plaintext per job. */
    public static List<Opened> ccmDecrypt(List<Job> jobs) {
        return open(Op.CCM_DEC, jobs);
    }

    /** CTR of every job (the same call encrypts and decrypts). */
    public static List<byte[]> ctr(List<Job> jobs) {
        return seal(Op.CTR, jobs);
    }

    /** CMAC of every job; one tag per job. */
    public static List<byte[]> cmac(List<Job> jobs) {
        return seal(Op.CMAC, jobs);
    }

    /** CMAC verification of every job (constant-time compare); one verdict per job. */
    public static boolean[] cmacVerify(List<Job> jobs) {
        Batch b = run(Op.CMAC_VERIFY, jobs);
        boolean[] ok = new boolean[b.n];
        for (int i = 0; i < b.n; i++) {
            ok[i] = b.verified[i];
        }
        return ok;
    }

    /** The operations; the index is the one NativeEngine.many takes. */
    enum Op {
        GCM_ENC, GCM_DEC, CCM_ENC, CCM_DEC, CTR, CMAC, CMAC_VERIFY;

        boolean aead() {
            return this.ordinal() <= CCM_DEC.ordinal();
        }

        boolean mac() {
            return this == CMAC || this == CMAC_VERIFY;
        }

        boolean decrypt() {
            return this == GCM_DEC || this == CCM_DEC || this == CMAC_VERIFY;
        }
    }

    /**
     * A checked call, laid out for an engine: per job the key, nonce, aad, input (the message
     * without its tag), output (in.length bytes; null for CMAC), tag (filled by encrypt and
     * CMAC, read by decrypt and verify); verified is set by decrypt and verify.
     */
    static final class Batch {
        final Op op;
        final int n;
        final KeyOps[] keys;
        final byte[][] nonce, aad, in, out, tag;
        final boolean[] verified;

        Batch(Op op, int n) {
            this.op = op;
            this.n = n;
            keys = new KeyOps[n];
            nonce = new byte[n][];
            aad = new byte[n][];
            in = new byte[n][];
            out = new byte[n][];
            tag = new byte[n][];
            verified = new boolean[n];
        }
    }

    private static List<byte[]> seal(Op op, List<Job> jobs) {
        Batch b = run(op, jobs);
        List<byte[]> res = new ArrayList<>(b.n);
        for (int i = 0; i < b.n; i++) {
            if (op.mac()) {
                res.add(b.tag[i]);
            } else {
                int len = b.out[i].length, t = op.aead() ? b.tag[i].length : 0;
                byte[] r = Arrays.copyOf(b.out[i], len + t);
                if (t > 0) {
                    System.arraycopy(b.tag[i], 0, r, len, t);
                }
                res.add(r);
            }
        }
        return res;
    }

    private static List<Opened> open(Op op, List<Job> jobs) {
        Batch b = run(op, jobs);
        List<Opened> res = new ArrayList<>(b.n);
        for (int i = 0; i < b.n; i++) {
            res.add(new Opened(b.verified[i] ? b.out[i] : null));
        }
        return res;
    }

    private static Batch run(Op op, List<Job> jobs) {
        if (jobs == null) {
            throw new IllegalArgumentException("jobs is null");
        }
        Batch b = new Batch(op, jobs.size());
        boolean allNative = true;
        for (int i = 0; i < b.n; i++) {
            check(op, jobs.get(i), i, jobs.get(0), b);
            allNative &= "native".equals(b.keys[i].engine());
        }
        if (b.n == 0) {
            return b;
        }
        if (!allNative || !NativeEngine.many(b)) {
            runLoop(b);
        }
        return b;
    }

    /**
     * One job after another through the one-message code: the pure-Java engine, or native keys
     * where the loaded libarxcrypt has no arx_*_many.
     */
    private static void runLoop(Batch b) {
        for (int i = 0; i < b.n; i++) {
            KeyOps k = b.keys[i];
            byte[] in = b.in[i], out = b.out[i];
            switch (b.op) {
                case GCM_ENC:
                    k.gcmEncrypt(b.nonce[i], b.aad[i], b.aad[i].length, in, 0, in.length, out, 0, b.tag[i]);
                    break;
                case CCM_ENC:
                    k.ccmEncrypt(b.nonce[i], b.aad[i], b.aad[i].length, in, 0, in.length, out, 0, b.tag[i]);
                    break;
                case GCM_DEC:
                    b.verified[i] = k.gcmDecrypt(b.nonce[i], b.aad[i], b.aad[i].length, in, 0, in.length, out, 0, b.tag[i]);
                    break;
                case CCM_DEC:
                    b.verified[i] = k.ccmDecrypt(b.nonce[i], b.aad[i], b.aad[i].length, in, 0, in.length, out, 0, b.tag[i]);
                    break;
                case CTR:
                    k.ctr(b.nonce[i], in, 0, in.length, out, 0);
                    break;
                case CMAC:
                    k.cmac(in, in.length, b.tag[i]);
                    break;
                case CMAC_VERIFY: {
                    byte[] mine = new byte[b.tag[i].length];
                    k.cmac(in, in.length, mine);
                    b.verified[i] = MessageDigest.isEqual(mine, b.tag[i]);
                    Arrays.fill(mine, (byte) 0);
                    break;
                }
                default:
                    throw new AssertionError(b.op);
            }
            if (b.op.decrypt() && !b.verified[i] && out != null) {
                Arrays.fill(out, (byte) 0);
            }
        }
    }

    /** Checks job i (the library's rules, so both engines refuse the same jobs) and lays it out in b. */
    private static void check(Op op, Job j, int i, Job first, Batch b) {
        String at = "jobs[" + i + "]";
        if (j == null) {
            throw new IllegalArgumentException(at + " is null");
        }
        if (j.key == null) {
            throw new IllegalArgumentException(at + ": key is null");
        }
        if (j.key.isDestroyed()) {
            throw new IllegalStateException(at + ": the key was destroyed");
        }
        CipherInfo info = j.key.ops.info;
        if (first.key != null && info != first.key.ops.info) {
            throw new IllegalArgumentException(at + ": the key is " + info.name + ", jobs[0]'s is "
                + first.key.ops.info.name + ": one call takes keys of one cipher");
        }
        int bb = info.blockBytes;
        String mode = op.aead() ? (op == Op.GCM_ENC || op == Op.GCM_DEC ? "GCM" : "CCM") : op.mac() ? "CMAC" : "CTR";
        if (op.aead() ? bb != 16 : op.mac() && bb != 8 && bb != 16) {
            throw new IllegalArgumentException(at + ": " + mode + " is not defined for " + info.name + " ("
                + bb + "-byte blocks)");
        }
        if (j.data == null) {
            throw new IllegalArgumentException(at + ": " + (op.mac() ? "msg" : "data") + " is null");
        }
        b.keys[i] = j.key.ops;
        b.aad[i] = j.aad;
        if (op.mac()) {
            if (op == Op.CMAC_VERIFY && j.tag == null) {
                throw new IllegalArgumentException(at + ": tag is null");
            }
            if (j.tagLength < 4 || j.tagLength > bb) {
                throw new IllegalArgumentException(at + ": CMAC tag length " + j.tagLength + " (4.." + bb + " bytes)");
            }
            b.in[i] = j.data;
            b.tag[i] = op == Op.CMAC_VERIFY ? j.tag.clone() : new byte[j.tagLength];
            return;
        }
        if (j.nonce == null) {
            throw new IllegalArgumentException(at + ": " + (op.aead() ? "nonce" : "iv") + " is null");
        }
        if (op == Op.CTR) {
            if (j.nonce.length != bb) {
                throw new IllegalArgumentException(at + ": CTR iv must be " + bb + " bytes (" + info.name
                    + "'s block), not " + j.nonce.length);
            }
            b.nonce[i] = j.nonce;
            b.in[i] = j.data;
            b.out[i] = new byte[j.data.length];
            return;
        }
        boolean gcm = op == Op.GCM_ENC || op == Op.GCM_DEC;
        int t = j.tagLength;
        if (gcm ? j.nonce.length < 1 : j.nonce.length < 7 || j.nonce.length > 13) {
            throw new IllegalArgumentException(at + ": " + mode + " nonce must be " + (gcm ? "at least 1 byte" : "7..13 bytes")
                + ", not " + j.nonce.length);
        }
        if (t < 4 || t > 16 || (!gcm && t % 2 != 0)) {
            throw new IllegalArgumentException(at + ": " + mode + " tag length " + t + " (" + (gcm ? "4..16" : "4..16, even")
                + " bytes)");
        }
        int len = j.data.length;
        if (op.decrypt()) {
            if (len < t) {
                throw new IllegalArgumentException(at + ": data (" + len + " bytes) is shorter than the " + t + "-byte tag");
            }
            len -= t;
        }
        int q = 15 - j.nonce.length;
        if (!gcm && q < 8 && len >= (1L << (8 * q))) {
            throw new IllegalArgumentException(at + ": CCM with a " + j.nonce.length + "-byte nonce takes under 2^"
                + (8 * q) + " bytes");
        }
        b.nonce[i] = j.nonce;
        b.in[i] = op.decrypt() ? Arrays.copyOf(j.data, len) : j.data;
        b.out[i] = new byte[len];
        b.tag[i] = op.decrypt() ? Arrays.copyOfRange(j.data, len, len + t) : new byte[t];
    }
}
