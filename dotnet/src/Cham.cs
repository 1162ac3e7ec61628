// CHAM (Koo et al., ICISC 2017; round counts of the ICISC 2019 revision, or
// the original ones for the "-legacy" names): a four-branch generalised
// Feistel network over w = 16- or 32-bit little-endian words, word 0 first.
namespace ArxCrypt
{
    internal sealed unsafe class Cham : ManagedBlockCipher
    {
        private readonly uint[] _rk; // 2k/w round keys, used cyclically
        private readonly int _w, _wb, _rounds;
        private readonly uint _mask;

        public override int BlockSize { get { return 4 * _wb; } }

        private uint Rol(uint x, int r) { return ((x << r) | (x >> (_w - r))) & _mask; }
        private uint Ror(uint x, int r) { return ((x >> r) | (x << (_w - r))) & _mask; }

        private uint Load(byte* p) { return _wb == 2 ? (uint)(p[0] | p[1] << 8) : (uint)(p[0] | p[1] << 8 | p[2] << 16 | p[3] << 24); }

        private void Store(byte* p, uint v)
        {
            for (int j = 0; j < _wb; j++) { p[j] = (byte)v; v >>= 8; }
        }

        public Cham(byte[] key, int wordBits, int rounds)
        {
            _w = wordBits;
            _wb = wordBits / 8;
            _mask = wordBits == 32 ? uint.MaxValue : (1u << wordBits) - 1;
            _rounds = rounds;
            int nk = key.Length / _wb;
            _rk = new uint[2 * nk];
            fixed (byte* pk = key)
                for (int i = 0; i < nk; i++)
                {
                    // key schedule, section 2.2 of the paper
                    uint k = Load(pk + i * _wb), t = k ^ Rol(k, 1);
                    _rk[i] = t ^ Rol(k, 8);
                    _rk[(i + nk) ^ 1] = t ^ Rol(k, 11);
                }
        }

        public override void EncryptBlocks(byte* o, byte* i, int n)
        {
            int bb = 4 * _wb, nrk = _rk.Length;
            for (int b = 0; b < n; b++, o += bb, i += bb)
            {
                uint x0 = Load(i), x1 = Load(i + _wb), x2 = Load(i + 2 * _wb), x3 = Load(i + 3 * _wb);
                for (int r = 0; r < _rounds; r++)
                {
                    // even rounds: ROL 1 inside, 8 outside; odd rounds the other way round
                    uint s = (r & 1) == 0 ? Rol(x1, 1) : Rol(x1, 8);
                    uint t = ((x0 ^ (uint)r) + (s ^ _rk[r % nrk])) & _mask;
                    t = (r & 1) == 0 ? Rol(t, 8) : Rol(t, 1);
                    x0 = x1; x1 = x2; x2 = x3; x3 = t;
                }
                Store(o, x0); Store(o + _wb, x1); Store(o + 2 * _wb, x2); Store(o + 3 * _wb, x3);
            }
        }

        public override void DecryptBlocks(byte* o, byte* i, int n)
        {
            int bb = 4 * _wb, nrk = _rk.Length;
            for (int b = 0; b < n; b++, o += bb, i += bb)
            {
                uint x0 = Load(i), x1 = Load(i + _wb), x2 = Load(i + 2 * _wb), x3 = Load(i + 3 * _wb);
                for (int r = _rounds - 1; r >= 0; r--)
                {
                    // (x0, x1, x2, x3) = (X1, X2, X3, t) of round r: recover X0
                    uint t = (r & 1) == 0 ? Ror(x3, 8) : Ror(x3, 1);
                    uint s = (r & 1) == 0 ? Rol(x0, 1) : Rol(x0, 8);
                    uint prev = ((t - (s ^ _rk[r % nrk])) & _mask) ^ (uint)r;
                    x3 = x2; x2 = x1; x1 = x0; x0 = prev;
                }
                Store(o, x0); Store(o + _wb, x1); Store(o + 2 * _wb, x2); Store(o + 3 * _wb, x3);
            }
        }

        public override void Dispose() { System.Array.Clear(_rk, 0, _rk.Length); }
    }
}
