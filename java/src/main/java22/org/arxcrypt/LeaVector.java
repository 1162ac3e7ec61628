package org.arxcrypt;

import static jdk.incubator.vector.VectorOperators.ROL;
import static jdk.incubator.vector.VectorOperators.ROR;
import static jdk.incubator.vector.VectorOperators.XOR;

import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * LEA encryption with one block per lane of the widest int vector (16 blocks with AVX-512, 8
 * with AVX2): the words are gathered into four vectors (word j of every block), the rounds run
 * on whole vectors with the round keys broadcast, and the words are scattered back. The same
 * round code as {@link Lea#encryptBlock}, so the same constant-time property (no table, no
 * data-dependent branch or index). Loaded by {@link LeaBulk} only when the incubator module is
 * resolved.
 */
final class LeaVector extends LeaBulk {
    private static final VectorSpecies<Integer> S = IntVector.SPECIES_PREFERRED;
    private static final int L = S.length();
    private static final int[] IDX = new int[L];

    static {
        for (int i = 0; i < L; i++) {
            IDX[i] = 4 * i;
        }
    }

    @Override
    int lanes() {
        return L;
    }

    @Override
    void encryptBlocks(int[] k, int rounds, byte[] in, int inOff, byte[] out, int outOff, int n, int[] w) {
        final int end = 6 * rounds;
        for (int g = 0; g < n; g += L) {
            int p = inOff + 16 * g;
            for (int i = 0; i < 4 * L; i++) {
                w[i] = (int) Lea.LE32.get(in, p + 4 * i);
            }
            IntVector x0 = IntVector.fromArray(S, w, 0, IDX, 0);
            IntVector x1 = IntVector.fromArray(S, w, 1, IDX, 0);
            IntVector x2 = IntVector.fromArray(S, w, 2, IDX, 0);
            IntVector x3 = IntVector.fromArray(S, w, 3, IDX, 0);
            for (int r = 0; r < end; r += 24) {
                x3 = x2.lanewise(XOR, k[r + 4]).add(x3.lanewise(XOR, k[r + 5])).lanewise(ROR, 3);
                x2 = x1.lanewise(XOR, k[r + 2]).add(x2.lanewise(XOR, k[r + 3])).lanewise(ROR, 5);
                x1 = x0.lanewise(XOR, k[r]).add(x1.lanewise(XOR, k[r + 1])).lanewise(ROL, 9);
                x0 = x3.lanewise(XOR, k[r + 10]).add(x0.lanewise(XOR, k[r + 11])).lanewise(ROR, 3);
                x3 = x2.lanewise(XOR, k[r + 8]).add(x3.lanewise(XOR, k[r + 9])).lanewise(ROR, 5);
                x2 = x1.lanewise(XOR, k[r + 6]).add(x2.lanewise(XOR, k[r + 7])).lanewise(ROL, 9);
                x1 = x0.lanewise(XOR, k[r + 16]).add(x1.lanewise(XOR, k[r + 17])).lanewise(ROR, 3);
                x0 = x3.lanewise(XOR, k[r + 14]).add(x0.lanewise(XOR, k[r + 15])).lanewise(ROR, 5);
                x3 = x2.lanewise(XOR, k[r + 12]).add(x3.lanewise(XOR, k[r + 13])).lanewise(ROL, 9);
                x2 = x1.lanewise(XOR, k[r + 22]).add(x2.lanewise(XOR, k[r + 23])).lanewise(ROR, 3);
                x1 = x0.lanewise(XOR, k[r + 20]).add(x1.lanewise(XOR, k[r + 21])).lanewise(ROR, 5);
                x0 = x3.lanewise(XOR, k[r + 18]).add(x0.lanewise(XOR, k[r + 19])).lanewise(ROL, 9);
            }
            x0.intoArray(w, 0, IDX, 0);
            x1.intoArray(w, 1, IDX, 0);
            x2.intoArray(w, 2, IDX, 0);
            x3.intoArray(w, 3, IDX, 0);
            int q = outOff + 16 * g;
            for (int i = 0; i < 4 * L; i++) {
                Lea.LE32.set(out, q + 4 * i, w[i]);
            }
        }
    }
}
