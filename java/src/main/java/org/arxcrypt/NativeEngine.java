package org.arxcrypt;

import java.security.ProviderException;

/**
 * The native engine's stand-in for JDK 17 to 21. On JDK 22 and later the multi-release jar
 * supplies the real class (META-INF/versions/22), which calls libarxcrypt through the FFM API.
 */
final class NativeEngine {
    private NativeEngine() {
    }

    static boolean available() {
        return false;
    }

    static String unavailableReason() {
        return "the native engine needs JDK 22 or later (java.lang.foreign); this is JDK "
            + Runtime.version().feature();
    }

    static String libraryPath() {
        return null;
    }

    static KeyOps newKey(CipherInfo info, byte[] key) {
        throw new ProviderException(unavailableReason());
    }

    static XtsOps newXts(CipherInfo info, byte[] key) {
        throw new ProviderException(unavailableReason());
    }

    static boolean many(Many.Batch b) {
        return false;
    }
}
