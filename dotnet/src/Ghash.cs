// GHASH (SP 800-38D section 6.4) in constant time, without tables.
//
// Field elements: the 16-byte block read as two big-endian 64-bit words
// (hi = bytes 0..7). GCM numbers bits from the left, so the coefficient of
// x^i sits at integer bit 127 - i: the representation is bit-reflected.
//
// Carry-less multiplication with integer multiplies: keep only every fourth
// bit of each operand ("holes"), multiply the four classes pairwise, and
// keep from each product only the bit class it should land in. A 32 x 32-bit
// product has at most 8 terms at any bit position, so the integer sums never
// carry into the next position of the same class (that would need 16), and
// the 64-bit multiply gives the exact carry-less product. Multiplies take
// the same time whatever the operands, so nothing depends on the data.
namespace ArxCrypt
{
    internal static unsafe class Ghash
    {
        private const ulong M0 = 0x1111111111111111UL, M1 = 0x2222222222222222UL,
                            M2 = 0x4444444444444444UL, M3 = 0x8888888888888888UL;

        /// <summary>Carry-less product of two 32-bit values (in the low halves).</summary>
        private static ulong Clmul32(ulong x, ulong y)
        {
            ulong x0 = x & M0, x1 = x & M1, x2 = x & M2, x3 = x & M3;
            ulong y0 = y & M0, y1 = y & M1, y2 = y & M2, y3 = y & M3;
            ulong z0 = (x0 * y0) ^ (x1 * y3) ^ (x2 * y2) ^ (x3 * y1);
            ulong z1 = (x0 * y1) ^ (x1 * y0) ^ (x2 * y3) ^ (x3 * y2);
            ulong z2 = (x0 * y2) ^ (x1 * y1) ^ (x2 * y0) ^ (x3 * y3);
            ulong z3 = (x0 * y3) ^ (x1 * y2) ^ (x2 * y1) ^ (x3 * y0);
            return (z0 & M0) | (z1 & M1) | (z2 & M2) | (z3 & M3);
        }

        /// <summary>Carry-less 64 x 64 -> 128 (Karatsuba over 32-bit halves).</summary>
        private static void Clmul64(ulong a, ulong b, out ulong hi, out ulong lo)
        {
            ulong a0 = a & 0xffffffffUL, a1 = a >> 32, b0 = b & 0xffffffffUL, b1 = b >> 32;
            ulong l = Clmul32(a0, b0), h = Clmul32(a1, b1);
            ulong m = Clmul32(a0 ^ a1, b0 ^ b1) ^ l ^ h;
            lo = l ^ (m << 32);
            hi = h ^ (m >> 32);
        }

        /// <summary>(yh:yl) = (yh:yl) * (hh:hl) in GF(2^128), GCM's bit order.</summary>
        internal static void Mul(ref ulong yh, ref ulong yl, ulong hh, ulong hl)
        {
            // 128 x 128 Karatsuba: the 255-bit product v3:v2:v1:v0.
            ulong p1, p0, q1, q0, r1, r0;
            Clmul64(yh, hh, out p1, out p0);            // high halves
            Clmul64(yl, hl, out q1, out q0);            // low halves
            Clmul64(yh ^ yl, hh ^ hl, out r1, out r0);  // middle
            r1 ^= p1 ^ q1; r0 ^= p0 ^ q0;
            ulong v3 = p1, v2 = p0 ^ r1, v1 = q1 ^ r0, v0 = q0;

            // Reflected operands give the reflected product shifted right by one
            // (255 bits, not 256): shift left by one so the coefficient of x^i is
            // at bit 255 - i.
            v3 = (v3 << 1) | (v2 >> 63);
            v2 = (v2 << 1) | (v1 >> 63);
            v1 = (v1 << 1) | (v0 >> 63);
            v0 <<= 1;

            // Reduce modulo x^128 + x^7 + x^2 + x + 1: a bit at integer position p
            // (coefficient 255 - p >= 128) moves to p+128, p+127, p+126 and p+121.
            // First the lowest word, whose images reach v1; then v1, whose images
            // all land in v3:v2.
            v2 ^= v0 ^ (v0 >> 1) ^ (v0 >> 2) ^ (v0 >> 7);
            v1 ^= (v0 << 63) ^ (v0 << 62) ^ (v0 << 57);
            v3 ^= v1 ^ (v1 >> 1) ^ (v1 >> 2) ^ (v1 >> 7);
            v2 ^= (v1 << 63) ^ (v1 << 62) ^ (v1 << 57);
            yh = v3; yl = v2;
        }

        /// <summary>Absorbs len bytes (a partial last block is zero-padded).</summary>
        internal static void Update(ref ulong yh, ref ulong yl, ulong hh, ulong hl, byte* p, long len)
        {
            byte* blk = stackalloc byte[16];
            while (len > 0)
            {
                byte* src = p;
                if (len < 16)
                {
                    for (int j = 0; j < 16; j++) blk[j] = j < len ? p[j] : (byte)0;
                    src = blk;
                }
                yh ^= ManagedBlockCipher.BigEndian64(src);
                yl ^= ManagedBlockCipher.BigEndian64(src + 8);
                Mul(ref yh, ref yl, hh, hl);
                p += 16; len -= 16;
            }
            for (int j = 0; j < 16; j++) blk[j] = 0;
        }
    }
}
