// make -C dotnet bench: MB/s of LEA-128 CTR and GCM on both engines at 64 B,
// 1 KiB and 1 MiB, beside Mono's AesManaged and AesCryptoServiceProvider in
// CBC, all in this one process. Each row: ~2 ms samples for --seconds, the
// median reported (and the fastest sample: the machine may be shared). With --tsc-hz (bench/run.sh measures it through the C
// library's bench) also TSC cycles per byte, the unit `arxcrypt bench` uses.
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.Security.Cryptography;
using ArxCrypt;

static class Bench
{
    static double seconds = 0.5, tscHz = 0;

    /// <summary>Median and fastest seconds per call of op, over samples of about 2 ms.</summary>
    static double Time(Action op, out double best)
    {
        op(); op();
        int reps = 1;
        var sw = new Stopwatch();
        while (true)
        {
            sw.Restart();
            for (int i = 0; i < reps; i++) op();
            sw.Stop();
            if (sw.Elapsed.TotalMilliseconds >= 2 || reps >= 1 << 24) break;
            reps *= 2;
        }
        var samples = new List<double>();
        var total = Stopwatch.StartNew();
        while (total.Elapsed.TotalSeconds < seconds || samples.Count < 5)
        {
            sw.Restart();
            for (int i = 0; i < reps; i++) op();
            sw.Stop();
            samples.Add(sw.Elapsed.TotalSeconds / reps);
        }
        samples.Sort();
        best = samples[0];
        return samples[samples.Count / 2];
    }

    static void Row(string what, string engine, int size, Action op)
    {
        double best, t = Time(op, out best);
        double mbps = size / t / 1e6;
        string cpb = tscHz > 0 ? (t * tscHz / size).ToString("F2", CultureInfo.InvariantCulture) : "-";
        string bestCpb = tscHz > 0 ? (best * tscHz / size).ToString("F2", CultureInfo.InvariantCulture) : "-";
        Console.WriteLine(string.Format(CultureInfo.InvariantCulture, "{0,-12} {1,-24} {2,8} {3,10:F1} {4,10:F3} {5,8} {6,8}",
                                        what, engine, size, mbps, t * 1e6, cpb, bestCpb));
    }

    static int Main(string[] args)
    {
        for (int i = 0; i + 1 < args.Length; i += 2)
        {
            if (args[i] == "--seconds") seconds = double.Parse(args[i + 1], CultureInfo.InvariantCulture);
            else if (args[i] == "--tsc-hz") tscHz = double.Parse(args[i + 1], CultureInfo.InvariantCulture);
            else { Console.Error.WriteLine("bench: unknown option " + args[i]); return 2; }
        }
        Type mono = Type.GetType("Mono.Runtime");
        string runtime = mono != null
            ? "Mono " + mono.GetMethod("GetDisplayName", System.Reflection.BindingFlags.NonPublic | System.Reflection.BindingFlags.Static).Invoke(null, null)
            : ".NET " + Environment.Version;
        Console.WriteLine("# ArxCrypt .NET bench on " + runtime);
        Console.WriteLine("# native library: " + (ArxEngine.NativeAvailable ? ArxEngine.NativeVersion : "not loaded"));
        Console.WriteLine("# medians of ~2 ms samples over " + seconds + " s per row; cpb = TSC cycles per byte" +
                          (tscHz > 0 ? " at " + (tscHz / 1e9).ToString("F3", CultureInfo.InvariantCulture) + " GHz" : " (no --tsc-hz)"));
        Console.WriteLine(string.Format("{0,-12} {1,-24} {2,8} {3,10} {4,10} {5,8} {6,8}", "what", "engine", "bytes", "MB/s", "us/call", "cpb", "best"));
        var key = new byte[16];
        var iv = new byte[16];
        var nonce = new byte[12];
        var tag = new byte[16];
        new Random(1).NextBytes(key);
        var engines = ArxEngine.NativeAvailable ? new[] { ArxEngineKind.Managed, ArxEngineKind.Native } : new[] { ArxEngineKind.Managed };
        foreach (int size in new[] { 64, 1024, 1 << 20 })
        {
            var buf = new byte[size];
            var outb = new byte[size];
            foreach (var e in engines)
            {
                using (var alg = ArxCipher.Create("lea-128", e))
                {
                    alg.ArxMode = ArxCipherMode.Ctr;
                    using (var ctr = alg.CreateEncryptor(key, iv))
                        Row("lea-128/ctr", e.ToString().ToLowerInvariant(), size, () => ctr.TransformBlock(buf, 0, size, outb, 0));
                }
                using (var gcm = new ArxGcm("lea-128", key, 16, e))
                    Row("lea-128/gcm", e.ToString().ToLowerInvariant(), size, () => gcm.Encrypt(nonce, buf, outb, tag));
            }
            foreach (var aes in new SymmetricAlgorithm[] { new AesManaged(), new AesCryptoServiceProvider() })
            {
                aes.Mode = CipherMode.CBC;
                aes.Padding = PaddingMode.None;
                aes.Key = key;
                aes.IV = iv;
                using (var enc = aes.CreateEncryptor())
                    Row("aes-128/cbc", aes.GetType().Name, size, () => enc.TransformBlock(buf, 0, size, outb, 0));
                aes.Dispose();
            }
        }
        return 0;
    }
}
