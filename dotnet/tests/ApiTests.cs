// Errors, disposal, engines and CryptoStream round trips.
using System;
using System.IO;
using System.Reflection;
using System.Security.Cryptography;
using NUnit.Framework;
using ArxCrypt;

namespace ArxCrypt.Tests
{
    [TestFixture]
    public class ApiTests
    {
        private static readonly byte[] Key16 = Support.Hex("000102030405060708090a0b0c0d0e0f");

        public static ArxEngineKind[] Engines() { return Support.Engines(); }

        // ---- bad input ----

        [TestCaseSource("Engines")]
        public void BadConstructorArguments(ArxEngineKind e)
        {
            var ex = Assert.Throws<ArgumentException>(() => new ArxGcm("lea-128", new byte[15], 16, e));
            StringAssert.Contains("16-byte key, got 15", ex.Message);
            ex = Assert.Throws<ArgumentException>(() => new ArxGcm("no-such-cipher", Key16, 16, e));
            StringAssert.Contains("unknown cipher 'no-such-cipher'", ex.Message);
            Assert.Throws<ArgumentException>(() => new ArxGcm("lea-128", Key16, 3, e));
            Assert.Throws<ArgumentException>(() => new ArxGcm("lea-128", Key16, 17, e));
            Assert.Throws<ArgumentException>(() => new ArxCcm("lea-128", Key16, 5, e));
            Assert.Throws<ArgumentNullException>(() => new ArxGcm("lea-128", null, 16, e));
            Assert.Throws<ArgumentNullException>(() => new ArxGcm(null, Key16, 16, e));
            Assert.Throws<ArgumentException>(() => new ArxCmac("lea-128", Key16, 17, e));
            Assert.Throws<ArgumentException>(() => ArxCipher.Create("LEA-128", e));
        }

        [Test]
        public void ModesNeedTheirBlockSize()
        {
            if (!ArxEngine.NativeAvailable) Assert.Ignore("needs libarxcrypt");
            var ex = Assert.Throws<ArgumentException>(() => new ArxGcm("hight", Key16, 16, ArxEngineKind.Native));
            StringAssert.Contains("128-bit block", ex.Message);
            Assert.Throws<ArgumentException>(() => new ArxCcm("speck-64-128", Key16, 16, ArxEngineKind.Native));
            Assert.Throws<ArgumentException>(() => new ArxCmac("speck-48-96", new byte[12], 0, ArxEngineKind.Native));
            using (var m = new ArxCmac("hight", Key16, 0, ArxEngineKind.Native)) Assert.AreEqual(64, m.HashSize);
        }

        [Test]
        public void ManagedEngineCoversTheNativeCiphers()
        {
            string[] managed = ArxEngine.Ciphers(ArxEngineKind.Managed);
            Assert.Throws<ArgumentException>(() => ArxCipher.Create("no-such-cipher", ArxEngineKind.Managed));
            Assert.That(managed, Has.Member("lea-128").And.Member("hight").And.Member("cham-64-128-legacy"));
            if (!ArxEngine.NativeAvailable) return;
            string missing = Array.Find(ArxEngine.Ciphers(ArxEngineKind.Native), c => Array.IndexOf(managed, c) < 0);
            if (missing == null)
                CollectionAssert.AreEquivalent(ArxEngine.Ciphers(ArxEngineKind.Native), managed);
            else
            {
                // a cipher only the library has: a clear refusal, not a wrong answer
                var ex = Assert.Throws<NotSupportedException>(() => ArxCipher.Create(missing, ArxEngineKind.Managed));
                StringAssert.Contains("native engine", ex.Message);
            }
        }

