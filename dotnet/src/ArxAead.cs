// GCM and CCM in the shape of System.Security.Cryptography.AesGcm / AesCcm:
// Encrypt(nonce, plaintext, ciphertext, tag, associatedData) and
// Decrypt(nonce, ciphertext, tag, plaintext, associatedData). A tag that does
// not verify throws CryptographicException and leaves the plaintext buffer
// zeroed. The ciphertext is as long as the plaintext; the tag is TagSize bytes.
// Each method also takes ArraySegment<byte>s, for parts of larger arrays.
using System;
using System.Security.Cryptography;
using Seg = System.ArraySegment<byte>;

namespace ArxCrypt
{
    /// <summary>What ArxGcm and ArxCcm share: the key, the checks, disposal.</summary>
    public abstract class ArxAead : IDisposable
    {
        private KeyCore _key;
        private readonly string _mode;

        /// <summary>The tag length in bytes that Encrypt writes and Decrypt expects.</summary>
        public int TagSize { get; private set; }
        /// <summary>The cipher name, e.g. "lea-128".</summary>
        public string Cipher { get; private set; }
        /// <summary>The engine this key lives in.</summary>
        public ArxEngineKind Engine { get; private set; }

        internal ArxAead(string mode, string cipher, byte[] key, int tagSize, ArxEngineKind? engine)
        {
            _mode = mode;
            ArxEngineKind e = ArxEngine.Resolve(engine);
            int bb, kb;
            ArxEngine.Describe(cipher, e, out bb, out kb);
            if (bb != 16)
                throw new ArgumentException(mode + " needs a 128-bit block cipher; " + cipher + " has a " + 8 * bb + "-bit block", "cipher");
            CheckTagSize(tagSize);
            Check.NotNull(key, "key");
            if (key.Length != kb) throw Check.KeyLength(cipher, kb, key.Length);
            _key = KeyCore.Create(cipher, key, e);
            TagSize = tagSize;
            Cipher = cipher;
            Engine = e;
        }

        internal abstract void CheckTagSize(int tagSize);
        internal abstract void CheckNonce(int nonceLength, int length);

        private KeyCore Key
        {
            get
            {
                if (_key == null) throw new ObjectDisposedException(GetType().Name);
                return _key;
            }
        }

        private void CheckArgs(Seg nonce, Seg input, Seg output, Seg tag, string inName, string outName)
        {
            if (output.Count != input.Count)
                throw new ArgumentException(outName + " must be as long as " + inName + " (" + input.Count + " bytes), got " + output.Count, outName);
            if (tag.Count != TagSize)
                throw new ArgumentException("tag must be " + TagSize + " bytes (this object's TagSize), got " + tag.Count, "tag");
            CheckNonce(nonce.Count, input.Count);
            Check.NoPartialOverlap(output.Array, output.Offset, input.Array, input.Offset, input.Count, outName);
        }

        /// <summary>Encrypts plaintext into ciphertext (same length) and writes the tag.</summary>
        public void Encrypt(byte[] nonce, byte[] plaintext, byte[] ciphertext, byte[] tag, byte[] associatedData = null)
        {
            Encrypt(Check.Whole(nonce, "nonce"), Check.Whole(plaintext, "plaintext"), Check.Whole(ciphertext, "ciphertext"), Check.Whole(tag, "tag"),
                    associatedData == null ? default(Seg) : new Seg(associatedData));
        }

        /// <summary>Encrypt over parts of arrays (no copies; a default associatedData is empty).</summary>
        public void Encrypt(Seg nonce, Seg plaintext, Seg ciphertext, Seg tag, Seg associatedData = default(Seg))
        {
            KeyCore k = Key;
            CheckArgs(Check.Segment(nonce, "nonce"), Check.Segment(plaintext, "plaintext"), Check.Segment(ciphertext, "ciphertext"),
                      Check.Segment(tag, "tag"), "plaintext", "ciphertext");
            Seal(k, nonce, associatedData, plaintext, ciphertext, tag);
        }

