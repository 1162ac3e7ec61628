// Random keys, IVs, lengths and AAD through the public API, compared with the
// C CLI's `arxcrypt raw` (a separate process over the same library's
// portable-to-AVX-512 backends; for the managed engine an independent
// implementation). The block modes go through CryptoStream in random pieces,
// so the chaining between TransformBlock calls is checked too.
using System;
using System.Collections.Generic;
using System.IO;
using System.Security.Cryptography;
using NUnit.Framework;
using ArxCrypt;

namespace ArxCrypt.Tests
{
    [TestFixture]
    public class DifferentialTests
    {
        private static readonly string[] Modes = { "ecb", "cbc", "cbc-pad", "cfb", "ofb", "ctr", "gcm", "ccm", "cmac" };

        public static IEnumerable<TestCaseData> Cases()
        {
            foreach (ArxEngineKind e in Support.Engines())
                foreach (string c in Support.Ciphers(e))
                {
                    int bb, kb;
                    using (var alg = ArxCipher.Create(c, e)) { bb = alg.BlockSize / 8; kb = alg.KeySize / 8; }
                    foreach (string m in Modes)
                    {
                        if ((m == "gcm" || m == "ccm") && bb != 16) continue;
                        if (m == "cmac" && bb != 8 && bb != 16) continue;
                        yield return new TestCaseData(e, c, m, bb, kb).SetName("raw " + c + " " + m + " " + e);
                    }
                }
        }

        private static int Trials { get { return Support.Quick ? 1 : 4; } }

        [TestCaseSource("Cases")]
        public void AgainstCli(ArxEngineKind engine, string cipher, string mode, int bb, int kb)
        {
            for (int trial = 0; trial < Trials; trial++)
            {
                byte[] key = Support.Random(kb);
                string args = "-c " + cipher + " -m " + (mode == "cbc-pad" ? "cbc --pad" : mode) + " -k " + Support.ToHex(key);
                int maxLen = trial == 0 ? 5 * bb + 1 : 2000;
                int len = Support.Next(0, maxLen + 1);
                if (mode == "ecb" || mode == "cbc") len -= len % bb;
                byte[] pt = Support.Random(len);
                switch (mode)
                {
                    case "gcm":
                    case "ccm":
                        Aead(engine, cipher, mode, key, args, pt);
                        break;
                    case "cmac":
                    {
                        int t = Support.Next(4, bb + 1);
                        byte[] want;
                        Assert.AreEqual(0, Support.Raw(args + " --tag-len " + t, pt, out want));
                        using (var mac = new ArxCmac(cipher, key, t, engine))
                        {
                            // HashCore in pieces, then the tag
                            int off = 0;
                            while (off < pt.Length)
                            {
                                int n = Math.Min(pt.Length - off, Support.Next(1, 100));
                                mac.TransformBlock(pt, off, n, null, 0);
                                off += n;
                            }
                            mac.TransformFinalBlock(pt, 0, 0);
                            Assert.AreEqual(Support.ToHex(want), Support.ToHex(mac.Hash), "cmac " + len + " bytes");
                        }
                        break;
                    }
                    default:
                    {
                        byte[] iv = mode == "ecb" ? null : Support.Random(bb);
                        if (mode == "ctr" && trial == 1) // counter about to wrap around the whole block
                            for (int j = 0; j < bb; j++) iv[j] = j == bb - 1 ? (byte)0xfd : (byte)0xff;
                        if (iv != null) args += " --iv " + Support.ToHex(iv);
                        byte[] want;
                        Assert.AreEqual(0, Support.Raw(args, pt, out want));
                        using (var alg = ArxCipher.Create(cipher, engine))
                        {
                            alg.ArxMode = mode == "ecb" ? ArxCipherMode.Ecb : mode.StartsWith("cbc") ? ArxCipherMode.Cbc :
                                          mode == "cfb" ? ArxCipherMode.Cfb : mode == "ofb" ? ArxCipherMode.Ofb : ArxCipherMode.Ctr;
                            alg.Padding = mode == "cbc-pad" ? PaddingMode.PKCS7 : PaddingMode.None;
                            byte[] got = Streams.Run(alg.CreateEncryptor(key, iv), pt);
                            Assert.AreEqual(Support.ToHex(want), Support.ToHex(got), mode + " encrypt, " + len + " bytes");
                            byte[] back = Streams.Run(alg.CreateDecryptor(key, iv), want);
                            Assert.AreEqual(Support.ToHex(pt), Support.ToHex(back), mode + " decrypt, " + len + " bytes");
                        }
                        break;
                    }
                }
            }
        }

