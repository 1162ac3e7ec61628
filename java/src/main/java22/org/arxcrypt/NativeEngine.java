package org.arxcrypt;

import java.io.File;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.ref.Cleaner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.InvalidKeyException;
import java.security.ProviderException;
import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The native engine (JDK 22+): libarxcrypt through the FFM API, calling only what
 * include/arxcrypt.h declares. The data paths are "critical" downcalls, which take the Java
 * arrays themselves (heap segments): no copy, no allocation, no arena per call. A key is made
 * with arx_key_new and freed (wiped) by a Cleaner; streaming contexts live in memory of their
 * own GC-managed arena (arx_ctr_init, arx_gcm_init), so nothing leaks if a Cipher is dropped.
 *
 * <p>Found: system property {@code arxcrypt.library} (a path), else {@code libarxcrypt.so}
 * (System.mapLibraryName) in a {@code java.library.path} directory, else the system loader's
 * search for {@code libarxcrypt.so.0} / {@code libarxcrypt.so}.
 */
final class NativeEngine {
    private NativeEngine() {
    }

    private static final Cleaner CLEANER = Cleaner.create();
    private static final String REASON;
    private static final String PATH;
    private static final Fns F;

    static {
        String reason = null, path = null;
        Fns f = null;
        try {
            Object[] found = find();
            if (found == null) {
                reason = "libarxcrypt not found (set -Darxcrypt.library=/path/to/libarxcrypt.so, or put it on java.library.path)";
            } else {
                path = (String) found[1];
                f = new Fns((SymbolLookup) found[0]);
            }
        } catch (Throwable t) {
            reason = "libarxcrypt could not be loaded: " + t;
        }
        REASON = reason;
        PATH = path;
        F = f;
    }

    private static Object[] find() {
        Arena global = Arena.global();
        String prop = System.getProperty("arxcrypt.library");
        if (prop != null && !prop.isEmpty()) {
            if (!Files.isRegularFile(Path.of(prop))) {
                throw new IllegalStateException("arxcrypt.library=" + prop + " is not a file");
            }
            return new Object[] {SymbolLookup.libraryLookup(Path.of(prop), global), prop};
        }
        String lp = System.getProperty("java.library.path", "");
        for (String dir : lp.split(File.pathSeparator)) {
            if (dir.isEmpty()) {
                continue;
            }
            Path p = Path.of(dir, System.mapLibraryName("arxcrypt"));
            if (Files.isRegularFile(p)) {
                return new Object[] {SymbolLookup.libraryLookup(p, global), p.toString()};
            }
        }
        for (String name : new String[] {"libarxcrypt.so.0", System.mapLibraryName("arxcrypt")}) {
            try {
                return new Object[] {SymbolLookup.libraryLookup(name, global), name};
            } catch (IllegalArgumentException notFound) {
                // try the next name
            }
        }
        return null;
    }

    static boolean available() {
        return F != null;
    }

    static String unavailableReason() {
        return REASON;
    }

    static String libraryPath() {
        return PATH;
    }

    /** The downcall handles. */
    private static final class Fns {
        private static final ValueLayout.OfLong SZ = ValueLayout.JAVA_LONG;   // size_t on LP64
        private static final ValueLayout A = ValueLayout.ADDRESS;
        private static final ValueLayout.OfInt I = ValueLayout.JAVA_INT;

        final MethodHandle cipherByName, keyNew, keyFree, strerror;
        final MethodHandle ecbEnc, ecbDec, cbcEnc, cbcDec, ctrXor, ctrInit, ctrUpdate, ctrFree;
        final MethodHandle gcmEnc, gcmDec, gcmInit, gcmAad, gcmEncUpdate, gcmEncFinal, gcmFree;
        final MethodHandle ccmEnc, ccmDec, cmac;
        final MethodHandle xtsNew, xtsFree, xtsEnc, xtsDec;
        final MethodHandle[] many = new MethodHandle[Many.Op.values().length];
        final ConcurrentHashMap<String, MemorySegment> ciphers = new ConcurrentHashMap<>();

