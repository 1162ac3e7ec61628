// make -C dotnet bench: MB/s of LEA-128 CTR and GCM on both engines at 64 B,
// 1 KiB and 1 MiB, beside Mono's AesManaged and AesCryptoServiceProvider in
// CBC, all in this one process. Each row: ~0.25 ms samples (one call where a call
// takes longer), taken round-robin across the rows for --seconds per row; the
// median reported, and the fastest sample (the machine may be shared). With --tsc-hz (bench/run.sh measures it through the C
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

    sealed class Row
    {
        public string What, Engine;
        public int Size, Reps = 1;
        public Action Op;
        public List<double> Samples = new List<double>();
    }

    static readonly List<Row> rows = new List<Row>();

    static void Add(string what, string engine, int size, Action op)
    {
        rows.Add(new Row { What = what, Engine = engine, Size = size, Op = op });
    }

    /// <summary>One sample of a row: Reps calls, seconds per call.</summary>
    static double Sample(Row r, Stopwatch sw)
    {
        sw.Restart();
        for (int i = 0; i < r.Reps; i++) r.Op();
        sw.Stop();
        return sw.Elapsed.TotalSeconds / r.Reps;
    }

    /// <summary>Calibrates each row to ~0.25 ms samples (short, so that few are cut by the scheduler on a shared machine), then takes samples round-robin
    /// (every row once per round) for about `seconds` per row, so a change in the
    /// machine's load falls on all rows alike; reports each row's median and fastest.</summary>
    static void RunAll()
    {
        var sw = new Stopwatch();
        foreach (Row r in rows)
        {
            r.Op(); r.Op();
            while (r.Reps < 1 << 24)
            {
                sw.Restart();
                for (int i = 0; i < r.Reps; i++) r.Op();
                sw.Stop();
                if (sw.Elapsed.TotalMilliseconds >= 0.25) break;
                r.Reps *= 2;
            }
        }
        var total = Stopwatch.StartNew();
        while (total.Elapsed.TotalSeconds < seconds * rows.Count || rows[0].Samples.Count < 5)
            foreach (Row r in rows) r.Samples.Add(Sample(r, sw));
        foreach (Row r in rows)
        {
            r.Samples.Sort();
            double t = r.Samples[r.Samples.Count / 2], best = r.Samples[0];
            string cpb = tscHz > 0 ? (t * tscHz / r.Size).ToString("F2", CultureInfo.InvariantCulture) : "-";
            string bestCpb = tscHz > 0 ? (best * tscHz / r.Size).ToString("F2", CultureInfo.InvariantCulture) : "-";
            Console.WriteLine(string.Format(CultureInfo.InvariantCulture, "{0,-12} {1,-24} {2,8} {3,10:F1} {4,10:F3} {5,8} {6,8}",
                                            r.What, r.Engine, r.Size, r.Size / t / 1e6, t * 1e6, cpb, bestCpb));
        }
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
        Console.WriteLine("# medians of ~0.25 ms samples, round-robin over the rows, " + seconds + " s per row; cpb = TSC cycles per byte" +
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
                var alg = ArxCipher.Create("lea-128", e);
                alg.ArxMode = ArxCipherMode.Ctr;
                var ctr = alg.CreateEncryptor(key, iv);
                Add("lea-128/ctr", e.ToString().ToLowerInvariant(), size, () => ctr.TransformBlock(buf, 0, size, outb, 0));
                var gcm = new ArxGcm("lea-128", key, 16, e);
                Add("lea-128/gcm", e.ToString().ToLowerInvariant(), size, () => gcm.Encrypt(nonce, buf, outb, tag));
            }
            foreach (var aes in new SymmetricAlgorithm[] { new AesManaged(), new AesCryptoServiceProvider() })
            {
                aes.Mode = CipherMode.CBC;
                aes.Padding = PaddingMode.None;
                aes.Key = key;
                aes.IV = iv;
                var enc = aes.CreateEncryptor();
                Add("aes-128/cbc", aes.GetType().Name, size, () => enc.TransformBlock(buf, 0, size, outb, 0));
            }
        }
        RunAll();
        return 0;
    }
}
