package org.arxcrypt.bench;

import java.security.Provider;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * MB/s (10^6 bytes per second) of LEA-128 GCM and CTR through javax.crypto.Cipher: ArxCrypt's
 * pure-Java and native engines, Bouncy Castle's LEA, and the JDK's AES-128 in the same modes,
 * one JVM, one run. Each operation is what an application does per message: GCM = init with a
 * fresh IV + doFinal (encryption, 16-byte tag); CTR = doFinal (the Cipher resets to its IV).
 * Each case: warm-up, then ROUNDS timed rounds of about ROUND_MS of this thread's CPU time; the
 * median round is printed. Time is the benchmark thread's CPU time (ThreadMXBean), not wall time:
 * the machine is shared, and CPU time leaves out the intervals another process held the core.
 * usage: JavaBench [round_ms] [rounds]
 */
public final class JavaBench {
    static final java.lang.management.ThreadMXBean CPU = java.lang.management.ManagementFactory.getThreadMXBean();

    interface Op {
        void run() throws Exception;
    }

    static double mbps(Op op, int len, long roundMs, int rounds) throws Exception {
        long warmEnd = CPU.getCurrentThreadCpuTime() + Math.max(500, roundMs * 5) * 1_000_000L;
        while (CPU.getCurrentThreadCpuTime() < warmEnd) {
            for (int j = 0; j < 64; j++) {
                op.run();
            }
        }
        double[] r = new double[rounds];
        for (int i = 0; i < rounds; i++) {
            long n = 0;
            long t0 = CPU.getCurrentThreadCpuTime(), end = t0 + roundMs * 1_000_000L, t;
            int batch = Math.max(1, (1 << 16) / Math.max(len, 1));
            do {
                for (int j = 0; j < batch; j++) {
                    op.run();
                }
                n += batch;
                t = CPU.getCurrentThreadCpuTime();
            } while (t < end);
            r[i] = (double) n * len / ((t - t0) / 1e9) / 1e6;
        }
        Arrays.sort(r);
        return r[rounds / 2];
    }

    public static void main(String[] args) throws Exception {
        long roundMs = args.length > 0 ? Long.parseLong(args[0]) : 200;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 7;
        String only = args.length > 2 ? args[2] : "java,native,bc,jdk";
        Provider arx = new org.arxcrypt.ArxCryptProvider();
        Provider bc = new org.bouncycastle.jce.provider.BouncyCastleProvider();
        int[] sizes = {64, 1024, 1 << 20};
        String[][] impls = {
            {"LEA-128 ArxCrypt pure Java" + (org.arxcrypt.ArxCryptProvider.engineDescription() != null
                && Runtime.version().feature() >= 22 && ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent()
                ? " (Vector API)" : " (scalar)"), "java", "LEA"},
            {"LEA-128 ArxCrypt native (FFM)", "native", "LEA"},
            {"LEA-128 Bouncy Castle 1.87", "bc", "LEA"},
            {"AES-128 JDK (SunJCE)", "jdk", "AES"},
        };
        System.out.println("JDK " + Runtime.version() + ", " + System.getProperty("os.arch")
            + "; native library: " + System.getProperty("arxcrypt.library", "(java.library.path / system)"));
        List<String> lines = new ArrayList<>();
        for (String mode : new String[] {"GCM", "CTR"}) {
            System.out.printf("%n| %s encrypt, MB/s | %10s | %10s | %10s |%n", mode, "64 B", "1 KiB", "1 MiB");
            System.out.println("| --- | ---: | ---: | ---: |");
            for (String[] im : impls) {
                if (!Arrays.asList(only.split(",")).contains(im[1])) {
                    continue;
                }
                StringBuilder row = new StringBuilder(String.format("| %s | ", im[0]));
                for (int len : sizes) {
                    double v;
                    try {
                        v = measure(im, mode, len, arx, bc, roundMs, rounds);
                        row.append(String.format("%10.1f | ", v));
                    } catch (Exception e) {
                        row.append(String.format("%10s | ", "n/a"));
                        System.err.println(im[0] + " " + mode + " " + len + ": " + e);
                    }
                }
                System.out.println(row);
                lines.add(row.toString());
            }
        }
    }

    static double measure(String[] im, String mode, int len, Provider arx, Provider bc, long roundMs, int rounds)
        throws Exception {
        Provider p;
        switch (im[1]) {
            case "java":
            case "native":
                System.setProperty("arxcrypt.engine", im[1]);
                p = arx;
                break;
            case "bc":
                p = bc;
                break;
            default:
                p = null;
        }
        String t = im[2] + "/" + mode + "/NoPadding";
        Cipher c = p == null ? Cipher.getInstance(t) : Cipher.getInstance(t, p);
        SecretKeySpec key = new SecretKeySpec(new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}, im[2]);
        byte[] in = new byte[len];
        new java.util.Random(1).nextBytes(in);
        byte[] out = new byte[len + 16];
        if (mode.equals("CTR")) {
            c.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(new byte[16]));
            return mbps(() -> c.doFinal(in, 0, len, out, 0), len, roundMs, rounds);
        }
        byte[] iv = new byte[12];
        long[] ctr = {0};
        return mbps(() -> {
            long n = ++ctr[0];
            for (int i = 0; i < 8; i++) {
                iv[4 + i] = (byte) (n >>> (8 * i));
            }
            c.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(128, iv));
            c.doFinal(in, 0, len, out, 0);
        }, len, roundMs, rounds);
    }
}
