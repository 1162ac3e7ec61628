// P/Invoke declarations for libarxcrypt (include/arxcrypt.h). Every argument is
// blittable: pointers come from `fixed` over the caller's arrays, lengths are
// size_t as UIntPtr, so a call allocates nothing and marshals nothing.
using System;
using System.Runtime.InteropServices;
using System.Security;

namespace ArxCrypt
{
    [SuppressUnmanagedCodeSecurity]
    internal static unsafe class NativeMethods
    {
        private const string Lib = "arxcrypt";

        // Error codes (arx_status) the binding maps to exceptions.
        internal const int ARX_OK = 0;
        internal const int ARX_ERR_AUTH = -13;
        internal const int ARX_ERR_PADDING = -12;
        internal const int ARX_ERR_XTS_KEY = -26;

        [DllImport(Lib)] internal static extern IntPtr arx_version();
        [DllImport(Lib)] internal static extern IntPtr arx_strerror(int code);
        [DllImport(Lib)] internal static extern UIntPtr arx_cipher_count();
        [DllImport(Lib)] internal static extern IntPtr arx_cipher_at(UIntPtr i);
        [DllImport(Lib)] internal static extern IntPtr arx_cipher_name(IntPtr c);
        [DllImport(Lib)] internal static extern UIntPtr arx_cipher_block_bytes(IntPtr c);
        [DllImport(Lib)] internal static extern UIntPtr arx_cipher_key_bytes(IntPtr c);
        [DllImport(Lib)] internal static extern IntPtr arx_key_backend(NativeKeyHandle k);

        [DllImport(Lib)]
        internal static extern int arx_key_new(out NativeKeyHandle k, IntPtr cipher, byte* key, UIntPtr keyLen,
                                               byte* backend);
        [DllImport(Lib)] internal static extern void arx_key_free(IntPtr k);

        [DllImport(Lib)] internal static extern int arx_ecb_encrypt(NativeKeyHandle k, byte* o, byte* i, UIntPtr len);
        [DllImport(Lib)] internal static extern int arx_ecb_decrypt(NativeKeyHandle k, byte* o, byte* i, UIntPtr len);
        [DllImport(Lib)]
        internal static extern int arx_cbc_encrypt(NativeKeyHandle k, byte* iv, UIntPtr ivLen, byte* o, byte* i, UIntPtr len);
        [DllImport(Lib)]
        internal static extern int arx_cbc_decrypt(NativeKeyHandle k, byte* iv, UIntPtr ivLen, byte* o, byte* i, UIntPtr len);
        [DllImport(Lib)]
        internal static extern int arx_cfb_encrypt(NativeKeyHandle k, byte* iv, UIntPtr ivLen, byte* o, byte* i, UIntPtr len);
        [DllImport(Lib)]
        internal static extern int arx_cfb_decrypt(NativeKeyHandle k, byte* iv, UIntPtr ivLen, byte* o, byte* i, UIntPtr len);
        [DllImport(Lib)]
        internal static extern int arx_ofb_xor(NativeKeyHandle k, byte* iv, UIntPtr ivLen, byte* o, byte* i, UIntPtr len);
        [DllImport(Lib)]
        internal static extern int arx_ctr_xor(NativeKeyHandle k, byte* iv, UIntPtr ivLen, byte* o, byte* i, UIntPtr len);

        [DllImport(Lib)]
        internal static extern int arx_cbc_encrypt_pad(NativeKeyHandle k, byte* iv, UIntPtr ivLen, byte* o, UIntPtr cap,
                                                       UIntPtr* outLen, byte* i, UIntPtr len);
        [DllImport(Lib)]
        internal static extern int arx_cbc_decrypt_pad(NativeKeyHandle k, byte* iv, UIntPtr ivLen, byte* o, UIntPtr cap,
                                                       UIntPtr* outLen, byte* i, UIntPtr len);

