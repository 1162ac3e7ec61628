// HIGHT (Hong et al., CHES 2006; KS X 1213, ISO/IEC 18033-3): 64-bit block,
// 128-bit key, 32 rounds on eight bytes. Bytes as KISA's reference code
// orders them: block byte i is P_i, key byte i is MK_i.
namespace ArxCrypt
{
    internal sealed unsafe class Hight : ManagedBlockCipher
    {
        private readonly byte[] _wk = new byte[8], _sk = new byte[128];

        public override int BlockSize { get { return 8; } }

        private static byte Rol(int x, int r) { return (byte)((x << r) | (x >> (8 - r))); }
        private static byte F0(byte x) { return (byte)(Rol(x, 1) ^ Rol(x, 2) ^ Rol(x, 7)); }
        private static byte F1(byte x) { return (byte)(Rol(x, 3) ^ Rol(x, 4) ^ Rol(x, 6)); }

        public Hight(byte[] mk)
        {
            for (int i = 0; i < 4; i++) { _wk[i] = mk[i + 12]; _wk[i + 4] = mk[i]; }
            // delta_0 = 0x5a; then the 7-bit LFSR s_{i+7} = s_{i+3} XOR s_i (x^7 + x^3 + 1)
            int[] delta = new int[128];
            delta[0] = 0x5a;
            for (int i = 1; i < 128; i++)
            {
                int d = delta[i - 1];
                delta[i] = (d >> 1) | ((((d >> 3) ^ d) & 1) << 6);
            }
            for (int i = 0; i < 8; i++)
                for (int j = 0; j < 8; j++)
                {
                    _sk[16 * i + j] = (byte)(mk[(j - i) & 7] + delta[16 * i + j]);
                    _sk[16 * i + j + 8] = (byte)(mk[((j - i) & 7) + 8] + delta[16 * i + j + 8]);
                }
        }

        public override void EncryptBlocks(byte* o, byte* i, int n)
        {
            byte* x = stackalloc byte[8];
            byte* y = stackalloc byte[8];
            for (int b = 0; b < n; b++, o += 8, i += 8)
            {
                for (int j = 0; j < 8; j++) x[j] = i[j];
                x[0] += _wk[0]; x[2] ^= _wk[1]; x[4] += _wk[2]; x[6] ^= _wk[3];
                for (int r = 0; r < 32; r++)
                {
                    int k = 4 * r;
                    y[1] = (byte)(x[1] + (F1(x[0]) ^ _sk[k]));
                    y[3] = (byte)(x[3] ^ (F0(x[2]) + _sk[k + 1]));
                    y[5] = (byte)(x[5] + (F1(x[4]) ^ _sk[k + 2]));
                    y[7] = (byte)(x[7] ^ (F0(x[6]) + _sk[k + 3]));
                    if (r < 31) // rounds 1..31 rotate the bytes one place; the last does not
                    {
                        byte x0 = x[0], x2 = x[2], x4 = x[4], x6 = x[6];
                        x[0] = y[7]; x[1] = x0; x[2] = y[1]; x[3] = x2; x[4] = y[3]; x[5] = x4; x[6] = y[5]; x[7] = x6;
                    }
                    else { x[1] = y[1]; x[3] = y[3]; x[5] = y[5]; x[7] = y[7]; }
                }
                x[0] += _wk[4]; x[2] ^= _wk[5]; x[4] += _wk[6]; x[6] ^= _wk[7];
                for (int j = 0; j < 8; j++) o[j] = x[j];
            }
            for (int j = 0; j < 8; j++) x[j] = y[j] = 0;
        }

        public override void DecryptBlocks(byte* o, byte* i, int n)
        {
            byte* x = stackalloc byte[8];
            for (int b = 0; b < n; b++, o += 8, i += 8)
            {
                for (int j = 0; j < 8; j++) x[j] = i[j];
                x[0] -= _wk[4]; x[2] ^= _wk[5]; x[4] -= _wk[6]; x[6] ^= _wk[7];
                for (int r = 31; r >= 0; r--)
                {
                    int k = 4 * r;
                    if (r < 31) // undo the rotation: the even bytes come back from the odd places
                    {
                        byte y0 = x[0], y2 = x[2], y4 = x[4], y6 = x[6];
                        x[0] = x[1]; x[2] = x[3]; x[4] = x[5]; x[6] = x[7];
                        x[1] = y2; x[3] = y4; x[5] = y6; x[7] = y0;
                    }
                    x[1] = (byte)(x[1] - (F1(x[0]) ^ _sk[k]));
                    x[3] = (byte)(x[3] ^ (F0(x[2]) + _sk[k + 1]));
                    x[5] = (byte)(x[5] - (F1(x[4]) ^ _sk[k + 2]));
                    x[7] = (byte)(x[7] ^ (F0(x[6]) + _sk[k + 3]));
                }
                x[0] -= _wk[0]; x[2] ^= _wk[1]; x[4] -= _wk[2]; x[6] ^= _wk[3];
                for (int j = 0; j < 8; j++) o[j] = x[j];
            }
            for (int j = 0; j < 8; j++) x[j] = 0;
        }

        public override void Dispose()
        {
            System.Array.Clear(_wk, 0, 8);
            System.Array.Clear(_sk, 0, 128);
        }
    }
}
