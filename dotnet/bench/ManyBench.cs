// ArxGcm.EncryptMany against ArxGcm.Encrypt one message at a time: 64
// messages under 16 LEA-128 keys (native engine), 16, 64 and 256 bytes each,
// timed alternately (21 rounds of 2000 calls), medians, so the ratio shares
// the machine's load. Run by `make -C dotnet bench`.
using System;
using System.Collections.Generic;
using System.Diagnostics;
using ArxCrypt;

internal static class ManyBench
{
    private static double Median(List<double> a)
    {
        a.Sort();
        return a[a.Count / 2];
    }

    private static double Time(Action f)
    {
        var sw = Stopwatch.StartNew();
        for (int k = 0; k < 2000; k++) f();
        return sw.Elapsed.TotalMilliseconds * 1000 / 2000;
    }

    public static void Main()
    {
        var r = new Random(1);
        Func<int, byte[]> rnd = n => { var b = new byte[n]; r.NextBytes(b); return b; };
        foreach (int size in new[] { 16, 64, 256 })
        {
            var keys = new ArxGcm[16];
            for (int i = 0; i < 16; i++) keys[i] = new ArxGcm("lea-128", rnd(16), 16, ArxEngineKind.Native);
            var jobs = new List<ArxAeadJob>();
            for (int i = 0; i < 64; i++) jobs.Add(new ArxAeadJob(keys[i % 16], rnd(12), rnd(size), new byte[size], new byte[16]));
            Action many = () => ArxGcm.EncryptMany(jobs);
            Action one = () => { foreach (var j in jobs) j.Key.Encrypt(j.Nonce, j.Input, j.Output, j.Tag); };
            var tm = new List<double>();
            var to = new List<double>();
            for (int k = 0; k < 21; k++)
            {
                tm.Add(Time(many));
                to.Add(Time(one));
            }
            double m = Median(tm), o = Median(to);
            Console.WriteLine("EncryptMany, native, 64 x " + size + " B LEA-128-GCM, 16 keys: " + m.ToString("F1") + " us, Encrypt one by one " +
                              o.ToString("F1") + " us, " + (o / m).ToString("F2") + "x");
            foreach (var k in keys) k.Dispose();
        }
    }
}