        [DllImport(Lib)]
        internal static extern int arx_gcm_encrypt(NativeKeyHandle k, byte* nonce, UIntPtr nonceLen, byte* aad, UIntPtr aadLen,
                                                   byte* o, byte* i, UIntPtr len, byte* tag, UIntPtr tagLen);
        [DllImport(Lib)]
        internal static extern int arx_gcm_decrypt(NativeKeyHandle k, byte* nonce, UIntPtr nonceLen, byte* aad, UIntPtr aadLen,
                                                   byte* o, byte* i, UIntPtr len, byte* tag, UIntPtr tagLen);
        [DllImport(Lib)]
        internal static extern int arx_ccm_encrypt(NativeKeyHandle k, byte* nonce, UIntPtr nonceLen, byte* aad, UIntPtr aadLen,
                                                   byte* o, byte* i, UIntPtr len, byte* tag, UIntPtr tagLen);
        [DllImport(Lib)]
        internal static extern int arx_ccm_decrypt(NativeKeyHandle k, byte* nonce, UIntPtr nonceLen, byte* aad, UIntPtr aadLen,
                                                   byte* o, byte* i, UIntPtr len, byte* tag, UIntPtr tagLen);
        [DllImport(Lib)]
        internal static extern int arx_cmac(NativeKeyHandle k, byte* msg, UIntPtr len, byte* tag, UIntPtr tagLen);

        [DllImport(Lib)]
        internal static extern int arx_xts_new(out NativeXtsHandle x, IntPtr cipher, byte* key, UIntPtr keyLen, byte* backend);
        [DllImport(Lib)] internal static extern void arx_xts_free(IntPtr x);
        [DllImport(Lib)]
        internal static extern int arx_xts_encrypt(NativeXtsHandle x, byte* tweak, UIntPtr tweakLen, byte* o, byte* i, UIntPtr len);
        [DllImport(Lib)]
        internal static extern int arx_xts_decrypt(NativeXtsHandle x, byte* tweak, UIntPtr tweakLen, byte* o, byte* i, UIntPtr len);
        [DllImport(Lib)]
        internal static extern int arx_xts_encrypt_sectors(NativeXtsHandle x, ulong firstSector, UIntPtr sectorBytes, UIntPtr count,
                                                           byte* o, byte* i);
        [DllImport(Lib)]
        internal static extern int arx_xts_decrypt_sectors(NativeXtsHandle x, ulong firstSector, UIntPtr sectorBytes, UIntPtr count,
                                                           byte* o, byte* i);

        /// <summary>struct arx_job (include/arxcrypt.h), field for field.</summary>
        [StructLayout(LayoutKind.Sequential)]
        internal struct ArxJob
        {
            public IntPtr key;
            public byte* nonce;
            public UIntPtr nonceLen;
            public byte* aad;
            public UIntPtr aadLen;
            public byte* output;
            public byte* input;
            public UIntPtr len;
            public byte* tag;
            public UIntPtr tagLen;
            public int status;
        }

        [DllImport(Lib)] internal static extern int arx_gcm_encrypt_many(ArxJob* jobs, UIntPtr n);
        [DllImport(Lib)] internal static extern int arx_gcm_decrypt_many(ArxJob* jobs, UIntPtr n);
        [DllImport(Lib)] internal static extern int arx_ccm_encrypt_many(ArxJob* jobs, UIntPtr n);
        [DllImport(Lib)] internal static extern int arx_ccm_decrypt_many(ArxJob* jobs, UIntPtr n);

        internal static string Utf8(IntPtr p)
        {
            if (p == IntPtr.Zero) return null;
            int n = 0;
            while (Marshal.ReadByte(p, n) != 0) n++;
            var b = new byte[n];
            Marshal.Copy(p, b, 0, n);
            return System.Text.Encoding.UTF8.GetString(b);
        }

        internal static string StrError(int code) { return Utf8(arx_strerror(code)); }

        // Looks the cipher up by walking the registry (no string marshalling).
        internal static IntPtr CipherByName(string name)
        {
            ulong n = (ulong)arx_cipher_count();
            for (ulong i = 0; i < n; i++)
            {
                IntPtr c = arx_cipher_at((UIntPtr)i);
                if (Utf8(arx_cipher_name(c)) == name) return c;
            }
            return IntPtr.Zero;
        }
    }

    /// <summary>A pointer the library made; the subclass frees (and wipes) it.</summary>
    internal abstract class NativeHandle : SafeHandle
    {
        protected NativeHandle() : base(IntPtr.Zero, true) { }
        public override bool IsInvalid { get { return handle == IntPtr.Zero; } }
    }

    /// <summary>An arx_key*; arx_key_free wipes and frees it when released.</summary>
    internal sealed class NativeKeyHandle : NativeHandle
    {
        protected override bool ReleaseHandle()
        {
            NativeMethods.arx_key_free(handle);
            return true;
        }
    }

    /// <summary>An arx_xts*; arx_xts_free wipes both key schedules and frees it.</summary>
    internal sealed class NativeXtsHandle : NativeHandle
    {
        protected override bool ReleaseHandle()
        {
            NativeMethods.arx_xts_free(handle);
            return true;
        }
    }
}
