// LEA (TTAS.KO-12.0223, KS X 3246), all three key sizes, in pure C#.
// Block = four 32-bit little-endian words; a round is
//   X0' = ROL9((X0^RK0) + (X1^RK1)),  X1' = ROR5((X1^RK2) + (X2^RK3)),
//   X2' = ROR3((X2^RK4) + (X3^RK5)),  X3' = X0.
// The loops run four rounds per pass: after four rounds the words are back in
// their original roles, so the body names them without any shuffling. Only
// additions, XORs and rotations by constants: nothing depends on data through
// a branch or an index.
using System;
using System.Runtime.CompilerServices;

namespace ArxCrypt
{
    internal sealed unsafe class Lea : ManagedBlockCipher
    {
        // The key schedule constants delta[i]: the hex expansion of sqrt(766965)
        // (766965 = "LEA" in ASCII digits), KS X 3246 section 4.
        private static readonly uint[] Delta =
        {
            0xc3efe9dbu, 0x44626b02u, 0x79e27c8au, 0x78df30ecu,
            0x715ea49eu, 0xc785da0au, 0xe04ef22au, 0xe5c40957u,
        };

        private readonly uint[] _rk; // 6 words per round
        private readonly int _rounds;

        public override int BlockSize { get { return 16; } }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static uint Rol(uint x, int n) { return (x << n) | (x >> (32 - n)); }

        private static uint Load(byte[] b, int o)
        {
            return b[o] | ((uint)b[o + 1] << 8) | ((uint)b[o + 2] << 16) | ((uint)b[o + 3] << 24);
        }

        public Lea(byte[] key)
        {
            int n = key.Length;
            if (n != 16 && n != 24 && n != 32) throw new ArgumentException("LEA keys are 16, 24 or 32 bytes");
            _rounds = n == 16 ? 24 : n == 24 ? 28 : 32;
            _rk = new uint[6 * _rounds];
            var t = new uint[8];
            for (int i = 0; i < n / 4; i++) t[i] = Load(key, 4 * i);
            for (int i = 0; i < _rounds; i++)
            {
                uint[] rk = _rk;
                int r = 6 * i;
                if (n == 16)
                {
                    uint d = Delta[i & 3];
                    t[0] = Rol(t[0] + Rol(d, i & 31), 1);
                    t[1] = Rol(t[1] + Rol(d, (i + 1) & 31), 3);
                    t[2] = Rol(t[2] + Rol(d, (i + 2) & 31), 6);
                    t[3] = Rol(t[3] + Rol(d, (i + 3) & 31), 11);
                    rk[r] = t[0]; rk[r + 1] = t[1]; rk[r + 2] = t[2];
                    rk[r + 3] = t[1]; rk[r + 4] = t[3]; rk[r + 5] = t[1];
                }
                else if (n == 24)
                {
                    uint d = Delta[i % 6];
                    t[0] = Rol(t[0] + Rol(d, i & 31), 1);
                    t[1] = Rol(t[1] + Rol(d, (i + 1) & 31), 3);
                    t[2] = Rol(t[2] + Rol(d, (i + 2) & 31), 6);
                    t[3] = Rol(t[3] + Rol(d, (i + 3) & 31), 11);
                    t[4] = Rol(t[4] + Rol(d, (i + 4) & 31), 13);
                    t[5] = Rol(t[5] + Rol(d, (i + 5) & 31), 17);
                    for (int j = 0; j < 6; j++) rk[r + j] = t[j];
                }
                else
                {
                    uint d = Delta[i & 7];
                    int[] rot = { 1, 3, 6, 11, 13, 17 };
                    for (int j = 0; j < 6; j++)
                    {
                        int w = (6 * i + j) & 7;
                        t[w] = Rol(t[w] + Rol(d, (i + j) & 31), rot[j]);
                        rk[r + j] = t[w];
                    }
                }
            }
            Array.Clear(t, 0, t.Length);
        }

        // Rol by 0: x << 0 | x >> 32, and C# masks a 32-bit shift count to 5
        // bits, so that is x | x = x, still correct.

        public override void Dispose()
        {
            Array.Clear(_rk, 0, _rk.Length);
        }

