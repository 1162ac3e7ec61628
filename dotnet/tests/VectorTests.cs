// Every record of tests/vectors through the public API, on both engines (the
// managed engine takes the records of the ciphers it implements).
using System;
using System.Collections.Generic;
using System.IO;
using System.Security.Cryptography;
using NUnit.Framework;
using ArxCrypt;

namespace ArxCrypt.Tests
{
    [TestFixture]
    public class VectorTests
    {
        public static IEnumerable<TestCaseData> Cases()
        {
            foreach (var rec in Support.Vectors())
            {
                foreach (ArxEngineKind e in Support.Engines())
                    if (e == ArxEngineKind.Native || Array.IndexOf(ArxEngine.Ciphers(ArxEngineKind.Managed), rec["cipher"]) >= 0)
                        yield return new TestCaseData(rec, e).SetName(rec["where"] + " " + rec["cipher"] + " " + rec["mode"] + " " + e);
            }
        }

        [Test]
        public void VectorFilesAreRead()
        {
            var v = Support.Vectors();
            // 206 records today; the count only checks that the parser saw the files.
            Assert.That(v.Count, Is.GreaterThanOrEqualTo(200));
            Assert.That(v.FindAll(r => r["mode"] != "ecb").Count, Is.GreaterThanOrEqualTo(14));
        }

        private static byte[] Field(Dictionary<string, string> r, string name)
        {
            string s;
            return r.TryGetValue(name, out s) ? Support.Hex(s) : new byte[0];
        }

        [TestCaseSource("Cases")]
        public void Vector(Dictionary<string, string> r, ArxEngineKind engine)
        {
            string cipher = r["cipher"], mode = r["mode"];
            byte[] key = Field(r, "key"), iv = Field(r, "iv"), aad = Field(r, "aad"), pt = Field(r, "pt"),
                   ct = Field(r, "ct"), tag = Field(r, "tag");
            switch (mode)
            {
                case "gcm":
                case "ccm":
                {
                    using (ArxAead a = mode == "gcm" ? (ArxAead)new ArxGcm(cipher, key, tag.Length, engine)
                                                     : new ArxCcm(cipher, key, tag.Length, engine))
                    {
                        var c = new byte[pt.Length];
                        var t = new byte[tag.Length];
                        a.Encrypt(iv, pt, c, t, aad);
                        Assert.AreEqual(Support.ToHex(ct), Support.ToHex(c), "ciphertext");
                        Assert.AreEqual(Support.ToHex(tag), Support.ToHex(t), "tag");
                        var p = new byte[ct.Length];
                        a.Decrypt(iv, ct, tag, p, aad);
                        Assert.AreEqual(Support.ToHex(pt), Support.ToHex(p), "decrypted");
                        t[t.Length - 1] ^= 1;
                        Assert.Throws<CryptographicException>(() => a.Decrypt(iv, ct, t, p, aad));
                    }
                    break;
                }
                case "xts":
                    using (var x = new ArxXts(cipher, key, engine))
                    {
                        var c = new byte[pt.Length];
                        x.Encrypt(iv, pt, c);
                        Assert.AreEqual(Support.ToHex(ct), Support.ToHex(c), "ciphertext");
                        var p = new byte[ct.Length];
                        x.Decrypt(iv, ct, p);
                        Assert.AreEqual(Support.ToHex(pt), Support.ToHex(p), "decrypted");
                        // a plain64 tweak (a sector number): the sectors call gives the same bytes
                        if (Array.FindLastIndex(iv, b => b != 0) < 8)
                        {
                            x.EncryptSectors(BitConverter.ToUInt64(iv, 0), pt.Length, pt, c);
                            Assert.AreEqual(Support.ToHex(ct), Support.ToHex(c), "sectors");
                        }
                    }
                    break;
                case "cmac":
                    using (var m = new ArxCmac(cipher, key, tag.Length, engine))
                        Assert.AreEqual(Support.ToHex(tag), Support.ToHex(m.ComputeHash(pt)));
                    break;
                default:
                {
                    using (var alg = ArxCipher.Create(cipher, engine))
                    {
                        alg.ArxMode = mode == "ecb" ? ArxCipherMode.Ecb : mode == "cbc" ? ArxCipherMode.Cbc :
                                      mode == "cfb" ? ArxCipherMode.Cfb : mode == "ofb" ? ArxCipherMode.Ofb : ArxCipherMode.Ctr;
                        alg.Padding = PaddingMode.None;
                        byte[] ivOrNull = mode == "ecb" ? null : iv;
                        using (var enc = alg.CreateEncryptor(key, ivOrNull))
                            Assert.AreEqual(Support.ToHex(ct), Support.ToHex(enc.TransformFinalBlock(pt, 0, pt.Length)), "encrypt");
                        using (var dec = alg.CreateDecryptor(key, ivOrNull))
                            Assert.AreEqual(Support.ToHex(pt), Support.ToHex(dec.TransformFinalBlock(ct, 0, ct.Length)), "decrypt");
                    }
                    break;
                }
            }
        }
    }
}
