// The managed engine: the modes written over ManagedBlockCipher in C#, to the
// same conventions as the C library (include/arxcrypt.h): CTR counts the whole
// block big-endian, GCM uses inc32, CFB has full-block segments and a partial
// last block. Its ciphers are in ManagedCiphers; others need the native engine.
using System;
using System.Security.Cryptography;
using Seg = System.ArraySegment<byte>;

namespace ArxCrypt
{
    internal sealed unsafe class ManagedKey : KeyCore
    {
        private readonly ManagedBlockCipher _c;
        private readonly int _bb;
        private ulong _hh, _hl;      // GHASH key H = E(0), made with the key: nothing
                                     // changes after construction, so threads may share it

        public override ArxEngineKind Engine { get { return ArxEngineKind.Managed; } }

        public ManagedKey(string cipher, byte[] key)
        {
            int bb, kb;
            ArxEngine.Describe(cipher, ArxEngineKind.Managed, out bb, out kb);
            if (key.Length != kb) throw Check.KeyLength(cipher, kb, key.Length);
            Cipher = cipher;
            _c = ManagedCiphers.All[cipher].Make(key);
            _bb = BlockSize = _c.BlockSize;
            if (_bb == 16) HashKey();
        }

        public override void Dispose()
        {
            _c.Dispose();
            _hh = _hl = 0;
        }

        public override void Ecb(bool enc, byte[] input, int io, byte[] output, int oo, int len)
        {
            fixed (byte* pi = input) fixed (byte* po = output)
            {
                if (enc) _c.EncryptBlocks(po + oo, pi + io, len / _bb);
                else _c.DecryptBlocks(po + oo, pi + io, len / _bb);
            }
        }

        public override void Cbc(bool enc, byte[] iv, byte[] input, int io, byte[] output, int oo, int len)
        {
            fixed (byte* pv = iv) fixed (byte* pi = input) fixed (byte* po = output)
                CbcRaw(enc, pv, pi + io, po + oo, len);
        }

        private void CbcRaw(bool enc, byte* iv, byte* i, byte* o, int len)
        {
            int bb = _bb;
            byte* chain = stackalloc byte[16];
            byte* save = stackalloc byte[16];
            Buffer.MemoryCopy(iv, chain, 16, bb);
            for (int off = 0; off < len; off += bb)
            {
                if (enc)
                {
                    ManagedBlockCipher.Xor(o + off, i + off, chain, bb);
                    _c.EncryptBlocks(o + off, o + off, 1);
                    Buffer.MemoryCopy(o + off, chain, 16, bb);
                }
                else
                {
                    Buffer.MemoryCopy(i + off, save, 16, bb); // in place: keep C_i
                    _c.DecryptBlocks(o + off, i + off, 1);
                    ManagedBlockCipher.Xor(o + off, o + off, chain, bb);
                    Buffer.MemoryCopy(save, chain, 16, bb);
                }
            }
            for (int j = 0; j < 16; j++) chain[j] = save[j] = 0;
        }