        [TestCaseSource("Engines")]
        public void BadAeadArguments(ArxEngineKind e)
        {
            using (var g = new ArxGcm("lea-128", Key16, 16, e))
            using (var c = new ArxCcm("lea-128", Key16, 8, e))
            {
                var pt = new byte[10];
                Assert.Throws<ArgumentException>(() => g.Encrypt(new byte[12], pt, new byte[9], new byte[16]));
                Assert.Throws<ArgumentException>(() => g.Encrypt(new byte[12], pt, new byte[10], new byte[12]));
                Assert.Throws<ArgumentException>(() => g.Encrypt(new byte[0], pt, new byte[10], new byte[16]));
                Assert.Throws<ArgumentNullException>(() => g.Encrypt(null, pt, new byte[10], new byte[16]));
                Assert.Throws<ArgumentNullException>(() => g.Decrypt(new byte[12], null, new byte[16], pt));
                var ex = Assert.Throws<ArgumentException>(() => c.Encrypt(new byte[6], pt, new byte[10], new byte[8]));
                StringAssert.Contains("7 to 13 bytes", ex.Message);
                Assert.Throws<ArgumentException>(() => c.Encrypt(new byte[14], pt, new byte[10], new byte[8]));
                // a 13-byte nonce leaves a 2-byte length field: 65536 bytes are too many
                var big = new byte[65536];
                ex = Assert.Throws<ArgumentException>(() => c.Encrypt(new byte[13], big, new byte[65536], new byte[8]));
                StringAssert.Contains("below 2^16", ex.Message);
                c.Encrypt(new byte[12], big, new byte[65536], new byte[8]);
            }
        }

        [TestCaseSource("Engines")]
        public void BadTransformArguments(ArxEngineKind e)
        {
            using (var alg = ArxCipher.Create("lea-128", e))
            {
                Assert.Throws<CryptographicException>(() => alg.Mode = CipherMode.CTS);
                Assert.Throws<CryptographicException>(() => alg.Padding = PaddingMode.ANSIX923);
                Assert.Throws<CryptographicException>(() => alg.FeedbackSize = 8);
                Assert.Throws<CryptographicException>(() => alg.Key = new byte[15]);
                Assert.Throws<ArgumentException>(() => alg.CreateEncryptor(Key16, new byte[15]));
                Assert.Throws<ArgumentException>(() => alg.CreateEncryptor(new byte[24], new byte[16]));
                alg.Mode = CipherMode.ECB; // PKCS7 is the default padding, and ECB does not pad
                Assert.Throws<CryptographicException>(() => alg.CreateEncryptor(Key16, null));
                alg.Padding = PaddingMode.None;
                using (var t = alg.CreateEncryptor(Key16, null))
                {
                    var ex = Assert.Throws<CryptographicException>(() => t.TransformFinalBlock(new byte[17], 0, 17));
                    StringAssert.Contains("not a multiple of the 16-byte block", ex.Message);
                    Assert.Throws<ArgumentException>(() => t.TransformBlock(new byte[17], 0, 17, new byte[32], 0));
                    Assert.Throws<ArgumentException>(() => t.TransformBlock(new byte[32], 0, 32, new byte[16], 0));
                    Assert.Throws<ArgumentException>(() => t.TransformBlock(new byte[32], 20, 16, new byte[32], 0));
                    Assert.Throws<ArgumentOutOfRangeException>(() => t.TransformBlock(new byte[32], -1, 16, new byte[32], 0));
                    var same = new byte[64];
                    Assert.Throws<ArgumentException>(() => t.TransformBlock(same, 0, 32, same, 16));
                }
                alg.Mode = CipherMode.CBC;
                alg.Padding = PaddingMode.PKCS7;
                using (var d = alg.CreateDecryptor(Key16, new byte[16]))
                    Assert.Throws<CryptographicException>(() => d.TransformFinalBlock(new byte[15], 0, 15));
            }
        }

        [TestCaseSource("Engines")]
        public void BadPaddingIsRefused(ArxEngineKind e)
        {
            using (var alg = ArxCipher.Create("lea-128", e))
            {
                byte[] iv = new byte[16];
                byte[] ct;
                using (var t = alg.CreateEncryptor(Key16, iv)) ct = t.TransformFinalBlock(new byte[20], 0, 20);
                Assert.AreEqual(32, ct.Length);
                ct[31] ^= 0x5a; // the last block decrypts to garbage: padding fails (with overwhelming probability)
                using (var d = alg.CreateDecryptor(Key16, iv))
                {
                    var ex = Assert.Throws<CryptographicException>(() => d.TransformFinalBlock(ct, 0, ct.Length));
                    StringAssert.Contains("padding is invalid", ex.Message);
                }
                // every single padding byte value is checked: 0 and > 16 are bad, and so is a mismatch
                alg.Padding = PaddingMode.None;
                foreach (var lastBlock in new[] { Pad(0, 0), Pad(17, 17), Pad(3, 2), Pad(16, 15) })
                {
                    byte[] c;
                    using (var t = alg.CreateEncryptor(Key16, iv)) c = t.TransformFinalBlock(lastBlock, 0, 16);
                    alg.Padding = PaddingMode.PKCS7;
                    using (var d = alg.CreateDecryptor(Key16, iv))
                        Assert.Throws<CryptographicException>(() => d.TransformFinalBlock(c, 0, 16));
                    alg.Padding = PaddingMode.None;
                }
            }
        }

