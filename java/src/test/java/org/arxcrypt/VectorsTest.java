package org.arxcrypt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/**
 * Every record of tests/vectors/*.txt through the JCA by name, both directions, in one call and
 * block by block (xts: one data unit, also fed in pieces). The records of modes the provider does not
 * offer (cfb, ofb) are counted apart;
 * every other record must be checked, on either engine.
 */
class VectorsTest {
    static List<Map<String, String>> records() throws IOException {
        Path dir = Path.of(System.getProperty("arxcrypt.vectors", "../tests/vectors"));
        List<Map<String, String>> out = new ArrayList<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : (Iterable<Path>) s.filter(x -> x.toString().endsWith(".txt")).sorted()::iterator) {
                Map<String, String> cur = new HashMap<>();
                for (String line : Files.readAllLines(p)) {
                    String t = line.strip();
                    if (t.startsWith("#")) {
                        continue;
                    }
                    if (t.isEmpty()) {
                        if (cur.containsKey("cipher")) {
                            out.add(cur);
                        }
                        cur = new HashMap<>();
                        continue;
                    }
                    int eq = t.indexOf('=');
                    cur.put(t.substring(0, eq).strip(), t.substring(eq + 1).strip());
                }
                if (cur.containsKey("cipher")) {
                    out.add(cur);
                }
            }
        }
        return out;
    }

    @Test
    void everyVector() throws Exception {
        int checked = 0, otherModes = 0, nativeOnly = 0, xts = 0;
        List<Map<String, String>> all = records();
        assertTrue(all.size() > 150, "vectors not found: " + all.size());
        for (Map<String, String> r : all) {
            String name = r.get("cipher").toUpperCase(Locale.ROOT);
            String mode = r.get("mode");
            if (mode.equals("cfb") || mode.equals("ofb")) {
                otherModes++;
                continue;
            }
            if (!TestSupport.nativeEngine() && !PureOps.supports(CipherInfo.byName(r.get("cipher")))) {
                nativeOnly++;
                continue;
            }
            check(r, name, mode);
            // the family name takes the same key
            if (r.get("cipher").startsWith("lea-")) {
                check(r, "LEA", mode);
            }
            checked++;
            xts += mode.equals("xts") ? 1 : 0;
        }
        System.out.println("vectors: " + checked + " checked, " + otherModes + " cfb/ofb (modes not offered), "
            + nativeOnly + " of ciphers the pure engine lacks (native engine only)");
        assertEquals(all.size() - otherModes - nativeOnly, checked);
        assertEquals(0, nativeOnly, "both engines have every cipher");
        assertTrue(checked >= 40);
        assertTrue(xts >= 10, "xts vectors checked: " + xts);
    }

    private static byte[] get(Map<String, String> r, String k) {
        return TestSupport.hex(r.getOrDefault(k, ""));
    }

    private static void check(Map<String, String> r, String name, String mode) throws Exception {
        String what = name + " " + mode + " key=" + r.get("key");
        SecretKeySpec key = new SecretKeySpec(get(r, "key"), name);
        byte[] pt = get(r, "pt"), ct = get(r, "ct"), tag = get(r, "tag"), iv = get(r, "iv"), aad = get(r, "aad");
        switch (mode) {
            case "ecb": {
                Cipher c = Cipher.getInstance(name + "/ECB/NoPadding", TestSupport.ARX);
                c.init(Cipher.ENCRYPT_MODE, key);
                assertArrayEquals(ct, c.doFinal(pt), what);
                // block by block through update
                int bs = c.getBlockSize();
                byte[] o = new byte[pt.length];
                int n = 0;
                for (int i = 0; i < pt.length; i += bs) {
                    n += c.update(pt, i, bs, o, n);
                }
                n += c.doFinal(o, n);
                assertEquals(pt.length, n);
                assertArrayEquals(ct, o, what + " (update)");
                c.init(Cipher.DECRYPT_MODE, key);
                assertArrayEquals(pt, c.doFinal(ct), what);
                break;
            }
            case "gcm":
            case "ccm": {
                Cipher c = Cipher.getInstance(name + "/" + mode.toUpperCase(Locale.ROOT) + "/NoPadding", TestSupport.ARX);
                GCMParameterSpec spec = new GCMParameterSpec(tag.length * 8, iv);
                c.init(Cipher.ENCRYPT_MODE, key, spec);
                c.updateAAD(aad);
                byte[] out = c.doFinal(pt);
                byte[] want = new byte[ct.length + tag.length];
                System.arraycopy(ct, 0, want, 0, ct.length);
                System.arraycopy(tag, 0, want, ct.length, tag.length);
                assertArrayEquals(want, out, what);
                c.init(Cipher.DECRYPT_MODE, key, spec);
                c.updateAAD(aad);
                assertArrayEquals(pt, c.doFinal(want), what);
                break;
            }
            case "xts": {
                Cipher c = Cipher.getInstance(name + "/XTS/NoPadding", TestSupport.ARX);
                IvParameterSpec tweak = new IvParameterSpec(iv);
                c.init(Cipher.ENCRYPT_MODE, key, tweak);
                assertArrayEquals(ct, c.doFinal(pt), what);
                // the data unit in pieces: update buffers, doFinal does the unit
                int cut = pt.length / 3;
                byte[] none = c.update(pt, 0, cut);
                assertTrue(none == null || none.length == 0, what + " (update outputs nothing)");
                assertArrayEquals(ct, c.doFinal(pt, cut, pt.length - cut), what + " (update)");
                c.init(Cipher.DECRYPT_MODE, key, tweak);
                assertArrayEquals(pt, c.doFinal(ct), what);
                break;
            }
            case "cmac": {
                Mac m = Mac.getInstance(name + "-CMAC", TestSupport.ARX);
                m.init(key);
                byte[] msg = get(r, "pt");
                m.update(msg);
                byte[] full = m.doFinal();
                assertArrayEquals(tag, java.util.Arrays.copyOf(full, tag.length), what);
                break;
            }
            default:
                throw new AssertionError("mode " + mode + " in the vectors: add it to the test");
        }
    }
}
