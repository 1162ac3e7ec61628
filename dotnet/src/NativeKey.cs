// The native engine: every mode is one call into libarxcrypt on pinned arrays.
using System;
using System.Security.Cryptography;
using Seg = System.ArraySegment<byte>;

namespace ArxCrypt
{
    internal sealed unsafe class NativeKey : KeyCore
    {
        private readonly NativeKeyHandle _k;

        public override ArxEngineKind Engine { get { return ArxEngineKind.Native; } }

        public NativeKey(string cipher, byte[] key)
        {
            IntPtr c = Lookup(cipher);
            int kb = (int)NativeMethods.arx_cipher_key_bytes(c);
            if (key.Length != kb) throw Check.KeyLength(cipher, kb, key.Length);
            Cipher = cipher;
            BlockSize = (int)NativeMethods.arx_cipher_block_bytes(c);
            int rc;
            fixed (byte* pk = key) rc = NativeMethods.arx_key_new(out _k, c, pk, (UIntPtr)key.Length, null);
            Status(rc);
        }

        public string Backend { get { return NativeMethods.Utf8(NativeMethods.arx_key_backend(_k)); } }

        /// <summary>The library's arx_cipher for a name (the native engine loaded, the name known).</summary>
        internal static IntPtr Lookup(string cipher)
        {
            ArxEngine.RequireNative();
            IntPtr c = NativeMethods.CipherByName(cipher);
            if (c == IntPtr.Zero) throw Check.UnknownCipher(cipher);
            return c;
        }

        internal static void Status(int rc)
        {
            if (rc != NativeMethods.ARX_OK)
                throw new CryptographicException("arxcrypt: " + NativeMethods.StrError(rc) + " (code " + rc + ")");
        }

        private static UIntPtr N(int n) { return (UIntPtr)(uint)n; }

        public override void Ecb(bool enc, byte[] input, int io, byte[] output, int oo, int len)
        {
            fixed (byte* pi = input) fixed (byte* po = output)
                Status(enc ? NativeMethods.arx_ecb_encrypt(_k, po + oo, pi + io, N(len))
                           : NativeMethods.arx_ecb_decrypt(_k, po + oo, pi + io, N(len)));
        }

        public override void Cbc(bool enc, byte[] iv, byte[] input, int io, byte[] output, int oo, int len)
        {
            fixed (byte* pv = iv) fixed (byte* pi = input) fixed (byte* po = output)
                Status(enc ? NativeMethods.arx_cbc_encrypt(_k, pv, N(iv.Length), po + oo, pi + io, N(len))
                           : NativeMethods.arx_cbc_decrypt(_k, pv, N(iv.Length), po + oo, pi + io, N(len)));
        }

        public override int CbcPad(bool enc, byte[] iv, byte[] input, int io, int len, byte[] output, int oo, int cap)
        {
            UIntPtr written;
            int rc;
            fixed (byte* pv = iv) fixed (byte* pi = input) fixed (byte* po = output)
                rc = enc ? NativeMethods.arx_cbc_encrypt_pad(_k, pv, N(iv.Length), po + oo, N(cap), &written, pi + io, N(len))
                         : NativeMethods.arx_cbc_decrypt_pad(_k, pv, N(iv.Length), po + oo, N(cap), &written, pi + io, N(len));
            if (rc == NativeMethods.ARX_ERR_PADDING) return -1;
            Status(rc);
            return (int)(uint)written;
        }

        public override void Cfb(bool enc, byte[] iv, byte[] input, int io, byte[] output, int oo, int len)
        {
            fixed (byte* pv = iv) fixed (byte* pi = input) fixed (byte* po = output)
                Status(enc ? NativeMethods.arx_cfb_encrypt(_k, pv, N(iv.Length), po + oo, pi + io, N(len))
                           : NativeMethods.arx_cfb_decrypt(_k, pv, N(iv.Length), po + oo, pi + io, N(len)));
        }

        public override void Ofb(byte[] iv, byte[] input, int io, byte[] output, int oo, int len)
        {
            fixed (byte* pv = iv) fixed (byte* pi = input) fixed (byte* po = output)
                Status(NativeMethods.arx_ofb_xor(_k, pv, N(iv.Length), po + oo, pi + io, N(len)));
        }

        public override void Ctr(byte[] iv, byte[] input, int io, byte[] output, int oo, int len)
        {
            fixed (byte* pv = iv) fixed (byte* pi = input) fixed (byte* po = output)
                Status(NativeMethods.arx_ctr_xor(_k, pv, N(iv.Length), po + oo, pi + io, N(len)));
        }

        public override void GcmEncrypt(Seg nonce, Seg aad, Seg input, Seg output, Seg tag)
        {
            fixed (byte* pn = nonce.Array) fixed (byte* pa = aad.Array) fixed (byte* pi = input.Array) fixed (byte* po = output.Array)
            fixed (byte* pt = tag.Array)
                Status(NativeMethods.arx_gcm_encrypt(_k, pn + nonce.Offset, N(nonce.Count), pa + aad.Offset, N(aad.Count),
                                                     po + output.Offset, pi + input.Offset, N(input.Count), pt + tag.Offset, N(tag.Count)));
        }

        public override bool GcmDecrypt(Seg nonce, Seg aad, Seg input, Seg output, Seg tag)
        {
            int rc;
            fixed (byte* pn = nonce.Array) fixed (byte* pa = aad.Array) fixed (byte* pi = input.Array) fixed (byte* po = output.Array)
            fixed (byte* pt = tag.Array)
                rc = NativeMethods.arx_gcm_decrypt(_k, pn + nonce.Offset, N(nonce.Count), pa + aad.Offset, N(aad.Count),
                                                   po + output.Offset, pi + input.Offset, N(input.Count), pt + tag.Offset, N(tag.Count));
            if (rc == NativeMethods.ARX_ERR_AUTH) return false;
            Status(rc);
            return true;
        }

        public override void CcmEncrypt(Seg nonce, Seg aad, Seg input, Seg output, Seg tag)
        {
            fixed (byte* pn = nonce.Array) fixed (byte* pa = aad.Array) fixed (byte* pi = input.Array) fixed (byte* po = output.Array)
            fixed (byte* pt = tag.Array)
                Status(NativeMethods.arx_ccm_encrypt(_k, pn + nonce.Offset, N(nonce.Count), pa + aad.Offset, N(aad.Count),
                                                     po + output.Offset, pi + input.Offset, N(input.Count), pt + tag.Offset, N(tag.Count)));
        }

        public override bool CcmDecrypt(Seg nonce, Seg aad, Seg input, Seg output, Seg tag)
        {
            int rc;
            fixed (byte* pn = nonce.Array) fixed (byte* pa = aad.Array) fixed (byte* pi = input.Array) fixed (byte* po = output.Array)
            fixed (byte* pt = tag.Array)
                rc = NativeMethods.arx_ccm_decrypt(_k, pn + nonce.Offset, N(nonce.Count), pa + aad.Offset, N(aad.Count),
                                                   po + output.Offset, pi + input.Offset, N(input.Count), pt + tag.Offset, N(tag.Count));
            if (rc == NativeMethods.ARX_ERR_AUTH) return false;
            Status(rc);
            return true;
        }

        public override void Cmac(byte[] msg, int off, int len, byte[] tag, int tagLen)
        {
            fixed (byte* pm = msg) fixed (byte* pt = tag)
                Status(NativeMethods.arx_cmac(_k, pm + off, N(len), pt, N(tagLen)));
        }

        public override void Dispose() { _k.Dispose(); }
    }
}