        /// <summary>A last block whose final byte claims `value` bytes of padding but which is not
        /// valid PKCS7: value 0, value over 16, or fewer than `value` bytes equal to it.</summary>
        private static byte[] Pad(int value, int count)
        {
            var b = new byte[16];
            for (int j = 16 - Math.Min(count, 16); j < 16; j++) b[j] = (byte)value;
            if (count < 16 && value <= 16 && value > count) b[16 - value] = (byte)(value + 1); // a mismatch inside the claimed pad
            b[15] = (byte)value;
            return b;
        }

        [TestCaseSource("Engines")]
        public void TagFailureZeroesPlaintext(ArxEngineKind e)
        {
            foreach (bool gcm in new[] { true, false })
                using (ArxAead a = gcm ? (ArxAead)new ArxGcm("lea-256", new byte[32], 12, e) : new ArxCcm("lea-256", new byte[32], 12, e))
                {
                    byte[] nonce = Support.Random(12), pt = Support.Random(100), ct = new byte[100], tag = new byte[12];
                    a.Encrypt(nonce, pt, ct, tag, new byte[] { 1, 2, 3 });
                    var outp = new byte[100];
                    foreach (Action spoil in new Action[] { () => tag[0] ^= 1, () => ct[99] ^= 0x80, () => nonce[11] ^= 4 })
                    {
                        spoil();
                        for (int j = 0; j < outp.Length; j++) outp[j] = 0xAA;
                        var ex = Assert.Throws<CryptographicException>(() => a.Decrypt(nonce, ct, tag, outp, new byte[] { 1, 2, 3 }));
                        StringAssert.Contains("authentication failed", ex.Message);
                        Assert.That(Array.TrueForAll(outp, b => b == 0), "plaintext zeroed");
                        spoil(); // undo
                    }
                    Assert.Throws<CryptographicException>(() => a.Decrypt(nonce, ct, tag, outp, new byte[] { 1, 2 })); // other AAD
                    a.Decrypt(nonce, ct, tag, outp, new byte[] { 1, 2, 3 });
                    Assert.AreEqual(pt, outp);
                }
        }

        [TestCaseSource("Engines")]
        public void ArraySegmentsMatchWholeArrays(ArxEngineKind e)
        {
            foreach (bool gcm in new[] { true, false })
                using (ArxAead a = gcm ? (ArxAead)new ArxGcm("lea-128", Key16, 16, e) : new ArxCcm("lea-128", Key16, 16, e))
                {
                    byte[] nonce = Support.Random(12), aad = Support.Random(7), pt = Support.Random(33);
                    byte[] ct = new byte[33], tag = new byte[16];
                    a.Encrypt(nonce, pt, ct, tag, aad);
                    // everything at odd offsets inside one big array
                    var big = new byte[200];
                    Buffer.BlockCopy(nonce, 0, big, 1, 12);
                    Buffer.BlockCopy(aad, 0, big, 13, 7);
                    Buffer.BlockCopy(pt, 0, big, 20, 33);
                    var n = new ArraySegment<byte>(big, 1, 12);
                    var ad = new ArraySegment<byte>(big, 13, 7);
                    a.Encrypt(n, new ArraySegment<byte>(big, 20, 33), new ArraySegment<byte>(big, 60, 33),
                              new ArraySegment<byte>(big, 100, 16), ad);
                    Assert.AreEqual(ct, new ArraySegment<byte>(big, 60, 33).ToArray());
                    Assert.AreEqual(tag, new ArraySegment<byte>(big, 100, 16).ToArray());
                    // decrypt in place over the ciphertext's own bytes
                    a.Decrypt(n, new ArraySegment<byte>(big, 60, 33), new ArraySegment<byte>(big, 100, 16),
                              new ArraySegment<byte>(big, 60, 33), ad);
                    Assert.AreEqual(pt, new ArraySegment<byte>(big, 60, 33).ToArray());
                    var ex = Assert.Throws<ArgumentException>(() => a.Encrypt(n, new ArraySegment<byte>(big, 20, 33),
                        new ArraySegment<byte>(big, 21, 33), new ArraySegment<byte>(big, 100, 16)));
                    StringAssert.Contains("overlaps", ex.Message);
                    Assert.Throws<ArgumentNullException>(() => a.Encrypt(default(ArraySegment<byte>), new ArraySegment<byte>(pt),
                        new ArraySegment<byte>(ct), new ArraySegment<byte>(tag)));
                }
        }

