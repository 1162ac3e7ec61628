// The managed engine's ciphers: names (arxcrypt's), sizes and constructors.
using System;
using System.Collections.Generic;

namespace ArxCrypt
{
    internal static class ManagedCiphers
    {
        internal sealed class Entry
        {
            public int BlockBytes, KeyBytes;
            public Func<byte[], ManagedBlockCipher> Make;
        }

        internal static readonly Dictionary<string, Entry> All = new Dictionary<string, Entry>();
        internal static readonly List<string> Names = new List<string>();

        private static void Add(string name, int bb, int kb, Func<byte[], ManagedBlockCipher> make)
        {
            All[name] = new Entry { BlockBytes = bb, KeyBytes = kb, Make = make };
            Names.Add(name);
        }

        static ManagedCiphers()
        {
            Add("lea-128", 16, 16, k => new Lea(k));
            Add("lea-192", 16, 24, k => new Lea(k));
            Add("lea-256", 16, 32, k => new Lea(k));
            // SPECK and SIMON: block bits / key bits, as in ePrint 2013/404 (rounds there)
            int[,] speck = { { 32, 64, 22 }, { 48, 72, 22 }, { 48, 96, 23 }, { 64, 96, 26 }, { 64, 128, 27 },
                             { 96, 96, 28 }, { 96, 144, 29 }, { 128, 128, 32 }, { 128, 192, 33 }, { 128, 256, 34 } };
            for (int i = 0; i < speck.GetLength(0); i++)
            {
                int b = speck[i, 0], kbits = speck[i, 1], r = speck[i, 2];
                Add("speck-" + b + "-" + kbits, b / 8, kbits / 8, k => new Speck(k, b / 2, r));
            }
            int[,] simon = { { 32, 64, 32, 0 }, { 48, 72, 36, 0 }, { 48, 96, 36, 1 }, { 64, 96, 42, 2 }, { 64, 128, 44, 3 },
                             { 96, 96, 52, 2 }, { 96, 144, 54, 3 }, { 128, 128, 68, 2 }, { 128, 192, 69, 3 }, { 128, 256, 72, 4 } };
            for (int i = 0; i < simon.GetLength(0); i++)
            {
                int b = simon[i, 0], kbits = simon[i, 1], r = simon[i, 2], z = simon[i, 3];
                Add("simon-" + b + "-" + kbits, b / 8, kbits / 8, k => new Simon(k, b / 2, r, z));
            }
            // CHAM: the ICISC 2019 round counts, and the 2017 ones as "-legacy"
            Add("cham-64-128", 8, 16, k => new Cham(k, 16, 88));
            Add("cham-128-128", 16, 16, k => new Cham(k, 32, 112));
            Add("cham-128-256", 16, 32, k => new Cham(k, 32, 120));
            Add("cham-64-128-legacy", 8, 16, k => new Cham(k, 16, 80));
            Add("cham-128-128-legacy", 16, 16, k => new Cham(k, 32, 80));
            Add("cham-128-256-legacy", 16, 32, k => new Cham(k, 32, 96));
            // SIMECK: rounds and the constant sequence (5-bit LFSR z for n = 16, 24; 6-bit for 32)
            Add("simeck-32-64", 4, 8, k => new Simeck(k, 16, 32, 0xf9a42bb1fUL));
            Add("simeck-48-96", 6, 12, k => new Simeck(k, 24, 36, 0xf9a42bb1fUL));
            Add("simeck-64-128", 8, 16, k => new Simeck(k, 32, 44, 0x938bca3083fUL));
            Add("hight", 8, 16, k => new Hight(k));
            // SPARX: branches, rounds per step, steps
            Add("sparx-64-128", 8, 16, k => new Sparx(k, 2, 3, 8));
            Add("sparx-128-128", 16, 16, k => new Sparx(k, 4, 4, 8));
            Add("sparx-128-256", 16, 32, k => new Sparx(k, 4, 4, 10));
        }
    }
}
