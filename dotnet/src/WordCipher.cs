// Helpers for the ciphers whose block is two (or four) n-bit little-endian
// words, n from 16 to 64: words live in ulongs masked to n bits.
namespace ArxCrypt
{
    internal abstract unsafe class WordCipher : ManagedBlockCipher
    {
        protected readonly int N, Wb;     // word bits, word bytes
        protected readonly ulong Mask;

        protected WordCipher(int wordBits)
        {
            N = wordBits;
            Wb = wordBits / 8;
            Mask = wordBits == 64 ? ulong.MaxValue : (1UL << wordBits) - 1;
        }

        protected ulong Rol(ulong x, int r) { return ((x << r) | (x >> (N - r))) & Mask; }
        protected ulong Ror(ulong x, int r) { return ((x >> r) | (x << (N - r))) & Mask; }

        protected ulong LoadWord(byte* p)
        {
            ulong v = 0;
            for (int j = Wb - 1; j >= 0; j--) v = (v << 8) | p[j];
            return v;
        }

        protected void StoreWord(byte* p, ulong v)
        {
            for (int j = 0; j < Wb; j++) { p[j] = (byte)v; v >>= 8; }
        }

        protected static ulong LoadWord(byte[] b, int off, int wb)
        {
            ulong v = 0;
            for (int j = wb - 1; j >= 0; j--) v = (v << 8) | b[off + j];
            return v;
        }

        public override int BlockSize { get { return 2 * Wb; } }

        // The block is (x, y) stored y then x (the designers' implementation guide).
        protected abstract void Enc(ref ulong x, ref ulong y);
        protected abstract void Dec(ref ulong x, ref ulong y);

        public override void EncryptBlocks(byte* o, byte* i, int n)
        {
            for (int b = 0; b < n; b++, o += 2 * Wb, i += 2 * Wb)
            {
                ulong y = LoadWord(i), x = LoadWord(i + Wb);
                Enc(ref x, ref y);
                StoreWord(o, y);
                StoreWord(o + Wb, x);
            }
        }

        public override void DecryptBlocks(byte* o, byte* i, int n)
        {
            for (int b = 0; b < n; b++, o += 2 * Wb, i += 2 * Wb)
            {
                ulong y = LoadWord(i), x = LoadWord(i + Wb);
                Dec(ref x, ref y);
                StoreWord(o, y);
                StoreWord(o + Wb, x);
            }
        }
    }

    /// <summary>SPECK (ePrint 2013/404): x = (ROR(x, a) + y) ^ k, y = ROL(y, b) ^ x.</summary>
    internal sealed class Speck : WordCipher
    {
        private readonly ulong[] _k;
        private readonly int _a, _b;

        public Speck(byte[] key, int n, int rounds) : base(n)
        {
            _a = n == 16 ? 7 : 8;
            _b = n == 16 ? 2 : 3;
            int m = key.Length / Wb;
            var l = new ulong[rounds + m];
            _k = new ulong[rounds];
            _k[0] = LoadWord(key, 0, Wb);
            for (int i = 0; i < m - 1; i++) l[i] = LoadWord(key, (i + 1) * Wb, Wb);
            for (int i = 0; i < rounds - 1; i++)
            {
                l[i + m - 1] = ((_k[i] + Ror(l[i], _a)) & Mask) ^ (ulong)i;
                _k[i + 1] = Rol(_k[i], _b) ^ l[i + m - 1];
            }
            System.Array.Clear(l, 0, l.Length);
        }

        protected override void Enc(ref ulong x, ref ulong y)
        {
            for (int i = 0; i < _k.Length; i++)
            {
                x = ((Ror(x, _a) + y) & Mask) ^ _k[i];
                y = Rol(y, _b) ^ x;
            }
        }

        protected override void Dec(ref ulong x, ref ulong y)
        {
            for (int i = _k.Length - 1; i >= 0; i--)
            {
                y = Ror(y ^ x, _b);
                x = Rol(((x ^ _k[i]) - y) & Mask, _a);
            }
        }