        /// <summary>Verifies the tag and decrypts; CryptographicException (plaintext
        /// zeroed) when the tag, nonce, data or key do not match.</summary>
        public void Decrypt(byte[] nonce, byte[] ciphertext, byte[] tag, byte[] plaintext, byte[] associatedData = null)
        {
            Decrypt(Check.Whole(nonce, "nonce"), Check.Whole(ciphertext, "ciphertext"), Check.Whole(tag, "tag"), Check.Whole(plaintext, "plaintext"),
                    associatedData == null ? default(Seg) : new Seg(associatedData));
        }

        /// <summary>Decrypt over parts of arrays (no copies; a default associatedData is empty).</summary>
        public void Decrypt(Seg nonce, Seg ciphertext, Seg tag, Seg plaintext, Seg associatedData = default(Seg))
        {
            KeyCore k = Key;
            CheckArgs(Check.Segment(nonce, "nonce"), Check.Segment(ciphertext, "ciphertext"), Check.Segment(plaintext, "plaintext"),
                      Check.Segment(tag, "tag"), "ciphertext", "plaintext");
            if (!Open(k, nonce, associatedData, ciphertext, plaintext, tag))
            {
                // the engines zero it too; this says so here
                Array.Clear(plaintext.Array, plaintext.Offset, plaintext.Count);
                throw new CryptographicException(Cipher + "-" + _mode.ToLowerInvariant() +
                                                 ": authentication failed (the tag does not match: wrong key, nonce, data or tag)");
            }
        }

        /// <summary>Many messages in one call (EncryptMany / DecryptMany of ArxGcm and
        /// ArxCcm): every job checked first (ArgumentException naming jobs[i], nothing
        /// computed); then one arx_*_many call when every key is native, else the jobs
        /// one after another. Returns each job's verdict (all true when encrypting).</summary>
        internal static bool[] RunMany(System.Collections.Generic.IList<ArxAeadJob> jobs, bool gcm, bool encrypt)
        {
            if (jobs == null) throw new ArgumentNullException("jobs");
            int n = jobs.Count;
            var js = new ArxAeadJob[n];
            var keys = new KeyCore[n];
            bool allNative = true;
            for (int i = 0; i < n; i++)
            {
                ArxAeadJob j = jobs[i];
                if (j == null) throw new ArgumentException(At(i) + " is null", "jobs");
                ArxAead a = j.Key;
                if (a == null || (gcm ? !(a is ArxGcm) : !(a is ArxCcm)))
                    throw new ArgumentException(At(i) + ": the key must be an " + (gcm ? "ArxGcm" : "ArxCcm") + ", got " + (a == null ? "null" : a.GetType().Name), "jobs");
                if (a._key == null) throw new ObjectDisposedException(a.GetType().Name, At(i) + ": the key was disposed");
                if (i > 0 && a.Cipher != js[0].Key.Cipher)
                    throw new ArgumentException(At(i) + ": the key is " + a.Cipher + ", jobs[0]'s is " + js[0].Key.Cipher + ": one call takes keys of one cipher", "jobs");
                try
                {
                    Check.NotNull(j.Nonce, "nonce");
                    Check.NotNull(j.Input, "input");
                    Check.NotNull(j.Output, "output");
                    Check.NotNull(j.Tag, "tag");
                    a.CheckArgs(new Seg(j.Nonce), new Seg(j.Input), new Seg(j.Output), new Seg(j.Tag), "input", "output");
                }
                catch (ArgumentException e)
                {
                    throw new ArgumentException(At(i) + ": " + e.Message, "jobs", e);
                }
                js[i] = j;
                keys[i] = a._key;
                allNative &= a._key is NativeKey;
            }
            if (n == 0) return new bool[0];
            if (allNative)
            {
                try
                {
                    return NativeKey.Many(gcm, encrypt, js, Array.ConvertAll(keys, k => (NativeKey)k));
                }
                catch (EntryPointNotFoundException)
                {
                    // a libarxcrypt older than arx_*_many: the one-message calls below
                }
            }
            var ok = new bool[n];
            for (int i = 0; i < n; i++)
            {
                ArxAeadJob j = js[i];
                ArxAead a = j.Key;
                Seg aad = j.AssociatedData == null ? default(Seg) : new Seg(j.AssociatedData);
                if (encrypt)
                {
                    a.Seal(keys[i], new Seg(j.Nonce), aad, new Seg(j.Input), new Seg(j.Output), new Seg(j.Tag));
                    ok[i] = true;
                }
                else
                {
                    ok[i] = a.Open(keys[i], new Seg(j.Nonce), aad, new Seg(j.Input), new Seg(j.Output), new Seg(j.Tag));
                    if (!ok[i]) Array.Clear(j.Output, 0, j.Output.Length);
                }
            }
            return ok;
        }

