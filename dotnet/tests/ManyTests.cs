// ArxGcm/ArxCcm.EncryptMany and DecryptMany on both engines: random batches
// (lengths 0..300, several keys a batch, random nonce, AAD and tag lengths)
// against the one-message Encrypt/Decrypt job by job; forged tags, ciphertexts
// and AAD in random positions (that job false and its output zeroed, the
// others released); the native engine's many call against the managed engine;
// the errors.
using System;
using System.Collections.Generic;
using System.Security.Cryptography;
using NUnit.Framework;
using ArxCrypt;

namespace ArxCrypt.Tests
{
    [TestFixture]
    public class ManyTests
    {
        private static readonly string[] Ciphers = { "lea-128", "lea-192", "lea-256", "cham-128-256", "speck-128-128", "simon-128-256", "sparx-128-128" };

        public static IEnumerable<TestCaseData> Cases()
        {
            foreach (ArxEngineKind e in Support.Engines())
                foreach (string c in Ciphers)
                    foreach (bool gcm in new[] { true, false })
                        yield return new TestCaseData(e, c, gcm).SetName("many " + (gcm ? "gcm " : "ccm ") + c + " " + e);
        }

        private static int Len()
        {
            return Support.Next(0, 4) == 0 ? Support.Next(0, 20) : Support.Next(0, 301);
        }

        private static ArxAead NewKey(bool gcm, string cipher, byte[] key, int tag, ArxEngineKind e)
        {
            return gcm ? (ArxAead)new ArxGcm(cipher, key, tag, e) : new ArxCcm(cipher, key, tag, e);
        }

        [TestCaseSource("Cases")]
        public void AgainstOneMessage(ArxEngineKind engine, string cipher, bool gcm)
        {
            int kb;
            using (var alg = ArxCipher.Create(cipher, engine)) kb = alg.KeySize / 8;
            for (int batch = 0; batch < (Support.Quick ? 2 : 6); batch++)
            {
                // a pool of keys: some jobs share one; tag sizes differ between keys
                var keys = new List<ArxAead>();
                int nk = Support.Next(1, 6);
                for (int i = 0; i < nk; i++)
                {
                    int t = Support.Next(0, 2) == 0 ? 16 : gcm ? Support.Next(4, 17) : 4 + 2 * Support.Next(0, 7);
                    keys.Add(NewKey(gcm, cipher, Support.Random(kb), t, engine));
                }
                int n = Support.Next(1, Support.Quick ? 20 : 48);
                var jobs = new List<ArxAeadJob>();
                var pts = new List<byte[]>();
                for (int i = 0; i < n; i++)
                {
                    ArxAead k = keys[Support.Next(0, nk)];
                    int nl = gcm ? new[] { 12, 12, 12, 1, 16, 60 }[Support.Next(0, 6)] : Support.Next(7, 14);
                    byte[] pt = Support.Random(Len());
                    pts.Add(pt);
                    jobs.Add(new ArxAeadJob(k, Support.Random(nl), (byte[])pt.Clone(), new byte[pt.Length], new byte[k.TagSize],
                                            Support.Next(0, 3) == 0 ? null : Support.Random(Support.Next(0, 40))));
                }
                if (gcm) ArxGcm.EncryptMany(jobs); else ArxCcm.EncryptMany(jobs);
                var opens = new List<ArxAeadJob>();
                var forged = new HashSet<int>();
                for (int i = 0; i < n; i++)
                {
                    ArxAeadJob j = jobs[i];
                    byte[] ct = new byte[j.Input.Length], tag = new byte[j.Key.TagSize];
                    j.Key.Encrypt(j.Nonce, j.Input, ct, tag, j.AssociatedData);
                    CollectionAssert.AreEqual(ct, j.Output, cipher + " job " + i + " ciphertext");
                    CollectionAssert.AreEqual(tag, j.Tag, cipher + " job " + i + " tag");
                    byte[] c2 = (byte[])ct.Clone(), t2 = (byte[])tag.Clone(), aad = j.AssociatedData;
                    if (Support.Next(0, 3) == 0)
                    {
                        forged.Add(i);
                        int what = Support.Next(0, 3);
                        if (what == 0 && c2.Length > 0) c2[Support.Next(0, c2.Length)] ^= (byte)(1 << Support.Next(0, 8));
                        else if (what == 1 && aad != null && aad.Length > 0)
                        {
                            aad = (byte[])aad.Clone();
                            aad[Support.Next(0, aad.Length)] ^= (byte)(1 << Support.Next(0, 8));
                        }
                        else t2[Support.Next(0, t2.Length)] ^= (byte)(1 << Support.Next(0, 8));
                    }
                    byte[] outBuf = new byte[c2.Length];
                    for (int b = 0; b < outBuf.Length; b++) outBuf[b] = 0xa5;
                    opens.Add(new ArxAeadJob(j.Key, j.Nonce, c2, outBuf, t2, aad));
                }
                bool[] ok = gcm ? ArxGcm.DecryptMany(opens) : ArxCcm.DecryptMany(opens);
                Assert.AreEqual(n, ok.Length);
                for (int i = 0; i < n; i++)
                {
                    if (forged.Contains(i))
                    {
                        Assert.IsFalse(ok[i], cipher + " forged job " + i + " verified");
                        foreach (byte b in opens[i].Output) Assert.AreEqual(0, b, cipher + " forged job " + i + ": output not zeroed");
                        ArxAeadJob o = opens[i];
                        Assert.Throws<CryptographicException>(() => o.Key.Decrypt(o.Nonce, o.Input, o.Tag, new byte[o.Input.Length], o.AssociatedData));
                    }
                    else
                    {
                        Assert.IsTrue(ok[i], cipher + " job " + i + " failed");
                        CollectionAssert.AreEqual(pts[i], opens[i].Output, cipher + " job " + i + " plaintext");
                    }
                }
                foreach (var k in keys) k.Dispose();
            }
        }