        public override int CbcPad(bool enc, byte[] iv, byte[] input, int io, int len, byte[] output, int oo, int cap)
        {
            int bb = _bb;
            fixed (byte* pv = iv) fixed (byte* pi = input) fixed (byte* po = output)
            {
                if (enc)
                {
                    int full = len - len % bb, pad = bb - len % bb;
                    byte* last = stackalloc byte[16];
                    for (int j = 0; j < bb; j++) last[j] = j < len - full ? pi[io + full + j] : (byte)pad;
                    CbcRaw(true, pv, pi + io, po + oo, full);
                    byte* chain = full == 0 ? pv : po + oo + full - bb;
                    CbcRaw(true, chain, last, po + oo + full, bb);
                    for (int j = 0; j < 16; j++) last[j] = 0;
                    return full + bb;
                }
                // Decrypt all but the last block into the output, the last into a
                // scratch block, then check the padding in constant time.
                byte* tail = stackalloc byte[16];
                byte* prev = stackalloc byte[16];
                Buffer.MemoryCopy(len == bb ? pv : pi + io + len - 2 * bb, prev, 16, bb);
                Buffer.MemoryCopy(pi + io + len - bb, tail, 16, bb);
                CbcRaw(false, pv, pi + io, po + oo, len - bb);
                CbcRaw(false, prev, tail, tail, bb);
                int p = tail[bb - 1];
                // good = 1 <= p <= bb and the last p bytes all equal p
                int bad = ((p - 1) >> 31) | ((bb - p) >> 31);
                for (int j = 0; j < bb; j++)
                {
                    int inPad = ((bb - 1 - j) - p) >> 31; // -1 when j >= bb - p
                    bad |= inPad & ((tail[j] ^ p) | -(tail[j] ^ p)) >> 31;
                }
                int keep = bb - (p & ~bad);
                if (bad != 0)
                {
                    for (int j = 0; j < len - 1 && j < cap; j++) po[oo + j] = 0;
                    for (int j = 0; j < 16; j++) tail[j] = 0;
                    return -1;
                }
                for (int j = 0; j < keep; j++) po[oo + len - bb + j] = tail[j];
                for (int j = 0; j < 16; j++) tail[j] = prev[j] = 0;
                return len - bb + keep;
            }
        }

        public override void Cfb(bool enc, byte[] iv, byte[] input, int io, byte[] output, int oo, int len)
        {
            int bb = _bb;
            fixed (byte* pv = iv) fixed (byte* pi0 = input) fixed (byte* po0 = output)
            {
                byte* pi = pi0 + io, po = po0 + oo;
                byte* reg = stackalloc byte[16];
                byte* save = stackalloc byte[16];
                Buffer.MemoryCopy(pv, reg, 16, bb);
                for (int off = 0; off < len; off += bb)
                {
                    int n = len - off < bb ? len - off : bb;
                    _c.EncryptBlocks(reg, reg, 1);
                    if (!enc) Buffer.MemoryCopy(pi + off, save, 16, n); // C_i before an in-place write
                    ManagedBlockCipher.Xor(po + off, pi + off, reg, n);
                    Buffer.MemoryCopy(enc ? po + off : save, reg, 16, n);
                }
                for (int j = 0; j < 16; j++) reg[j] = save[j] = 0;
            }
        }

        public override void Ofb(byte[] iv, byte[] input, int io, byte[] output, int oo, int len)
        {
            int bb = _bb;
            fixed (byte* pv = iv) fixed (byte* pi = input) fixed (byte* po = output)
            {
                byte* reg = stackalloc byte[16];
                Buffer.MemoryCopy(pv, reg, 16, bb);
                for (int off = 0; off < len; off += bb)
                {
                    int n = len - off < bb ? len - off : bb;
                    _c.EncryptBlocks(reg, reg, 1);
                    ManagedBlockCipher.Xor(po + oo + off, pi + io + off, reg, n);
                }
                for (int j = 0; j < 16; j++) reg[j] = 0;
            }
        }

        public override void Ctr(byte[] iv, byte[] input, int io, byte[] output, int oo, int len)
        {
            fixed (byte* pv = iv) fixed (byte* pi = input) fixed (byte* po = output)
            {
                byte* ctr = stackalloc byte[16];
                Buffer.MemoryCopy(pv, ctr, 16, _bb);
                _c.CtrXor(ctr, po + oo, pi + io, len, false);
                for (int j = 0; j < 16; j++) ctr[j] = 0;
            }
        }

        // ---- GCM (SP 800-38D) ----

        private void HashKey()
        {
            byte* z = stackalloc byte[16];
            for (int j = 0; j < 16; j++) z[j] = 0;
            _c.EncryptBlocks(z, z, 1);
            _hh = ManagedBlockCipher.BigEndian64(z);
            _hl = ManagedBlockCipher.BigEndian64(z + 8);
            for (int j = 0; j < 16; j++) z[j] = 0;
        }

