// XTS (IEEE 1619-2018, NIST SP 800-38E), the disk and file-system mode, for
// every 128-bit-block cipher: one data unit per call (Encrypt/Decrypt with a
// 16-byte tweak), or many equal sectors numbered as dm-crypt's plain64 does
// (EncryptSectors/DecryptSectors, libarxcrypt's arx_xts_*_sectors).
using System;
using System.Security.Cryptography;
using Seg = System.ArraySegment<byte>;

namespace ArxCrypt
{
    /// <summary>An XTS key pair: key = data key || tweak key, each half the
    /// cipher's key length, the halves different (SP 800-38E). A data unit is
    /// 16 bytes to 2^20 blocks; a partial last block is done by ciphertext
    /// stealing, so the output is as long as the input. In place (output the
    /// same bytes as input) is allowed. Read-only once made: one ArxXts may be
    /// used from several threads at once. Dispose wipes both key schedules.</summary>
    public sealed class ArxXts : IDisposable
    {
        /// <summary>Bytes of a tweak (the data unit number, little-endian).</summary>
        public const int TweakSize = 16;
        /// <summary>The shortest data unit (one block).</summary>
        public const int MinDataUnitSize = 16;
        /// <summary>The longest data unit: 2^20 blocks (SP 800-38E).</summary>
        public const int MaxDataUnitSize = 16 << 20;

        private XtsCore _core;

        /// <summary>The cipher name, e.g. "lea-128".</summary>
        public string Cipher { get; private set; }
        /// <summary>The engine this key lives in.</summary>
        public ArxEngineKind Engine { get; private set; }

        /// <summary>XTS with a 128-bit-block cipher; key is twice the cipher's key
        /// length (data key then tweak key). ArgumentException for another cipher,
        /// another key length or equal halves.</summary>
        public unsafe ArxXts(string cipher, byte[] key, ArxEngineKind? engine = null)
        {
            ArxEngineKind e = ArxEngine.Resolve(engine);
            int bb, kb;
            ArxEngine.Describe(cipher, e, out bb, out kb);
            if (bb != 16)
                throw new ArgumentException("XTS needs a 128-bit block cipher; " + cipher + " has a " + 8 * bb + "-bit block", "cipher");
            Check.NotNull(key, "key");
            if (key.Length != 2 * kb)
                throw new ArgumentException(cipher + " XTS needs a " + 2 * kb + "-byte key (the data key then the tweak key, " + kb +
                                            " bytes each), got " + key.Length + " bytes", "key");
            fixed (byte* pk = key)
                if (Check.FixedTimeEquals(pk, pk + kb, kb)) throw EqualHalves();
            _core = e == ArxEngineKind.Native ? (XtsCore)new NativeXts(cipher, key) : new ManagedXts(cipher, key);
            Cipher = cipher;
            Engine = e;
        }

        internal static ArgumentException EqualHalves()
        {
            return new ArgumentException("XTS: the data key and the tweak key (the key's two halves) must differ (SP 800-38E)", "key");
        }

        private XtsCore Core
        {
            get
            {
                if (_core == null) throw new ObjectDisposedException("ArxXts");
                return _core;
            }
        }

        /// <summary>The plain64 tweak of a sector: its number little-endian, zero padded to 16 bytes.</summary>
        public static unsafe byte[] SectorTweak(ulong sector)
        {
            var t = new byte[TweakSize];
            fixed (byte* p = t) StoreSector(p, sector);
            return t;
        }

        internal static unsafe void StoreSector(byte* tweak, ulong sector)
        {
            ManagedXts.StoreLe64(tweak, sector);
            ManagedXts.StoreLe64(tweak + 8, 0);
        }

        private static void CheckData(Seg input, Seg output, string inName, string outName)
        {
            Check.Segment(input, inName);
            Check.Segment(output, outName);
            if (output.Count != input.Count)
                throw new ArgumentException(outName + " must be as long as " + inName + " (" + input.Count + " bytes), got " + output.Count, outName);
            Check.NoPartialOverlap(output.Array, output.Offset, input.Array, input.Offset, input.Count, outName);
        }

        private static void CheckUnitSize(int n, string what, string name)
        {
            if (n < MinDataUnitSize || n > MaxDataUnitSize)
                throw new ArgumentException(what + " must be 16 bytes to 2^20 blocks (16 MiB), got " + n + " bytes", name);
        }

