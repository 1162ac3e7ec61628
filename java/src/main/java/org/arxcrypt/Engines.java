package org.arxcrypt;

import java.security.InvalidKeyException;
import java.security.ProviderException;
import java.util.Locale;

/**
 * Which engine serves a key: system property {@code arxcrypt.engine} = {@code auto} (default:
 * native where libarxcrypt loads, else pure Java), {@code java} or {@code native} (forced; a
 * forced native engine that cannot load makes every init fail with a ProviderException that
 * says why).
 */
final class Engines {
    private Engines() {
    }

    static String requested() {
        return System.getProperty("arxcrypt.engine", "auto").trim().toLowerCase(Locale.ROOT);
    }

    static boolean useNative(CipherInfo info) {
        switch (requested()) {
            case "java":
                return false;
            case "native":
                return true;
            case "auto":
                return NativeEngine.available();
            default:
                throw new ProviderException("arxcrypt.engine must be auto, java or native, not "
                    + System.getProperty("arxcrypt.engine"));
        }
    }

    /** Whether some engine can serve this cipher under the current setting. */
    static boolean serves(CipherInfo info) {
        switch (requested()) {
            case "java":
                return PureOps.supports(info);
            case "native":
                return true;   // fails loudly at init if the library is missing
            default:
                return NativeEngine.available() || PureOps.supports(info);
        }
    }

    static KeyOps newKey(CipherInfo info, byte[] key) throws InvalidKeyException {
        return pickNative(info) ? NativeEngine.newKey(info, key) : PureOps.create(info, key);
    }

    /** An XTS key pair; key = data key || tweak key, its length and halves already checked. */
    static XtsOps newXts(CipherInfo info, byte[] key) throws InvalidKeyException {
        return pickNative(info) ? NativeEngine.newXts(info, key) : new PureXts(info, key);
    }

    /** Whether info's keys go to the native engine; a ProviderException when no engine can serve it. */
    private static boolean pickNative(CipherInfo info) {
        if (useNative(info)) {
            if (!NativeEngine.available()) {
                throw new ProviderException("arxcrypt.engine=native, but " + NativeEngine.unavailableReason());
            }
            return true;
        }
        if (!PureOps.supports(info)) {
            throw new ProviderException(info.name + " is served by the native engine only (libarxcrypt on"
                + " JDK 22+), which is unavailable: " + NativeEngine.unavailableReason());
        }
        return false;
    }

    /** A one-line description of the engine in use, for logs and the bench. */
    static String describe() {
        String r = requested();
        boolean nat = "native".equals(r) || ("auto".equals(r) && NativeEngine.available());
        if (nat && NativeEngine.available()) {
            return "native (" + NativeEngine.libraryPath() + ")";
        }
        if (nat) {
            return "native requested but unavailable: " + NativeEngine.unavailableReason();
        }
        return "java" + ("auto".equals(r) ? " (native unavailable: " + NativeEngine.unavailableReason() + ")" : "");
    }
}