        /// <summary>J0 from the nonce (section 7.1 step 2).</summary>
        private void J0(byte* nonce, int n, byte* j0)
        {
            if (n == 12)
            {
                Buffer.MemoryCopy(nonce, j0, 16, 12);
                j0[12] = j0[13] = j0[14] = 0; j0[15] = 1;
                return;
            }
            ulong yh = 0, yl = 0;
            Ghash.Update(ref yh, ref yl, _hh, _hl, nonce, n);
            yl ^= (ulong)n * 8;
            Ghash.Mul(ref yh, ref yl, _hh, _hl);
            ManagedBlockCipher.StoreBigEndian64(j0, yh);
            ManagedBlockCipher.StoreBigEndian64(j0 + 8, yl);
        }

        /// <summary>The full tag E(J0) ^ GHASH(A, C) into full (16 bytes).</summary>
        private void GcmTag(byte* j0, byte* aad, int alen, byte* c, int clen, byte* full)
        {
            ulong yh = 0, yl = 0;
            Ghash.Update(ref yh, ref yl, _hh, _hl, aad, alen);
            Ghash.Update(ref yh, ref yl, _hh, _hl, c, clen);
            yh ^= (ulong)alen * 8;
            yl ^= (ulong)clen * 8;
            Ghash.Mul(ref yh, ref yl, _hh, _hl);
            _c.EncryptBlocks(full, j0, 1);
            ManagedBlockCipher.StoreBigEndian64(j0, yh); // j0 is done with: reuse it
            ManagedBlockCipher.StoreBigEndian64(j0 + 8, yl);
            ManagedBlockCipher.Xor(full, full, j0, 16);
        }

        private static void Inc32(byte* b)
        {
            uint v = ((uint)b[12] << 24 | (uint)b[13] << 16 | (uint)b[14] << 8 | b[15]) + 1;
            b[12] = (byte)(v >> 24); b[13] = (byte)(v >> 16); b[14] = (byte)(v >> 8); b[15] = (byte)v;
        }

        private static void Wipe(byte* p, int n) { for (int j = 0; j < n; j++) p[j] = 0; }

        public override void GcmEncrypt(Seg nonce, Seg aad, Seg input, Seg output, Seg tag)
        {
            int alen = aad.Count, len = input.Count, tlen = tag.Count;
            fixed (byte* pn0 = nonce.Array) fixed (byte* pa0 = aad.Array) fixed (byte* pi0 = input.Array) fixed (byte* po0 = output.Array)
            fixed (byte* pt0 = tag.Array)
            {
                byte* pn = pn0 + nonce.Offset, pa = pa0 + aad.Offset, pi = pi0 + input.Offset, po = po0 + output.Offset, pt = pt0 + tag.Offset;
                byte* j0 = stackalloc byte[16];
                byte* ctr = stackalloc byte[16];
                byte* full = stackalloc byte[16];
                J0(pn, nonce.Count, j0);
                Buffer.MemoryCopy(j0, ctr, 16, 16);
                Inc32(ctr);
                _c.CtrXor(ctr, po, pi, len, true);
                GcmTag(j0, pa, alen, po, len, full);
                Buffer.MemoryCopy(full, pt, tlen, tlen);
                Wipe(j0, 16); Wipe(ctr, 16); Wipe(full, 16);
            }
        }

