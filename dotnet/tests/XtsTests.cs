// ArxXts on both engines: random keys, tweaks and lengths 16..4096 (most not a
// multiple of 16: ciphertext stealing) against the CLI's `arxcrypt raw -m xts`
// (for the managed engine an independent implementation), the managed engine
// against the native one, the sectors call against one call per sector, and
// the errors. The vectors (tests/vectors/lea-xts.txt) run in VectorTests.
using System;
using System.Collections.Generic;
using NUnit.Framework;
using ArxCrypt;

namespace ArxCrypt.Tests
{
    [TestFixture]
    public class XtsTests
    {
        /// <summary>(cipher, key bytes) of every 128-bit-block cipher of the engine.</summary>
        private static IEnumerable<KeyValuePair<string, int>> Ciphers(ArxEngineKind e)
        {
            foreach (string c in Support.Ciphers(e))
                using (var alg = ArxCipher.Create(c, e))
                    if (alg.BlockSize == 128) yield return new KeyValuePair<string, int>(c, alg.KeySize / 8);
        }

        public static IEnumerable<TestCaseData> Cases()
        {
            foreach (ArxEngineKind e in Support.Engines())
                foreach (var c in Ciphers(e))
                    yield return new TestCaseData(e, c.Key, c.Value).SetName("xts " + c.Key + " " + e);
        }

        /// <summary>A random key whose halves differ.</summary>
        internal static byte[] Key(int kb)
        {
            byte[] k = Support.Random(2 * kb);
            k[0] = (byte)~k[kb];
            return k;
        }

        /// <summary>16..4096: the edges first, then random, one in four a multiple of 16.</summary>
        internal static int Length(int trial)
        {
            int[] edges = { 16, 17, 4095, 4096, 31, 32 };
            if (trial < edges.Length) return edges[trial];
            int n = Support.Next(16, 4097);
            return Support.Next(0, 4) == 0 ? n & ~15 : n;
        }

        private static int Trials { get { return Support.Quick ? 3 : 10; } }

        [TestCaseSource("Cases")]
        public void AgainstCli(ArxEngineKind engine, string cipher, int kb)
        {
            for (int trial = 0; trial < Trials; trial++)
            {
                byte[] key = Key(kb), tweak = Support.Random(16);
                int len = Length(trial);
                byte[] pt = Support.Random(len), ct = new byte[len], back = new byte[len], want;
                string args = "-c " + cipher + " -m xts -k " + Support.ToHex(key) + " --iv " + Support.ToHex(tweak);
                using (var x = new ArxXts(cipher, key, engine))
                {
                    Assert.AreEqual(engine, x.Engine);
                    x.Encrypt(tweak, pt, ct);
                    Assert.AreEqual(0, Support.Raw(args, pt, out want));
                    Assert.AreEqual(Support.ToHex(want), Support.ToHex(ct), cipher + " xts encrypt, " + len + " bytes");
                    // decryption of random bytes against the CLI's -d, then the round trip in place
                    byte[] rnd = Support.Random(len);
                    x.Decrypt(tweak, rnd, back);
                    Assert.AreEqual(0, Support.Raw(args + " -d", rnd, out want));
                    Assert.AreEqual(Support.ToHex(want), Support.ToHex(back), cipher + " xts decrypt, " + len + " bytes");
                    x.Decrypt(tweak, ct, ct);
                    Assert.AreEqual(Support.ToHex(pt), Support.ToHex(ct), cipher + " round trip in place");
                }
            }
        }

