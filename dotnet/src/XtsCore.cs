// The XTS engine interface and its two engines. ArxXts checks every argument
// (key length and halves, tweak, data unit and sector sizes, overlap) before
// it calls these, so both engines give the same errors for the same mistakes.
using System;

namespace ArxCrypt
{
    internal abstract unsafe class XtsCore : IDisposable
    {
        public abstract ArxEngineKind Engine { get; }

        /// <summary>One data unit of len bytes (16 to 2^20 blocks) under a 16-byte tweak; o == i allowed.</summary>
        public abstract void Unit(bool encrypt, byte* tweak, byte* o, byte* i, int len);

        /// <summary>count data units of sectorBytes each, tweaks firstSector, firstSector + 1, ...
        /// (mod 2^64) as plain64: the sector number little-endian, zero padded.</summary>
        public virtual void Sectors(bool encrypt, ulong firstSector, int sectorBytes, long count, byte* o, byte* i)
        {
            byte* tweak = stackalloc byte[16];
            for (long s = 0; s < count; s++)
            {
                ArxXts.StoreSector(tweak, unchecked(firstSector + (ulong)s));
                Unit(encrypt, tweak, o + s * sectorBytes, i + s * sectorBytes, sectorBytes);
            }
        }

        public abstract void Dispose();
    }

    /// <summary>XTS over two managed block ciphers (IEEE 1619-2018): T = E(K2, tweak),
    /// block j is E(K1, P xor T_j) xor T_j, T_{j+1} = T_j * alpha in GF(2^128) (a
    /// shift and a masked xor of 0x87, no branch on the tweak), ciphertext stealing
    /// for a partial last block. Blocks go to the cipher in batches, their tweaks
    /// kept beside them.</summary>
    internal sealed unsafe class ManagedXts : XtsCore
    {
        private const int Batch = 32;
        private readonly ManagedBlockCipher _data, _tweak;

        public override ArxEngineKind Engine { get { return ArxEngineKind.Managed; } }

        /// <summary>key = data key || tweak key, its length and halves checked by ArxXts.</summary>
        public ManagedXts(string cipher, byte[] key)
        {
            int bb, kb;
            ArxEngine.Describe(cipher, ArxEngineKind.Managed, out bb, out kb);
            var k1 = new byte[kb];
            var k2 = new byte[kb];
            Buffer.BlockCopy(key, 0, k1, 0, kb);
            Buffer.BlockCopy(key, kb, k2, 0, kb);
            ManagedCiphers.Entry e = ManagedCiphers.All[cipher];
            _data = e.Make(k1);
            _tweak = e.Make(k2);
            Array.Clear(k1, 0, kb);
            Array.Clear(k2, 0, kb);
        }

        public override void Dispose()
        {
            _data.Dispose();
            _tweak.Dispose();
        }

        internal static ulong Le64(byte* p)
        {
            ulong v = 0;
            for (int j = 7; j >= 0; j--) v = (v << 8) | p[j];
            return v;
        }

        internal static void StoreLe64(byte* p, ulong v)
        {
            for (int j = 0; j < 8; j++) { p[j] = (byte)v; v >>= 8; }
        }

        /// <summary>(lo, hi) = (lo, hi) * alpha mod x^128 + x^7 + x^2 + x + 1, constant time.</summary>
        internal static void MulAlpha(ref ulong lo, ref ulong hi)
        {
            ulong carry = (ulong)((long)hi >> 63); // all ones when bit 127 is set
            hi = (hi << 1) | (lo >> 63);
            lo = (lo << 1) ^ (carry & 0x87);
        }

        /// <summary>dst = E or D(K1, src xor t) xor t, through tmp (src may be dst).</summary>
        private void Block(bool enc, byte* src, byte* t, byte* dst, byte* tmp)
        {
            ManagedBlockCipher.Xor(tmp, src, t, 16);
            if (enc) _data.EncryptBlocks(tmp, tmp, 1);
            else _data.DecryptBlocks(tmp, tmp, 1);
            ManagedBlockCipher.Xor(dst, tmp, t, 16);
        }