        /// <summary>Encrypts n blocks in place at p (four LE words each; the caller
        /// has converted byte order on big-endian hosts).</summary>
        internal void EncryptWords(uint* p, int n)
        {
            fixed (uint* rk0 = _rk)
            {
                uint* end = rk0 + 6 * _rounds;
                for (int blk = 0; blk < n; blk++, p += 4)
                {
                    uint x0 = p[0], x1 = p[1], x2 = p[2], x3 = p[3], t;
                    for (uint* k = rk0; k < end; k += 24)
                    {
                        // After each round the words change roles (X3' = X0): four
                        // rounds bring them back, so the body renames instead of moving.
                        // The word a step replaces is the one that dies, so it is the
                        // accumulator: Mono's two-address code then needs fewer copies.
                        t = k[4]; t ^= x2; x3 ^= k[5]; x3 += t; t = x3; t <<= 29; x3 >>= 3; x3 |= t;
                        t = k[2]; t ^= x1; x2 ^= k[3]; x2 += t; t = x2; t <<= 27; x2 >>= 5; x2 |= t;
                        t = k[0]; t ^= x0; x1 ^= k[1]; x1 += t; t = x1; t >>= 23; x1 <<= 9; x1 |= t;
                        t = k[10]; t ^= x3; x0 ^= k[11]; x0 += t; t = x0; t <<= 29; x0 >>= 3; x0 |= t;
                        t = k[8]; t ^= x2; x3 ^= k[9]; x3 += t; t = x3; t <<= 27; x3 >>= 5; x3 |= t;
                        t = k[6]; t ^= x1; x2 ^= k[7]; x2 += t; t = x2; t >>= 23; x2 <<= 9; x2 |= t;
                        t = k[16]; t ^= x0; x1 ^= k[17]; x1 += t; t = x1; t <<= 29; x1 >>= 3; x1 |= t;
                        t = k[14]; t ^= x3; x0 ^= k[15]; x0 += t; t = x0; t <<= 27; x0 >>= 5; x0 |= t;
                        t = k[12]; t ^= x2; x3 ^= k[13]; x3 += t; t = x3; t >>= 23; x3 <<= 9; x3 |= t;
                        t = k[22]; t ^= x1; x2 ^= k[23]; x2 += t; t = x2; t <<= 29; x2 >>= 3; x2 |= t;
                        t = k[20]; t ^= x0; x1 ^= k[21]; x1 += t; t = x1; t <<= 27; x1 >>= 5; x1 |= t;
                        t = k[18]; t ^= x3; x0 ^= k[19]; x0 += t; t = x0; t >>= 23; x0 <<= 9; x0 |= t;
                    }
                    p[0] = x0; p[1] = x1; p[2] = x2; p[3] = x3;
                }
            }
        }

        internal void DecryptWords(uint* p, int n)
        {
            fixed (uint* rk0 = _rk)
            {
                uint* last = rk0 + 6 * _rounds - 24; // the last four rounds' keys
                for (int blk = 0; blk < n; blk++, p += 4)
                {
                    uint x0 = p[0], x1 = p[1], x2 = p[2], x3 = p[3], t;
                    for (uint* k = last; k >= rk0; k -= 24)
                    {
                        // The four rounds of EncryptWords undone in reverse order.
                        t = (x0 >> 9) | (x0 << 23); x0 = (t - (x3 ^ k[18])) ^ k[19];
                        t = (x1 << 5) | (x1 >> 27); x1 = (t - (x0 ^ k[20])) ^ k[21];
                        t = (x2 << 3) | (x2 >> 29); x2 = (t - (x1 ^ k[22])) ^ k[23];
                        t = (x3 >> 9) | (x3 << 23); x3 = (t - (x2 ^ k[12])) ^ k[13];
                        t = (x0 << 5) | (x0 >> 27); x0 = (t - (x3 ^ k[14])) ^ k[15];
                        t = (x1 << 3) | (x1 >> 29); x1 = (t - (x0 ^ k[16])) ^ k[17];
                        t = (x2 >> 9) | (x2 << 23); x2 = (t - (x1 ^ k[6])) ^ k[7];
                        t = (x3 << 5) | (x3 >> 27); x3 = (t - (x2 ^ k[8])) ^ k[9];
                        t = (x0 << 3) | (x0 >> 29); x0 = (t - (x3 ^ k[10])) ^ k[11];
                        t = (x1 >> 9) | (x1 << 23); x1 = (t - (x0 ^ k[0])) ^ k[1];
                        t = (x2 << 5) | (x2 >> 27); x2 = (t - (x1 ^ k[2])) ^ k[3];
                        t = (x3 << 3) | (x3 >> 29); x3 = (t - (x2 ^ k[4])) ^ k[5];
                    }
                    p[0] = x0; p[1] = x1; p[2] = x2; p[3] = x3;
                }
            }
        }