        [Test]
        public void ManagedAgainstNative()
        {
            if (!ArxEngine.NativeAvailable) Assert.Ignore("libarxcrypt did not load: " + ArxEngine.NativeLoadError);
            int cases = 0;
            foreach (var c in Ciphers(ArxEngineKind.Managed))
                for (int trial = 0; trial < (Support.Quick ? 8 : 40); trial++)
                {
                    byte[] key = Key(c.Value), tweak = Support.Random(16);
                    int len = Length(trial), off = Support.Next(0, 16);
                    byte[] input = Support.Random(len + off);
                    using (var m = new ArxXts(c.Key, key, ArxEngineKind.Managed))
                    using (var n = new ArxXts(c.Key, key, ArxEngineKind.Native))
                        foreach (bool enc in new[] { true, false })
                        {
                            var a = new byte[len + 3];
                            var b = new byte[len + 3];
                            var src = new ArraySegment<byte>(input, off, len);
                            if (enc)
                            {
                                m.Encrypt(new ArraySegment<byte>(tweak), src, new ArraySegment<byte>(a, 3, len));
                                n.Encrypt(new ArraySegment<byte>(tweak), src, new ArraySegment<byte>(b, 3, len));
                            }
                            else
                            {
                                m.Decrypt(new ArraySegment<byte>(tweak), src, new ArraySegment<byte>(a, 3, len));
                                n.Decrypt(new ArraySegment<byte>(tweak), src, new ArraySegment<byte>(b, 3, len));
                            }
                            Assert.AreEqual(Support.ToHex(b), Support.ToHex(a), c.Key + (enc ? " encrypt " : " decrypt ") + len);
                            cases++;
                        }
                }
            Assert.That(cases, Is.GreaterThan(100));
        }

        [Test]
        public void SectorsAreOneCallPerSector([Values(ArxEngineKind.Managed, ArxEngineKind.Native)] ArxEngineKind engine)
        {
            if (engine == ArxEngineKind.Native && !ArxEngine.NativeAvailable) Assert.Ignore("libarxcrypt did not load");
            foreach (string cipher in new[] { "lea-128", "speck-128-256", "cham-128-128" })
                foreach (int sector in new[] { 16, 512, 520, 4096, 33 })
                {
                    byte[] key = Key(cipher == "speck-128-256" ? 32 : 16);
                    int count = Support.Next(1, 6);
                    // near 2^64: the numbers wrap as plain64's do
                    ulong first = Support.Next(0, 2) == 0 ? (ulong)Support.Next(0, 1 << 30) : ulong.MaxValue - 1;
                    byte[] pt = Support.Random(sector * count), ct = new byte[pt.Length], unit = new byte[sector];
                    using (var x = new ArxXts(cipher, key, engine))
                    {
                        x.EncryptSectors(first, sector, pt, ct);
                        for (int s = 0; s < count; s++)
                        {
                            x.Encrypt(new ArraySegment<byte>(ArxXts.SectorTweak(unchecked(first + (ulong)s))),
                                      new ArraySegment<byte>(pt, s * sector, sector), new ArraySegment<byte>(unit));
                            Assert.AreEqual(Support.ToHex(unit), Support.ToHex(Slice(ct, s * sector, sector)),
                                            cipher + " sector " + s + " of " + sector + " bytes from " + first);
                        }
                        x.DecryptSectors(first, sector, ct, ct);
                        Assert.AreEqual(Support.ToHex(pt), Support.ToHex(ct), cipher + " sectors round trip in place");
                    }
                }
        }

        private static byte[] Slice(byte[] a, int off, int n)
        {
            var r = new byte[n];
            Buffer.BlockCopy(a, off, r, 0, n);
            return r;
        }

        [Test]
        public void SectorTweakIsPlain64()
        {
            Assert.AreEqual("efcdab89674523010000000000000000", Support.ToHex(ArxXts.SectorTweak(0x0123456789abcdefUL)));
            Assert.AreEqual("ffffffffffffffff0000000000000000", Support.ToHex(ArxXts.SectorTweak(ulong.MaxValue)));
        }

