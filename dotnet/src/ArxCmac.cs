// CMAC (NIST SP 800-38B) as a KeyedHashAlgorithm. The C API computes CMAC in
// one call, so the message is buffered until the hash is finalised; the buffer
// is wiped on every reset and on disposal.
using System;
using System.Security.Cryptography;

namespace ArxCrypt
{
    /// <summary>CMAC over a 64- or 128-bit block cipher; HashSize = tag bits.</summary>
    public sealed class ArxCmac : KeyedHashAlgorithm
    {
        private KeyCore _core;
        private byte[] _buf = new byte[64];
        private int _len;
        private readonly ArxEngineKind _engine;
        private readonly int _keyBytes, _tagBytes;

        /// <summary>The cipher name.</summary>
        public string Cipher { get; private set; }
        /// <summary>The engine this key lives in.</summary>
        public ArxEngineKind Engine { get { return _engine; } }

        /// <summary>CMAC with cipher and key; tagSize 4..block bytes (default: the block).</summary>
        public ArxCmac(string cipher, byte[] key, int tagSize = 0, ArxEngineKind? engine = null)
        {
            _engine = ArxEngine.Resolve(engine);
            int bb;
            ArxEngine.Describe(cipher, _engine, out bb, out _keyBytes);
            if (bb != 8 && bb != 16)
                throw new ArgumentException("CMAC needs a 64- or 128-bit block cipher; " + cipher + " has a " + 8 * bb + "-bit block", "cipher");
            if (tagSize == 0) tagSize = bb;
            if (tagSize < 4 || tagSize > bb)
                throw new ArgumentException("CMAC tag size for " + cipher + " must be 4 to " + bb + " bytes, got " + tagSize, "tagSize");
            Cipher = cipher;
            _tagBytes = tagSize;
            HashSizeValue = 8 * tagSize;
            Key = key;
        }

        /// <summary>The key; setting it replaces the key schedule and resets the message.</summary>
        public override byte[] Key
        {
            get { return base.Key; }
            set
            {
                Check.NotNull(value, "value");
                if (value.Length != _keyBytes) throw Check.KeyLength(Cipher, _keyBytes, value.Length);
                KeyCore fresh = KeyCore.Create(Cipher, value, _engine);
                if (_core != null) _core.Dispose();
                _core = fresh;
                if (KeyValue != null) Array.Clear(KeyValue, 0, KeyValue.Length);
                KeyValue = (byte[])value.Clone();
                Initialize();
            }
        }

        public override void Initialize()
        {
            Array.Clear(_buf, 0, _len);
            _len = 0;
        }

        protected override void HashCore(byte[] array, int ibStart, int cbSize)
        {
            if (_core == null) throw new ObjectDisposedException("ArxCmac");
            Check.Range(array, ibStart, cbSize, "array");
            if (cbSize > _buf.Length - _len)
            {
                long want = Math.Max((long)_buf.Length * 2, (long)_len + cbSize);
                if (want > int.MaxValue - 64) throw new CryptographicException("CMAC: message over 2 GiB");
                var bigger = new byte[want];
                Buffer.BlockCopy(_buf, 0, bigger, 0, _len);
                Array.Clear(_buf, 0, _len);
                _buf = bigger;
            }
            Buffer.BlockCopy(array, ibStart, _buf, _len, cbSize);
            _len += cbSize;
        }

        protected override byte[] HashFinal()
        {
            if (_core == null) throw new ObjectDisposedException("ArxCmac");
            var tag = new byte[_tagBytes];
            _core.Cmac(_buf, 0, _len, tag, _tagBytes);
            Initialize();
            return tag;
        }

        protected override void Dispose(bool disposing)
        {
            if (disposing)
            {
                if (_core != null) _core.Dispose();
                _core = null;
                if (_buf != null) Array.Clear(_buf, 0, _buf.Length);
                _len = 0;
            }
            base.Dispose(disposing);
        }
    }
}