        // ---- disposal ----

        [TestCaseSource("Engines")]
        public void DisposedObjectsRefuseWork(ArxEngineKind e)
        {
            var g = new ArxGcm("lea-128", Key16, 16, e);
            g.Dispose();
            g.Dispose(); // twice is fine
            Assert.Throws<ObjectDisposedException>(() => g.Encrypt(new byte[12], new byte[1], new byte[1], new byte[16]));
            var c = new ArxCcm("lea-128", Key16, 16, e);
            c.Dispose();
            Assert.Throws<ObjectDisposedException>(() => c.Decrypt(new byte[12], new byte[1], new byte[16], new byte[1]));
            var m = new ArxCmac("lea-128", Key16, 0, e);
            m.Dispose();
            Assert.Throws<ObjectDisposedException>(() => m.ComputeHash(new byte[3]));
            using (var alg = ArxCipher.Create("lea-128", e))
            {
                var t = alg.CreateEncryptor(Key16, new byte[16]);
                t.Dispose();
                Assert.Throws<ObjectDisposedException>(() => t.TransformFinalBlock(new byte[16], 0, 16));
            }
        }

        private static object Field(object o, string name)
        {
            for (Type t = o.GetType(); t != null; t = t.BaseType)
            {
                FieldInfo f = t.GetField(name, BindingFlags.Instance | BindingFlags.NonPublic);
                if (f != null) return f.GetValue(o);
            }
            throw new MissingFieldException(o.GetType().Name, name);
        }

        [Test]
        public void ManagedKeyScheduleIsWipedOnDispose()
        {
            var g = new ArxGcm("lea-192", Support.Random(24), 16, ArxEngineKind.Managed);
            g.Encrypt(new byte[12], new byte[5], new byte[5], new byte[16]); // makes the hash key too
            object core = Field(g, "_key");
            var rk = (uint[])Field(Field(core, "_c"), "_rk");
            Assert.That(Array.Exists(rk, w => w != 0));
            Assert.AreNotEqual(0UL, (ulong)Field(core, "_hh") | (ulong)Field(core, "_hl"));
            g.Dispose();
            Assert.That(Array.TrueForAll(rk, w => w == 0), "round keys zeroed");
            Assert.AreEqual(0UL, (ulong)Field(core, "_hh") | (ulong)Field(core, "_hl"), "GHASH key zeroed");
        }

        [TestCaseSource("Engines")]
        public void CmacBufferIsWipedAndKeyReplaced(ArxEngineKind e)
        {
            var m = new ArxCmac("lea-128", Key16, 0, e);
            m.TransformBlock(new byte[] { 9, 9, 9 }, 0, 3, null, 0);
            var buf = (byte[])Field(m, "_buf");
            m.Initialize();
            Assert.That(Array.TrueForAll(buf, b => b == 0), "message buffer zeroed by Initialize");
            byte[] a = m.ComputeHash(new byte[] { 1 });
            m.Key = new byte[16];
            byte[] b2 = m.ComputeHash(new byte[] { 1 });
            Assert.AreNotEqual(a, b2);
            using (var fresh = new ArxCmac("lea-128", new byte[16], 0, e)) Assert.AreEqual(b2, fresh.ComputeHash(new byte[] { 1 }));
            m.Dispose();
            Assert.That(Array.TrueForAll(buf, b => b == 0));
        }

        // ---- engines ----

        [Test]
        public void EngineSwitch()
        {
            ArxEngineKind saved = ArxEngine.Default;
            try
            {
                ArxEngine.Default = ArxEngineKind.Managed;
                using (var g = new ArxGcm("lea-128", Key16)) Assert.AreEqual(ArxEngineKind.Managed, g.Engine);
                if (ArxEngine.NativeAvailable)
                {
                    ArxEngine.Default = ArxEngineKind.Native;
                    using (var g = new ArxGcm("lea-128", Key16)) Assert.AreEqual(ArxEngineKind.Native, g.Engine);
                    Assert.That(ArxEngine.Ciphers(ArxEngineKind.Native), Has.Member("hight"));
                }
                else Assert.Throws<InvalidOperationException>(() => ArxEngine.Default = ArxEngineKind.Native);
            }
            finally
            {
                ArxEngine.Default = saved;
            }
        }

