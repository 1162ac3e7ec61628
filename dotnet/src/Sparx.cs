// SPARX-64/128, SPARX-128/128 and SPARX-128/256 for the managed engine.
namespace ArxCrypt
{
    /// <summary>SPARX (Dinu et al., ASIACRYPT 2016): branches of two 16-bit words; a step is ra
    /// keyed SPECKEY rounds on every branch, then the linear layer (L for two branches, L' for
    /// four); a whitening key ends it. 16-bit little-endian words, word 0 first.</summary>
    internal sealed unsafe class Sparx : ManagedBlockCipher
    {
        private readonly int _nb, _ra, _steps;
        private readonly ushort[][] _rk; // row nb * step + branch: 2 * ra words; row nb * steps whitens

        public override int BlockSize { get { return 4 * _nb; } }

        private static ushort Rol(int x, int r) { x &= 0xffff; return (ushort)((x << r) | (x >> (16 - r))); }

        // SPECKEY, the ARX-box: one SPECK-32 round without key
        private static void A(ref ushort l, ref ushort r)
        {
            l = (ushort)(Rol(l, 9) + r);   // ROR 7, add
            r = (ushort)(Rol(r, 2) ^ l);
        }

        private static void AInv(ref ushort l, ref ushort r)
        {
            r = Rol(r ^ l, 14);            // ROR 2
            l = Rol((ushort)(l - r), 7);
        }

        public Sparx(byte[] key, int branches, int roundsPerStep, int steps)
        {
            _nb = branches; _ra = roundsPerStep; _steps = steps;
            int kw = key.Length / 2;
            var k = new ushort[kw];
            for (int i = 0; i < kw; i++) k[i] = (ushort)(key[2 * i] | key[2 * i + 1] << 8);
            _rk = new ushort[branches * steps + 1][];
            for (int c = 0; c < _rk.Length; c++)
            {
                _rk[c] = new ushort[2 * roundsPerStep];
                System.Array.Copy(k, _rk[c], 2 * roundsPerStep);
                NextKeyState(k, (ushort)(c + 1));
            }
            System.Array.Clear(k, 0, kw);
        }

        /// <summary>The key-state permutation of each variant, counter c added where the paper
        /// adds it; then the 32-bit key words rotate right (by three for the 256-bit key).</summary>
        private void NextKeyState(ushort[] k, ushort c)
        {
            A(ref k[0], ref k[1]);
            k[2] += k[0];
            k[3] += k[1];
            int by;
            if (k.Length == 16)          // SPARX-128/256
            {
                A(ref k[8], ref k[9]);
                k[10] += k[8];
                k[11] = (ushort)(k[11] + k[9] + c);
                by = 6;
            }
            else if (_nb == 4)           // SPARX-128/128
            {
                A(ref k[4], ref k[5]);
                k[6] += k[4];
                k[7] = (ushort)(k[7] + k[5] + c);
                by = 2;
            }
            else                         // SPARX-64/128
            {
                k[7] += c;
                by = 2;
            }
            var t = new ushort[k.Length];
            for (int i = 0; i < k.Length; i++) t[(i + by) % k.Length] = k[i];
            System.Array.Copy(t, k, k.Length);
            System.Array.Clear(t, 0, t.Length);
        }

        private void Linear(ushort* x)
        {
            if (_nb == 2)
            {
                ushort t = Rol(x[0] ^ x[1], 8);
                ushort y2 = (ushort)(x[2] ^ x[0] ^ t), y3 = (ushort)(x[3] ^ x[1] ^ t);
                x[2] = x[0]; x[3] = x[1]; x[0] = y2; x[1] = y3;
            }
            else
            {
                ushort t = Rol(x[0] ^ x[1] ^ x[2] ^ x[3], 8);
                ushort y4 = (ushort)(x[4] ^ x[2] ^ t), y5 = (ushort)(x[5] ^ x[1] ^ t);
                ushort y6 = (ushort)(x[6] ^ x[0] ^ t), y7 = (ushort)(x[7] ^ x[3] ^ t);
                for (int j = 0; j < 4; j++) x[4 + j] = x[j];
                x[0] = y4; x[1] = y5; x[2] = y6; x[3] = y7;
            }
        }

        private void LinearInv(ushort* x)
        {
            if (_nb == 2)
            {
                ushort t = Rol(x[2] ^ x[3], 8);
                ushort x2 = (ushort)(x[0] ^ x[2] ^ t), x3 = (ushort)(x[1] ^ x[3] ^ t);
                x[0] = x[2]; x[1] = x[3]; x[2] = x2; x[3] = x3;
            }
            else
            {
                ushort t = Rol(x[4] ^ x[5] ^ x[6] ^ x[7], 8);
                ushort x4 = (ushort)(x[0] ^ x[6] ^ t), x5 = (ushort)(x[1] ^ x[5] ^ t);
                ushort x6 = (ushort)(x[2] ^ x[4] ^ t), x7 = (ushort)(x[3] ^ x[7] ^ t);
                for (int j = 0; j < 4; j++) x[j] = x[4 + j];
                x[4] = x4; x[5] = x5; x[6] = x6; x[7] = x7;
            }
        }

        public override void EncryptBlocks(byte* o, byte* i, int n)
        {
            int w = 2 * _nb;
            ushort* x = stackalloc ushort[8];
            ushort[] white = _rk[_nb * _steps];
            for (int b = 0; b < n; b++, o += 2 * w, i += 2 * w)
            {
                for (int j = 0; j < w; j++) x[j] = (ushort)(i[2 * j] | i[2 * j + 1] << 8);
                for (int s = 0; s < _steps; s++)
                {
                    for (int br = 0; br < _nb; br++)
                    {
                        ushort[] k = _rk[_nb * s + br];
                        for (int r = 0; r < _ra; r++)
                        {
                            x[2 * br] ^= k[2 * r];
                            x[2 * br + 1] ^= k[2 * r + 1];
                            A(ref x[2 * br], ref x[2 * br + 1]);
                        }
                    }
                    Linear(x);
                }
                for (int j = 0; j < w; j++)
                {
                    ushort v = (ushort)(x[j] ^ white[j]);
                    o[2 * j] = (byte)v; o[2 * j + 1] = (byte)(v >> 8);
                }
            }
            for (int j = 0; j < 8; j++) x[j] = 0;
        }

        public override void DecryptBlocks(byte* o, byte* i, int n)
        {
            int w = 2 * _nb;
            ushort* x = stackalloc ushort[8];
            ushort[] white = _rk[_nb * _steps];
            for (int b = 0; b < n; b++, o += 2 * w, i += 2 * w)
            {
                for (int j = 0; j < w; j++) x[j] = (ushort)((i[2 * j] | i[2 * j + 1] << 8) ^ white[j]);
                for (int s = _steps - 1; s >= 0; s--)
                {
                    LinearInv(x);
                    for (int br = 0; br < _nb; br++)
                    {
                        ushort[] k = _rk[_nb * s + br];
                        for (int r = _ra - 1; r >= 0; r--)
                        {
                            AInv(ref x[2 * br], ref x[2 * br + 1]);
                            x[2 * br] ^= k[2 * r];
                            x[2 * br + 1] ^= k[2 * r + 1];
                        }
                    }
                }
                for (int j = 0; j < w; j++) { o[2 * j] = (byte)x[j]; o[2 * j + 1] = (byte)(x[j] >> 8); }
            }
            for (int j = 0; j < 8; j++) x[j] = 0;
        }

        public override void Dispose() { foreach (var r in _rk) System.Array.Clear(r, 0, r.Length); }
    }
}
