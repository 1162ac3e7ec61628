// The managed LEA's batched counter (Lea.CtrXor) against counter blocks built
// here one at a time and encrypted with EncryptBlocks, at the places where
// the counter carries: the low 32 bits (GCM's inc32 wraps there, CTR carries
// on) and the whole block.
using System;
using NUnit.Framework;
using ArxCrypt;

namespace ArxCrypt.Tests
{
    [TestFixture]
    public unsafe class ManagedCounterTests
    {
        private static void Step(byte[] ctr, bool inc32)
        {
            for (int j = 15; j >= (inc32 ? 12 : 0); j--)
                if (++ctr[j] != 0) break;
        }

        [Test]
        public void CounterCarries([Values(false, true)] bool inc32)
        {
            var lea = new Lea(Support.Random(16));
            foreach (string start in new[] { "00112233445566778899aabbfffffffd", "0011223344556677fffffffffffffffe",
                                             "fffffffffffffffffffffffffffffffc", "000102030405060708090a0b0c0d0e0f" })
            {
                int len = 16 * 70 + 5; // more than one batch of 32 blocks, and a partial block
                byte[] ctr = Support.Hex(start), data = Support.Random(len), got = new byte[len], want = new byte[len];
                var c = (byte[])ctr.Clone();
                var ks = new byte[16];
                for (int off = 0; off < len; off += 16)
                {
                    fixed (byte* pk = ks) fixed (byte* pc = c) lea.EncryptBlocks(pk, pc, 1);
                    for (int j = 0; j < 16 && off + j < len; j++) want[off + j] = (byte)(data[off + j] ^ ks[j]);
                    Step(c, inc32);
                }
                fixed (byte* pc = ctr) fixed (byte* po = got) fixed (byte* pi = data) lea.CtrXor(pc, po, pi, len, inc32);
                Assert.AreEqual(want, got, start + (inc32 ? " inc32" : " whole block"));
                Assert.AreEqual(c, ctr, "the counter after the call");
            }
            lea.Dispose();
        }
    }
}