        [Test]
        public void EnginesAgreeOnLargeMessages()
        {
            if (!ArxEngine.NativeAvailable) Assert.Ignore("needs libarxcrypt");
            byte[] key = Support.Random(16), nonce = Support.Random(12), pt = Support.Random(Support.Quick ? 70000 : 1 << 20);
            var c1 = new byte[pt.Length];
            var c2 = new byte[pt.Length];
            var t1 = new byte[16];
            var t2 = new byte[16];
            using (var a = new ArxGcm("lea-128", key, 16, ArxEngineKind.Managed)) a.Encrypt(nonce, pt, c1, t1);
            using (var a = new ArxGcm("lea-128", key, 16, ArxEngineKind.Native)) a.Encrypt(nonce, pt, c2, t2);
            Assert.AreEqual(c2, c1);
            Assert.AreEqual(t2, t1);
        }

        [TestCaseSource("Engines")]
        public void CallsAllocateNothing(ArxEngineKind e)
        {
            byte[] n = new byte[12], buf = new byte[64], o = new byte[64], tag = new byte[16];
            using (var g = new ArxGcm("lea-128", Key16, 16, e))
            using (var alg = ArxCipher.Create("lea-128", e))
            {
                alg.ArxMode = ArxCipherMode.Ctr;
                using (var t = alg.CreateEncryptor(Key16, new byte[16]))
                {
                    g.Encrypt(n, buf, o, tag);
                    t.TransformBlock(buf, 0, 64, o, 0);
                    long before = GC.GetTotalMemory(false);
                    for (int i = 0; i < 20000; i++)
                    {
                        g.Encrypt(n, buf, o, tag);
                        g.Decrypt(n, o, tag, buf);
                        t.TransformBlock(buf, 0, 64, o, 0);
                    }
                    Assert.AreEqual(0, GC.GetTotalMemory(false) - before, "bytes allocated by 60000 calls");
                }
            }
        }

        [TestCaseSource("Engines")]
        public void OneKeySharedByThreads(ArxEngineKind e)
        {
            byte[] key = Support.Random(16);
            var msgs = new byte[64][];
            var nonces = new byte[64][];
            for (int i = 0; i < msgs.Length; i++) { msgs[i] = Support.Random(i * 37); nonces[i] = Support.Random(i % 2 == 0 ? 12 : 20); }
            var want = new byte[64][];
            using (var g = new ArxGcm("lea-128", key, 16, e))
                for (int i = 0; i < msgs.Length; i++)
                {
                    want[i] = new byte[msgs[i].Length + 16];
                    var c = new ArraySegment<byte>(want[i], 0, msgs[i].Length);
                    g.Encrypt(new ArraySegment<byte>(nonces[i]), new ArraySegment<byte>(msgs[i]), c,
                              new ArraySegment<byte>(want[i], msgs[i].Length, 16));
                }
            // a fresh key, its first GCM calls made from four threads at once
            using (var g = new ArxGcm("lea-128", key, 16, e))
            {
                var got = new byte[64][];
                var threads = new System.Threading.Thread[4];
                for (int t = 0; t < threads.Length; t++)
                {
                    int first = t;
                    threads[t] = new System.Threading.Thread(() =>
                    {
                        for (int rep = 0; rep < 5; rep++)
                            for (int i = first; i < msgs.Length; i += 4)
                            {
                                var outp = new byte[msgs[i].Length + 16];
                                g.Encrypt(new ArraySegment<byte>(nonces[i]), new ArraySegment<byte>(msgs[i]),
                                          new ArraySegment<byte>(outp, 0, msgs[i].Length), new ArraySegment<byte>(outp, msgs[i].Length, 16));
                                got[i] = outp;
                            }
                    });
                }
                foreach (var th in threads) th.Start();
                foreach (var th in threads) th.Join();
                for (int i = 0; i < msgs.Length; i++) Assert.AreEqual(want[i], got[i], "message " + i);
            }
        }

        // ---- CryptoStream round trips ----

        private static readonly int[] OddSizes = { 0, 1, 5, 15, 16, 17, 31, 33, 100, 255, 1000, 4097 };

