// The managed engine's block interface: a cipher encrypts and decrypts whole
// blocks between byte pointers (in place allowed) and may supply a faster CTR.
using System;

namespace ArxCrypt
{
    internal abstract unsafe class ManagedBlockCipher : IDisposable
    {
        public abstract int BlockSize { get; }
        public abstract void EncryptBlocks(byte* o, byte* i, int n);
        public abstract void DecryptBlocks(byte* o, byte* i, int n);
        public abstract void Dispose();

        /// <summary>CTR over any length: the block is one big-endian counter
        /// (mod 2^blockbits), or with inc32 only its last four bytes (GCM's
        /// inc32); ctr holds the next counter block afterwards.</summary>
        public virtual void CtrXor(byte* ctr, byte* o, byte* i, long len, bool inc32)
        {
            int bb = BlockSize;
            byte* ks = stackalloc byte[16];
            while (len > 0)
            {
                EncryptBlocks(ks, ctr, 1);
                int take = len < bb ? (int)len : bb;
                Xor(o, i, ks, take);
                if (inc32) Increment(ctr + bb - 4, 4); else Increment(ctr, bb);
                o += take; i += take; len -= take;
            }
            for (int j = 0; j < 16; j++) ks[j] = 0;
        }

        /// <summary>Adds 1 to the big-endian integer at p (n bytes), constant time.</summary>
        internal static void Increment(byte* p, int n)
        {
            uint carry = 1;
            for (int j = n - 1; j >= 0; j--)
            {
                carry += p[j];
                p[j] = (byte)carry;
                carry >>= 8;
            }
        }

        internal static void Xor(byte* o, byte* a, byte* b, long n)
        {
            long j = 0;
            for (; j + 8 <= n; j += 8) *(ulong*)(o + j) = *(ulong*)(a + j) ^ *(ulong*)(b + j);
            for (; j < n; j++) o[j] = (byte)(a[j] ^ b[j]);
        }

        internal static ulong BigEndian64(byte* p)
        {
            return ((ulong)p[0] << 56) | ((ulong)p[1] << 48) | ((ulong)p[2] << 40) | ((ulong)p[3] << 32) |
                   ((ulong)p[4] << 24) | ((ulong)p[5] << 16) | ((ulong)p[6] << 8) | p[7];
        }

        internal static void StoreBigEndian64(byte* p, ulong v)
        {
            for (int j = 7; j >= 0; j--) { p[j] = (byte)v; v >>= 8; }
        }
    }
}