        private static string At(int i) { return "jobs[" + i + "]"; }

        internal abstract void Seal(KeyCore k, Seg nonce, Seg aad, Seg input, Seg output, Seg tag);
        internal abstract bool Open(KeyCore k, Seg nonce, Seg aad, Seg input, Seg output, Seg tag);

        /// <summary>Wipes and frees the key schedule.</summary>
        public void Dispose()
        {
            if (_key != null) _key.Dispose();
            _key = null;
        }
    }

    /// <summary>GCM (NIST SP 800-38D) over a 128-bit block cipher, like AesGcm.</summary>
    public sealed class ArxGcm : ArxAead
    {
        /// <summary>Nonce lengths allowed: 1 byte and up (12 is the fast path and the usual choice).</summary>
        public static KeySizes NonceByteSizes { get { return new KeySizes(1, int.MaxValue, 1); } }
        /// <summary>Tag lengths allowed: 4 to 16 bytes.</summary>
        public static KeySizes TagByteSizes { get { return new KeySizes(4, 16, 1); } }

        /// <summary>A GCM key for cipher (e.g. "lea-128"); tagSize 4..16 bytes; engine
        /// null for ArxEngine.Default.</summary>
        public ArxGcm(string cipher, byte[] key, int tagSize = 16, ArxEngineKind? engine = null)
            : base("GCM", cipher, key, tagSize, engine) { }

        internal override void CheckTagSize(int t)
        {
            if (t < 4 || t > 16) throw new ArgumentException("GCM tag size must be 4 to 16 bytes, got " + t, "tagSize");
        }

        internal override void CheckNonce(int nonceLength, int length)
        {
            if (nonceLength < 1) throw new ArgumentException("GCM nonce must be at least 1 byte (12 recommended)", "nonce");
            // 2^36 - 32 bytes per message (SP 800-38D 5.2.1.1) is beyond any byte[].
        }

        /// <summary>Encrypts every job (each with its own ArxGcm key, all of one cipher;
        /// tag lengths are each key's TagSize) in one call: the C library runs one
        /// message per vector lane where it can (native engine), else the jobs run one
        /// after another. Buffers of different jobs must not overlap.</summary>
        public static void EncryptMany(System.Collections.Generic.IList<ArxAeadJob> jobs) { RunMany(jobs, true, true); }

        /// <summary>Decrypts every job; returns one verdict per job. A job whose tag fails
        /// gets false and its Output zeroed; the others' plaintext is written. Bad
        /// arguments throw ArgumentException (naming the job) before anything is computed.</summary>
        public static bool[] DecryptMany(System.Collections.Generic.IList<ArxAeadJob> jobs) { return RunMany(jobs, true, false); }

        internal override void Seal(KeyCore k, Seg n, Seg a, Seg i, Seg o, Seg t) { k.GcmEncrypt(n, a, i, o, t); }
        internal override bool Open(KeyCore k, Seg n, Seg a, Seg i, Seg o, Seg t) { return k.GcmDecrypt(n, a, i, o, t); }
    }