        public override void Unit(bool enc, byte* tweak, byte* o, byte* i, int len)
        {
            byte* buf = stackalloc byte[Batch * 16];
            byte* tw = stackalloc byte[Batch * 16]; // the batch's tweaks
            _tweak.EncryptBlocks(tw, tweak, 1);
            ulong lo = Le64(tw), hi = Le64(tw + 8);
            int r = len & 15;
            int plain = (len >> 4) - (r != 0 ? 1 : 0); // blocks before the stealing pair
            for (int b = 0; b < plain;)
            {
                int n = Math.Min(Batch, plain - b);
                for (int j = 0; j < n; j++)
                {
                    StoreLe64(tw + 16 * j, lo);
                    StoreLe64(tw + 16 * j + 8, hi);
                    ManagedBlockCipher.Xor(buf + 16 * j, i + 16 * (b + j), tw + 16 * j, 16);
                    MulAlpha(ref lo, ref hi);
                }
                if (enc) _data.EncryptBlocks(buf, buf, n);
                else _data.DecryptBlocks(buf, buf, n);
                ManagedBlockCipher.Xor(o + 16 * b, buf, tw, 16 * n);
                b += n;
            }
            if (r != 0)
            {
                // the last whole block (T_{m-1}) and the r-byte partial one (T_m)
                byte* p = i + 16 * plain, q = o + 16 * plain;
                byte* t1 = tw, t2 = tw + 16, pair = buf, last = buf + 16, tmp = buf + 32;
                StoreLe64(t1, lo);
                StoreLe64(t1 + 8, hi);
                MulAlpha(ref lo, ref hi);
                StoreLe64(t2, lo);
                StoreLe64(t2 + 8, hi);
                // encryption: CC = E(P_{m-1}, T_{m-1}); decryption: PP = D(C_{m-1}, T_m)
                Block(enc, p, enc ? t1 : t2, pair, tmp);
                for (int j = 0; j < r; j++) last[j] = p[16 + j];   // the partial block's bytes
                for (int j = r; j < 16; j++) last[j] = pair[j];    // with the stolen tail
                for (int j = 0; j < r; j++) q[16 + j] = pair[j];   // the partial output block
                Block(enc, last, enc ? t2 : t1, q, tmp);
            }
            for (int j = 0; j < Batch * 16; j++) buf[j] = tw[j] = 0;
            lo = hi = 0;
        }
    }

    /// <summary>libarxcrypt's arx_xts (its SIMD kernels and its own sectors call).</summary>
    internal sealed unsafe class NativeXts : XtsCore
    {
        private readonly NativeXtsHandle _x;

        public override ArxEngineKind Engine { get { return ArxEngineKind.Native; } }

        public NativeXts(string cipher, byte[] key)
        {
            IntPtr c = NativeKey.Lookup(cipher);
            int rc;
            fixed (byte* pk = key) rc = NativeMethods.arx_xts_new(out _x, c, pk, (UIntPtr)key.Length, null);
            if (rc == NativeMethods.ARX_ERR_XTS_KEY) throw ArxXts.EqualHalves();
            NativeKey.Status(rc);
        }

        public override void Unit(bool enc, byte* tweak, byte* o, byte* i, int len)
        {
            UIntPtr n = (UIntPtr)(uint)len, t = (UIntPtr)16u;
            NativeKey.Status(enc ? NativeMethods.arx_xts_encrypt(_x, tweak, t, o, i, n) : NativeMethods.arx_xts_decrypt(_x, tweak, t, o, i, n));
        }

        public override void Sectors(bool enc, ulong first, int sectorBytes, long count, byte* o, byte* i)
        {
            UIntPtr sb = (UIntPtr)(uint)sectorBytes, n = (UIntPtr)(ulong)count;
            NativeKey.Status(enc ? NativeMethods.arx_xts_encrypt_sectors(_x, first, sb, n, o, i)
                       : NativeMethods.arx_xts_decrypt_sectors(_x, first, sb, n, o, i));
        }

        public override void Dispose() { _x.Dispose(); }
    }
}