        public override void EncryptBlocks(byte* o, byte* i, int n) { Run(o, i, n, true); }
        public override void DecryptBlocks(byte* o, byte* i, int n) { Run(o, i, n, false); }

        private void Run(byte* o, byte* i, int n, bool enc)
        {
            if (o != i) Buffer.MemoryCopy(i, o, (long)n * 16, (long)n * 16);
            if (!BitConverter.IsLittleEndian) SwapWords((uint*)o, 4 * n);
            if (enc) EncryptWords((uint*)o, n); else DecryptWords((uint*)o, n);
            if (!BitConverter.IsLittleEndian) SwapWords((uint*)o, 4 * n);
        }

        internal static void SwapWords(uint* p, int n)
        {
            for (int j = 0; j < n; j++)
            {
                uint v = p[j];
                p[j] = (v >> 24) | ((v >> 8) & 0xff00u) | ((v << 8) & 0xff0000u) | (v << 24);
            }
        }

        private const int Batch = 32; // blocks of keystream per pass: 512 bytes, stays in L1

        /// <summary>CTR (SP 800-38A): the whole 16-byte block is one big-endian
        /// counter, incremented per block modulo 2^128 (with inc32: only the
        /// last 32 bits, modulo 2^32, as GCM counts); ctr is updated.</summary>
        public override void CtrXor(byte* ctr, byte* o, byte* i, long len, bool inc32)
        {
            ulong hi = BigEndian64(ctr), lo = BigEndian64(ctr + 8);
            uint* ks = stackalloc uint[4 * Batch];
            // The counter's bytes read as LE words: word 0 = bytes 0..3 of the
            // big-endian counter, i.e. the byte-swapped top half of hi. Words
            // 0..2 change only when the low 32 bits wrap, so they are kept.
            uint w0 = Swap((uint)(hi >> 32)), w1 = Swap((uint)hi), w2 = Swap((uint)(lo >> 32));
            int used = 0;
            while (len > 0)
            {
                long nb = (len + 15) >> 4;
                int n = nb > Batch ? Batch : (int)nb;
                if (n > used) used = n;
                for (int b = 0; b < n; b++)
                {
                    ks[4 * b] = w0;
                    ks[4 * b + 1] = w1;
                    ks[4 * b + 2] = w2;
                    ks[4 * b + 3] = Swap((uint)lo);
                    if (inc32) lo = (lo & 0xffffffff00000000UL) | (uint)(lo + 1);
                    else if ((uint)++lo == 0) // the counter is public (the IV): branching on it is fine
                    {
                        hi += lo == 0 ? 1UL : 0UL;
                        w0 = Swap((uint)(hi >> 32)); w1 = Swap((uint)hi); w2 = Swap((uint)(lo >> 32));
                    }
                }
                EncryptWords(ks, n);
                if (!BitConverter.IsLittleEndian) SwapWords(ks, 4 * n);
                long take = len < 16L * n ? len : 16L * n;
                Xor(o, i, (byte*)ks, take);
                o += take; i += take; len -= take;
            }
            StoreBigEndian64(ctr, hi); StoreBigEndian64(ctr + 8, lo);
            for (int j = 0; j < 4 * used; j++) ks[j] = 0;
        }

        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        private static uint Swap(uint v)
        {
            return (v >> 24) | ((v >> 8) & 0xff00u) | ((v << 8) & 0xff0000u) | (v << 24);
        }
    }
}