        Fns(SymbolLookup lib) {
            Linker l = Linker.nativeLinker();
            Linker.Option crit = Linker.Option.critical(true);
            cipherByName = h(l, lib, "arx_cipher_by_name", FunctionDescriptor.of(A, A));
            keyNew = h(l, lib, "arx_key_new", FunctionDescriptor.of(I, A, A, A, SZ, A));
            keyFree = h(l, lib, "arx_key_free", FunctionDescriptor.ofVoid(A));
            strerror = h(l, lib, "arx_strerror", FunctionDescriptor.of(A, I));
            FunctionDescriptor kOutInLen = FunctionDescriptor.of(I, A, A, A, SZ);
            ecbEnc = h(l, lib, "arx_ecb_encrypt", kOutInLen, crit);
            ecbDec = h(l, lib, "arx_ecb_decrypt", kOutInLen, crit);
            FunctionDescriptor kIvOutInLen = FunctionDescriptor.of(I, A, A, SZ, A, A, SZ);
            cbcEnc = h(l, lib, "arx_cbc_encrypt", kIvOutInLen, crit);
            cbcDec = h(l, lib, "arx_cbc_decrypt", kIvOutInLen, crit);
            ctrXor = h(l, lib, "arx_ctr_xor", kIvOutInLen, crit);
            ctrInit = h(l, lib, "arx_ctr_init", FunctionDescriptor.of(I, A, A, SZ, A, A, SZ), crit);
            ctrUpdate = h(l, lib, "arx_ctr_update", kOutInLen, crit);
            ctrFree = h(l, lib, "arx_ctr_free", FunctionDescriptor.ofVoid(A));
            FunctionDescriptor aead = FunctionDescriptor.of(I, A, A, SZ, A, SZ, A, A, SZ, A, SZ);
            gcmEnc = h(l, lib, "arx_gcm_encrypt", aead, crit);
            gcmDec = h(l, lib, "arx_gcm_decrypt", aead, crit);
            gcmInit = h(l, lib, "arx_gcm_init", FunctionDescriptor.of(I, A, A, SZ, A, A, SZ), crit);
            gcmAad = h(l, lib, "arx_gcm_aad", FunctionDescriptor.of(I, A, A, SZ), crit);
            gcmEncUpdate = h(l, lib, "arx_gcm_encrypt_update", kOutInLen, crit);
            gcmEncFinal = h(l, lib, "arx_gcm_encrypt_final", FunctionDescriptor.of(I, A, A, SZ), crit);
            gcmFree = h(l, lib, "arx_gcm_free", FunctionDescriptor.ofVoid(A));
            ccmEnc = h(l, lib, "arx_ccm_encrypt", aead, crit);
            ccmDec = h(l, lib, "arx_ccm_decrypt", aead, crit);
            cmac = h(l, lib, "arx_cmac", FunctionDescriptor.of(I, A, A, SZ, A, SZ), crit);
            xtsNew = h(l, lib, "arx_xts_new", FunctionDescriptor.of(I, A, A, A, SZ, A));
            xtsFree = h(l, lib, "arx_xts_free", FunctionDescriptor.ofVoid(A));
            xtsEnc = h(l, lib, "arx_xts_encrypt", kIvOutInLen, crit);
            xtsDec = h(l, lib, "arx_xts_decrypt", kIvOutInLen, crit);
            String[] manyNames = {"arx_gcm_encrypt_many", "arx_gcm_decrypt_many", "arx_ccm_encrypt_many",
                "arx_ccm_decrypt_many", "arx_ctr_xor_many", "arx_cmac_many", "arx_cmac_verify_many"};
            for (int i = 0; i < manyNames.length; i++) {
                // optional: a libarxcrypt older than arx_*_many still serves everything else
                many[i] = lib.find(manyNames[i]).map(s -> l.downcallHandle(s, FunctionDescriptor.of(I, A, SZ))).orElse(null);
            }
        }

        private static MethodHandle h(Linker l, SymbolLookup lib, String name, FunctionDescriptor d,
                                      Linker.Option... o) {
            MemorySegment s = lib.find(name).orElseThrow(() -> new IllegalStateException("libarxcrypt lacks " + name));
            return l.downcallHandle(s, d, o);
        }

