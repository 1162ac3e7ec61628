package org.arxcrypt;

import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import java.util.List;
import java.util.Map;

/**
 * The JCA provider "ArxCrypt". Register it with {@code Security.addProvider(new ArxCryptProvider())}
 * (or in java.security), then {@code Cipher.getInstance("LEA/GCM/NoPadding", "ArxCrypt")}.
 *
 * <p>Services, for every algorithm name of {@link CipherInfo} (LEA, LEA-128, CHAM-128, HIGHT,
 * SPECK-128-256, ...): Cipher {@code NAME/ECB/NoPadding}, {@code NAME/ECB/PKCS5Padding},
 * {@code NAME/CBC/NoPadding}, {@code NAME/CBC/PKCS5Padding}, {@code NAME/CTR/NoPadding}, and
 * for 128-bit blocks {@code NAME/GCM/NoPadding}, {@code NAME/CCM/NoPadding} and
 * {@code NAME/XTS/NoPadding} (a double-length key: data key || tweak key) ({@code NAME}
 * alone is ECB/PKCS5Padding, as for the JDK's AES); Mac {@code NAME-CMAC} for 64- and 128-bit
 * blocks; KeyGenerator {@code NAME}.
 *
 * <p>Engines: pure Java (every cipher) on any JVM; libarxcrypt through the FFM API on JDK 22+ when
 * the library is found (system property {@code arxcrypt.library} = its path, else
 * {@code java.library.path}, else the system's loader search). {@code arxcrypt.engine} =
 * {@code auto} | {@code java} | {@code native} picks one.
 */
public final class ArxCryptProvider extends Provider {
    private static final long serialVersionUID = 1L;
    public static final String NAME = "ArxCrypt";

    public ArxCryptProvider() {
        super(NAME, "0.1.0", "arxcrypt: LEA, CHAM, HIGHT, SPECK, SIMON, SIMECK, SPARX (ECB, CBC, CTR, GCM, CCM, XTS, CMAC)");
        for (CipherInfo.Algorithm alg : CipherInfo.algorithms().values()) {
            boolean served = false;
            for (CipherInfo c : alg.members) {
                served |= Engines.serves(c);
            }
            if (!served) {
                continue;
            }
            String n = alg.jcaName;
            cipher(n + "/ECB/NoPadding", alg, ArxCipher.Mode.ECB, false);
            cipher(n + "/ECB/PKCS5Padding", alg, ArxCipher.Mode.ECB, true);
            cipher(n, alg, ArxCipher.Mode.ECB, true);
            cipher(n + "/CBC/NoPadding", alg, ArxCipher.Mode.CBC, false);
            cipher(n + "/CBC/PKCS5Padding", alg, ArxCipher.Mode.CBC, true);
            cipher(n + "/CTR/NoPadding", alg, ArxCipher.Mode.CTR, false);
            if (alg.blockBytes == 16) {
                cipher(n + "/GCM/NoPadding", alg, ArxCipher.Mode.GCM, false);
                cipher(n + "/CCM/NoPadding", alg, ArxCipher.Mode.CCM, false);
                cipher(n + "/XTS/NoPadding", alg, ArxCipher.Mode.XTS, false);
            }
            if (alg.blockBytes == 16 || alg.blockBytes == 8) {
                putService(new Svc(this, "Mac", n + "-CMAC", alg, null, false,
                    n.equals("LEA") ? List.of("LEACMAC") : List.of()));
            }
            putService(new Svc(this, "KeyGenerator", n, alg, null, false, List.of()));
        }
    }

    private void cipher(String name, CipherInfo.Algorithm alg, ArxCipher.Mode mode, boolean pad) {
        putService(new Svc(this, "Cipher", name, alg, mode, pad, List.of()));
    }

    /** The engine a new key gets under the current settings, in words. */
    public static String engineDescription() {
        return Engines.describe();
    }

    private static final class Svc extends Provider.Service {
        private final CipherInfo.Algorithm alg;
        private final ArxCipher.Mode mode;
        private final boolean pad;

        Svc(Provider p, String type, String name, CipherInfo.Algorithm alg, ArxCipher.Mode mode, boolean pad,
            List<String> aliases) {
            super(p, type, name, ArxCryptProvider.class.getName() + "$" + type, aliases,
                Map.of("SupportedKeyFormats", "RAW"));
            this.alg = alg;
            this.mode = mode;
            this.pad = pad;
        }

        @Override
        public Object newInstance(Object param) throws NoSuchAlgorithmException {
            switch (getType()) {
                case "Cipher":
                    return new ArxCipher(alg, mode, pad);
                case "Mac":
                    return new ArxMac(alg);
                case "KeyGenerator":
                    return new ArxKeyGenerator(alg);
                default:
                    throw new NoSuchAlgorithmException(getType());
            }
        }
    }
}