        [Test]
        public void NativeManyAgainstManaged()
        {
            if (!ArxEngine.NativeAvailable) Assert.Ignore("no native library: " + ArxEngine.NativeLoadError);
            for (int trial = 0; trial < (Support.Quick ? 40 : 200); trial++)
            {
                byte[] key = Support.Random(16), nonce = Support.Random(12), aad = Support.Random(Support.Next(0, 20)), pt = Support.Random(Len());
                using (var nat = new ArxGcm("lea-128", key, 16, ArxEngineKind.Native))
                using (var man = new ArxGcm("lea-128", key, 16, ArxEngineKind.Managed))
                {
                    var a = new ArxAeadJob(nat, nonce, pt, new byte[pt.Length], new byte[16], aad);
                    var b = new ArxAeadJob(man, nonce, pt, new byte[pt.Length], new byte[16], aad);
                    ArxGcm.EncryptMany(new[] { a, a });
                    ArxGcm.EncryptMany(new[] { b });
                    CollectionAssert.AreEqual(b.Output, a.Output, "ciphertext " + pt.Length);
                    CollectionAssert.AreEqual(b.Tag, a.Tag, "tag " + pt.Length);
                }
            }
        }

        private static void Expect<T>(string msg, TestDelegate f) where T : Exception
        {
            var e = Assert.Throws<T>(f);
            StringAssert.Contains(msg, e.Message);
        }

        public static IEnumerable<TestCaseData> EngineCases()
        {
            foreach (ArxEngineKind e in Support.Engines()) yield return new TestCaseData(e).SetName("many errors " + e);
        }

