// A SymmetricAlgorithm for any arxcrypt cipher: ECB, CBC (PKCS7 or no
// padding), CFB (full-block feedback), OFB and CTR, as ICryptoTransforms that
// CryptoStream drives. CipherMode has no CTR, so the mode is ArxMode
// (ArxCipherMode); setting Mode sets ArxMode to the same mode.
using System;
using System.Security.Cryptography;

namespace ArxCrypt
{
    /// <summary>The block modes an ArxCipher's transforms run.</summary>
    public enum ArxCipherMode
    {
        /// <summary>Electronic codebook: blocks on their own (PaddingMode.None only).</summary>
        Ecb,
        /// <summary>Cipher block chaining, PKCS7 or no padding.</summary>
        Cbc,
        /// <summary>Cipher feedback with full-block segments; any length.</summary>
        Cfb,
        /// <summary>Output feedback; any length.</summary>
        Ofb,
        /// <summary>Counter mode (SP 800-38A): the IV is the first counter block, the whole
        /// block a big-endian counter; any length.</summary>
        Ctr,
    }

    /// <summary>An arxcrypt cipher as a SymmetricAlgorithm: ArxCipher.Create("lea-128").</summary>
    public sealed class ArxCipher : SymmetricAlgorithm
    {
        private ArxCipherMode _mode = ArxCipherMode.Cbc;

        /// <summary>The cipher name, e.g. "lea-128".</summary>
        public string Cipher { get; private set; }
        /// <summary>The engine new transforms use (default ArxEngine.Default).</summary>
        public ArxEngineKind Engine { get; private set; }

        private ArxCipher(string cipher, ArxEngineKind engine)
        {
            int bb, kb;
            ArxEngine.Describe(cipher, engine, out bb, out kb);
            Cipher = cipher;
            Engine = engine;
            BlockSizeValue = 8 * bb;
            FeedbackSizeValue = 8 * bb;
            KeySizeValue = 8 * kb;
            LegalBlockSizesValue = new[] { new KeySizes(8 * bb, 8 * bb, 0) };
            LegalKeySizesValue = new[] { new KeySizes(8 * kb, 8 * kb, 0) };
            ModeValue = CipherMode.CBC;
            PaddingValue = PaddingMode.PKCS7;
        }

        /// <summary>A new instance for cipher (an `arxcrypt list` name), with a random key and IV
        /// made on first use; mode CBC, PKCS7 padding.</summary>
        public static new ArxCipher Create(string cipher) { return new ArxCipher(cipher, ArxEngine.Default); }

        /// <summary>The same on a named engine.</summary>
        public static ArxCipher Create(string cipher, ArxEngineKind engine) { return new ArxCipher(cipher, engine); }

        /// <summary>The mode, CTR included. Mode and ArxMode follow each other for the
        /// four modes CipherMode has; with Ctr, Mode keeps its last value.</summary>
        public ArxCipherMode ArxMode
        {
            get { return _mode; }
            set
            {
                switch (value)
                {
                    case ArxCipherMode.Ecb: ModeValue = CipherMode.ECB; break;
                    case ArxCipherMode.Cbc: ModeValue = CipherMode.CBC; break;
                    case ArxCipherMode.Cfb: ModeValue = CipherMode.CFB; break;
                    case ArxCipherMode.Ofb: ModeValue = CipherMode.OFB; break;
                    case ArxCipherMode.Ctr: break;
                    default: throw new ArgumentOutOfRangeException("value", "not an ArxCipherMode");
                }
                _mode = value;
            }
        }

        /// <summary>ECB, CBC, CFB or OFB (CTS is not offered: CryptographicException);
        /// for CTR set ArxMode.</summary>
        public override CipherMode Mode
        {
            get { return ModeValue; }
            set
            {
                switch (value)
                {
                    case CipherMode.ECB: ArxMode = ArxCipherMode.Ecb; break;
                    case CipherMode.CBC: ArxMode = ArxCipherMode.Cbc; break;
                    case CipherMode.CFB: ArxMode = ArxCipherMode.Cfb; break;
                    case CipherMode.OFB: ArxMode = ArxCipherMode.Ofb; break;
                    default: throw new CryptographicException("ArxCipher offers ECB, CBC, CFB, OFB and (through ArxMode) CTR, not " + value);
                }
            }
        }

        /// <summary>PKCS7 or None (only CBC pads; ECB takes None; CFB, OFB and CTR take
        /// any length and ignore it).</summary>
        public override PaddingMode Padding
        {
            get { return PaddingValue; }
            set
            {
                if (value != PaddingMode.PKCS7 && value != PaddingMode.None)
                    throw new CryptographicException("ArxCipher pads with PKCS7 or not at all (PaddingMode.None), not " + value);
                PaddingValue = value;
            }
        }

        /// <summary>Full-block feedback only: FeedbackSize equals BlockSize.</summary>
        public override int FeedbackSize
        {
            get { return FeedbackSizeValue; }
            set
            {
                if (value != BlockSizeValue)
                    throw new CryptographicException("ArxCipher's CFB feeds back whole blocks: FeedbackSize must be " + BlockSizeValue);
                FeedbackSizeValue = value;
            }
        }

        public override void GenerateKey()
        {
            var k = new byte[KeySizeValue / 8];
            using (var rng = RandomNumberGenerator.Create()) rng.GetBytes(k);
            KeyValue = k;
        }

        public override void GenerateIV()
        {
            var iv = new byte[BlockSizeValue / 8];
            using (var rng = RandomNumberGenerator.Create()) rng.GetBytes(iv);
            IVValue = iv;
        }

        public override ICryptoTransform CreateEncryptor(byte[] rgbKey, byte[] rgbIV) { return Make(rgbKey, rgbIV, true); }
        public override ICryptoTransform CreateDecryptor(byte[] rgbKey, byte[] rgbIV) { return Make(rgbKey, rgbIV, false); }

        private ICryptoTransform Make(byte[] key, byte[] iv, bool encrypt)
        {
            Check.NotNull(key, "rgbKey");
            int bb = BlockSizeValue / 8;
            if (key.Length * 8 != KeySizeValue) throw Check.KeyLength(Cipher, KeySizeValue / 8, key.Length);
            bool pad = PaddingValue == PaddingMode.PKCS7;
            if (_mode == ArxCipherMode.Ecb && pad)
                throw new CryptographicException("ArxCipher: ECB takes PaddingMode.None (the library pads CBC only); set Padding = PaddingMode.None");
            if (_mode != ArxCipherMode.Cbc) pad = false;
            if (_mode != ArxCipherMode.Ecb)
            {
                Check.NotNull(iv, "rgbIV");
                if (iv.Length != bb)
                    throw new ArgumentException(Cipher + " " + _mode.ToString().ToUpperInvariant() + " needs a " + bb + "-byte IV, got " + iv.Length, "rgbIV");
            }
            return new ArxCryptoTransform(KeyCore.Create(Cipher, key, Engine), _mode, pad, encrypt, iv);
        }
    }
}
