// Shared by the tests: the vector files, hex, random data, and the CLI's
// `arxcrypt raw` as the independent oracle.
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using ArxCrypt;

namespace ArxCrypt.Tests
{
    internal static class Support
    {
        internal static readonly string VectorDir = Environment.GetEnvironmentVariable("ARX_VECTORS") ?? "../../tests/vectors";
        internal static readonly string Cli = Environment.GetEnvironmentVariable("ARX_CLI") ?? "../arxcrypt";
        internal static readonly bool Quick = Environment.GetEnvironmentVariable("ARX_DOTNET_QUICK") == "1";
        private static readonly Random Rng = new Random(20261125);

        internal static byte[] Hex(string s)
        {
            s = s.Trim();
            var b = new byte[s.Length / 2];
            for (int i = 0; i < b.Length; i++) b[i] = Convert.ToByte(s.Substring(2 * i, 2), 16);
            return b;
        }

        internal static string ToHex(byte[] b)
        {
            return BitConverter.ToString(b).Replace("-", "").ToLowerInvariant();
        }

        internal static byte[] Random(int n)
        {
            var b = new byte[n];
            lock (Rng) Rng.NextBytes(b);
            return b;
        }

        internal static int Next(int lo, int hiExclusive)
        {
            lock (Rng) return Rng.Next(lo, hiExclusive);
        }

        /// <summary>Every record of tests/vectors/*.txt: name = value groups.</summary>
        internal static List<Dictionary<string, string>> Vectors()
        {
            var all = new List<Dictionary<string, string>>();
            foreach (string path in Directory.GetFiles(VectorDir, "*.txt"))
            {
                Dictionary<string, string> rec = null;
                int line = 0;
                foreach (string raw in File.ReadAllLines(path))
                {
                    line++;
                    string l = raw;
                    int hash = l.IndexOf('#');
                    if (hash >= 0) l = l.Substring(0, hash);
                    l = l.Trim();
                    if (l.Length == 0)
                    {
                        if (rec != null && rec.ContainsKey("cipher")) all.Add(rec);
                        rec = null;
                        continue;
                    }
                    int eq = l.IndexOf('=');
                    if (eq < 0) throw new FormatException(path + ":" + line + ": not name = value");
                    if (rec == null) rec = new Dictionary<string, string> { { "where", Path.GetFileName(path) + ":" + line } };
                    rec[l.Substring(0, eq).Trim()] = l.Substring(eq + 1).Trim();
                }
                if (rec != null && rec.ContainsKey("cipher")) all.Add(rec);
            }
            return all;
        }

        /// <summary>The ciphers of the native library, or the managed engine's.</summary>
        internal static string[] Ciphers(ArxEngineKind e)
        {
            return ArxEngine.Ciphers(e);
        }

        internal static ArxEngineKind[] Engines()
        {
            return ArxEngine.NativeAvailable ? new[] { ArxEngineKind.Managed, ArxEngineKind.Native } : new[] { ArxEngineKind.Managed };
        }

        /// <summary>Runs `arxcrypt raw` with args on input; returns the exit status and output.</summary>
        internal static int Raw(string args, byte[] input, out byte[] output)
        {
            string inPath = Path.GetTempFileName(), outPath = Path.GetTempFileName();
            try
            {
                File.WriteAllBytes(inPath, input);
                File.Delete(outPath);
                var psi = new ProcessStartInfo(Cli, "raw " + args + " -i " + inPath + " -o " + outPath)
                {
                    UseShellExecute = false,
                    RedirectStandardError = true,
                };
                using (var p = Process.Start(psi))
                {
                    string err = p.StandardError.ReadToEnd();
                    p.WaitForExit();
                    output = File.Exists(outPath) ? File.ReadAllBytes(outPath) : null;
                    if (p.ExitCode == 2) throw new InvalidOperationException("arxcrypt raw " + args + ": " + err);
                    return p.ExitCode;
                }
            }
            finally
            {
                File.Delete(inPath);
                File.Delete(outPath);
            }
        }
    }
}