        [TestCaseSource("EngineCases")]
        public void Errors(ArxEngineKind e)
        {
            byte[] z12 = new byte[12];
            using (var k = new ArxGcm("lea-128", Support.Random(16), 16, e))
            using (var k8 = new ArxGcm("lea-128", Support.Random(16), 8, e))
            using (var other = new ArxGcm("lea-256", Support.Random(32), 16, e))
            using (var ccm = new ArxCcm("lea-128", Support.Random(16), 16, e))
            {
                var gone = new ArxGcm("lea-128", Support.Random(16), 16, e);
                gone.Dispose();
                Func<ArxAeadJob> good = () => new ArxAeadJob(k, Support.Random(12), new byte[40], new byte[40], new byte[16]);
                ArxGcm.EncryptMany(new ArxAeadJob[0]);
                Assert.AreEqual(0, ArxGcm.DecryptMany(new List<ArxAeadJob>()).Length);
                Assert.Throws<ArgumentNullException>(() => ArxGcm.EncryptMany(null));
                Expect<ArgumentException>("jobs[1] is null", () => ArxGcm.EncryptMany(new[] { good(), null }));
                Expect<ArgumentException>("jobs[1]: the key must be an ArxGcm",
                    () => ArxGcm.EncryptMany(new[] { good(), new ArxAeadJob(ccm, z12, new byte[3], new byte[3], new byte[16]) }));
                Expect<ArgumentException>("jobs[0]: the key must be an ArxCcm", () => ArxCcm.EncryptMany(new[] { good() }));
                Expect<ObjectDisposedException>("jobs[2]: the key was disposed",
                    () => ArxGcm.EncryptMany(new[] { good(), good(), new ArxAeadJob(gone, z12, new byte[3], new byte[3], new byte[16]) }));
                Expect<ArgumentException>("jobs[1]: the key is lea-256",
                    () => ArxGcm.EncryptMany(new[] { good(), new ArxAeadJob(other, z12, new byte[3], new byte[3], new byte[16]) }));
                Expect<ArgumentException>("jobs[1]: GCM nonce",
                    () => ArxGcm.EncryptMany(new[] { good(), new ArxAeadJob(k, new byte[0], new byte[3], new byte[3], new byte[16]) }));
                Expect<ArgumentException>("jobs[0]: tag must be 8 bytes",
                    () => ArxGcm.EncryptMany(new[] { new ArxAeadJob(k8, z12, new byte[3], new byte[3], new byte[16]) }));
                Expect<ArgumentException>("jobs[1]: output must be as long as input",
                    () => ArxGcm.DecryptMany(new[] { good(), new ArxAeadJob(k, z12, new byte[3], new byte[2], new byte[16]) }));
                Expect<ArgumentException>("jobs[0]: CCM nonce must be 7 to 13 bytes",
                    () => ArxCcm.EncryptMany(new[] { new ArxAeadJob(ccm, new byte[6], new byte[3], new byte[3], new byte[16]) }));
                Expect<ArgumentException>("jobs[0]: CCM with a 13-byte nonce",
                    () => ArxCcm.EncryptMany(new[] { new ArxAeadJob(ccm, new byte[13], new byte[65536], new byte[65536], new byte[16]) }));
                Expect<ArgumentException>("jobs[0]:", () => ArxGcm.EncryptMany(new[] { new ArxAeadJob(k, null, new byte[3], new byte[3], new byte[16]) }));
                // nothing computed when a later job is bad
                var first = good();
                Assert.Throws<ArgumentException>(() => ArxGcm.EncryptMany(new[] { first, new ArxAeadJob(k, new byte[0], new byte[3], new byte[3], new byte[16]) }));
                foreach (byte b in first.Tag) Assert.AreEqual(0, b, "a job was computed before a bad one was refused");
                // in place (output == input) is allowed
                byte[] buf = Support.Random(50), copy = (byte[])buf.Clone(), t = new byte[16];
                ArxGcm.EncryptMany(new[] { new ArxAeadJob(k, z12, buf, buf, t) });
                Assert.IsTrue(ArxGcm.DecryptMany(new[] { new ArxAeadJob(k, z12, buf, buf, t) })[0]);
                CollectionAssert.AreEqual(copy, buf);
            }
        }
    }
}