        MemorySegment cipher(CipherInfo info) {
            return ciphers.computeIfAbsent(info.name, n -> {
                try {
                    MemorySegment c = (MemorySegment) cipherByName.invokeExact(Arena.global().allocateFrom(n));
                    if (c.equals(MemorySegment.NULL)) {
                        throw new ProviderException("libarxcrypt has no cipher " + n);
                    }
                    return c;
                } catch (RuntimeException | Error e) {
                    throw e;
                } catch (Throwable t) {
                    throw new ProviderException(t);
                }
            });
        }

        String error(int rc) {
            try {
                MemorySegment s = (MemorySegment) strerror.invokeExact(rc);
                return s.reinterpret(256).getString(0) + " (" + rc + ")";
            } catch (Throwable t) {
                return "error " + rc;
            }
        }
    }

    private static MemorySegment seg(byte[] a, int off, int len) {
        return len == 0 ? MemorySegment.NULL : MemorySegment.ofArray(a).asSlice(off, len);
    }

    private static MemorySegment seg(byte[] a) {
        return a.length == 0 ? MemorySegment.NULL : MemorySegment.ofArray(a);
    }

    private static void check(int rc) {
        if (rc != 0) {
            throw new ProviderException("libarxcrypt: " + F.error(rc));
        }
    }

    private static RuntimeException wrap(Throwable t) {
        if (t instanceof RuntimeException r) {
            return r;
        }
        if (t instanceof Error e) {
            throw e;
        }
        return new ProviderException(t);
    }

    static KeyOps newKey(CipherInfo info, byte[] key) throws InvalidKeyException {
        return new Ops(info, make(F.keyNew, info, key, info.keyBytes));
    }

    /** An XTS key pair (arx_xts_new): key = data key || tweak key. */
    static XtsOps newXts(CipherInfo info, byte[] key) throws InvalidKeyException {
        return new Xts(info, make(F.xtsNew, info, key, 2 * info.keyBytes));
    }

    /** arx_key_new or arx_xts_new on a copy of key (wiped after), checking its length first. */
    private static long make(MethodHandle ctor, CipherInfo info, byte[] key, int keyLen) throws InvalidKeyException {
        if (F == null) {
            throw new ProviderException(REASON);
        }
        if (key.length != keyLen) {
            throw new InvalidKeyException(info.name + (ctor == F.xtsNew ? "-xts" : "") + " takes a " + keyLen
                + "-byte key, not " + key.length);
        }
        MemorySegment c = F.cipher(info);
        try (Arena a = Arena.ofConfined()) {
            MemorySegment out = a.allocate(ValueLayout.ADDRESS);
            MemorySegment k = a.allocate(Math.max(1, key.length));
            MemorySegment.copy(key, 0, k, ValueLayout.JAVA_BYTE, 0, key.length);
            int rc;
            try {
                rc = (int) ctor.invokeExact(out, c, k, (long) key.length, MemorySegment.NULL);
            } catch (Throwable t) {
                throw wrap(t);
            } finally {
                k.fill((byte) 0);
            }
            if (rc != 0) {
                throw new InvalidKeyException("libarxcrypt refused the key: " + F.error(rc));
            }
            return out.get(ValueLayout.ADDRESS, 0).address();
        }
    }

    // struct arx_job on LP64: key, nonce, nonce_len, aad, aad_len, out, in, len, tag, tag_len
    // (8 bytes each), int status, padding
    private static final long JOB_BYTES = 88, JOB_STATUS = 80;