        /// <summary>Encrypts one data unit (16 bytes to 16 MiB) under a 16-byte tweak.</summary>
        public void Encrypt(byte[] tweak, byte[] plaintext, byte[] ciphertext)
        {
            Encrypt(Check.Whole(tweak, "tweak"), Check.Whole(plaintext, "plaintext"), Check.Whole(ciphertext, "ciphertext"));
        }

        /// <summary>Encrypt over parts of arrays.</summary>
        public void Encrypt(Seg tweak, Seg plaintext, Seg ciphertext)
        {
            Unit(true, tweak, plaintext, ciphertext, "plaintext", "ciphertext");
        }

        /// <summary>Decrypts one data unit (16 bytes to 16 MiB) under a 16-byte tweak.</summary>
        public void Decrypt(byte[] tweak, byte[] ciphertext, byte[] plaintext)
        {
            Decrypt(Check.Whole(tweak, "tweak"), Check.Whole(ciphertext, "ciphertext"), Check.Whole(plaintext, "plaintext"));
        }

        /// <summary>Decrypt over parts of arrays.</summary>
        public void Decrypt(Seg tweak, Seg ciphertext, Seg plaintext)
        {
            Unit(false, tweak, ciphertext, plaintext, "ciphertext", "plaintext");
        }

        private unsafe void Unit(bool enc, Seg tweak, Seg input, Seg output, string inName, string outName)
        {
            XtsCore core = Core;
            Check.Segment(tweak, "tweak");
            if (tweak.Count != TweakSize)
                throw new ArgumentException("tweak must be " + TweakSize + " bytes (the data unit number, little-endian), got " + tweak.Count, "tweak");
            CheckData(input, output, inName, outName);
            CheckUnitSize(input.Count, inName, inName);
            fixed (byte* pt = tweak.Array) fixed (byte* pi = input.Array) fixed (byte* po = output.Array)
                core.Unit(enc, pt + tweak.Offset, po + output.Offset, pi + input.Offset, input.Count);
        }

        /// <summary>Encrypts consecutive sectors of sectorSize bytes (16 bytes to 16 MiB,
        /// any length: ciphertext stealing in each) numbered firstSector, firstSector + 1,
        /// ... (mod 2^64) as dm-crypt's plain64 tweaks; the same bytes as one Encrypt per
        /// sector with SectorTweak(n). plaintext holds a whole number of sectors.</summary>
        public void EncryptSectors(ulong firstSector, int sectorSize, byte[] plaintext, byte[] ciphertext)
        {
            EncryptSectors(firstSector, sectorSize, Check.Whole(plaintext, "plaintext"), Check.Whole(ciphertext, "ciphertext"));
        }

        /// <summary>EncryptSectors over parts of arrays.</summary>
        public void EncryptSectors(ulong firstSector, int sectorSize, Seg plaintext, Seg ciphertext)
        {
            Sectors(true, firstSector, sectorSize, plaintext, ciphertext, "plaintext", "ciphertext");
        }

        /// <summary>Decrypts consecutive sectors, as EncryptSectors numbers them.</summary>
        public void DecryptSectors(ulong firstSector, int sectorSize, byte[] ciphertext, byte[] plaintext)
        {
            DecryptSectors(firstSector, sectorSize, Check.Whole(ciphertext, "ciphertext"), Check.Whole(plaintext, "plaintext"));
        }

        /// <summary>DecryptSectors over parts of arrays.</summary>
        public void DecryptSectors(ulong firstSector, int sectorSize, Seg ciphertext, Seg plaintext)
        {
            Sectors(false, firstSector, sectorSize, ciphertext, plaintext, "ciphertext", "plaintext");
        }

        private unsafe void Sectors(bool enc, ulong first, int sectorSize, Seg input, Seg output, string inName, string outName)
        {
            XtsCore core = Core;
            CheckUnitSize(sectorSize, "sectorSize", "sectorSize");
            CheckData(input, output, inName, outName);
            if (input.Count % sectorSize != 0)
                throw new ArgumentException(inName + " must be a whole number of " + sectorSize + "-byte sectors, got " + input.Count + " bytes", inName);
            long count = input.Count / sectorSize;
            if (count == 0) return;
            fixed (byte* pi = input.Array) fixed (byte* po = output.Array)
                core.Sectors(enc, first, sectorSize, count, po + output.Offset, pi + input.Offset);
        }

        /// <summary>Wipes both key schedules; later calls throw ObjectDisposedException.</summary>
        public void Dispose()
        {
            if (_core != null) _core.Dispose();
            _core = null;
        }
    }
}