        public override void Dispose() { System.Array.Clear(_k, 0, _k.Length); }
    }

    /// <summary>SIMON (ePrint 2013/404): x, y = y ^ f(x) ^ k, x with f(x) = (S1 x AND S8 x) XOR S2 x.</summary>
    internal sealed class Simon : WordCipher
    {
        // The five constant sequences z0..z4 (ePrint 2013/404 section 3), bit i = character i.
        private static readonly string[] Z =
        {
            "11111010001001010110000111001101111101000100101011000011100110",
            "10001110111110010011000010110101000111011111001001100001011010",
            "10101111011100000011010010011000101000010001111110010110110011",
            "11011011101011000110010111100000010010001010011100110100001111",
            "11010001111001101011011000100000010111000011001010010011101111",
        };

        private readonly ulong[] _k;

        public Simon(byte[] key, int n, int rounds, int z) : base(n)
        {
            int m = key.Length / Wb;
            _k = new ulong[rounds];
            for (int i = 0; i < m; i++) _k[i] = LoadWord(key, i * Wb, Wb);
            ulong c = Mask ^ 3; // 2^n - 4
            for (int i = m; i < rounds; i++)
            {
                ulong t = Ror(_k[i - 1], 3);
                if (m == 4) t ^= _k[i - 3];
                t ^= Ror(t, 1);
                _k[i] = c ^ (ulong)(Z[z][(i - m) % 62] - '0') ^ _k[i - m] ^ t;
            }
        }

        private ulong F(ulong x) { return (Rol(x, 1) & Rol(x, 8)) ^ Rol(x, 2); }

        protected override void Enc(ref ulong x, ref ulong y)
        {
            for (int i = 0; i < _k.Length; i++)
            {
                ulong t = x;
                x = y ^ F(x) ^ _k[i];
                y = t;
            }
        }

        protected override void Dec(ref ulong x, ref ulong y)
        {
            for (int i = _k.Length - 1; i >= 0; i--)
            {
                ulong t = y;
                y = x ^ F(y) ^ _k[i];
                x = t;
            }
        }

        public override void Dispose() { System.Array.Clear(_k, 0, _k.Length); }
    }

    /// <summary>SIMECK (Yang et al., CHES 2015): SIMON's structure with f(x) = (x AND S5 x) XOR S1 x
    /// and a key schedule that runs the round function itself with constants C XOR z_i.</summary>
    internal sealed class Simeck : WordCipher
    {
        private readonly ulong[] _k;

        public Simeck(byte[] key, int n, int rounds, ulong z) : base(n)
        {
            _k = new ulong[rounds];
            ulong k = LoadWord(key, 0, Wb), t0 = LoadWord(key, Wb, Wb), t1 = LoadWord(key, 2 * Wb, Wb), t2 = LoadWord(key, 3 * Wb, Wb);
            ulong c = Mask ^ 3; // C = 2^n - 4
            for (int i = 0; i < rounds; i++)
            {
                _k[i] = k;
                ulong nt = k ^ F(t0) ^ c ^ ((z >> i) & 1);
                k = t0; t0 = t1; t1 = t2; t2 = nt;
            }
        }

        private ulong F(ulong x) { return (x & Rol(x, 5)) ^ Rol(x, 1); }

        protected override void Enc(ref ulong x, ref ulong y)
        {
            for (int i = 0; i < _k.Length; i++)
            {
                ulong t = x;
                x = y ^ F(x) ^ _k[i];
                y = t;
            }
        }

        protected override void Dec(ref ulong x, ref ulong y)
        {
            for (int i = _k.Length - 1; i >= 0; i--)
            {
                ulong t = y;
                y = x ^ F(y) ^ _k[i];
                x = t;
            }
        }

        public override void Dispose() { System.Array.Clear(_k, 0, _k.Length); }
    }
}