    /**
     * One arx_*_many call for a checked batch (Many): the jobs and their data are copied into
     * native memory of a confined arena (the C struct holds addresses, which heap arrays do not
     * have), the outputs copied back, and that memory wiped before it is freed. False (nothing
     * done) when the loaded libarxcrypt predates arx_*_many: Many then runs the jobs one by one.
     */
    static boolean many(Many.Batch b) {
        Many.Op op = b.op;
        if (F.many[op.ordinal()] == null) {
            return false;
        }
        long total = b.n * JOB_BYTES;
        for (int i = 0; i < b.n; i++) {
            total += len(b.nonce[i]) + len(b.aad[i]) + len(b.in[i]) + len(b.tag[i]);
        }
        try (Arena a = Arena.ofConfined()) {
            MemorySegment mem = a.allocate(Math.max(1, total), 16);
            long p = b.n * JOB_BYTES;
            long[] data = new long[b.n], tag = new long[b.n];
            for (int i = 0; i < b.n; i++) {
                MemorySegment job = mem.asSlice(i * JOB_BYTES, JOB_BYTES);
                job.set(ValueLayout.ADDRESS, 0, ((Ops) b.keys[i]).key);
                long nonce = p;
                p = put(mem, p, b.nonce[i]);
                long aad = p;
                p = put(mem, p, b.aad[i]);
                data[i] = p;
                p = put(mem, p, b.in[i]);
                tag[i] = p;
                p = put(mem, p, b.tag[i]);
                long inLen = b.in[i].length;
                job.set(ValueLayout.ADDRESS, 8, addr(mem, nonce, len(b.nonce[i])));
                job.set(ValueLayout.JAVA_LONG, 16, len(b.nonce[i]));
                job.set(ValueLayout.ADDRESS, 24, addr(mem, aad, len(b.aad[i])));
                job.set(ValueLayout.JAVA_LONG, 32, len(b.aad[i]));
                job.set(ValueLayout.ADDRESS, 40, op.mac() ? MemorySegment.NULL : addr(mem, data[i], inLen)); // in place
                job.set(ValueLayout.ADDRESS, 48, addr(mem, data[i], inLen));
                job.set(ValueLayout.JAVA_LONG, 56, inLen);
                job.set(ValueLayout.ADDRESS, 64, addr(mem, tag[i], len(b.tag[i])));
                job.set(ValueLayout.JAVA_LONG, 72, len(b.tag[i]));
            }
            int rc;
            try {
                rc = (int) F.many[op.ordinal()].invokeExact(mem, (long) b.n);
            } catch (Throwable t) {
                mem.fill((byte) 0);
                throw wrap(t);
            }
            if (rc != 0 && rc != -13) {
                int bad = 0;
                while (bad < b.n && mem.get(ValueLayout.JAVA_INT, bad * JOB_BYTES + JOB_STATUS) == 0) {
                    bad++;
                }
                mem.fill((byte) 0);
                throw new IllegalArgumentException("jobs[" + (bad < b.n ? bad : 0) + "]: libarxcrypt: " + F.error(rc));
            }
            for (int i = 0; i < b.n; i++) {
                int st = mem.get(ValueLayout.JAVA_INT, i * JOB_BYTES + JOB_STATUS);
                b.verified[i] = st == 0;
                if (b.out[i] != null) {
                    // a failed message's out is zeroed by the library; copying it keeps b.out zero
                    MemorySegment.copy(mem, ValueLayout.JAVA_BYTE, data[i], b.out[i], 0, b.out[i].length);
                }
                if (!op.decrypt() && b.tag[i] != null) {
                    MemorySegment.copy(mem, ValueLayout.JAVA_BYTE, tag[i], b.tag[i], 0, b.tag[i].length);
                }
            }
            mem.fill((byte) 0);
        }
        return true;
    }

    private static long len(byte[] a) {
        return a == null ? 0 : a.length;
    }

    private static long put(MemorySegment mem, long p, byte[] a) {
        if (a == null || a.length == 0) {
            return p;
        }
        MemorySegment.copy(a, 0, mem, ValueLayout.JAVA_BYTE, p, a.length);
        return p + a.length;
    }

    private static MemorySegment addr(MemorySegment mem, long off, long n) {
        return n == 0 ? MemorySegment.NULL : mem.asSlice(off, n);
    }

    /** Frees (and so wipes) a native key once; run by destroy() or the Cleaner. */
    private static final class KeyFree implements Runnable {
        private final MethodHandle free;   // arx_key_free or arx_xts_free
        private long addr;

        KeyFree(MethodHandle free, long addr) {
            this.free = free;
            this.addr = addr;
        }

        @Override
        public synchronized void run() {
            if (addr != 0) {
                try {
                    free.invokeExact(MemorySegment.ofAddress(addr));
                } catch (Throwable t) {
                    throw wrap(t);
                }
                addr = 0;
            }
        }
    }

    private static final class Ops extends KeyOps {
        private final MemorySegment key;
        private final KeyFree free;
        private final Cleaner.Cleanable cleanable;

