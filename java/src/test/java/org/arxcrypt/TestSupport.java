package org.arxcrypt;

import java.security.Provider;
import java.security.Security;
import java.util.HexFormat;
import java.util.SplittableRandom;

/** Shared by the tests: the providers, the engine under test, sizes. */
final class TestSupport {
    static final Provider ARX = new ArxCryptProvider();
    static final Provider BC = new org.bouncycastle.jce.provider.BouncyCastleProvider();

    static {
        if (Security.getProvider(BC.getName()) == null) {
            Security.addProvider(BC);
        }
    }

    private TestSupport() {
    }

    /** "java" or "native": what arxcrypt.engine forces (the build always forces one). */
    static String engine() {
        return System.getProperty("arxcrypt.engine", "auto");
    }

    static boolean nativeEngine() {
        return "native".equals(engine()) || ("auto".equals(engine()) && NativeEngine.available());
    }

    static boolean full() {
        return !"smoke".equals(System.getProperty("arxcrypt.test.size", "full"));
    }

    /** Iterations: smoke sizes for ctest, full for make java. */
    static int n(int smoke, int full) {
        return full() ? full : smoke;
    }

    static final HexFormat HEX = HexFormat.of();

    static byte[] hex(String s) {
        return HEX.parseHex(s.trim());
    }

    static String hex(byte[] b) {
        return HEX.formatHex(b);
    }

    static byte[] rnd(SplittableRandom r, int n) {
        byte[] b = new byte[n];
        r.nextBytes(b);
        return b;
    }
}
