// A program that knows ArxCrypt only through ArxCrypt.dll's public API
// (compiled with nothing but -r:ArxCrypt.dll): random LEA-128 GCM messages and
// CTR streams on both engines, checked against `arxcrypt raw` (the C CLI,
// an independent process) given as $ARX_CLI. Exit 0 when all agree.
using System;
using System.Diagnostics;
using System.IO;
using System.Security.Cryptography;
using ArxCrypt;

static class Unseen
{
    static string Hex(byte[] b) { return BitConverter.ToString(b).Replace("-", "").ToLowerInvariant(); }

    static byte[] Raw(string args, byte[] input)
    {
        string i = Path.GetTempFileName(), o = Path.GetTempFileName();
        File.WriteAllBytes(i, input);
        var p = Process.Start(new ProcessStartInfo(Environment.GetEnvironmentVariable("ARX_CLI"),
                                                   "raw " + args + " -i " + i + " -o " + o) { UseShellExecute = false });
        p.WaitForExit();
        byte[] r = File.ReadAllBytes(o);
        File.Delete(i); File.Delete(o);
        if (p.ExitCode != 0) throw new Exception("arxcrypt raw failed: " + args);
        return r;
    }

    // args: optional expected default engine ("Managed" or "Native"), to check
    // ARXCRYPT_DOTNET_ENGINE, or "Fallback": the managed engine when libarxcrypt
    // is not found.
    static int Main(string[] args)
    {
        try { return Run(args); }
        catch (Exception e) when (e is ArgumentException || e is CryptographicException)
        {
            Console.WriteLine("error: " + e.GetType().Name + ": " + e.Message);
            return 3;
        }
    }

    static int Run(string[] args)
    {
        if (args.Length > 0 && args[0] == "Fallback")
        {
            // run without libarxcrypt on the library path: the managed engine must take over
            if (ArxEngine.NativeAvailable)
                Console.WriteLine("libarxcrypt was found outside LD_LIBRARY_PATH (installed system-wide?): the fallback is not exercised");
            else if (ArxEngine.Default != ArxEngineKind.Managed)
            {
                Console.WriteLine("no native library, yet the default engine is " + ArxEngine.Default);
                return 1;
            }
        }
        else if (args.Length > 0 && ArxEngine.Default.ToString() != args[0])
        {
            Console.WriteLine("expected the " + args[0] + " engine, got " + ArxEngine.Default);
            return 1;
        }
        var rng = RandomNumberGenerator.Create();
        var rnd = new Random();
        int ok = 0, bad = 0;
        Console.WriteLine("default engine: " + ArxEngine.Default + " (native library " +
                          (ArxEngine.NativeAvailable ? ArxEngine.NativeVersion : "not loaded") + ")");
        using (var byDefault = new ArxGcm("lea-128", new byte[16])) // no engine named: the default one
            Console.WriteLine("a key made without naming an engine is on the " + byDefault.Engine + " engine");
        var engines = ArxEngine.NativeAvailable ? new[] { ArxEngineKind.Managed, ArxEngineKind.Native }
                                                : new[] { ArxEngineKind.Managed };
        foreach (var engine in engines)
        {
            for (int trial = 0; trial < 6; trial++)
            {
                var key = new byte[16]; rng.GetBytes(key);
                var nonce = new byte[12]; rng.GetBytes(nonce);
                var aad = new byte[rnd.Next(0, 40)]; rng.GetBytes(aad);
                var pt = new byte[rnd.Next(0, 3000)]; rng.GetBytes(pt);
                var ct = new byte[pt.Length];
                var tag = new byte[16];
                using (var gcm = new ArxGcm("lea-128", key, 16, engine))
                {
                    gcm.Encrypt(nonce, pt, ct, tag, aad);
                    byte[] want = Raw("-c lea-128 -m gcm -k " + Hex(key) + " --iv " + Hex(nonce) +
                                      (aad.Length > 0 ? " --aad " + Hex(aad) : ""), pt);
                    bool same = Hex(want) == Hex(ct) + Hex(tag);
                    tag[0] ^= 0x80;
                    bool refused = false;
                    try { gcm.Decrypt(nonce, ct, tag, new byte[ct.Length], aad); }
                    catch (CryptographicException) { refused = true; }
                    if (same && refused) ok++; else { bad++; Console.WriteLine("GCM mismatch, " + engine + ", " + pt.Length + " bytes"); }
                }
                var iv = new byte[16]; rng.GetBytes(iv);
                using (var alg = ArxCipher.Create("lea-128", engine))
                using (var ms = new MemoryStream())
                {
                    alg.ArxMode = ArxCipherMode.Ctr;
                    using (var cs = new CryptoStream(ms, alg.CreateEncryptor(key, iv), CryptoStreamMode.Write))
                        for (int off = 0; off < pt.Length;)
                        {
                            int n = Math.Min(pt.Length - off, rnd.Next(1, 700));
                            cs.Write(pt, off, n);
                            off += n;
                        }
                    byte[] want = Raw("-c lea-128 -m ctr -k " + Hex(key) + " --iv " + Hex(iv), pt);
                    if (Hex(want) == Hex(ms.ToArray())) ok++; else { bad++; Console.WriteLine("CTR mismatch, " + engine); }
                }
            }
        }
        Console.WriteLine("unseen program: " + ok + " passed, " + bad + " failed");
        return bad == 0 ? 0 : 1;
    }
}
