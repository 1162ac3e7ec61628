package org.arxcrypt;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * GHASH (SP 800-38D) without tables: GF(2^128) products from 64-bit integer multiplications
 * of operands whose set bits are spaced four apart ("multiplication with holes", the idea of
 * BearSSL's ctmul64), so the carries of the integer product never reach the bits that are
 * kept. The schedule and the time depend on no secret: long multiplication is constant time on
 * the JVM's 64-bit targets. Blocks are loaded big-endian, so bit 63 of {@code hi} is the
 * coefficient of x^0 (GCM's reflected order); the 255-bit product is shifted left by one and
 * reduced modulo x^128 + x^7 + x^2 + x + 1 in that order.
 */
final class Ghash {
    static final VarHandle BE64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private static final long M0 = 0x1111111111111111L;
    private static final long M1 = 0x2222222222222222L;
    private static final long M2 = 0x4444444444444444L;
    private static final long M3 = 0x8888888888888888L;

    // H as (hi, lo), their xor (Karatsuba), and the three bit-reversed
    private long hh, hl, hx, rhh, rhl, rhx;
    // H^4, H^3, H^2, H in the same forms, for four blocks per reduction
    private final long[] ph, pl, px, prh, prl, prx;
    private final boolean shared;     // the H forms belong to the key's Ghash, not to this one
    long yh, yl;

    /** The key's GHASH: H and its powers, computed once per key. */
    Ghash(byte[] h) {
        ph = new long[4];
        pl = new long[4];
        px = new long[4];
        prh = new long[4];
        prl = new long[4];
        prx = new long[4];
        shared = false;
        setH((long) BE64.get(h, 0), (long) BE64.get(h, 8));
        long ch = hh, cl = hl;
        for (int p = 3; p >= 0; p--) {   // H, H^2, H^3, H^4 into slots 3, 2, 1, 0
            ph[p] = ch;
            pl[p] = cl;
            px[p] = ch ^ cl;
            prh[p] = Long.reverse(ch);
            prl[p] = Long.reverse(cl);
            prx[p] = prh[p] ^ prl[p];
            yh = 0;
            yl = 0;
            block(ch, cl);               // (0 ^ H^k) * H
            ch = yh;
            cl = yl;
        }
        yh = 0;
        yl = 0;
    }

    private Ghash(Ghash key) {
        hh = key.hh;
        hl = key.hl;
        hx = key.hx;
        rhh = key.rhh;
        rhl = key.rhl;
        rhx = key.rhx;
        ph = key.ph;
        pl = key.pl;
        px = key.px;
        prh = key.prh;
        prl = key.prl;
        prx = key.prx;
        shared = true;
    }

    /** A GHASH of one message under this key (y = 0), sharing the key's precomputation. */
    Ghash forMessage() {
        return new Ghash(this);
    }

    private void setH(long h, long l) {
        hh = h;
        hl = l;
        hx = hh ^ hl;
        rhh = Long.reverse(hh);
        rhl = Long.reverse(hl);
        rhx = rhh ^ rhl;
    }

    /** The low 64 bits of the carry-less product x*y. */
    static long bmul64(long x, long y) {
        long x0 = x & M0, x1 = x & M1, x2 = x & M2, x3 = x & M3;
        long y0 = y & M0, y1 = y & M1, y2 = y & M2, y3 = y & M3;
        long z0 = (x0 * y0) ^ (x1 * y3) ^ (x2 * y2) ^ (x3 * y1);
        long z1 = (x0 * y1) ^ (x1 * y0) ^ (x2 * y3) ^ (x3 * y2);
        long z2 = (x0 * y2) ^ (x1 * y1) ^ (x2 * y0) ^ (x3 * y3);
        long z3 = (x0 * y3) ^ (x1 * y2) ^ (x2 * y1) ^ (x3 * y0);
        return (z0 & M0) | (z1 & M1) | (z2 & M2) | (z3 & M3);
    }

    /** y = (y ^ (xh, xl)) * H. */
    void block(long xh, long xl) {
        long ah = yh ^ xh, al = yl ^ xl, ax = ah ^ al;
        long rah = Long.reverse(ah), ral = Long.reverse(al), rax = rah ^ ral;
        // low and high words of the three 64x64 carry-less products
        long l0 = bmul64(al, hl), l1 = Long.reverse(bmul64(ral, rhl)) >>> 1;
        long h0 = bmul64(ah, hh), h1 = Long.reverse(bmul64(rah, rhh)) >>> 1;
        long m0 = bmul64(ax, hx), m1 = Long.reverse(bmul64(rax, rhx)) >>> 1;
        reduce(l0, l1, h0, h1, m0, m1);
    }

    /**
     * Four blocks at b[off..off+64): y = (y ^ X1) H^4 ^ X2 H^3 ^ X3 H^2 ^ X4 H. The products are
     * summed unreduced (the high words still bit-reversed: reversal and the shift are linear),
     * then reversed, shifted and reduced once.
     */
    private void block4(byte[] b, int off) {
        long l0 = 0, l1 = 0, h0 = 0, h1 = 0, m0 = 0, m1 = 0;
        for (int p = 0; p < 4; p++) {
            long ah = (long) BE64.get(b, off + 16 * p), al = (long) BE64.get(b, off + 16 * p + 8);
            if (p == 0) {
                ah ^= yh;
                al ^= yl;
            }
            long rah = Long.reverse(ah), ral = Long.reverse(al);
            l0 ^= bmul64(al, pl[p]);
            l1 ^= bmul64(ral, prl[p]);
            h0 ^= bmul64(ah, ph[p]);
            h1 ^= bmul64(rah, prh[p]);
            m0 ^= bmul64(ah ^ al, px[p]);
            m1 ^= bmul64(rah ^ ral, prx[p]);
        }
        reduce(l0, Long.reverse(l1) >>> 1, h0, Long.reverse(h1) >>> 1, m0, Long.reverse(m1) >>> 1);
    }

    /** From the three Karatsuba products (low, high words) to the reduced y. */
    private void reduce(long l0, long l1, long h0, long h1, long m0, long m1) {
        m0 ^= l0 ^ h0;
        m1 ^= l1 ^ h1;
        long v3 = h1, v2 = h0 ^ m1, v1 = l1 ^ m0, v0 = l0;
        // the reflected product is one bit short: shift the 256-bit value left by one
        v3 = (v3 << 1) | (v2 >>> 63);
        v2 = (v2 << 1) | (v1 >>> 63);
        v1 = (v1 << 1) | (v0 >>> 63);
        v0 <<= 1;
        // reduce (v1, v0), the coefficients of x^128..x^255
        v2 ^= v0 ^ (v0 >>> 1) ^ (v0 >>> 2) ^ (v0 >>> 7);
        v1 ^= (v0 << 63) ^ (v0 << 62) ^ (v0 << 57);
        v3 ^= v1 ^ (v1 >>> 1) ^ (v1 >>> 2) ^ (v1 >>> 7);
        v2 ^= (v1 << 63) ^ (v1 << 62) ^ (v1 << 57);
        yh = v3;
        yl = v2;
    }

    /** Whole blocks of b, then a last partial block zero-padded. */
    void update(byte[] b, int off, int len) {
        int end4 = off + (len & ~63);
        for (; off < end4; off += 64) {
            block4(b, off);
        }
        int end = off + (len & 63 & ~15);
        for (; off < end; off += 16) {
            block((long) BE64.get(b, off), (long) BE64.get(b, off + 8));
        }
        int rest = len & 15;
        if (rest != 0) {
            byte[] t = new byte[16];
            System.arraycopy(b, off, t, 0, rest);
            block((long) BE64.get(t, 0), (long) BE64.get(t, 8));
        }
    }

    void destroy() {
        hh = hl = hx = rhh = rhl = rhx = yh = yl = 0;
        if (!shared) {
            for (long[] a : new long[][] {ph, pl, px, prh, prl, prx}) {
                java.util.Arrays.fill(a, 0);
            }
        }
    }
}