        [Test]
        public void Errors([Values(ArxEngineKind.Managed, ArxEngineKind.Native)] ArxEngineKind engine)
        {
            if (engine == ArxEngineKind.Native && !ArxEngine.NativeAvailable) Assert.Ignore("libarxcrypt did not load");
            byte[] key = Key(16), t = new byte[16];
            // key: twice the cipher's, halves different, a 128-bit block
            foreach (int n in new[] { 0, 16, 31, 33, 48, 64 })
                Assert.Throws<ArgumentException>(() => new ArxXts("lea-128", new byte[n], engine), "key of " + n);
            foreach (int kb in new[] { 16, 24, 32 })
            {
                var eq = new byte[2 * kb];
                for (int i = 0; i < kb; i++) eq[i] = eq[kb + i] = (byte)(i + 1);
                var e = Assert.Throws<ArgumentException>(() => new ArxXts("lea-" + 8 * kb, eq, engine));
                StringAssert.Contains("must differ", e.Message);
                Assert.AreEqual("key", e.ParamName);
            }
            Assert.Throws<ArgumentException>(() => new ArxXts("hight", Key(16), engine));
            Assert.Throws<ArgumentException>(() => new ArxXts("speck-64-128", Key(16), engine));
            Assert.Throws<ArgumentException>(() => new ArxXts("no-such-cipher", Key(16), engine));
            Assert.Throws<ArgumentNullException>(() => new ArxXts("lea-128", null, engine));
            using (var x = new ArxXts("lea-128", key, engine))
            {
                // the tweak: 16 bytes
                foreach (int n in new[] { 0, 8, 15, 17 })
                    Assert.Throws<ArgumentException>(() => x.Encrypt(new byte[n], new byte[32], new byte[32]), "tweak of " + n);
                Assert.Throws<ArgumentNullException>(() => x.Encrypt(null, new byte[32], new byte[32]));
                // a data unit: 16 bytes or more, output as long as input
                foreach (int n in new[] { 0, 1, 15 })
                {
                    Assert.Throws<ArgumentException>(() => x.Encrypt(t, new byte[n], new byte[n]), "data of " + n);
                    Assert.Throws<ArgumentException>(() => x.Decrypt(t, new byte[n], new byte[n]), "data of " + n);
                }
                Assert.Throws<ArgumentException>(() => x.Encrypt(t, new byte[32], new byte[31]));
                Assert.Throws<ArgumentException>(() => x.Encrypt(t, new byte[32], new byte[33]));
                if (!Support.Quick)
                    Assert.Throws<ArgumentException>(() => x.Encrypt(t, new byte[ArxXts.MaxDataUnitSize + 1], new byte[ArxXts.MaxDataUnitSize + 1]));
                // partial overlap refused, in place allowed
                var buf = new byte[64];
                Assert.Throws<ArgumentException>(() => x.Encrypt(new ArraySegment<byte>(t), new ArraySegment<byte>(buf, 0, 32), new ArraySegment<byte>(buf, 8, 32)));
                x.Encrypt(new ArraySegment<byte>(t), new ArraySegment<byte>(buf, 8, 40), new ArraySegment<byte>(buf, 8, 40));
                // sectors: 16 bytes to 16 MiB each, a whole number of them
                foreach (int s in new[] { 0, -1, 15, ArxXts.MaxDataUnitSize + 1 })
                    Assert.Throws<ArgumentException>(() => x.EncryptSectors(0, s, new byte[64], new byte[64]), "sector of " + s);
                Assert.Throws<ArgumentException>(() => x.EncryptSectors(0, 32, new byte[48], new byte[48]));
                Assert.Throws<ArgumentException>(() => x.DecryptSectors(0, 16, new byte[48], new byte[32]));
                x.EncryptSectors(0, 512, new byte[0], new byte[0]); // no sectors: nothing to do
            }
            var gone = new ArxXts("lea-128", key, engine);
            gone.Dispose();
            gone.Dispose();
            Assert.Throws<ObjectDisposedException>(() => gone.Encrypt(t, new byte[16], new byte[16]));
            Assert.Throws<ObjectDisposedException>(() => gone.EncryptSectors(0, 16, new byte[16], new byte[16]));
        }
    }
}