        private static void Aead(ArxEngineKind engine, string cipher, string mode, byte[] key, string args, byte[] pt)
        {
            bool gcm = mode == "gcm";
            int nlen = gcm ? (Support.Next(0, 2) == 0 ? 12 : Support.Next(1, 40)) : Support.Next(7, 14);
            int tlen = gcm ? Support.Next(4, 17) : 2 * Support.Next(2, 9);
            if (!gcm && nlen == 13 && pt.Length > 65535) nlen = 12;
            byte[] nonce = Support.Random(nlen), aad = Support.Random(Support.Next(0, 3) == 0 ? 0 : Support.Next(1, 300));
            args += " --iv " + Support.ToHex(nonce) + " --tag-len " + tlen + (aad.Length > 0 ? " --aad " + Support.ToHex(aad) : "");
            byte[] want;
            Assert.AreEqual(0, Support.Raw(args, pt, out want));
            using (ArxAead a = gcm ? (ArxAead)new ArxGcm(cipher, key, tlen, engine) : new ArxCcm(cipher, key, tlen, engine))
            {
                var ct = new byte[pt.Length];
                var tag = new byte[tlen];
                a.Encrypt(nonce, pt, ct, tag, aad);
                Assert.AreEqual(Support.ToHex(want), Support.ToHex(ct) + Support.ToHex(tag),
                                mode + " nonce " + nlen + " tag " + tlen + " aad " + aad.Length + " pt " + pt.Length);
                var back = new byte[ct.Length];
                a.Decrypt(nonce, ct, tag, back, aad);
                Assert.AreEqual(Support.ToHex(pt), Support.ToHex(back));
                // the CLI agrees on decryption, and refuses a flipped bit as we do
                byte[] plain;
                Assert.AreEqual(0, Support.Raw(args + " -d", want, out plain));
                Assert.AreEqual(Support.ToHex(pt), Support.ToHex(plain));
                if (pt.Length > 0)
                {
                    ct[Support.Next(0, ct.Length)] ^= 0x01;
                    for (int j = 0; j < back.Length; j++) back[j] = 0xAA;
                    Assert.Throws<CryptographicException>(() => a.Decrypt(nonce, ct, tag, back, aad));
                    Assert.That(Array.TrueForAll(back, b => b == 0), "plaintext buffer zeroed after a failed tag");
                }
            }
        }
    }

    /// <summary>Runs a transform through a CryptoStream in random-sized writes.</summary>
    internal static class Streams
    {
        internal static byte[] Run(ICryptoTransform t, byte[] data)
        {
            using (t)
            using (var ms = new MemoryStream())
            {
                using (var cs = new CryptoStream(ms, t, CryptoStreamMode.Write))
                {
                    int off = 0;
                    while (off < data.Length)
                    {
                        int n = Math.Min(data.Length - off, Support.Next(1, 3 * t.InputBlockSize + 40));
                        cs.Write(data, off, n);
                        off += n;
                    }
                }
                return ms.ToArray();
            }
        }

        /// <summary>The same through CryptoStreamMode.Read, in random-sized reads.</summary>
        internal static byte[] RunRead(ICryptoTransform t, byte[] data)
        {
            using (t)
            using (var cs = new CryptoStream(new MemoryStream(data), t, CryptoStreamMode.Read))
            using (var outp = new MemoryStream())
            {
                var buf = new byte[200];
                int n;
                while ((n = cs.Read(buf, 0, Support.Next(1, buf.Length + 1))) > 0) outp.Write(buf, 0, n);
                return outp.ToArray();
            }
        }
    }
}
