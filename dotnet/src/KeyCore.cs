// The engine interface: one expanded key and every mode over it. The public
// classes check every argument first (Check.cs) and call these with valid
// lengths only, so both engines give the same errors for the same mistakes.
using System;
using System.Security.Cryptography;
using Seg = System.ArraySegment<byte>;

namespace ArxCrypt
{
    internal abstract class KeyCore : IDisposable
    {
        public string Cipher { get; protected set; }
        public int BlockSize { get; protected set; }
        public abstract ArxEngineKind Engine { get; }

        public abstract void Ecb(bool encrypt, byte[] input, int inOff, byte[] output, int outOff, int len);
        public abstract void Cbc(bool encrypt, byte[] iv, byte[] input, int inOff, byte[] output, int outOff, int len);
        /// <summary>PKCS#7 CBC; returns the bytes written, or -1 for bad padding
        /// (decryption; the output is then zeroed).</summary>
        public abstract int CbcPad(bool encrypt, byte[] iv, byte[] input, int inOff, int len, byte[] output, int outOff, int outCap);
        public abstract void Cfb(bool encrypt, byte[] iv, byte[] input, int inOff, byte[] output, int outOff, int len);
        public abstract void Ofb(byte[] iv, byte[] input, int inOff, byte[] output, int outOff, int len);
        public abstract void Ctr(byte[] iv, byte[] input, int inOff, byte[] output, int outOff, int len);

        // AEAD: segments checked by ArxAead (an empty one may have a null array).
        public abstract void GcmEncrypt(Seg nonce, Seg aad, Seg input, Seg output, Seg tag);
        /// <summary>False when the tag fails; the output is then zeroed.</summary>
        public abstract bool GcmDecrypt(Seg nonce, Seg aad, Seg input, Seg output, Seg tag);
        public abstract void CcmEncrypt(Seg nonce, Seg aad, Seg input, Seg output, Seg tag);
        public abstract bool CcmDecrypt(Seg nonce, Seg aad, Seg input, Seg output, Seg tag);
        public abstract void Cmac(byte[] msg, int off, int len, byte[] tag, int tagLen);

        public abstract void Dispose();

        /// <summary>Makes a key on the given engine (null: ArxEngine.Default).</summary>
        internal static KeyCore Create(string cipher, byte[] key, ArxEngineKind? engine)
        {
            if (cipher == null) throw new ArgumentNullException("cipher");
            if (key == null) throw new ArgumentNullException("key");
            ArxEngineKind e = engine ?? ArxEngine.Default;
            if (e == ArxEngineKind.Native) return new NativeKey(cipher, key);
            return new ManagedKey(cipher, key);
        }
    }
}
