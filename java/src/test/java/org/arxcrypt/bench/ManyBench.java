package org.arxcrypt.bench;

import java.security.Security;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.arxcrypt.ArxCryptProvider;
import org.arxcrypt.Many;

/**
 * {@code Many.gcmEncrypt} against the one-message {@code Cipher} path (a Cipher per key, init and
 * doFinal per message, as a server using JCA does): 64 messages under 16 LEA-128 keys, 16, 64
 * and 256 bytes each, the two timed alternately (21 rounds of 2000 calls) and the medians
 * printed, so their ratio shares the machine's load. Run by java/bench.sh.
 */
public final class ManyBench {
    private ManyBench() {
    }

    public static void main(String[] args) throws Exception {
        Security.addProvider(new ArxCryptProvider());
        for (int size : new int[] {16, 64, 256}) {
            run(size);
        }
    }

    private static void run(int size) throws Exception {
        int n = 64;
        Random r = new Random(1);
        byte[][] raw = new byte[16][16];
        Many.Key[] keys = new Many.Key[16];
        Cipher[] cs = new Cipher[16];
        SecretKeySpec[] ks = new SecretKeySpec[16];
        for (int i = 0; i < 16; i++) {
            r.nextBytes(raw[i]);
            keys[i] = new Many.Key("lea-128", raw[i]);
            cs[i] = Cipher.getInstance("LEA/GCM/NoPadding", "ArxCrypt");
            ks[i] = new SecretKeySpec(raw[i], "LEA");
        }
        List<Many.Job> jobs = new ArrayList<>();
        byte[][] nonces = new byte[n][12];
        byte[][] data = new byte[n][size];
        for (int i = 0; i < n; i++) {
            r.nextBytes(nonces[i]);
            r.nextBytes(data[i]);
            jobs.add(Many.Job.aead(keys[i % 16], nonces[i], null, data[i]));
        }
        double[] many = new double[21];
        double[] one = new double[21];
        for (int k = 0; k < 21; k++) {
            long t = System.nanoTime();
            for (int it = 0; it < 2000; it++) {
                Many.gcmEncrypt(jobs);
            }
            many[k] = (System.nanoTime() - t) / 2000e3;
            t = System.nanoTime();
            for (int it = 0; it < 2000; it++) {
                for (int i = 0; i < n; i++) {
                    // a different nonce each time (the provider refuses reusing one under a key)
                    cs[i % 16].init(Cipher.ENCRYPT_MODE, ks[i % 16], new GCMParameterSpec(128, nonces[(i + it) % n]));
                    cs[i % 16].doFinal(data[i]);
                }
            }
            one[k] = (System.nanoTime() - t) / 2000e3;
        }
        Arrays.sort(many);
        Arrays.sort(one);
        System.out.printf("Many, %s engine, 64 x %d B LEA-128-GCM, 16 keys: Many.gcmEncrypt %.1f us, Cipher one by one %.1f us,"
            + " %.2fx%n", keys[0].engine(), size, many[10], one[10], one[10] / many[10]);
        for (Many.Key k : keys) {
            k.destroy();
        }
    }
}