        public override bool GcmDecrypt(Seg nonce, Seg aad, Seg input, Seg output, Seg tag)
        {
            int alen = aad.Count, len = input.Count, tlen = tag.Count;
            fixed (byte* pn0 = nonce.Array) fixed (byte* pa0 = aad.Array) fixed (byte* pi0 = input.Array) fixed (byte* po0 = output.Array)
            fixed (byte* pt0 = tag.Array)
            {
                byte* pn = pn0 + nonce.Offset, pa = pa0 + aad.Offset, pi = pi0 + input.Offset, po = po0 + output.Offset, pt = pt0 + tag.Offset;
                byte* j0 = stackalloc byte[16];
                byte* ctr = stackalloc byte[16];
                byte* full = stackalloc byte[16];
                J0(pn, nonce.Count, j0);
                Buffer.MemoryCopy(j0, ctr, 16, 16);
                Inc32(ctr);
                // The tag is over the ciphertext: check it before any plaintext exists.
                GcmTag(j0, pa, alen, pi, len, full);
                bool ok = Check.FixedTimeEquals(full, pt, tlen);
                if (ok) _c.CtrXor(ctr, po, pi, len, true);
                else Wipe(po, len);
                Wipe(j0, 16); Wipe(ctr, 16); Wipe(full, 16);
                return ok;
            }
        }

        // ---- CCM (SP 800-38C) ----

        /// <summary>CBC-MAC over B0, the encoded AAD and the payload: the full MAC into mac.</summary>
        private void CcmMac(byte* nonce, int n, byte* aad, int alen, byte* p, int len, int tlen, byte* mac)
        {
            int q = 15 - n;
            byte* b = stackalloc byte[16];
            b[0] = (byte)((alen > 0 ? 64 : 0) | (((tlen - 2) / 2) << 3) | (q - 1));
            Buffer.MemoryCopy(nonce, b + 1, 15, n);
            ulong l = (ulong)len;
            for (int j = 15; j > n; j--) { b[j] = (byte)l; l >>= 8; }
            _c.EncryptBlocks(mac, b, 1);
            if (alen > 0)
            {
                // The AAD length prefix (section A.2.2): 2 bytes below 2^16 - 2^8,
                // else 0xff 0xfe and 4 bytes (a byte[] never needs the 8-byte form).
                int pos;
                Wipe(b, 16);
                if (alen < 0xff00) { b[0] = (byte)(alen >> 8); b[1] = (byte)alen; pos = 2; }
                else
                {
                    b[0] = 0xff; b[1] = 0xfe;
                    b[2] = (byte)(alen >> 24); b[3] = (byte)(alen >> 16); b[4] = (byte)(alen >> 8); b[5] = (byte)alen;
                    pos = 6;
                }
                int a = 0;
                while (true)
                {
                    while (pos < 16 && a < alen) b[pos++] = aad[a++];
                    while (pos < 16) b[pos++] = 0;
                    ManagedBlockCipher.Xor(mac, mac, b, 16);
                    _c.EncryptBlocks(mac, mac, 1);
                    if (a >= alen) break;
                    pos = 0;
                }
            }
            for (int off = 0; off < len; off += 16)
            {
                int take = len - off < 16 ? len - off : 16;
                ManagedBlockCipher.Xor(mac, mac, p + off, take);
                _c.EncryptBlocks(mac, mac, 1);
            }
            Wipe(b, 16);
        }

        /// <summary>The counter block A0 = flags(q-1) || nonce || 0.</summary>
        private static void CcmCtr0(byte* nonce, int n, byte* a0)
        {
            Wipe(a0, 16);
            a0[0] = (byte)(14 - n);
            Buffer.MemoryCopy(nonce, a0 + 1, 15, n);
        }

        public override void CcmEncrypt(Seg nonce, Seg aad, Seg input, Seg output, Seg tag)
        {
            int alen = aad.Count, len = input.Count, n = nonce.Count, t = tag.Count;
            fixed (byte* pn0 = nonce.Array) fixed (byte* pa0 = aad.Array) fixed (byte* pi0 = input.Array) fixed (byte* po0 = output.Array)
            fixed (byte* pt0 = tag.Array)
            {
                byte* pn = pn0 + nonce.Offset, pa = pa0 + aad.Offset, pi = pi0 + input.Offset, po = po0 + output.Offset, pt = pt0 + tag.Offset;
                byte* mac = stackalloc byte[16];
                byte* a0 = stackalloc byte[16];
                CcmMac(pn, n, pa, alen, pi, len, t, mac);
                CcmCtr0(pn, n, a0);
                // S0 masks the tag; S1... the payload. The q-byte counter field
                // cannot overflow under the length limit, so a whole-block
                // increment is the same as the spec's field increment.
                _c.CtrXor(a0, mac, mac, 16, false);
                _c.CtrXor(a0, po, pi, len, false);
                Buffer.MemoryCopy(mac, pt, t, t);
                Wipe(mac, 16); Wipe(a0, 16);
            }
        }

