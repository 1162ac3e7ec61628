package org.arxcrypt;

import java.security.InvalidKeyException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The ciphers of libarxcrypt (the output of {@code arxcrypt list}) and the JCA names they are
 * offered under.
 *
 * <p>Every cipher is registered under its arxcrypt name in upper case ({@code LEA-128},
 * {@code CHAM-128-256}, {@code HIGHT}, {@code SPECK-64-96}, ...), which takes exactly that key
 * length. Families whose members differ only in key length are also registered under a family
 * name where the key's length picks the member, as the JDK's {@code AES} does: {@code LEA}
 * (16, 24 or 32-byte keys), and for the {@code name-block-key} ciphers the name without the key
 * size: {@code CHAM-128}, {@code SPECK-128}, {@code SIMON-64}, {@code SPARX-128},
 * {@code SPECK-48}... The {@code -legacy} CHAM variants have only their full names.
 */
final class CipherInfo {
    final String name;      // arxcrypt's name, e.g. "lea-128"
    final int blockBytes;
    final int keyBytes;

    private CipherInfo(String name, int blockBits, int keyBits) {
        this.name = name;
        this.blockBytes = blockBits / 8;
        this.keyBytes = keyBits / 8;
    }

    static final List<CipherInfo> ALL = List.of(
        new CipherInfo("lea-128", 128, 128), new CipherInfo("lea-192", 128, 192),
        new CipherInfo("lea-256", 128, 256),
        new CipherInfo("cham-64-128", 64, 128), new CipherInfo("cham-128-128", 128, 128),
        new CipherInfo("cham-128-256", 128, 256),
        new CipherInfo("cham-64-128-legacy", 64, 128), new CipherInfo("cham-128-128-legacy", 128, 128),
        new CipherInfo("cham-128-256-legacy", 128, 256),
        new CipherInfo("hight", 64, 128),
        new CipherInfo("speck-32-64", 32, 64), new CipherInfo("speck-48-72", 48, 72),
        new CipherInfo("speck-48-96", 48, 96), new CipherInfo("speck-64-96", 64, 96),
        new CipherInfo("speck-64-128", 64, 128), new CipherInfo("speck-96-96", 96, 96),
        new CipherInfo("speck-96-144", 96, 144), new CipherInfo("speck-128-128", 128, 128),
        new CipherInfo("speck-128-192", 128, 192), new CipherInfo("speck-128-256", 128, 256),
        new CipherInfo("simon-32-64", 32, 64), new CipherInfo("simon-48-72", 48, 72),
        new CipherInfo("simon-48-96", 48, 96), new CipherInfo("simon-64-96", 64, 96),
        new CipherInfo("simon-64-128", 64, 128), new CipherInfo("simon-96-96", 96, 96),
        new CipherInfo("simon-96-144", 96, 144), new CipherInfo("simon-128-128", 128, 128),
        new CipherInfo("simon-128-192", 128, 192), new CipherInfo("simon-128-256", 128, 256),
        new CipherInfo("simeck-32-64", 32, 64), new CipherInfo("simeck-48-96", 48, 96),
        new CipherInfo("simeck-64-128", 64, 128),
        new CipherInfo("sparx-64-128", 64, 128), new CipherInfo("sparx-128-128", 128, 128),
        new CipherInfo("sparx-128-256", 128, 256));

    static CipherInfo byName(String name) {
        for (CipherInfo c : ALL) {
            if (c.name.equals(name)) {
                return c;
            }
        }
        return null;
    }

    boolean isLea() {
        return name.startsWith("lea-");
    }

    /** A JCA algorithm: one cipher, or a family whose key length picks the member. */
    static final class Algorithm {
        final String jcaName;
        final List<CipherInfo> members;
        final int blockBytes;

        Algorithm(String jcaName, List<CipherInfo> members) {
            this.jcaName = jcaName;
            this.members = List.copyOf(members);
            this.blockBytes = members.get(0).blockBytes;
        }

        CipherInfo forKeyLength(int len) throws InvalidKeyException {
            for (CipherInfo c : members) {
                if (c.keyBytes == len) {
                    return c;
                }
            }
            StringBuilder sb = new StringBuilder();
            for (CipherInfo c : members) {
                sb.append(sb.length() == 0 ? "" : ", ").append(c.keyBytes);
            }
            throw new InvalidKeyException("Invalid " + jcaName + " key length: " + len
                + " bytes (must be " + sb + ")");
        }

        int defaultKeyBytes() {
            return members.get(0).keyBytes;
        }
    }

    /** Every JCA algorithm name, in registration order. */
    static Map<String, Algorithm> algorithms() {
        Map<String, Algorithm> out = new LinkedHashMap<>();
        Map<String, List<CipherInfo>> families = new LinkedHashMap<>();
        for (CipherInfo c : ALL) {
            String[] parts = c.name.split("-");
            String family = null;
            if (parts.length == 2 && parts[0].equals("lea")) {
                family = "LEA";
            } else if (parts.length == 3) {
                family = (parts[0] + "-" + parts[1]).toUpperCase(Locale.ROOT);
            }
            if (family != null) {
                families.computeIfAbsent(family, k -> new ArrayList<>()).add(c);
            }
        }
        for (Map.Entry<String, List<CipherInfo>> e : families.entrySet()) {
            out.put(e.getKey(), new Algorithm(e.getKey(), e.getValue()));
        }
        for (CipherInfo c : ALL) {
            String n = c.name.toUpperCase(Locale.ROOT);
            if (!out.containsKey(n)) {
                out.put(n, new Algorithm(n, List.of(c)));
            }
        }
        return out;
    }
}
