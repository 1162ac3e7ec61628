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

        /// <summary>One arx_gcm/ccm_*_many call over checked jobs (ArxAead.RunMany). The
        /// jobs' data is copied into one buffer pinned once (pinning every array apart
        /// costs more than the copies for short messages), the results copied back, and
        /// the buffer wiped. Returns each job's verdict (decryption).</summary>
        [ThreadStatic] private static byte[] _buf;
        [ThreadStatic] private static NativeMethods.ArxJob[] _jobs;

        internal static bool[] Many(bool gcm, bool encrypt, ArxAeadJob[] jobs, NativeKey[] keys)
        {
            int n = jobs.Length;
            long total = 0;
            foreach (ArxAeadJob j in jobs)
                total += j.Nonce.Length + (j.AssociatedData == null ? 0 : j.AssociatedData.Length) + j.Input.Length + j.Tag.Length;
            if (total > int.MaxValue) throw new ArgumentException("jobs: more than 2 GiB of data in one call", "jobs");
            // per-thread buffers, kept: a new array per call of more than 8000 bytes would go to
            // Mono's large-object space, which costs more than the whole call at 256-byte messages
            byte[] buf = _buf;
            if (buf == null || buf.Length < total) _buf = buf = new byte[Math.Max(4096, total)];
            NativeMethods.ArxJob[] js = _jobs;
            if (js == null || js.Length < n) _jobs = js = new NativeMethods.ArxJob[Math.Max(64, n)];
            var refs = new bool[n];
            var ok = new bool[n];
            var data = new int[n];
            try
            {
                for (int i = 0; i < n; i++)
                {
                    keys[i]._k.DangerousAddRef(ref refs[i]);
                    js[i].key = keys[i]._k.DangerousGetHandle();
                }
                int rc;
                fixed (byte* pb = buf)
                fixed (NativeMethods.ArxJob* pj = js)
                {
                    int p = 0;
                    for (int i = 0; i < n; i++)
                    {
                        ArxAeadJob j = jobs[i];
                        js[i].nonce = Put(buf, pb, ref p, j.Nonce);
                        js[i].nonceLen = N(j.Nonce.Length);
                        js[i].aad = Put(buf, pb, ref p, j.AssociatedData);
                        js[i].aadLen = N(j.AssociatedData == null ? 0 : j.AssociatedData.Length);
                        data[i] = p;
                        js[i].input = js[i].output = Put(buf, pb, ref p, j.Input); // in place
                        js[i].len = N(j.Input.Length);
                        js[i].tag = encrypt ? (j.Tag.Length == 0 ? null : pb + p) : Put(buf, pb, ref p, j.Tag);
                        if (encrypt) p += j.Tag.Length;
                        js[i].tagLen = N(j.Tag.Length);
                    }
                    UIntPtr count = N(n);
                    rc = gcm ? (encrypt ? NativeMethods.arx_gcm_encrypt_many(pj, count) : NativeMethods.arx_gcm_decrypt_many(pj, count))
                             : (encrypt ? NativeMethods.arx_ccm_encrypt_many(pj, count) : NativeMethods.arx_ccm_decrypt_many(pj, count));
                }
                if (rc != NativeMethods.ARX_OK && rc != NativeMethods.ARX_ERR_AUTH)
                {
                    int bad = Array.FindIndex(js, 0, n, x => x.status != NativeMethods.ARX_OK);
                    throw new ArgumentException("jobs[" + Math.Max(bad, 0) + "]: arxcrypt: " + NativeMethods.StrError(rc) + " (code " + rc + ")", "jobs");
                }
                for (int i = 0; i < n; i++)
                {
                    ArxAeadJob j = jobs[i];
                    ok[i] = js[i].status == NativeMethods.ARX_OK;
                    // a forged message's bytes are zeroed by the library: copying them zeroes Output
                    Buffer.BlockCopy(buf, data[i], j.Output, 0, j.Input.Length);
                    if (encrypt) Buffer.BlockCopy(buf, data[i] + j.Input.Length, j.Tag, 0, j.Tag.Length);
                }
                return ok;
            }
            finally
            {
                Array.Clear(buf, 0, (int)total);
                Array.Clear(js, 0, n);
                for (int i = 0; i < n; i++)
                    if (refs[i]) keys[i]._k.DangerousRelease();
            }
        }

        private static byte* Put(byte[] buf, byte* pb, ref int p, byte[] a)
        {
            if (a == null || a.Length == 0) return null;
            Buffer.BlockCopy(a, 0, buf, p, a.Length);
            byte* at = pb + p;
            p += a.Length;
            return at;
        }

        public override void Dispose() { _k.Dispose(); }
    }
}