        Ops(CipherInfo info, long addr) {
            super(info);
            this.key = MemorySegment.ofAddress(addr);
            this.free = new KeyFree(F.keyFree, addr);
            this.cleanable = CLEANER.register(this, free);
        }

        @Override
        String engine() {
            return "native";
        }

        @Override
        void ecb(boolean encrypt, byte[] in, int inOff, int len, byte[] out, int outOff) {
            try {
                int rc = encrypt
                    ? (int) F.ecbEnc.invokeExact(key, seg(out, outOff, len), seg(in, inOff, len), (long) len)
                    : (int) F.ecbDec.invokeExact(key, seg(out, outOff, len), seg(in, inOff, len), (long) len);
                check(rc);
            } catch (Throwable t) {
                throw wrap(t);
            }
        }

        @Override
        void cbc(boolean encrypt, byte[] iv, byte[] in, int inOff, int len, byte[] out, int outOff) {
            if (len == 0) {
                return;
            }
            int b = iv.length;
            byte[] next = encrypt ? null : Arrays.copyOfRange(in, inOff + len - b, inOff + len);
            try {
                int rc = encrypt
                    ? (int) F.cbcEnc.invokeExact(key, seg(iv), (long) b, seg(out, outOff, len), seg(in, inOff, len), (long) len)
                    : (int) F.cbcDec.invokeExact(key, seg(iv), (long) b, seg(out, outOff, len), seg(in, inOff, len), (long) len);
                check(rc);
            } catch (Throwable t) {
                throw wrap(t);
            }
            if (encrypt) {
                System.arraycopy(out, outOff + len - b, iv, 0, b);
            } else {
                System.arraycopy(next, 0, iv, 0, b);
            }
        }

        @Override
        void ctr(byte[] iv, byte[] in, int inOff, int len, byte[] out, int outOff) {
            try {
                check((int) F.ctrXor.invokeExact(key, seg(iv), (long) iv.length, seg(out, outOff, len),
                    seg(in, inOff, len), (long) len));
            } catch (Throwable t) {
                throw wrap(t);
            }
        }

        /** A context in native memory of its own arena (freed with the stream's object). */
        private abstract static class Ctx {
            final MemorySegment mem;
            MemorySegment ctx;

            Ctx(long size) {
                mem = Arena.ofAuto().allocate(size, 16);
            }
        }

        @Override
        CtrStream ctrStream(byte[] iv) {
            final Ops self = this;
            class S extends Ctx implements CtrStream {
                S() {
                    super(64);
                    long[] out = new long[1];
                    try {
                        check((int) F.ctrInit.invokeExact(MemorySegment.ofArray(out), mem, mem.byteSize(), key,
                            seg(iv), (long) iv.length));
                    } catch (Throwable t) {
                        throw wrap(t);
                    }
                    ctx = MemorySegment.ofAddress(out[0]);
                }

                @Override
                public void update(byte[] in, int inOff, int len, byte[] out, int outOff) {
                    try {
                        check((int) F.ctrUpdate.invokeExact(ctx, seg(out, outOff, len), seg(in, inOff, len), (long) len));
                    } catch (Throwable t) {
                        throw wrap(t);
                    }
                    java.lang.ref.Reference.reachabilityFence(self);
                }

                @Override
                public void destroy() {
                    try {
                        F.ctrFree.invokeExact(ctx);
                    } catch (Throwable t) {
                        throw wrap(t);
                    }
                }
            }
            return new S();
        }

        private int aead(MethodHandle h, byte[] nonce, byte[] aad, int aadLen, byte[] in, int inOff, int len,
                         byte[] out, int outOff, byte[] tag) {
            try {
                return (int) h.invokeExact(key, seg(nonce), (long) nonce.length, seg(aad, 0, aadLen), (long) aadLen,
                    seg(out, outOff, len), seg(in, inOff, len), (long) len, seg(tag), (long) tag.length);
            } catch (Throwable t) {
                throw wrap(t);
            }
        }

        @Override
        void gcmEncrypt(byte[] nonce, byte[] aad, int aadLen, byte[] in, int inOff, int len, byte[] out, int outOff,
                        byte[] tag) {
            check(aead(F.gcmEnc, nonce, aad, aadLen, in, inOff, len, out, outOff, tag));
        }

