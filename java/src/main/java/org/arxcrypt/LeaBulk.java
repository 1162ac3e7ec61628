package org.arxcrypt;

/**
 * An optional many-blocks-at-once LEA for the pure-Java engine: on JDK 22+ with the Vector API
 * module resolved ({@code --add-modules jdk.incubator.vector}), {@code LeaVector} from the
 * multi-release jar's META-INF/versions/22 runs one block per vector lane. Without it (JDK 17,
 * or the module not added, or {@code -Darxcrypt.vector=false}) LEA stays scalar.
 */
abstract class LeaBulk {
    static final LeaBulk INSTANCE = load();

    private static LeaBulk load() {
        if (Runtime.version().feature() < 22 || "false".equals(System.getProperty("arxcrypt.vector"))
            || ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty()) {
            return null;
        }
        try {
            return (LeaBulk) Class.forName("org.arxcrypt.LeaVector").getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            return null;
        }
    }

    /** Blocks per call unit. */
    abstract int lanes();

    /** n blocks (a multiple of lanes()); w: scratch of 4 * lanes() ints. */
    abstract void encryptBlocks(int[] rk, int rounds, byte[] in, int inOff, byte[] out, int outOff, int n, int[] w);
}