    /// <summary>CCM (NIST SP 800-38C) over a 128-bit block cipher, like AesCcm.</summary>
    public sealed class ArxCcm : ArxAead
    {
        /// <summary>Nonce lengths allowed: 7 to 13 bytes.</summary>
        public static KeySizes NonceByteSizes { get { return new KeySizes(7, 13, 1); } }
        /// <summary>Tag lengths allowed: 4, 6, ..., 16 bytes.</summary>
        public static KeySizes TagByteSizes { get { return new KeySizes(4, 16, 2); } }

        /// <summary>A CCM key for cipher (e.g. "lea-128"); tagSize 4, 6, ..., 16.</summary>
        public ArxCcm(string cipher, byte[] key, int tagSize = 16, ArxEngineKind? engine = null)
            : base("CCM", cipher, key, tagSize, engine) { }

        internal override void CheckTagSize(int t)
        {
            if (t < 4 || t > 16 || (t & 1) != 0)
                throw new ArgumentException("CCM tag size must be 4, 6, 8, 10, 12, 14 or 16 bytes, got " + t, "tagSize");
        }

        internal override void CheckNonce(int nonceLength, int length)
        {
            if (nonceLength < 7 || nonceLength > 13)
                throw new ArgumentException("CCM nonce must be 7 to 13 bytes, got " + nonceLength, "nonce");
            int q = 15 - nonceLength; // bytes of the length field
            if (q < 4 && (long)length >> (8 * q) != 0)
                throw new ArgumentException("CCM with a " + nonceLength + "-byte nonce takes messages below 2^" + 8 * q +
                                            " bytes, got " + length + " (use a shorter nonce)", "plaintext");
        }

        /// <summary>As ArxGcm.EncryptMany, for CCM keys.</summary>
        public static void EncryptMany(System.Collections.Generic.IList<ArxAeadJob> jobs) { RunMany(jobs, false, true); }

        /// <summary>As ArxGcm.DecryptMany, for CCM keys.</summary>
        public static bool[] DecryptMany(System.Collections.Generic.IList<ArxAeadJob> jobs) { return RunMany(jobs, false, false); }

        internal override void Seal(KeyCore k, Seg n, Seg a, Seg i, Seg o, Seg t) { k.CcmEncrypt(n, a, i, o, t); }
        internal override bool Open(KeyCore k, Seg n, Seg a, Seg i, Seg o, Seg t) { return k.CcmDecrypt(n, a, i, o, t); }
    }

    /// <summary>One message of ArxGcm/ArxCcm.EncryptMany or DecryptMany: its key (an
    /// ArxGcm or ArxCcm, whose TagSize the tag must have), nonce, input, an output as
    /// long as the input (the same array as input is allowed), the tag (written by
    /// EncryptMany, read by DecryptMany) and optional associated data.</summary>
    public sealed class ArxAeadJob
    {
        /// <summary>A job; associatedData may be null.</summary>
        public ArxAeadJob(ArxAead key, byte[] nonce, byte[] input, byte[] output, byte[] tag, byte[] associatedData = null)
        {
            Key = key;
            Nonce = nonce;
            Input = input;
            Output = output;
            Tag = tag;
            AssociatedData = associatedData;
        }

        /// <summary>The key (ArxGcm or ArxCcm).</summary>
        public ArxAead Key { get; private set; }
        /// <summary>The nonce.</summary>
        public byte[] Nonce { get; private set; }
        /// <summary>Plaintext (encrypt) or ciphertext (decrypt).</summary>
        public byte[] Input { get; private set; }
        /// <summary>Where the result goes (as long as Input).</summary>
        public byte[] Output { get; private set; }
        /// <summary>The tag.</summary>
        public byte[] Tag { get; private set; }
        /// <summary>Associated data, or null.</summary>
        public byte[] AssociatedData { get; private set; }
    }
}