        @Override
        boolean gcmDecrypt(byte[] nonce, byte[] aad, int aadLen, byte[] in, int inOff, int len, byte[] out, int outOff,
                           byte[] tag) {
            int rc = aead(F.gcmDec, nonce, aad, aadLen, in, inOff, len, out, outOff, tag);
            if (rc == -13) {
                return false;
            }
            check(rc);
            return true;
        }

        @Override
        GcmStream gcmStream(byte[] nonce, byte[] aad, int aadLen) {
            final Ops self = this;
            class S extends Ctx implements GcmStream {
                S() {
                    super(256);
                    long[] out = new long[1];
                    try {
                        check((int) F.gcmInit.invokeExact(MemorySegment.ofArray(out), mem, mem.byteSize(), key,
                            seg(nonce), (long) nonce.length));
                        ctx = MemorySegment.ofAddress(out[0]);
                        check((int) F.gcmAad.invokeExact(ctx, seg(aad, 0, aadLen), (long) aadLen));
                    } catch (Throwable t) {
                        throw wrap(t);
                    }
                }

                @Override
                public void update(byte[] in, int inOff, int len, byte[] out, int outOff) {
                    try {
                        check((int) F.gcmEncUpdate.invokeExact(ctx, seg(out, outOff, len), seg(in, inOff, len), (long) len));
                    } catch (Throwable t) {
                        throw wrap(t);
                    }
                    java.lang.ref.Reference.reachabilityFence(self);
                }

                @Override
                public void finish(byte[] tag) {
                    try {
                        check((int) F.gcmEncFinal.invokeExact(ctx, seg(tag), (long) tag.length));
                    } catch (Throwable t) {
                        throw wrap(t);
                    }
                    destroy();
                }

                @Override
                public void destroy() {
                    try {
                        F.gcmFree.invokeExact(ctx);
                    } catch (Throwable t) {
                        throw wrap(t);
                    }
                }
            }
            return new S();
        }

        @Override
        void ccmEncrypt(byte[] nonce, byte[] aad, int aadLen, byte[] in, int inOff, int len, byte[] out, int outOff,
                        byte[] tag) {
            check(aead(F.ccmEnc, nonce, aad, aadLen, in, inOff, len, out, outOff, tag));
        }

        @Override
        boolean ccmDecrypt(byte[] nonce, byte[] aad, int aadLen, byte[] in, int inOff, int len, byte[] out, int outOff,
                           byte[] tag) {
            int rc = aead(F.ccmDec, nonce, aad, aadLen, in, inOff, len, out, outOff, tag);
            if (rc == -13) {
                return false;
            }
            check(rc);
            return true;
        }

        @Override
        void cmac(byte[] msg, int len, byte[] tag) {
            try {
                check((int) F.cmac.invokeExact(key, seg(msg, 0, len), (long) len, seg(tag), (long) tag.length));
            } catch (Throwable t) {
                throw wrap(t);
            }
        }

        @Override
        void destroy() {
            cleanable.clean();
        }
    }

    /** An arx_xts key pair, freed (both schedules wiped) by destroy() or the Cleaner. */
    private static final class Xts extends XtsOps {
        private final MemorySegment x;
        private final Cleaner.Cleanable cleanable;

        Xts(CipherInfo info, long addr) {
            super(info);
            this.x = MemorySegment.ofAddress(addr);
            this.cleanable = CLEANER.register(this, new KeyFree(F.xtsFree, addr));
        }

        @Override
        String engine() {
            return "native";
        }

        @Override
        void crypt(boolean encrypt, byte[] tweak, byte[] in, int inOff, int len, byte[] out, int outOff) {
            try {
                int rc = encrypt
                    ? (int) F.xtsEnc.invokeExact(x, seg(tweak), (long) tweak.length, seg(out, outOff, len), seg(in, inOff, len), (long) len)
                    : (int) F.xtsDec.invokeExact(x, seg(tweak), (long) tweak.length, seg(out, outOff, len), seg(in, inOff, len), (long) len);
                check(rc);
            } catch (Throwable t) {
                throw wrap(t);
            }
            java.lang.ref.Reference.reachabilityFence(this);
        }

        @Override
        void destroy() {
            cleanable.clean();
        }
    }
}
