package org.arxcrypt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.InvalidAlgorithmParameterException;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import javax.crypto.AEADBadTagException;
import javax.crypto.BadPaddingException;
import javax.crypto.Cipher;
import javax.crypto.IllegalBlockSizeException;
import javax.crypto.KeyGenerator;
import javax.crypto.Mac;
import javax.crypto.SecretKey;
import javax.crypto.ShortBufferException;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/** The JCA error contract: each bad use gets the exception the JDK's own ciphers give. */
class ContractTest {
    static final SecretKeySpec K16 = new SecretKeySpec(new byte[16], "LEA");
    static final byte[] IV12 = new byte[12];

    static Cipher get(String t) throws Exception {
        return Cipher.getInstance(t, TestSupport.ARX);
    }

    @Test
    void wrongKeySizes() throws Exception {
        for (int n : new int[] {0, 8, 15, 17, 20, 31, 33, 64}) {
            Cipher c = get("LEA/CTR/NoPadding");
            SecretKeySpec k = n == 0 ? null : new SecretKeySpec(new byte[n], "LEA");
            if (k == null) {
                continue;
            }
            assertThrows(InvalidKeyException.class, () -> c.init(Cipher.ENCRYPT_MODE, k, new IvParameterSpec(new byte[16])));
        }
        // an exact-size name refuses the other sizes
        assertThrows(InvalidKeyException.class,
            () -> get("LEA-128/ECB/NoPadding").init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[32], "LEA")));
        get("LEA-256/ECB/NoPadding").init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[32], "LEA"));
        Mac m = Mac.getInstance("LEA-CMAC", TestSupport.ARX);
        assertThrows(InvalidKeyException.class, () -> m.init(new SecretKeySpec(new byte[10], "LEA")));
    }

    @Test
    void badParameters() throws Exception {
        assertThrows(InvalidAlgorithmParameterException.class,
            () -> get("LEA/CBC/NoPadding").init(Cipher.ENCRYPT_MODE, K16, new IvParameterSpec(new byte[8])));
        assertThrows(InvalidAlgorithmParameterException.class,
            () -> get("LEA/CTR/NoPadding").init(Cipher.ENCRYPT_MODE, K16, new GCMParameterSpec(128, IV12)));
        assertThrows(InvalidAlgorithmParameterException.class,
            () -> get("LEA/ECB/NoPadding").init(Cipher.ENCRYPT_MODE, K16, new IvParameterSpec(new byte[16])));
        assertThrows(InvalidAlgorithmParameterException.class,
            () -> get("LEA/GCM/NoPadding").init(Cipher.ENCRYPT_MODE, K16, new IvParameterSpec(IV12)));
        assertThrows(InvalidAlgorithmParameterException.class,
            () -> get("LEA/GCM/NoPadding").init(Cipher.ENCRYPT_MODE, K16, new GCMParameterSpec(100, IV12)));
        assertThrows(InvalidAlgorithmParameterException.class,
            () -> get("LEA/GCM/NoPadding").init(Cipher.ENCRYPT_MODE, K16, new GCMParameterSpec(24, IV12)));
        assertThrows(InvalidAlgorithmParameterException.class,
            () -> get("LEA/CCM/NoPadding").init(Cipher.ENCRYPT_MODE, K16, new GCMParameterSpec(128, new byte[6])));
        assertThrows(InvalidAlgorithmParameterException.class,
            () -> get("LEA/CCM/NoPadding").init(Cipher.ENCRYPT_MODE, K16, new GCMParameterSpec(128, new byte[14])));
        assertThrows(InvalidAlgorithmParameterException.class,
            () -> get("LEA/CCM/NoPadding").init(Cipher.ENCRYPT_MODE, K16, new GCMParameterSpec(40, new byte[12])));
        // decryption needs the IV
        assertThrows(InvalidKeyException.class, () -> get("LEA/CBC/PKCS5Padding").init(Cipher.DECRYPT_MODE, K16));
        assertThrows(InvalidKeyException.class, () -> get("LEA/GCM/NoPadding").init(Cipher.DECRYPT_MODE, K16));
        // encryption without parameters draws a random IV, readable afterwards
        Cipher g = get("LEA/GCM/NoPadding");
        g.init(Cipher.ENCRYPT_MODE, K16);
        assertEquals(12, g.getIV().length);
        assertNotNull(g.getParameters().getParameterSpec(GCMParameterSpec.class));
        Cipher cbc = get("LEA/CBC/PKCS5Padding");
        cbc.init(Cipher.ENCRYPT_MODE, K16);
        assertEquals(16, cbc.getIV().length);
    }

    @Test
    void gcmNonceReuseRefusedAsTheJdkDoes() throws Exception {
        Cipher c = get("LEA/GCM/NoPadding");
        GCMParameterSpec p = new GCMParameterSpec(128, IV12);
        c.init(Cipher.ENCRYPT_MODE, K16, p);
        c.doFinal(new byte[10]);
        // after an encryption's doFinal the Cipher must be re-initialised...
        assertThrows(IllegalStateException.class, () -> c.doFinal(new byte[10]));
        assertThrows(IllegalStateException.class, () -> c.update(new byte[10]));
        assertThrows(IllegalStateException.class, () -> c.updateAAD(new byte[10]));
        // ...and not with the same key and IV
        assertThrows(InvalidAlgorithmParameterException.class, () -> c.init(Cipher.ENCRYPT_MODE, K16, p));
        c.init(Cipher.ENCRYPT_MODE, K16, new GCMParameterSpec(128, new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}));
        c.doFinal(new byte[3]);
        // a new key with the old IV is fine, and so is decryption with a used IV
        c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[32], "LEA"), p);
        c.init(Cipher.DECRYPT_MODE, K16, p);
        // the JDK's AES/GCM behaves the same
        Cipher aes = Cipher.getInstance("AES/GCM/NoPadding");
        aes.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[16], "AES"), p);
        aes.doFinal(new byte[10]);
        assertThrows(IllegalStateException.class, () -> aes.doFinal(new byte[10]));
        assertThrows(InvalidAlgorithmParameterException.class,
            () -> aes.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(new byte[16], "AES"), p));
        // CCM follows the same rule
        Cipher ccm = get("LEA/CCM/NoPadding");
        GCMParameterSpec cp = new GCMParameterSpec(128, new byte[13]);
        ccm.init(Cipher.ENCRYPT_MODE, K16, cp);
        ccm.doFinal(new byte[5]);
        assertThrows(IllegalStateException.class, () -> ccm.doFinal(new byte[5]));
        assertThrows(InvalidAlgorithmParameterException.class, () -> ccm.init(Cipher.ENCRYPT_MODE, K16, cp));
    }

    @Test
    void aadAfterDataRefused() throws Exception {
        for (int mode : new int[] {Cipher.ENCRYPT_MODE, Cipher.DECRYPT_MODE}) {
            Cipher c = get("LEA/GCM/NoPadding");
            c.init(mode, K16, new GCMParameterSpec(128, IV12));
            c.updateAAD(new byte[3]);
            c.update(new byte[20]);
            assertThrows(IllegalStateException.class, () -> c.updateAAD(new byte[3]));
        }
        Cipher ctr = get("LEA/CTR/NoPadding");
        ctr.init(Cipher.ENCRYPT_MODE, K16, new IvParameterSpec(new byte[16]));
        assertThrows(IllegalStateException.class, () -> ctr.updateAAD(new byte[3]));
    }

    @Test
    void badTagReleasesNoPlaintext() throws Exception {
        for (String t : new String[] {"LEA/GCM/NoPadding", "LEA/CCM/NoPadding"}) {
            GCMParameterSpec p = new GCMParameterSpec(128, IV12);
            Cipher e = get(t);
            e.init(Cipher.ENCRYPT_MODE, K16, p);
            byte[] pt = new byte[100];
            Arrays.fill(pt, (byte) 0x41);
            byte[] ct = e.doFinal(pt);
            for (int flip : new int[] {0, 50, ct.length - 1}) {
                byte[] bad = ct.clone();
                bad[flip] ^= 1;
                Cipher d = get(t);
                d.init(Cipher.DECRYPT_MODE, K16, p);
                // update releases nothing: decryption is buffered until the tag is checked
                assertEquals(0, d.update(bad, 0, 60).length, t);
                byte[] out = new byte[200];
                Arrays.fill(out, (byte) 0x55);
                assertThrows(AEADBadTagException.class, () -> d.doFinal(bad, 60, bad.length - 60, out, 0), t);
                for (byte b : out) {
                    assertTrue(b == 0x55 || b == 0, t + ": plaintext released");
                }
                // in place too: the caller's buffer keeps no plaintext
                byte[] inPlace = bad.clone();
                d.init(Cipher.DECRYPT_MODE, K16, p);
                assertThrows(AEADBadTagException.class, () -> d.doFinal(inPlace, 0, inPlace.length, inPlace, 0), t);
                assertArrayEquals(bad, inPlace, t + ": in-place failure must leave the ciphertext");
                // and the decryptor works again afterwards
                d.init(Cipher.DECRYPT_MODE, K16, p);
                assertArrayEquals(pt, d.doFinal(ct), t);
            }
            Cipher d = get(t);
            d.init(Cipher.DECRYPT_MODE, K16, p);
            assertThrows(AEADBadTagException.class, () -> d.doFinal(new byte[5]), t + " shorter than the tag");
        }
    }

    @Test
    void paddingAndBlockErrors() throws Exception {
        Cipher e = get("LEA/CBC/NoPadding");
        e.init(Cipher.ENCRYPT_MODE, K16, new IvParameterSpec(new byte[16]));
        assertThrows(IllegalBlockSizeException.class, () -> e.doFinal(new byte[17]));
        Cipher d = get("LEA/CBC/PKCS5Padding");
        d.init(Cipher.DECRYPT_MODE, K16, new IvParameterSpec(new byte[16]));
        assertThrows(IllegalBlockSizeException.class, () -> d.doFinal(new byte[20]));
        assertThrows(IllegalBlockSizeException.class, () -> d.doFinal(new byte[0]));
        // a block of zeros decrypts to garbage whose padding is almost surely wrong; find one that is
        Cipher raw = get("LEA/ECB/NoPadding");
        raw.init(Cipher.ENCRYPT_MODE, K16);
        byte[] badPad = new byte[16];
        badPad[15] = 17;                 // pad byte beyond the block
        byte[] ct = raw.doFinal(badPad); // CBC with a zero IV of this block decrypts to badPad
        assertThrows(BadPaddingException.class, () -> d.doFinal(ct));
        badPad[15] = 3;
        badPad[14] = 3;
        badPad[13] = 4;
        byte[] ct2 = raw.doFinal(badPad);
        assertThrows(BadPaddingException.class, () -> d.doFinal(ct2));
        badPad[13] = 3;
        assertEquals(13, d.doFinal(raw.doFinal(badPad)).length);
    }

    @Test
    void shortBuffersAndState() throws Exception {
        Cipher c = get("LEA/GCM/NoPadding");
        assertThrows(IllegalStateException.class, () -> c.update(new byte[3]));
        c.init(Cipher.ENCRYPT_MODE, K16, new GCMParameterSpec(128, IV12));
        assertEquals(26, c.getOutputSize(10));
        assertThrows(ShortBufferException.class, () -> c.doFinal(new byte[10], 0, 10, new byte[25], 0));
        byte[] out = new byte[26];
        assertEquals(26, c.doFinal(new byte[10], 0, 10, out, 0));
        Cipher ctr = get("LEA/CTR/NoPadding");
        ctr.init(Cipher.ENCRYPT_MODE, K16, new IvParameterSpec(new byte[16]));
        assertThrows(ShortBufferException.class, () -> ctr.update(new byte[10], 0, 10, new byte[9], 0));
        // the CTR Cipher resets to its IV after doFinal, as the JDK's does
        byte[] a = ctr.doFinal(new byte[40]);
        assertArrayEquals(a, ctr.doFinal(new byte[40]));
    }

    @Test
    void namesAndKeyGenerator() throws Exception {
        // XTS exists only for 128-bit blocks (XtsTest has its contract)
        assertThrows(NoSuchAlgorithmException.class, () -> get("HIGHT/XTS/NoPadding"));
        assertThrows(NoSuchAlgorithmException.class, () -> get("SPECK-64/XTS/NoPadding"));
        assertThrows(NoSuchAlgorithmException.class, () -> get("LEA-64/GCM/NoPadding"));
        {
            get("HIGHT/CBC/PKCS5Padding");
            get("SPECK-128/GCM/NoPadding");
            get("CHAM-128-256-LEGACY/CCM/NoPadding");
            Mac.getInstance("HIGHT-CMAC", TestSupport.ARX);
            // GCM and CCM exist only for 128-bit blocks
            assertThrows(NoSuchAlgorithmException.class, () -> get("HIGHT/GCM/NoPadding"));
            // a 48-bit block has no CMAC
            assertThrows(NoSuchAlgorithmException.class, () -> Mac.getInstance("SPECK-48-72-CMAC", TestSupport.ARX));
        }
        KeyGenerator g = KeyGenerator.getInstance("LEA", TestSupport.ARX);
        assertEquals(16, g.generateKey().getEncoded().length);
        g.init(256);
        SecretKey k = g.generateKey();
        assertEquals(32, k.getEncoded().length);
        assertEquals("LEA", k.getAlgorithm());
        assertThrows(java.security.InvalidParameterException.class, () -> g.init(512));
        // key wrapping round trip
        Cipher w = get("LEA/GCM/NoPadding");
        w.init(Cipher.WRAP_MODE, K16, new GCMParameterSpec(128, IV12));
        byte[] wrapped = w.wrap(k);
        w.init(Cipher.UNWRAP_MODE, K16, new GCMParameterSpec(128, IV12));
        assertArrayEquals(k.getEncoded(), w.unwrap(wrapped, "LEA", Cipher.SECRET_KEY).getEncoded());
    }
}