        [TestCaseSource("Engines")]
        public void CryptoStreamRoundTrips(ArxEngineKind e)
        {
            string[] ciphers = e == ArxEngineKind.Managed ? new[] { "lea-128", "lea-256" }
                                                          : new[] { "lea-192", "hight", "speck-48-96", "simon-96-144", "sparx-128-256" };
            foreach (string cipher in ciphers)
                using (var alg = ArxCipher.Create(cipher, e))
                {
                    alg.GenerateKey();
                    alg.GenerateIV();
                    int bb = alg.BlockSize / 8;
                    foreach (ArxCipherMode mode in Enum.GetValues(typeof(ArxCipherMode)))
                        foreach (PaddingMode pad in new[] { PaddingMode.PKCS7, PaddingMode.None })
                        {
                            if (mode == ArxCipherMode.Ecb && pad == PaddingMode.PKCS7) continue;
                            alg.ArxMode = mode;
                            alg.Padding = pad;
                            bool whole = (mode == ArxCipherMode.Ecb || mode == ArxCipherMode.Cbc) && pad == PaddingMode.None;
                            foreach (int size in OddSizes)
                            {
                                int n = whole ? size - size % bb : size;
                                byte[] pt = Support.Random(n);
                                byte[] ct = Streams.Run(alg.CreateEncryptor(), pt);
                                int want = mode == ArxCipherMode.Cbc && pad == PaddingMode.PKCS7 ? n - n % bb + bb : n;
                                Assert.AreEqual(want, ct.Length, cipher + " " + mode + " " + pad + " " + n);
                                Assert.AreEqual(pt, Streams.Run(alg.CreateDecryptor(), ct), cipher + " " + mode + " " + pad + " " + n);
                                Assert.AreEqual(pt, Streams.RunRead(alg.CreateDecryptor(), ct), "read mode, " + cipher + " " + mode + " " + n);
                                // one transform, reused after its final block, gives the same bytes
                                using (var t = alg.CreateEncryptor())
                                {
                                    byte[] a = t.TransformFinalBlock(pt, 0, pt.Length), b = t.TransformFinalBlock(pt, 0, pt.Length);
                                    Assert.AreEqual(ct, a);
                                    Assert.AreEqual(ct, b);
                                }
                            }
                        }
                }
        }

        [TestCaseSource("Engines")]
        public void InPlaceTransformBlock(ArxEngineKind e)
        {
            using (var alg = ArxCipher.Create("lea-128", e))
            {
                alg.GenerateKey();
                alg.GenerateIV();
                foreach (ArxCipherMode mode in Enum.GetValues(typeof(ArxCipherMode)))
                {
                    alg.ArxMode = mode;
                    alg.Padding = mode == ArxCipherMode.Cbc ? PaddingMode.PKCS7 : PaddingMode.None;
                    byte[] pt = Support.Random(96), ct;
                    using (var t = alg.CreateEncryptor()) ct = t.TransformFinalBlock(pt, 0, pt.Length);
                    using (var d = alg.CreateDecryptor())
                    {
                        var buf = (byte[])ct.Clone();
                        int n = d.TransformBlock(buf, 0, 64, buf, 0); // in place
                        byte[] rest = d.TransformFinalBlock(ct, 64, ct.Length - 64);
                        var all = new byte[n + rest.Length];
                        Buffer.BlockCopy(buf, 0, all, 0, n);
                        Buffer.BlockCopy(rest, 0, all, n, rest.Length);
                        Assert.AreEqual(pt, all, mode.ToString());
                    }
                }
            }
        }

        [Test]
        public void ModeAndArxModeFollowEachOther()
        {
            using (var alg = ArxCipher.Create("lea-128", ArxEngineKind.Managed))
            {
                Assert.AreEqual(CipherMode.CBC, alg.Mode);
                Assert.AreEqual(ArxCipherMode.Cbc, alg.ArxMode);
                alg.Mode = CipherMode.OFB;
                Assert.AreEqual(ArxCipherMode.Ofb, alg.ArxMode);
                alg.ArxMode = ArxCipherMode.Ecb;
                Assert.AreEqual(CipherMode.ECB, alg.Mode);
                alg.ArxMode = ArxCipherMode.Ctr;
                Assert.AreEqual(ArxCipherMode.Ctr, alg.ArxMode);
                Assert.AreEqual(128, alg.BlockSize);
                Assert.AreEqual(128, alg.KeySize);
                Assert.AreEqual(16, alg.IV.Length);
                Assert.AreEqual(16, alg.Key.Length);
            }
        }
    }
}
