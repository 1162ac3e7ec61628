import java.security.SecureRandom;
import java.security.Security;
import java.util.HexFormat;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * A program that knows the provider only by name: compiled against nothing but the JDK, run
 * with only the jar on its class path; the provider is found through ServiceLoader. It prints
 * random cases (mode key iv aad plaintext output, hex), which check.sh recomputes with the
 * arxcrypt CLI, and decrypts each of its own outputs.
 */
public class Unseen {
    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[0]);
        for (java.security.Provider p : java.util.ServiceLoader.load(java.security.Provider.class)) {
            if (p.getName().equals("ArxCrypt")) {
                Security.addProvider(p);
            }
        }
        if (Security.getProvider("ArxCrypt") == null) {
            throw new IllegalStateException("provider ArxCrypt not found on the class path");
        }
        SecureRandom r = new SecureRandom();
        HexFormat h = HexFormat.of();
        String[][] modes = {{"gcm", "LEA/GCM/NoPadding"}, {"ctr", "LEA/CTR/NoPadding"}, {"cbc", "LEA/CBC/PKCS5Padding"}};
        for (int i = 0; i < n; i++) {
            String[] m = modes[i % modes.length];
            byte[] key = new byte[16 + 8 * r.nextInt(3)];
            r.nextBytes(key);
            byte[] iv = new byte[m[0].equals("gcm") ? 12 : 16];
            r.nextBytes(iv);
            byte[] aad = new byte[m[0].equals("gcm") ? r.nextInt(40) : 0];
            r.nextBytes(aad);
            byte[] pt = new byte[1 + r.nextInt(3000)];
            r.nextBytes(pt);
            Cipher c = Cipher.getInstance(m[1], "ArxCrypt");
            SecretKeySpec k = new SecretKeySpec(key, "LEA");
            java.security.spec.AlgorithmParameterSpec spec = m[0].equals("gcm")
                ? new GCMParameterSpec(128, iv) : new IvParameterSpec(iv);
            c.init(Cipher.ENCRYPT_MODE, k, spec);
            c.updateAAD(aad);
            byte[] out = c.doFinal(pt);
            c.init(Cipher.DECRYPT_MODE, k, spec);
            c.updateAAD(aad);
            if (!java.util.Arrays.equals(pt, c.doFinal(out))) {
                throw new AssertionError(m[1] + " does not decrypt its own output");
            }
            System.out.println(m[0] + " " + h.formatHex(key) + " " + h.formatHex(iv) + " " + (aad.length == 0 ? "-" : h.formatHex(aad)) + " "
                + h.formatHex(pt) + " " + h.formatHex(out));
        }
    }
}