        public override bool CcmDecrypt(Seg nonce, Seg aad, Seg input, Seg output, Seg tag)
        {
            int alen = aad.Count, len = input.Count, n = nonce.Count, t = tag.Count;
            fixed (byte* pn0 = nonce.Array) fixed (byte* pa0 = aad.Array) fixed (byte* pi0 = input.Array) fixed (byte* po0 = output.Array)
            fixed (byte* pt0 = tag.Array)
            {
                byte* pn = pn0 + nonce.Offset, pa = pa0 + aad.Offset, pi = pi0 + input.Offset, po = po0 + output.Offset, pt = pt0 + tag.Offset;
                byte* mac = stackalloc byte[16];
                byte* a0 = stackalloc byte[16];
                byte* s0 = stackalloc byte[16];
                CcmCtr0(pn, n, a0);
                Wipe(s0, 16);
                _c.CtrXor(a0, s0, s0, 16, false);
                _c.CtrXor(a0, po, pi, len, false);
                CcmMac(pn, n, pa, alen, po, len, t, mac);
                ManagedBlockCipher.Xor(mac, mac, s0, 16);
                bool ok = Check.FixedTimeEquals(mac, pt, t);
                if (!ok) Wipe(po, len);
                Wipe(mac, 16); Wipe(a0, 16); Wipe(s0, 16);
                return ok;
            }
        }

        // ---- CMAC (SP 800-38B) ----

        /// <summary>Doubling in GF(2^b): shift left one bit, fold the carry with Rb
        /// (0x87 for 128-bit blocks, 0x1b for 64) through a mask, not a branch.</summary>
        private static void Dbl(byte* k, int bb)
        {
            int msb = k[0] >> 7;
            for (int j = 0; j < bb - 1; j++) k[j] = (byte)((k[j] << 1) | (k[j + 1] >> 7));
            k[bb - 1] = (byte)((k[bb - 1] << 1) ^ (-msb & (bb == 16 ? 0x87 : 0x1b)));
        }

        public override void Cmac(byte[] msg, int off, int len, byte[] tag, int tagLen)
        {
            int bb = _bb;
            fixed (byte* pm0 = msg) fixed (byte* pt = tag)
            {
                byte* pm = pm0 + off;
                byte* k = stackalloc byte[16];
                byte* x = stackalloc byte[16];
                byte* last = stackalloc byte[16];
                Wipe(k, 16); Wipe(x, 16);
                _c.EncryptBlocks(k, k, 1);
                Dbl(k, bb); // K1
                int nblocks = len == 0 ? 1 : (len + bb - 1) / bb;
                int rest = len - (nblocks - 1) * bb; // bytes in the last block, 0..bb
                for (int j = 0; j < bb; j++)
                    last[j] = j < rest ? pm[(nblocks - 1) * bb + j] : j == rest ? (byte)0x80 : (byte)0;
                if (rest < bb) Dbl(k, bb); // incomplete (or empty) last block: K2; the length is public
                ManagedBlockCipher.Xor(last, last, k, bb);
                for (int b = 0; b < nblocks - 1; b++)
                {
                    ManagedBlockCipher.Xor(x, x, pm + b * bb, bb);
                    _c.EncryptBlocks(x, x, 1);
                }
                ManagedBlockCipher.Xor(x, x, last, bb);
                _c.EncryptBlocks(x, x, 1);
                Buffer.MemoryCopy(x, pt, tagLen, tagLen);
                Wipe(k, 16); Wipe(x, 16); Wipe(last, 16);
            }
        }
    }
}
